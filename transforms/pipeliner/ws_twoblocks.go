package pipeliner

import (
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/transforms/ttir"
)

// turns=twoblocks (tt's own, the default): the 8-warp consumer of a loop
// of chained dots runs two of the loop's iterations at a time, and its
// warpgroups do not take turns. It starts from the overlap rewrite
// (chained_dots.go: each iteration issues its first dot and the previous
// iteration's second, then runs the registers between them), unrolls that
// loop by two (ttir.UnrollByFactor: an epilogue loop runs an odd trip
// count's last iteration) and moves the second iteration's first dot, with
// its wait for the slot it reads, up to right after the first iteration's:
//
//	first dot i, first dot i+1, second dot i-1; wait {1}      (both first dots)
//	registers of i; wait {0}; hand back slot i-1
//	second dot i; wait {1}; registers of i+1; wait {0}; hand back slot i
//
// Attention at head dim 128 (S = QKᵀ, the softmax, O += PV): the
// tensor cores get both blocks' S together and the second block's softmax
// runs under the first block's P·V; the arithmetic of each block is
// unchanged, so the output is the same bits. On the H200 (2026-12-01,
// docs/PERFORMANCE.md "Two key blocks an iteration"): 1.157 and 1.185 of
// Triton's kernel against 1.101 and 1.137 for turns=overlap in two calls,
// the same bits. Written by hand first, the schedule read about 2% ahead
// of the overlap with two more ring slots (five), level with four, behind
// with three or with the warpgroups taking turns.
//
// The second iteration's first dot waits for the slot of the iteration
// after the current one's before the current one hands back the slot of
// the one before: with a ring of two slots that is the same slot, so the
// rewrite needs three (WarpSpecialize gives the loop two more slots where
// shared memory holds them, and keeps turns=overlap where it does not).

// twoBlocksExtraSlots is what turns=twoblocks adds to the ring.
const twoBlocksExtraSlots = 2

// twoBlocks rewrites the loop c (which overlapDots made) as above; it
// returns false, leaving the loop as overlapDots made it, when the first
// dot's operands are not all known before the first iteration's own first
// dot (they must move there).
func twoBlocks(c *dotChain) bool {
	loop := c.loop
	orig := bodyOps(loop)
	d1 := slices.Index(orig, c.d1)
	if d1 < 0 || !hoistable(loop, orig, d1) {
		return false
	}
	main, _ := ttir.UnrollByFactor(loop, 2)
	if main == nil {
		// A loop that runs once: nothing to pair.
		return true
	}
	ops := bodyOps(main)
	first, second := ops[:len(orig)], ops[len(ops)-len(orig):]
	at := first[d1]
	for _, op := range hoistSet(second, d1) {
		op.MoveAfter(at)
		at = op
	}
	return true
}

// hoistSet returns, in order, the ops of body before its op d1 that d1 (a
// first dot) needs: the ops computing its operands and the waits for the
// slots it reads (ttng.wait_barrier, with what computes their operands).
func hoistSet(body []*ir.Operation, d1 int) []*ir.Operation {
	in := map[*ir.Operation]bool{body[d1]: true}
	idx := map[*ir.Operation]int{}
	for i, op := range body[:d1] {
		idx[op] = i
	}
	var work []*ir.Operation
	work = append(work, body[d1])
	for _, op := range body[:d1] {
		if op.Name() == "ttng.wait_barrier" {
			in[op] = true
			work = append(work, op)
		}
	}
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		for _, v := range op.Operands() {
			d := v.DefiningOp()
			if d == nil || in[d] {
				continue
			}
			if _, ok := idx[d]; ok {
				in[d] = true
				work = append(work, d)
			}
		}
	}
	var out []*ir.Operation
	for _, op := range body[:d1+1] {
		if in[op] {
			out = append(out, op)
		}
	}
	return out
}

// hoistable reports whether the ops hoistSet picks for the loop's first dot
// (orig[d1]) could run in the next iteration right after this one's first
// dot: they have no regions, read nothing the loop computes after the first
// dot, and no induction variable (the unrolled copy's is computed later);
// the loop-carried values they read must be yielded from values computed
// before the first dot (or from outside the loop).
func hoistable(loop *ir.Operation, orig []*ir.Operation, d1 int) bool {
	pos := map[*ir.Operation]int{}
	for i, op := range orig {
		pos[op] = i
	}
	yield := yieldOp(loop)
	iv := body(loop).Argument(0)
	for _, op := range hoistSet(orig, d1) {
		if op.NumRegions() > 0 {
			return false
		}
		for _, v := range op.Operands() {
			if v == ir.Value(iv) {
				return false
			}
			if a, ok := v.(*ir.BlockArgument); ok && a.Owner() == body(loop) {
				y := yield.Operand(a.Index() - 1).DefiningOp()
				if y != nil && y.Block() == body(loop) && pos[y] > d1 {
					return false
				}
			}
		}
	}
	return true
}

// twoBlocksRefused says why the plan's n-warp consumers cannot take two
// blocks of the chained dots first and second an iteration with a ring
// of stages slots (registers, then shared memory), or "" where they can,
// with the stages their ring gets before its twoBlocksExtraSlots (see
// twoBlocksStages).
func twoBlocksRefused(p *wsPlan, n, stages int, first, second *ir.Operation) (string, int) {
	if need, have := twoBlocksRegisters(p, n, first, second); need > have {
		return fmt.Sprintf("a thread would need %d registers for a second block, over the %d the launch gives it", need, have), 0
	}
	base := twoBlocksStages(p, stages)
	if base < 1 {
		return fmt.Sprintf("a ring of %d slots or more does not fit in shared memory beside the kernel's other buffers", 1+twoBlocksExtraSlots), 0
	}
	return "", base
}

// twoBlocksRegisters returns what a thread of the plan's n-warp consumer
// needs for a second block (the tensors the overlap keeps live,
// chainLiveRegs, and a second result of the first dot) and what the
// launch gives it (launchRegisters). Attention at head dim 128 on 8
// consumer warps needs 160 of 168 (ptxas: 168, no spills); attention at
// head dim 64 split over two CTAs an SM (.maxnreg 80) would need 128, and
// with turns=twoblocks forced there it spilled so much that it ran at 0.18
// of Triton's speed (H200, 2026-12-01).
func twoBlocksRegisters(p *wsPlan, n int, first, second *ir.Operation) (need, have int) {
	return chainLiveRegs(first, second) + regsPerThread(first.Result(0).Type()), launchRegisters(p, n)
}

// twoBlocksStages returns the most stages, at most stages, whose ring
// with twoBlocksExtraSlots more slots fits: the function's shared-memory
// allocations with it stay within an SM's and hold as many CTAs an SM as
// they do with the overlap's ring of stages slots. Stages above that give
// the ring no more slots: a second block an iteration is worth more than
// a deeper ring (attention at head dim 128, --num-stages=4: 1.09-1.12 of
// Triton on the overlap's deeper ring, 1.16 on two blocks with 5 slots;
// H200, 2026-12-02). 0: not even one stage fits.
func twoBlocksStages(p *wsPlan, stages int) int {
	slot := 0
	for _, l := range p.loads {
		rt, ok := l.Result(0).Type().(*ir.RankedTensorType)
		if !ok {
			return 0
		}
		slot += blockBytes(rt.Elem, rt.Dims)
	}
	if slot == 0 {
		return 0
	}
	module := ttg.ModuleOf(p.root.Operation)
	for base := stages; base >= 1; base-- {
		if sharedGrowthFits(module, stages*slot, (base+twoBlocksExtraSlots-stages)*slot) {
			return base
		}
	}
	return 0
}
