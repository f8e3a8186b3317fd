package transforms

import (
	"sort"

	"github.com/ttcompiler/tt/ir"
)

// cfgLoop is a natural loop of a region's control-flow graph: a header
// block that dominates the sources of its back edges, and every block
// that reaches a back edge's source without passing through the header.
type cfgLoop struct {
	header *ir.Block
	blocks map[*ir.Block]bool
	// preheader is the header's immediate dominator: outside the loop, and
	// dominated by every definition a loop body can use from outside, so
	// code that computes loop-invariant values can go at its end.
	preheader *ir.Block
}

// contains reports whether v is defined inside the loop (by an op of one
// of its blocks or as one of their arguments).
func (l *cfgLoop) contains(v ir.Value) bool {
	b := v.ParentBlock()
	// Values of ops nested in regions of loop ops are inside too.
	for b != nil && !l.blocks[b] {
		p := b.ParentOp()
		if p == nil || p.Block() == nil || p.Block().Region() == nil {
			return false
		}
		if l.blocks[p.Block()] {
			return true
		}
		b = p.Block()
	}
	return b != nil
}

// cfgRegions returns the regions nested in root whose control flow has
// loops to find: SSA regions of more than one block.
func cfgRegions(root *ir.Operation) []*ir.Region {
	var regions []*ir.Region
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		for _, r := range op.Regions() {
			if len(r.Blocks()) > 1 && !ir.IsGraphRegion(r) {
				regions = append(regions, r)
			}
		}
		return ir.Advance
	})
	return regions
}

// naturalLoops returns the natural loops of region r, innermost (fewest
// blocks) first. Back edges whose header has no immediate dominator (the
// entry block) give no loop: nothing can go in front of it.
func naturalLoops(r *ir.Region, dom *ir.DominanceInfo) []*cfgLoop {
	byHeader := map[*ir.Block]*cfgLoop{}
	var loops []*cfgLoop
	for _, b := range r.Blocks() {
		if !dom.IsReachable(b) {
			continue
		}
		for _, h := range b.Successors() {
			if !dom.BlockDominates(h, b) {
				continue
			}
			pre := dom.ImmediateDominator(h)
			if pre == nil {
				continue
			}
			l := byHeader[h]
			if l == nil {
				l = &cfgLoop{header: h, blocks: map[*ir.Block]bool{h: true}, preheader: pre}
				byHeader[h] = l
				loops = append(loops, l)
			}
			// Walk predecessors back from the latch up to the header.
			work := []*ir.Block{b}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if l.blocks[x] || !dom.IsReachable(x) {
					continue
				}
				l.blocks[x] = true
				work = append(work, x.Predecessors()...)
			}
		}
	}
	sort.SliceStable(loops, func(i, j int) bool { return len(loops[i].blocks) < len(loops[j].blocks) })
	return loops
}
