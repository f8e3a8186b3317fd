package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// runLICM is triton-licm (LoopInvariantCodeMotion.cpp): MLIR's
// loop-invariant code motion over scf.for and scf.while, innermost loops
// first, plus hoisting of tt.load out of scf.for loops whose body only
// reads memory. A hoisted load runs even when the loop would not, so its
// mask gets `lb < ub`; loads in scf.while loops are left in place.
func runLICM(op *ir.Operation, _ *passmgr.State) error {
	var loops []*ir.Operation
	ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		if isLoop(o) {
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
			return isSpeculatable(op) && ir.IsMemoryEffectFree(op)
		}
		if !known {
			readOnly, known = onlyReads(loop), true
		}
		return onlyReads(op) && readOnly
	}
	for _, r := range loopRegions(loop) {
		var queue []*ir.Operation
		for _, b := range r.Blocks() {
			queue = append(queue, b.Ops()...)
		}
		for len(queue) > 0 {
			op := queue[0]
			queue = queue[1:]
			if op.ParentRegion() != r {
				continue // already moved
			}
			if !shouldMove(op) || !canBeHoisted(op, loop) {
				continue
			}
			moveOutOfLoop(op, loop)
			for _, res := range op.Results() {
				for _, u := range ir.Users(res) {
					if u.ParentRegion() == r {
						queue = append(queue, u)
					}
				}
			}
		}
	}
}

// canBeHoisted reports whether every value op (or an op nested in it)
// uses is defined outside loop or inside op itself.
func canBeHoisted(op, loop *ir.Operation) bool {
	if op.Has(ir.Terminator) {
		return false
	}
	ok := true
	ir.WalkOps(op, func(x *ir.Operation) {
		for _, v := range x.Operands() {
			if p := v.ParentBlock().ParentOp(); p != nil && op.IsAncestorOf(p) {
				continue
			}
			if !definedOutside(loop, v) {
				ok = false
			}
		}
	})
	return ok
}

// moveOutOfLoop moves op before loop; a tt.load hoisted out of an scf.for
// is predicated on the loop running at least once.
func moveOutOfLoop(op, loop *ir.Operation) {
	if op.Name() == "tt.load" {
		if loop.Name() != "scf.for" {
			return
		}
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

// isSpeculatable is MLIR's isSpeculatable: Pure ops are, region ops are
// when their nested ops all are (scf.if always, scf.for when its step is
// 1 so that it terminates), other ops are not.
func isSpeculatable(op *ir.Operation) bool {
	if ir.IsSpeculatable(op) {
		return true
	}
	recursive := false
	switch op.Name() {
	case "scf.if":
		recursive = true
	case "scf.for":
		step, ok := arith.MatchConstantInt(op.Operand(2))
		recursive = ok && step == 1
	}
	if !recursive {
		return false
	}
	all := true
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				if !isSpeculatable(o) {
					all = false
				}
			}
		}
	}
	return all
}
