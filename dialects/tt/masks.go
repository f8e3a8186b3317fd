package tt

import (
	"github.com/ttcompiler/tt/ir"
)

// Predicating memory ops: passes that make an op conditional (loop
// pipelining, hoisting loads out of loops) and its mask with a predicate.

// PredMask returns the scalar predicate pred as a mask for an op on
// values of type typeLike (splat to its shape when it is a tensor), and-ed
// with mask when there is one (Triton's getPredMask).
func PredMask(b *ir.Builder, typeLike ir.Type, mask, pred ir.Value) ir.Value {
	m := pred
	if rt, ok := typeLike.(*ir.RankedTensorType); ok {
		m = NewSplat(b, pred.Loc(), pred, I1SameShape(b.Ctx, rt)).Result(0)
	}
	if mask != nil {
		m = b.CreateOp("arith.andi", pred.Loc(), []ir.Value{m, mask}, []ir.Type{m.Type()}).Result(0)
	}
	return m
}

// SetLoadMask replaces (or adds) the mask operand of a tt.load.
func SetLoadMask(load *ir.Operation, mask ir.Value) {
	l := LoadOp{Operation: load}
	ops := []ir.Value{l.Ptr(), mask}
	other := 0
	if o := l.Other(); o != nil {
		ops = append(ops, o)
		other = 1
	}
	load.SetOperands(ops)
	load.SetAttr("operandSegmentSizes", ir.DenseI32Array(load.Context(), []int64{1, 1, int64(other)}))
}

// SetTrailingMask replaces (or adds) the optional last operand, the mask,
// of an op whose mask follows n required operands (tt.store: 2,
// tt.atomic_rmw: 2).
func SetTrailingMask(op *ir.Operation, n int, mask ir.Value) {
	if op.NumOperands() > n {
		op.SetOperand(n, mask)
		return
	}
	op.InsertOperands(n, mask)
}
