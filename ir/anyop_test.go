package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// AnyOp finds an op nested in the root and stops at the first match (the
// ops after it are not visited); it reports false when nothing matches.
func TestAnyOp(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	st := &ir.OperationState{Ctx: ctx, Name: "t.root"}
	st.AddRegion()
	root := ir.Create(st)
	b := ir.NewBlock(ctx, nil, nil)
	root.Region(0).Append(b)
	for _, name := range []string{"t.a", "t.b", "t.c"} {
		b.Append(ir.Create(&ir.OperationState{Ctx: ctx, Name: name}))
	}
	var seen []string
	if !ir.AnyOp(root, func(op *ir.Operation) bool { seen = append(seen, op.Name()); return op.Name() == "t.b" }) {
		t.Fatal("t.b not found")
	}
	if len(seen) != 3 || seen[2] != "t.b" {
		t.Errorf("visited %v, want t.root, t.a, t.b and nothing after", seen)
	}
	if ir.AnyOp(root, func(op *ir.Operation) bool { return op.Name() == "t.d" }) {
		t.Error("found an op that is not there")
	}
}
