package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Builder.CreateOp keeps none of the lists it is given, and the compiler
// must see that too: a builder's literal lists (operands, result types,
// attributes) then stay on its stack. Through a state passed to Create
// the same three lists go to the heap, since Create reads the location the
// op keeps from the same struct.
func TestCreateOpListsStayOnStack(t *testing.T) {
	d := &ir.Dialect{Name: "stk"}
	d.NewOp("op", 0)
	ctx := ir.NewContext()
	ctx.Load(d)
	i32 := ir.I32(ctx)
	b := ir.NewBuilder(ctx) // no insertion point: the ops stay detached
	x := b.CreateOp("stk.op", nil, nil, []ir.Type{i32}).Result(0)
	tag := ir.I64Attr(ctx, 1)

	viaCreateOp := testing.AllocsPerRun(500, func() {
		b.CreateOp("stk.op", nil, []ir.Value{x, x}, []ir.Type{i32}, ir.NamedAttr{Name: "stk.tag", Value: tag})
	})
	viaState := testing.AllocsPerRun(500, func() {
		b.Create(&ir.OperationState{Ctx: ctx, Name: "stk.op", Operands: []ir.Value{x, x}, Types: []ir.Type{i32},
			Attrs: []ir.NamedAttr{{Name: "stk.tag", Value: tag}}})
	})
	if viaState-viaCreateOp < 3 {
		t.Errorf("CreateOp allocates %v times an op, a state %v: CreateOp's three lists should not be allocated", viaCreateOp, viaState)
	}
	// The ops are complete all the same.
	op := b.CreateOp("stk.op", nil, []ir.Value{x, x}, []ir.Type{i32}, ir.NamedAttr{Name: "stk.tag", Value: tag})
	if op.NumOperands() != 2 || op.Operand(1) != x || op.Result(0).Type() != i32 || op.Attr("stk.tag") != ir.Attribute(tag) {
		t.Errorf("CreateOp built %d operands, result type %v, tag %v", op.NumOperands(), op.Result(0).Type(), op.Attr("stk.tag"))
	}
}
