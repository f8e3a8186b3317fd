package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// hoist-wgmma-descriptors computes the loop-invariant wgmma descriptors
// of per-thread IR (after convert-scf-to-cf, whose loops are blocks and
// branches, which loop-invariant-code-motion, an scf.for pass, no longer
// sees) once in front of their loop. The lowering builds a descriptor where
// the warp_group_dot that reads it stands: in the loop, also for an operand
// that stays in one buffer for the whole loop (attention's Q). Its
// computation (the buffer's address, gpu.wgmma_desc, the k-steps' offsets)
// is warp-uniform, so ptxas keeps it in uniform registers, but it does not
// hoist it from the warp-specialized loops: attention at head dim 64
// recomputed Q's three descriptors, five SASS instructions of its 259, in
// every key block.
//
// Loop-invariant code motion for the natural loops of the CFG, as LLVM's
// LICM does for Triton's code, but limited to what feeds a descriptor or is
// computed from one: a pure, speculatable op of an innermost loop whose
// operands are all defined outside it moves to the end of the loop's
// preheader (the header's immediate dominator, which every such operand
// dominates), and its users are considered again. Moving everything
// invariant was built first (2026-12-02, H200). It changed the PTX of 47 of
// compile_snapshot's outputs, gained nothing measurable beyond Q's
// descriptors, and the 128x256 matmuls' fused loop gave up 9 registers
// (246 to 255) to its tile epilogue's store addresses, so the pass moves
// only what descriptors need. (A 3-4% loss it seemed to cost attention at
// head dim 128 was the timing harness's: two byte-identical builds read
// 4.5% apart in the same order of launches; docs/PERFORMANCE.md.)
//
// Before hoisting, a descriptor of a ring slot (an address that moves with
// the loop) is split into its ring's first slot's descriptor, invariant,
// and the slot's offset (descriptor_rebase.go), so that the loop adds one
// product instead of rebuilding the descriptor.
//
// Only blocks that run on every iteration are searched: a branch of the
// loop runs its code once in many iterations. Ops without operands
// (constants) stay where they are, as do ops Speculatable refuses (an
// integer division by a divisor that could be zero), and everything in a
// loop whose back edge carries Triton's disable_licm annotation.
func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "hoist-wgmma-descriptors",
		DisplayName: "HoistWGMMADescriptors",
		Summary:     "Compute loop-invariant wgmma descriptors once in front of their CFG loop",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				n, r := HoistWGMMADescriptors(op)
				st.Stat("num-hoisted", "Number of ops hoisted out of CFG loops").Add(int64(n))
				st.Stat("num-rebased", "Number of ring-slot descriptors rebased on their ring's first slot").Add(int64(r))
				if n == 0 && r == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// HoistWGMMADescriptors rebases the ring slots' descriptors and hoists the
// invariant descriptor computations of the innermost natural loops in the
// regions nested in root, and returns the number of ops moved and of
// descriptors rebased.
func HoistWGMMADescriptors(root *ir.Operation) (moved, rebased int) {
	shared := 0
	if m := ttg.ModuleOf(root); m != nil {
		shared = ttg.SharedBytes(m)
	}
	known := newKnownBitsAnalysis()
	for _, r := range cfgRegions(root) {
		dom := ir.NewDominanceInfo()
		loops := naturalLoops(r, dom)
		for _, l := range loops {
			if innermost(l, loops) && !licmDisabled(l) {
				every := everyIteration(l, dom)
				rebased += rebaseSlotDescriptors(l, every, dom, int64(shared), known)
				moved += hoistInvariants(l, every)
			}
		}
	}
	return moved, rebased
}

// innermost reports whether l holds no other loop of loops.
func innermost(l *cfgLoop, loops []*cfgLoop) bool {
	for _, o := range loops {
		if o != l && l.blocks[o.header] {
			return false
		}
	}
	return true
}

