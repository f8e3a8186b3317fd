package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

// stageBuilder is a builder whose new ops join a schedule at its current
// stage and cluster (Triton's OpBuilderForStage).
type stageBuilder struct {
	*ir.Builder
	sched  *schedule
	place  placement
	placed bool
	loc    ir.Location
}

// newStageBuilder inserts before at, with at's placement if it has one.
func newStageBuilder(s *schedule, at *ir.Operation, loc ir.Location) *stageBuilder {
	b := &stageBuilder{Builder: ir.NewBuilder(at.Context()), sched: s, loc: loc}
	b.SetInsertionPoint(at)
	if p, ok := s.ops[at]; ok {
		b.place, b.placed = p, true
	}
	b.Listener = func(op *ir.Operation) {
		if b.placed && b.place.cluster != nil {
			b.sched.insert(op, b.place.stage, b.place.cluster)
		}
	}
	return b
}

// setPlacement makes new ops join the schedule at p.
func (b *stageBuilder) setPlacement(p placement) { b.place, b.placed = p, true }

// constI32 builds an i32 constant.
func constI32(b *ir.Builder, loc ir.Location, v int) ir.Value {
	return arith.ConstantInt(b, loc, int64(v), ir.I32(b.Ctx))
}

// constBool builds an i1 constant.
func constBool(b *ir.Builder, loc ir.Location, v bool) ir.Value {
	return arith.ConstantBool(b, loc, v)
}

// castInt converts an integer or index value to type t if needed:
// extended (signed), truncated, or index_cast to or from index.
func castInt(b *ir.Builder, loc ir.Location, v ir.Value, t ir.Type) ir.Value {
	if v.Type() == t {
		return v
	}
	_, fromIndex := v.Type().(*ir.IndexType)
	_, toIndex := t.(*ir.IndexType)
	name := "arith.extsi"
	switch {
	case fromIndex || toIndex:
		name = "arith.index_cast"
	case intWidth(v.Type()) > intWidth(t):
		name = "arith.trunci"
	}
	return arith.NewCast(b, name, loc, v, t).Result(0)
}

// binary builds an arith binary op.
func binary(b *ir.Builder, name string, loc ir.Location, x, y ir.Value) ir.Value {
	return arith.NewBinary(b, name, loc, x, y).Result(0)
}

// cmpi builds an arith.cmpi.
func cmpi(b *ir.Builder, loc ir.Location, pred arith.CmpIPredicate, x, y ir.Value) ir.Value {
	return arith.NewCmpI(b, loc, pred, x, y).Result(0)
}

// selectOp builds an arith.select.
func selectOp(b *ir.Builder, loc ir.Location, c, t, f ir.Value) ir.Value {
	return arith.NewSelect(b, loc, c, t, f).Result(0)
}

// incrementModulo builds counter+1 wrapped to zero at modulus, and returns
// the wrap condition too.
func incrementModulo(b *ir.Builder, loc ir.Location, counter, modulus, zero, one ir.Value) (next, wrapped ir.Value) {
	add := binary(b, "arith.addi", loc, counter, one)
	wrapped = cmpi(b, loc, arith.CmpISGE, add, modulus)
	return selectOp(b, loc, wrapped, zero, add), wrapped
}
