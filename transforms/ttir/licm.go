package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms"
)

// runLICM is triton-licm (LoopInvariantCodeMotion.cpp): MLIR's
// loop-invariant code motion over scf.for and scf.while, innermost loops
// first, plus hoisting of tt.load out of scf.for loops whose body only
// reads memory. A hoisted load runs even when the loop would not, so its
// mask gets `lb < ub`; loads in scf.while loops are left in place.
func runLICM(op *ir.Operation, _ *passmgr.State) error {
	var loops []*ir.Operation
	ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		if ir.Is[ir.LoopLike](o) {
			loops = append(loops, o)
		}
		return ir.Advance
	})
	for _, loop := range loops {
		hoistLoopInvariants(loop)
	}
	return nil
}

func hoistLoopInvariants(loop *ir.Operation) {
	readOnly, known := false, false
	shouldMove := func(op *ir.Operation) bool {
		if op.Name() != "tt.load" {
			return transforms.Speculatable(op) && ir.IsMemoryEffectFree(op)
		}
		if loop.Name() != "scf.for" {
			return false
		}
		if !known {
			readOnly, known = onlyReads(loop), true
		}
		return onlyReads(op) && readOnly
	}
	transforms.MoveLoopInvariantCode(loop, shouldMove, func(op *ir.Operation) { moveOutOfLoop(op, loop) })
}

// moveOutOfLoop moves op before loop; a tt.load hoisted out of an scf.for
// is predicated on the loop running at least once.
func moveOutOfLoop(op, loop *ir.Operation) {
	if op.Name() == "tt.load" {
		f := scf.ForOp{Operation: loop}
		b := ir.NewBuilder(loop.Context())
		b.SetInsertionPoint(loop)
		cond := arith.NewCmpI(b, loop.Loc(), arith.CmpISLT, f.LowerBound(), f.UpperBound()).Result(0)
		l := tt.LoadOp{Operation: op}
		setLoadMask(op, predicatedMask(b, l.Ptr().Type(), l.Mask(), cond))
	}
	op.MoveBefore(loop)
}

// predicatedMask returns pred, splat to the shape of typeLike and and-ed
// with mask when there is one (Triton's getPredMask).
func predicatedMask(b *ir.Builder, typeLike ir.Type, mask, pred ir.Value) ir.Value {
	m := pred
	if rt, ok := typeLike.(*ir.RankedTensorType); ok {
		m = tt.NewSplat(b, pred.Loc(), pred, tt.I1SameShape(b.Ctx, rt)).Result(0)
	}
	if mask != nil {
		m = arith.NewBinary(b, "arith.andi", pred.Loc(), m, mask).Result(0)
	}
	return m
}

// setLoadMask replaces (or adds) the mask operand of a tt.load.
func setLoadMask(load *ir.Operation, mask ir.Value) {
	l := tt.LoadOp{Operation: load}
	ops := []ir.Value{l.Ptr(), mask}
	other := 0
	if o := l.Other(); o != nil {
		ops = append(ops, o)
		other = 1
	}
	load.SetOperands(ops)
	load.SetAttr("operandSegmentSizes", ir.DenseI32Array(load.Context(), []int64{1, 1, int64(other)}))
}

// onlyReads reports whether op and everything nested in it have known
// memory effects that are all reads.
func onlyReads(op *ir.Operation) bool {
	effects, ok := ir.MemoryEffects(op)
	if !ok {
		return false
	}
	for _, e := range effects {
		if e.Kind != ir.Read {
			return false
		}
	}
	return true
}
