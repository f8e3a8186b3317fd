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
		tt.SetLoadMask(op, tt.PredMask(b, l.Ptr().Type(), l.Mask(), cond))
	}
	op.MoveBefore(loop)
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
