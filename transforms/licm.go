package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "loop-invariant-code-motion",
		DisplayName: "LoopInvariantCodeMotion",
		Summary:     "Hoist loop invariant instructions outside of the loop",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				if LICM(op) == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// LICM hoists loop-invariant code out of every loop nested in op and
// returns the number of ops moved. Loops are visited innermost first, so
// code hoisted out of an inner loop can leave the outer loop too.
func LICM(op *ir.Operation) int {
	moved := 0
	ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		if l, ok := asLoop(o); ok {
			moved += hoistInvariants(l)
		}
		return ir.Advance
	})
	return moved
}

// MoveLoopInvariantCode hoists the invariant code of one loop-like op
// (MLIR's moveLoopInvariantCode on a single loop) and returns the number of
// ops moved.
func MoveLoopInvariantCode(loop *ir.Operation) int {
	if l, ok := asLoop(loop); ok {
		return hoistInvariants(l)
	}
	return 0
}

// hoistInvariants is MLIR's moveLoopInvariantCode: a FIFO worklist of the
// top-level ops of each loop region; an op moves when it is free of
// memory effects, speculatable, and uses only values defined outside the
// loop (or inside itself); the users of a moved op are reconsidered.
func hoistInvariants(l loopLike) int {
	moved := 0
	for _, r := range l.regions {
		var queue []*ir.Operation
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				queue = append(queue, o)
			}
		}
		for len(queue) > 0 {
			op := queue[0]
			queue = queue[1:]
			if op.ParentRegion() != r {
				continue // already moved
			}
			if !ir.IsMemoryEffectFree(op) || !speculatable(op) || !canBeHoisted(op, l) {
				continue
			}
			l.moveOut(op)
			moved++
			for _, v := range op.Results() {
				for u := v.FirstUse(); u != nil; u = u.NextUse() {
					if u.Owner().ParentRegion() == r {
						queue = append(queue, u.Owner())
					}
				}
			}
		}
	}
	return moved
}

// canBeHoisted reports whether op is not a terminator and every value op
// or its nested ops use is defined inside op or outside the loop.
func canBeHoisted(op *ir.Operation, l loopLike) bool {
	if op.Has(ir.Terminator) {
		return false
	}
	return !ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		for i, n := 0, o.NumOperands(); i < n; i++ {
			v := o.Operand(i)
			if owner := definingRegionOwner(v); owner != nil && op.IsAncestorOf(owner) {
				continue
			}
			if !l.definedOutside(v) {
				return ir.Interrupt
			}
		}
		return ir.Advance
	})
}
