package ir

// DominanceInfo answers dominance queries for the SSA CFG regions nested
// under one operation. Dominator trees of multi-block regions are computed
// lazily (Cooper, Harvey and Kennedy's iterative algorithm).
type DominanceInfo struct {
	trees map[*Region]*domTree
}

type domTree struct {
	idom  map[*Block]*Block
	order map[*Block]int // reverse post-order number; absent = unreachable
}

// NewDominanceInfo returns an empty dominance cache.
func NewDominanceInfo() *DominanceInfo { return &DominanceInfo{trees: map[*Region]*domTree{}} }

func (d *DominanceInfo) tree(r *Region) *domTree {
	if t, ok := d.trees[r]; ok {
		return t
	}
	t := buildDomTree(r)
	d.trees[r] = t
	return t
}

func buildDomTree(r *Region) *domTree {
	t := &domTree{idom: map[*Block]*Block{}, order: map[*Block]int{}}
	if len(r.blocks) == 0 {
		return t
	}
	// Post-order DFS from the entry block.
	var post []*Block
	seen := map[*Block]bool{}
	var dfs func(b *Block)
	dfs = func(b *Block) {
		seen[b] = true
		for _, s := range b.Successors() {
			if s != nil && !seen[s] && s.region == r {
				dfs(s)
			}
		}
		post = append(post, b)
	}
	dfs(r.blocks[0])
	n := len(post)
	for i, b := range post {
		t.order[b] = n - 1 - i
	}
	entry := r.blocks[0]
	t.idom[entry] = entry
	intersect := func(a, b *Block) *Block {
		for a != b {
			for t.order[a] > t.order[b] {
				a = t.idom[a]
			}
			for t.order[b] > t.order[a] {
				b = t.idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := n - 2; i >= 0; i-- { // reverse post-order, skipping entry
			b := post[i]
			var newIdom *Block
			for _, p := range b.Predecessors() {
				if _, ok := t.idom[p]; !ok {
					continue
				}
				if newIdom == nil {
					newIdom = p
				} else {
					newIdom = intersect(p, newIdom)
				}
			}
			if newIdom != nil && t.idom[b] != newIdom {
				t.idom[b] = newIdom
				changed = true
			}
		}
	}
	return t
}

// BlockDominates reports whether block a dominates block b (both in the
// same region). Unreachable blocks are dominated by every block.
func (d *DominanceInfo) BlockDominates(a, b *Block) bool {
	if a == b {
		return true
	}
	r := a.region
	if r == nil || r != b.region || len(r.blocks) < 2 {
		return a == b
	}
	t := d.tree(r)
	if _, ok := t.order[b]; !ok {
		return true
	}
	if _, ok := t.order[a]; !ok {
		return false
	}
	for x := b; ; {
		p := t.idom[x]
		if p == a {
			return true
		}
		if p == x {
			return false
		}
		x = p
	}
}

// IsReachable reports whether block b is reachable from its region's entry.
func (d *DominanceInfo) IsReachable(b *Block) bool {
	if b.region == nil || len(b.region.blocks) < 2 {
		return true
	}
	_, ok := d.tree(b.region).order[b]
	return ok
}

// ImmediateDominator returns the immediate dominator of b, or nil for the
// entry block and unreachable blocks.
func (d *DominanceInfo) ImmediateDominator(b *Block) *Block {
	if b.region == nil || b.IsEntry() {
		return nil
	}
	p, ok := d.tree(b.region).idom[b]
	if !ok {
		return nil
	}
	return p
}

// ValueDominates reports whether value v is available at (dominates) the
// operation user. Values defined in graph regions dominate every use in
// that region.
func (d *DominanceInfo) ValueDominates(v Value, user *Operation) bool {
	defBlock := v.ParentBlock()
	if defBlock == nil {
		return false
	}
	r := defBlock.region
	anc := user
	for anc != nil && anc.ParentRegion() != r {
		anc = anc.ParentOp()
	}
	if anc == nil {
		return false
	}
	// The common case first (a definition earlier in the user's block
	// dominates in any region kind); graph regions, where every value
	// dominates every use, only decide the rest.
	useBlock := anc.block
	if useBlock == defBlock {
		def := v.DefiningOp()
		if def == nil || def != anc && def.IsBeforeInBlock(anc) {
			return true
		}
		return isGraphRegion(r)
	}
	return isGraphRegion(r) || d.BlockDominates(defBlock, useBlock)
}

// OpDominates reports whether op a properly dominates op b (a ran before b
// on every path, and b is not nested in a).
func (d *DominanceInfo) OpDominates(a, b *Operation) bool {
	r := a.ParentRegion()
	anc := b
	for anc != nil && anc.ParentRegion() != r {
		anc = anc.ParentOp()
	}
	if anc == nil || anc == a {
		return false
	}
	if anc.block == a.block {
		return a.IsBeforeInBlock(anc)
	}
	return d.BlockDominates(a.block, anc.block)
}

func isGraphRegion(r *Region) bool {
	p := r.parent
	if p == nil {
		return false
	}
	if p.def.RegionKind != nil {
		return p.def.RegionKind(p, r.Index()) == Graph
	}
	return false
}

// IsGraphRegion reports whether r is a graph region (no dominance).
func IsGraphRegion(r *Region) bool { return isGraphRegion(r) }
