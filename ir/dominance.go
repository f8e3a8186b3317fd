package ir

// DominanceInfo answers dominance queries for the SSA CFG regions nested
// under one operation. Dominator trees of multi-block regions are computed
// lazily (Cooper, Harvey and Kennedy's iterative algorithm).
type DominanceInfo struct {
	trees map[*Region]*domTree
	// last is the region asked about last and lastTree its tree: queries
	// come in runs on one region (a pass, or the verifier, going through
	// a function's blocks).
	last     *Region
	lastTree *domTree
}

type domTree struct {
	// num is each reachable block's reverse post-order number (absent:
	// unreachable); the slices below are indexed by it.
	num    map[*Block]int32
	blocks []*Block
	idom   []int32 // the entry's is its own
	// in and out number each block's entry to and exit from a depth-first
	// walk of the dominator tree: a dominates b when b's interval lies in
	// a's, one comparison instead of a walk up b's dominators (the
	// verifier asks for every use of a value defined in another block).
	in, out []int32
}

// NewDominanceInfo returns an empty dominance cache.
func NewDominanceInfo() *DominanceInfo { return &DominanceInfo{trees: map[*Region]*domTree{}} }

func (d *DominanceInfo) tree(r *Region) *domTree {
	if r == d.last {
		return d.lastTree
	}
	t, ok := d.trees[r]
	if !ok {
		t = buildDomTree(r)
		d.trees[r] = t
	}
	d.last, d.lastTree = r, t
	return t
}

func buildDomTree(r *Region) *domTree {
	t := &domTree{num: map[*Block]int32{}}
	if len(r.blocks) == 0 {
		return t
	}
	// Post-order DFS from the entry block; num marks the blocks seen
	// (numbered for real below).
	var post []*Block
	var dfs func(b *Block)
	dfs = func(b *Block) {
		t.num[b] = -1
		for _, s := range b.Successors() {
			if _, seen := t.num[s]; s != nil && !seen && s.region == r {
				dfs(s)
			}
		}
		post = append(post, b)
	}
	dfs(r.blocks[0])
	n := len(post)
	t.blocks = make([]*Block, n)
	for i, b := range post {
		t.num[b] = int32(n - 1 - i)
		t.blocks[n-1-i] = b
	}
	// Cooper, Harvey and Kennedy on reverse post-order numbers; -1: no
	// dominator found yet.
	idom := make([]int32, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[0] = 0
	intersect := func(a, b int32) int32 {
		for a != b {
			for a > b {
				a = idom[a]
			}
			for b > a {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := 1; i < n; i++ { // reverse post-order, skipping entry
			newIdom := int32(-1)
			for u := t.blocks[i].firstUse; u != nil; u = u.next {
				p, ok := t.num[u.owner.block]
				if !ok || idom[p] < 0 {
					continue
				}
				if newIdom < 0 {
					newIdom = p
				} else {
					newIdom = intersect(p, newIdom)
				}
			}
			if newIdom >= 0 && idom[i] != newIdom {
				idom[i] = newIdom
				changed = true
			}
		}
	}
	t.idom = idom
	// The dominator tree's intervals: a child's number is larger than its
	// dominator's, so children are listed by walking the numbers upwards.
	children := make([][]int32, n)
	for i := 1; i < n; i++ {
		if idom[i] >= 0 {
			children[idom[i]] = append(children[idom[i]], int32(i))
		}
	}
	t.in, t.out = make([]int32, n), make([]int32, n)
	clock := int32(0)
	var walk func(i int32)
	walk = func(i int32) {
		t.in[i] = clock
		clock++
		for _, c := range children[i] {
			walk(c)
		}
		t.out[i] = clock
		clock++
	}
	walk(0)
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
	if a == r.blocks[0] {
		return true // the entry dominates every block, no tree needed
	}
	t := d.tree(r)
	nb, ok := t.num[b]
	if !ok {
		return true
	}
	na, ok := t.num[a]
	if !ok {
		return false
	}
	return t.in[na] <= t.in[nb] && t.out[nb] <= t.out[na]
}

// IsReachable reports whether block b is reachable from its region's entry.
func (d *DominanceInfo) IsReachable(b *Block) bool {
	if b.region == nil || len(b.region.blocks) < 2 {
		return true
	}
	_, ok := d.tree(b.region).num[b]
	return ok
}

// ImmediateDominator returns the immediate dominator of b, or nil for the
// entry block and unreachable blocks.
func (d *DominanceInfo) ImmediateDominator(b *Block) *Block {
	if b.region == nil || b.IsEntry() {
		return nil
	}
	t := d.tree(b.region)
	i, ok := t.num[b]
	if !ok {
		return nil
	}
	return t.blocks[t.idom[i]]
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
