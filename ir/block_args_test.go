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
