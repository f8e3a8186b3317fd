package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// twice is a toy op interface; double implements it for test.double.
type twice interface{ Operand() ir.Value }

type double struct{ *ir.Operation }

func (d double) Operand() ir.Value { return d.Operation.Operand(0) }

// An interface attached to an op definition is found by As and Is on its
// ops, and only on them.
func TestAttachAndAs(t *testing.T) {
	d := &ir.Dialect{Name: "test"}
	dbl := d.NewOp("double", ir.Pure)
	other := d.NewOp("other", ir.Pure)
	ir.Attach(dbl, func(op *ir.Operation) twice { return double{op} })
	ctx := ir.NewContext()
	ctx.Load(d)
	b := ir.NewBuilder(ctx)
	x := b.CreateOp("test.other", nil, nil, []ir.Type{ir.I32(ctx)})
	y := b.CreateOp("test.double", nil, []ir.Value{x.Result(0)}, []ir.Type{ir.I32(ctx)})

	if v, ok := ir.As[twice](y); !ok || v.Operand() != x.Result(0) {
		t.Errorf("As[twice](test.double) = %v, %v; want its view", v, ok)
	}
	if _, ok := ir.As[twice](x); ok || ir.Is[twice](x) {
		t.Error("test.other implements twice")
	}
	if !ir.Implements[twice](dbl) || ir.Implements[twice](other) || ir.Implements[ir.DotLike](dbl) {
		t.Error("Implements answers for the wrong interface or op")
	}
	if _, ok := ir.As[twice](nil); ok {
		t.Error("As on a nil op succeeds")
	}
}
