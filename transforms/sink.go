package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
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
// it. Nor past a named barrier: the warpgroups of a warp-specialized
// consumer take turns at the tensor cores on them (the pipeliner's
// ping-pong), and work sunk into a turn would keep the other warpgroup
// waiting. A fused multiply-add whose first user is the next link of its
// accumulation chain (the fma taking it as addend) stays where it is: a
// lowering that interleaved several chains step by step (the FMA dot,
// k-outer) did so to let each step's operands die within the step, and
// sinking every link to the next would regather the chains.

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
	var users opSet
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		if !op.Has(ir.Pure) || op.NumRegions() > 0 || op.NumResults() == 0 || op.Has(ir.Terminator) {
			continue
		}
		if !users.collect(op, b) {
			continue
		}
		first, steps := op.Next(), 0
		for first != nil && !users.has(first) && !sinkFence(first) && steps < maxSinkScan {
			first, steps = first.Next(), steps+1
		}
		if first == nil || (!users.has(first) && !sinkFence(first)) || first == op.Next() {
			continue
		}
		if accumulationLink(op, first) {
			continue
		}
		op.MoveBefore(first)
		moved++
	}
	return moved
}

// sinkFence reports whether nothing may sink past op.
func sinkFence(op *ir.Operation) bool {
	switch op.Def() {
	case gpu.WGMMAFenceOp, gpu.NamedBarrierOp, gpu.NamedBarrierArriveOp:
		return true
	}
	return false
}

// accumulationLink reports whether op and next are consecutive links of
// an accumulation chain: two fmas, op's result next's addend.
func accumulationLink(op, next *ir.Operation) bool {
	return op.Def() == llvm.FMAOp && next.Def() == llvm.FMAOp && next.Operand(2) == op.Result(0)
}

// opSet holds the users of one op. The forward scan asks it about every
// op it passes, and most values have a user or two: a short list answers
// faster than a map, which takes over for ops with many users.
type opSet struct {
	list []*ir.Operation
	set  map[*ir.Operation]bool
}

// opSetListMax is the most users opSet keeps in its list.
const opSetListMax = 8

// collect gathers the users of op's results; it reports false when op has
// none or one of them is outside block b.
func (s *opSet) collect(op *ir.Operation, b *ir.Block) bool {
	s.list, s.set = s.list[:0], nil
	for i := 0; i < op.NumResults(); i++ {
		for u := op.Result(i).FirstUse(); u != nil; u = u.NextUse() {
			user := u.Owner()
			if user.Block() != b {
				return false
			}
			s.add(user)
		}
	}
	return len(s.list) > 0 || len(s.set) > 0
}

func (s *opSet) add(op *ir.Operation) {
	if s.has(op) {
		return
	}
	if s.set == nil && len(s.list) < opSetListMax {
		s.list = append(s.list, op)
		return
	}
	if s.set == nil {
		s.set = make(map[*ir.Operation]bool, 2*opSetListMax)
		for _, x := range s.list {
			s.set[x] = true
		}
		s.list = s.list[:0]
	}
	s.set[op] = true
}

func (s *opSet) has(op *ir.Operation) bool {
	if s.set != nil {
		return s.set[op]
	}
	for _, x := range s.list {
		if x == op {
			return true
		}
	}
	return false
}
