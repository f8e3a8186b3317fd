package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/llvm"
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

// LICM hoists loop-invariant code out of every loop (ir.LoopLike) nested
// in op and returns the number of ops moved. Loops are visited innermost
// first, so code hoisted out of an inner loop can leave the outer loop
// too.
func LICM(op *ir.Operation) int {
	moved := 0
	ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		moved += HoistLoopInvariants(o)
		return ir.Advance
	})
	return moved
}

// HoistLoopInvariants moves the invariant code of one loop (an ir.LoopLike
// op; others are left alone) that is free of memory effects and
// speculatable to right before the loop, as MLIR's LICM does for each
// loop, and returns the number of ops moved.
func HoistLoopInvariants(loop *ir.Operation) int {
	if !ir.Is[ir.LoopLike](loop) {
		return 0
	}
	return MoveLoopInvariantCode(loop, func(x *ir.Operation) bool {
		return ir.IsMemoryEffectFree(x) && Speculatable(x)
	}, func(x *ir.Operation) { x.MoveBefore(loop) })
}

// MoveLoopInvariantCode is MLIR's moveLoopInvariantCode for loop (an
// ir.LoopLike op): a FIFO worklist of the top-level ops of each loop
// region; an op that shouldMove accepts and that uses only values defined
// outside the loop (or inside itself) is moved by move, and its users in
// the region are reconsidered. It returns the number of ops moved. A loop
// whose llvm.loop_annotation disables LICM (Triton's disable_licm) keeps
// its code: the annotation states the user's intent for the loop, which
// tt honours in its own hoisting as well as in the LLVM metadata.
func MoveLoopInvariantCode(loop *ir.Operation, shouldMove func(*ir.Operation) bool, move func(*ir.Operation)) int {
	l, ok := ir.As[ir.LoopLike](loop)
	if !ok || llvm.LICMDisabled(loop.Attr(llvm.LoopAnnotationAttrName)) {
		return 0
	}
	moved := 0
	for _, r := range l.LoopRegions() {
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
			if !shouldMove(op) || !canBeHoisted(op, loop) {
				continue
			}
			move(op)
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
func canBeHoisted(op *ir.Operation, loop *ir.Operation) bool {
	if op.Has(ir.Terminator) {
		return false
	}
	return !ir.Walk(op, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		for i, n := 0, o.NumOperands(); i < n; i++ {
			v := o.Operand(i)
			if !ir.IsDefinedOutside(op, v) {
				continue
			}
			if !ir.IsDefinedOutside(loop, v) {
				return ir.Interrupt
			}
		}
		return ir.Advance
	})
}
