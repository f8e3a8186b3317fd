package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// InsertArguments leaves the block as InsertArgument for each type in turn
// would: the new arguments in order at the index, every argument knowing
// its block and its index.
func TestInsertArguments(t *testing.T) {
	ctx := ir.NewContext()
	i1, i32, i64 := ir.I1(ctx), ir.I32(ctx), ir.I64(ctx)
	loc := ir.FileLineCol(ctx, "args", 1, 1)
	b := ir.NewBlock(ctx, []ir.Type{i1, i1}, nil)
	first, last := b.Argument(0), b.Argument(1)
	got := b.InsertArguments(1, []ir.Type{i32, i64}, loc)
	if len(got) != 2 || b.NumArguments() != 4 {
		t.Fatalf("inserted %d, block has %d arguments; want 2 and 4", len(got), b.NumArguments())
	}
	want := []ir.Value{first, got[0], got[1], last}
	types := []ir.Type{i1, i32, i64, i1}
	for i, v := range want {
		a := b.Argument(i)
		if ir.Value(a) != v || a.Index() != i || a.Owner() != b || a.Type() != types[i] {
			t.Errorf("argument %d: %v (index %d, type %v), want %v of type %v", i, a, a.Index(), a.Type(), v, types[i])
		}
	}
	if got[0].Loc() != loc || got[1].Loc() != loc {
		t.Errorf("inserted arguments at %v and %v, want %v", got[0].Loc(), got[1].Loc(), loc)
	}
	if b.InsertArguments(0, nil, loc) != nil || b.NumArguments() != 4 {
		t.Errorf("inserting no arguments changed the block")
	}
}

// A block made from another's ArgumentTypes and ArgumentLocs takes its
// arguments' places with their locations (how a lowering that moves a
// kernel's parameters into a new entry block keeps diagnostics about them
// located).
func TestArgumentLocsCarryOver(t *testing.T) {
	ctx := ir.NewContext()
	locs := []ir.Location{ir.NameLocOf(ctx, "x", ir.FileLineCol(ctx, "k.py", 3, 0)), ir.FileLineCol(ctx, "k.py", 4, 7)}
	old := ir.NewBlock(ctx, []ir.Type{ir.I32(ctx), ir.I64(ctx)}, locs)
	got := ir.NewBlock(ctx, old.ArgumentTypes(), old.ArgumentLocs())
	for i, want := range locs {
		if l := got.Argument(i).Loc(); l != want {
			t.Errorf("argument %d at %v, want %v", i, l, want)
		}
	}
	if n := len(ir.NewBlock(ctx, nil, nil).ArgumentLocs()); n != 0 {
		t.Errorf("a block without arguments has %d locations", n)
	}
}