// licmDisabled reports whether a back edge of l carries an
// llvm.loop_annotation that disables LICM.
func licmDisabled(l *cfgLoop) bool {
	for _, p := range l.header.Predecessors() {
		if !l.blocks[p] {
			continue
		}
		if t := p.Last(); t != nil && llvm.LICMDisabled(t.Attr("loop_annotation")) {
			return true
		}
	}
	return false
}

// hoistInvariants moves l's invariant ops to the end of its preheader: a
// worklist of the ops of the blocks every iteration runs, in block order,
// each hoisted op's users there queued again.
func hoistInvariants(l *cfgLoop, every map[*ir.Block]bool) int {
	term := l.preheader.Last()
	if term == nil || !term.Has(ir.Terminator) {
		return 0
	}
	related := descriptorOps(every)
	if len(related) == 0 {
		return 0
	}
	var queue []*ir.Operation
	for _, b := range l.header.Region().Blocks() {
		if every[b] {
			for o := b.First(); o != nil; o = o.Next() {
				queue = append(queue, o)
			}
		}
	}
	moved := 0
	for len(queue) > 0 {
		op := queue[0]
		queue = queue[1:]
		if !every[op.Block()] || !related[op] || !hoistable(op, l) {
			continue
		}
		op.MoveBefore(term)
		moved++
		for _, v := range op.Results() {
			for u := v.FirstUse(); u != nil; u = u.NextUse() {
				if every[u.Owner().Block()] {
					queue = append(queue, u.Owner())
				}
			}
		}
	}
	return moved
}

// descriptorOps returns the ops of the blocks in every that feed a
// gpu.wgmma_desc there (its address computation) or are computed from one
// (the k-steps' offsets added to it).
func descriptorOps(every map[*ir.Block]bool) map[*ir.Operation]bool {
	related := map[*ir.Operation]bool{}
	var back, fwd []*ir.Operation
	for b := range every {
		for o := b.First(); o != nil; o = o.Next() {
			if o.Def() == gpu.WGMMADescOp {
				back = append(back, o)
				fwd = append(fwd, o)
			}
		}
	}
	for len(back) > 0 {
		o := back[len(back)-1]
		back = back[:len(back)-1]
		if related[o] {
			continue
		}
		related[o] = true
		for i, n := 0, o.NumOperands(); i < n; i++ {
			if d := o.Operand(i).DefiningOp(); d != nil && every[d.Block()] {
				back = append(back, d)
			}
		}
	}
	for len(fwd) > 0 {
		o := fwd[len(fwd)-1]
		fwd = fwd[:len(fwd)-1]
		for _, v := range o.Results() {
			for u := v.FirstUse(); u != nil; u = u.NextUse() {
				if w := u.Owner(); every[w.Block()] && !related[w] && w.NumResults() == 1 && ir.IsMemoryEffectFree(w) {
					related[w] = true
					fwd = append(fwd, w)
				}
			}
		}
	}
	return related
}

// everyIteration returns the set of l's blocks that run on every
// iteration: those that dominate each source of a back edge.
func everyIteration(l *cfgLoop, dom *ir.DominanceInfo) map[*ir.Block]bool {
	var latches []*ir.Block
	for _, p := range l.header.Predecessors() {
		if l.blocks[p] {
			latches = append(latches, p)
		}
	}
	every := map[*ir.Block]bool{}
	for b := range l.blocks {
		all := true
		for _, x := range latches {
			if !dom.BlockDominates(b, x) {
				all = false
				break
			}
		}
		if all {
			every[b] = true
		}
	}
	return every
}

// hoistable reports whether op may compute its value once in front of l:
// pure, speculatable, without regions, with operands, all defined outside
// the loop.
func hoistable(op *ir.Operation, l *cfgLoop) bool {
	if op.NumOperands() == 0 || op.NumRegions() != 0 || op.NumResults() == 0 || op.Has(ir.Terminator) {
		return false
	}
	if !ir.IsMemoryEffectFree(op) || !Speculatable(op) {
		return false
	}
	for i, n := 0, op.NumOperands(); i < n; i++ {
		if l.contains(op.Operand(i)) {
			return false
		}
	}
	return true
}
