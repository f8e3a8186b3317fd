package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// peelEpilogueAttr marks the loops triton-test-loop-peeling peels.
const peelEpilogueAttr = "__test_peel_epilogue"

// runTestLoopPeeling is triton-test-loop-peeling (Triton's test pass for
// peelLoopEpilogue): every scf.for carrying __test_peel_epilogue loses its
// last iteration to an scf.if after it.
func runTestLoopPeeling(op *ir.Operation, _ *passmgr.State) error {
	var loops []*ir.Operation
	ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "scf.for" && o.HasAttr(peelEpilogueAttr) {
			loops = append(loops, o)
		}
		return ir.Advance
	})
	for _, l := range loops {
		PeelLoopEpilogue(l)
	}
	return nil
}

// PeelLoopEpilogue rewrites `for i in [lb, ub) step s` into a loop over
// [lb, ub - s) followed by `if lb < ub { body(last i) }`, where the last
// induction value is (ub - lb - 1) / s * s + lb and the peeled body reads
// the loop's results as its iter args (Triton's peelLoopEpilogue). It
// returns the scf.if holding the peeled iteration.
func PeelLoopEpilogue(forOp *ir.Operation) *ir.Operation {
	f := scf.ForOp{Operation: forOp}
	ctx := forOp.Context()
	loc := forOp.Loc()
	lb, ub, step := f.LowerBound(), f.UpperBound(), f.Step()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(forOp)
	newUB := arith.NewBinary(b, "arith.subi", loc, ub, step).Result(0)

	b.SetInsertionPointAfter(forOp)
	lastIV := lastInductionValue(b, loc, lb, ub, step)
	cond := arith.NewCmpI(b, loc, arith.CmpISLT, lb, ub).Result(0)
	m := ir.NewMapping()
	for i, a := range f.RegionIterArgs() {
		m.Map(a, forOp.Result(i))
	}
	m.Map(f.InductionVar(), lastIV)
	ifOp := scf.NewIfShell(b, loc, cond, forOp.ResultTypes(), true)
	b.CloneOps(f.Body(), ifOp.Region(0).Front(), m)
	eb := ir.NewBuilder(ctx)
	eb.SetInsertionPointToEnd(ifOp.Region(1).Front())
	scf.NewYield(eb, loc, forOp.Results())

	for i, r := range forOp.Results() {
		ir.ReplaceUsesIf(r, ifOp.Result(i), func(u *ir.OpOperand) bool { return !ifOp.IsAncestorOf(u.Owner()) })
	}
	forOp.SetOperand(1, newUB)
	return ifOp
}

// lastInductionValue builds (ub - lb - 1) / step * step + lb, the value
// of the induction variable in the last iteration (when there is one).
func lastInductionValue(b *ir.Builder, loc ir.Location, lb, ub, step ir.Value) ir.Value {
	diff := arith.NewBinary(b, "arith.subi", loc, ub, lb).Result(0)
	one := arith.ConstantInt(b, loc, 1, diff.Type())
	diff = arith.NewBinary(b, "arith.subi", loc, diff, one).Result(0)
	q := arith.NewBinary(b, "arith.divsi", loc, diff, step).Result(0)
	ceil := arith.NewBinary(b, "arith.muli", loc, q, step).Result(0)
	return arith.NewBinary(b, "arith.addi", loc, ceil, lb).Result(0)
}
