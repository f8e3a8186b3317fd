package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// TestCloneLeavesOuterValues: Clone maps an operand from outside the
// cloned op through the mapping once. When that replacement is itself a
// key of the mapping (cloning a loop body again, with its iter_args mapped
// to the previous copy's results, which the clone then maps on), the
// cloned region must keep it: the fix-up for forward references remapped
// it again, and an scf.if's region read the result of the very scf.if
// being cloned (triton-loop-unroll of a persistent matmul by 64; the
// Python fuzz campaign). A forward reference inside the region is still
// remapped.
func TestCloneLeavesOuterValues(t *testing.T) {
	d := &ir.Dialect{Name: "cl"}
	d.NewOp("def", 0)
	d.NewOp("use", 0)
	d.NewOp("if", ir.NoTerminator)
	ctx := ir.NewContext()
	ctx.Load(d)
	i32 := ir.I32(ctx)
	b := ir.NewBuilder(ctx)

	// top { a = def; r = if { u = use(a); f = use(later); later = def } }
	top := ir.NewBlock(ctx, nil, nil)
	b.SetInsertionPointToEnd(top)
	a := b.CreateOp("cl.def", nil, nil, []ir.Type{i32})
	st := ir.NewState(ctx, "cl.if", nil)
	st.Types = []ir.Type{i32}
	inner := ir.NewBlock(ctx, nil, nil)
	st.AddRegion().Append(inner)
	r := ir.Create(st)
	top.Append(r)
	b.SetInsertionPointToEnd(inner)
	b.CreateOp("cl.use", nil, []ir.Value{a.Result(0)}, nil)
	f := b.CreateOp("cl.use", nil, []ir.Value{a.Result(0)}, nil)
	later := b.CreateOp("cl.def", nil, nil, []ir.Type{i32})
	f.SetOperand(0, later.Result(0)) // a use before its definition

	// The previous copy's result stands for a, as in an unrolled body.
	m := ir.NewMapping()
	m.Map(a.Result(0), r.Result(0))
	clone := r.Clone(m)
	ops := clone.Region(0).Blocks()[0].Ops()
	if got := ops[0].Operand(0); got != r.Result(0) {
		t.Errorf("the clone's use of a reads the clone's own result: %v", got == clone.Result(0))
	}
	if got := ops[1].Operand(0); got != ops[2].Result(0) {
		t.Errorf("the forward reference does not read the cloned def's result (it reads the original's: %v)", got == later.Result(0))
	}
}
