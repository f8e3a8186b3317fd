package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// sink-to-uses moves each side-effect-free op down to just before its
// first user, when all its users are in its own block. Lowerings emit a
// value where the source op stood, often long before it is used: a
// kernel's per-thread indices, masks and addresses computed at the top
// and kept live across reductions and barriers. LLVM's code generator
// sinks such values before register allocation; the native PTX emitter
// has no such phase, and ptxas then keeps them all in registers, which
// costs occupancy. Users in other blocks (or in nested regions) keep the
// op where it is, so nothing moves into a loop or a branch. Nothing moves
// past a gpu.wgmma_fence: it orders the register writes before it (the
// packing of a wgmma's A and accumulator words) before the wgmmas after
// it.

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "sink-to-uses",
		DisplayName: "SinkToUses",
		Summary:     "Move side-effect-free ops next to their first use in the same block",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				n := SinkToUses(op)
				st.Stat("num-sunk", "Number of operations moved").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// maxSinkScan bounds the forward search for an op's first user, so that
// the pass stays linear in practice on very long blocks.
const maxSinkScan = 4096

// SinkToUses sinks the pure ops of every block nested in root and returns
// how many it moved.
func SinkToUses(root *ir.Operation) int {
	moved := 0
	var blocks []*ir.Block
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		for _, r := range op.Regions() {
			blocks = append(blocks, r.Blocks()...)
		}
		return ir.Advance
	})
	for _, b := range blocks {
		moved += sinkBlock(b)
	}
	return moved
}

// sinkBlock visits the block's ops last to first, so that an op's
// operands, visited after it, follow it down.
func sinkBlock(b *ir.Block) int {
	var ops []*ir.Operation
	for op := b.First(); op != nil; op = op.Next() {
		ops = append(ops, op)
	}
	moved := 0
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		if !op.Has(ir.Pure) || op.NumRegions() > 0 || op.NumResults() == 0 || op.Has(ir.Terminator) {
			continue
		}
		users := map[*ir.Operation]bool{}
		for _, res := range op.Results() {
			for _, u := range ir.Users(res) {
				if u.Block() != b {
					users = nil
					break
				}
				users[u] = true
			}
			if users == nil {
				break
			}
		}
		if len(users) == 0 {
			continue
		}
		first, steps := op.Next(), 0
		for first != nil && !users[first] && first.Def() != gpu.WGMMAFenceOp && steps < maxSinkScan {
			first, steps = first.Next(), steps+1
		}
		if first == nil || (!users[first] && first.Def() != gpu.WGMMAFenceOp) || first == op.Next() {
			continue
		}
		op.MoveBefore(first)
		moved++
	}
	return moved
}
