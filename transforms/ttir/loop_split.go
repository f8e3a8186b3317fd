package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// runLoopSplit is triton-loop-split: an scf.for whose body compares the
// induction variable with a loop-invariant value c (i < c, i <= c, i > c,
// i >= c, with the signedness of the loop) is split at the first
// iteration where the comparison changes, into a loop over [lb, mid) and
// one over [mid, ub), and the comparison becomes a constant in each.
//
// The pass is not part of Triton 3.6 (a later lit file uses it). Its
// split point is exact: mid is the first value of i for which the
// comparison flips (c, or c + 1 for `<=` and `>`), clamped to [lb, ub]
// and rounded up to an iteration of the loop (lb + k*step); the lit
// file's version splits `>` and `>=` one iteration early and rounds
// mid for step > 1 to mid + 1, which runs iterations the original loop
// would not have run.
func runLoopSplit(op *ir.Operation, _ *passmgr.State) error {
	var loops []*ir.Operation
	ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "scf.for" {
			loops = append(loops, o)
		}
		return ir.Advance
	})
	for _, l := range loops {
		splitLoop(scf.ForOp{Operation: l})
	}
	return nil
}

// splitCandidate is a comparison `iv pred c` normalized so that the
// induction variable is on the left.
type splitCandidate struct {
	cmp     *ir.Operation
	bound   ir.Value
	greater bool // the comparison is true after the split point
	orEqual bool
}

func findSplitCandidate(f scf.ForOp) (splitCandidate, bool) {
	iv := f.InductionVar()
	unsigned := f.Unsigned()
	for _, u := range ir.Uses(iv) {
		cmp := u.Owner()
		if cmp.Name() != "arith.cmpi" || cmp.Operand(0) == cmp.Operand(1) {
			continue
		}
		pred := arith.CmpIPredicateOf(cmp)
		if u.Index() == 1 {
			pred = pred.Swap()
		}
		var c splitCandidate
		switch pred {
		case arith.CmpISLT, arith.CmpIULT:
		case arith.CmpISLE, arith.CmpIULE:
			c.orEqual = true
		case arith.CmpISGT, arith.CmpIUGT:
			c.greater = true
		case arith.CmpISGE, arith.CmpIUGE:
			c.greater, c.orEqual = true, true
		default:
			continue
		}
		isUnsignedPred := pred >= arith.CmpIULT
		if isUnsignedPred != unsigned {
			continue // the loop orders i differently from the comparison
		}
		c.cmp = cmp
		c.bound = cmp.Operand(1 - u.Index())
		if !ir.IsDefinedOutside(f.Operation, c.bound) {
			continue
		}
		return c, true
	}
	return splitCandidate{}, false
}

func splitLoop(f scf.ForOp) {
	// The split point is rounded to an iteration, which needs a known
	// step. A zero step, or a negative one in a signed loop, never reaches
	// ub (running such a loop is undefined), so there is nothing to split.
	s, ok := arith.MatchConstantInt(f.Step())
	if !ok || s == 0 || (s < 0 && !f.Unsigned()) {
		return
	}
	c, ok := findSplitCandidate(f)
	if !ok {
		return
	}
	forOp := f.Operation
	ctx := forOp.Context()
	loc := c.cmp.Loc()
	t := f.LowerBound().Type()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(forOp)
	lb, ub, step := f.LowerBound(), f.UpperBound(), f.Step()

	// The first i for which the comparison differs from its value at
	// i = -inf: c for `i < c` and `i >= c`, c + 1 for `i <= c` and `i > c`.
	// When c >= ub the comparison does not flip inside the loop and the
	// split point is ub; testing that before adding also keeps c + 1 from
	// wrapping when c is the largest value. (This is the form of
	// triton-ext's corrected pass, pass/LoopSplit.)
	maxOp, minOp, geq := "arith.maxsi", "arith.minsi", arith.CmpISGE
	if f.Unsigned() {
		maxOp, minOp, geq = "arith.maxui", "arith.minui", arith.CmpIUGE
	}
	mid := c.bound
	if c.orEqual != c.greater {
		one := arith.ConstantInt(b, loc, 1, t)
		next := arith.NewBinary(b, "arith.addi", loc, mid, one).Result(0)
		pastEnd := arith.NewCmpI(b, loc, geq, mid, ub).Result(0)
		mid = arith.NewSelect(b, loc, pastEnd, ub, next).Result(0)
	}
	mid = arith.NewBinary(b, maxOp, loc, mid, lb).Result(0)
	mid = arith.NewBinary(b, minOp, loc, mid, ub).Result(0)
	if s != 1 {
		// Round up to an iteration: lb + ceil((mid - lb) / step) * step.
		// mid - lb is a distance, never negative after the clamp, but in
		// a signed loop it may exceed the largest signed value (lb < 0 <
		// mid): read as unsigned it is exact, so the division is too.
		span := arith.NewBinary(b, "arith.subi", loc, mid, lb).Result(0)
		n := arith.NewBinary(b, "arith.ceildivui", loc, span, step).Result(0)
		span = arith.NewBinary(b, "arith.muli", loc, n, step).Result(0)
		mid = arith.NewBinary(b, "arith.addi", loc, lb, span).Result(0)
	}

	m := ir.NewMapping()
	second := forOp.Clone(m)
	b.SetInsertionPointAfter(forOp)
	b.Insert(second)
	second.SetOperand(0, mid)
	for i, r := range forOp.Results() {
		ir.ReplaceAllUsesWith(r, second.Result(i))
		second.SetOperand(3+i, r)
	}
	forOp.SetOperand(1, mid)

	b.SetInsertionPoint(forOp)
	before := arith.ConstantBool(b, loc, !c.greater)
	after := arith.ConstantBool(b, loc, c.greater)
	secondCmp := m.Lookup(c.cmp.Result(0))
	ir.ReplaceAllUsesWith(c.cmp.Result(0), before)
	ir.ReplaceAllUsesWith(secondCmp, after)
}
