package transforms

import (
	"github.com/ttcompiler/tt/ir"
)

// Sinking across blocks (part of sink-to-uses; experimental and off by
// default: the pass option across-blocks=on, or TT_X_SINK_BLOCKS=on for
// timing variants, turns it on). Measured on the H200 (perf-notes
// 00000000p): it takes the kernel below's spills under Triton's, yet the
// kernel ran 3-8% slower and the perf set level or lower, so it stays off.
//
// A lowering emits a value where its source op stood, and a TTGIR value
// defined in front of a loop and used after it (a tile's row indices,
// shared by the loads before a matmul's K loop and by its epilogue's
// stores) becomes per-thread values computed before the loop and live
// across it. Triton's 128x256 matmul on unaligned strides has 128 such
// values a thread, `pid_m*128 | i`, live across its K loop beside the 128
// accumulator registers: ptxas spills 540 bytes of them where Triton's
// build (whose LLVM sinks them into the epilogue) spills 88 (the H200,
// docs/perf-notes.md 00000000o). The per-block sink cannot move them: their
// users are in another block.
//
// An op moves to the one block U that holds all its users (none in a
// nested region) when
//   - it is pure, has no regions, and at most one operand that is not a
//     constant: moving it then makes at most that operand live where the op
//     was, never more values (the 128 row indices above share one);
//   - its block D dominates U, so its operands dominate U too;
//   - every loop that contains U contains D: nothing moves into a loop, so
//     it runs at most as often as before.
// It goes to the front of U, where the per-block sink then places it next
// to its first user. Ops are visited last to first in each block, so an
// operand whose users all moved follows them.

// sinkAcrossBlocks moves the ops of root's multi-block regions as above
// and returns how many it moved.
func sinkAcrossBlocks(root *ir.Operation) int {
	moved := 0
	for _, r := range cfgRegions(root) {
		dom := ir.NewDominanceInfo()
		loops := naturalLoops(r, dom)
		// Blocks in reverse order: a user's block after its op's, mostly,
		// so that chains move in one visit.
		blocks := r.Blocks()
		for bi := len(blocks) - 1; bi >= 0; bi-- {
			d := blocks[bi]
			for op := d.Last(); op != nil; {
				prev := op.Prev()
				if u := sinkBlockOf(op, d, dom, loops); u != nil {
					op.MoveBefore(u.First())
					moved++
				}
				op = prev
			}
		}
	}
	return moved
}

// sinkBlockOf returns the block op moves to, or nil when it stays.
func sinkBlockOf(op *ir.Operation, d *ir.Block, dom *ir.DominanceInfo, loops []*cfgLoop) *ir.Block {
	if !op.Has(ir.Pure) || op.NumRegions() > 0 || op.NumResults() == 0 || op.Has(ir.Terminator) {
		return nil
	}
	variable := 0
	for _, v := range op.Operands() {
		if def := v.DefiningOp(); def == nil || !def.Has(ir.ConstantLike) {
			variable++
		}
	}
	if variable > 1 {
		return nil
	}
	var u *ir.Block
	for _, res := range op.Results() {
		for use := res.FirstUse(); use != nil; use = use.NextUse() {
			b := use.Owner().Block()
			if b == nil || b.Region() != d.Region() || b == d || u != nil && b != u {
				return nil
			}
			u = b
		}
	}
	if u == nil || u.First() == nil || !dom.BlockDominates(d, u) {
		return nil
	}
	for _, l := range loops {
		if l.blocks[u] && !l.blocks[d] {
			return nil
		}
	}
	return u
}
