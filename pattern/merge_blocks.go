package pattern

import (
	"cmp"
	"maps"
	"slices"

	"github.com/ttcompiler/tt/ir"
)

// Block merging, the "aggressive" level of MLIR's region simplification
// (mergeIdenticalBlocks in RegionUtils): MLIR's default GreedyRewriteConfig
// has it, so the pattern passes Triton runs with that configuration
// (triton-combine, triton-reorder-broadcast, ...) merge blocks, while the
// canonicalize pass (region-simplify=normal) does not. A kernel's early
// return is where it shows: `if c: store(out, 0); return` then `store(out,
// 1)` leaves two blocks that differ only in the stored constant, which
// become one block taking the constant as an argument.
//
// Blocks other than the entry block that branch to the same successors are
// compared in region order; a block joins the cluster of the first block it
// is equivalent to: the same argument types, and op by op the same op
// (name, attributes, result types, operand count, successors), operands
// that are either the same value, values of the two blocks at the same
// position (arguments by index, results by the order they are defined in),
// or values from outside the blocks of the same type, which become new
// arguments of the merged block. Ops with regions, arguments used outside
// their block, results used outside their block, and operands a
// predecessor's terminator defines keep a block out. The cluster's blocks
// then branch to its first block, their predecessors passing the
// differing values.

// mergeIdenticalBlocks merges the identical blocks of region r and of the
// regions nested in it; it reports whether it changed anything.
func mergeIdenticalBlocks(rw *Rewriter, r *ir.Region) bool {
	return eachRegion(r, func(r *ir.Region) bool { return mergeRegionBlocks(rw, r) })
}

func mergeRegionBlocks(rw *Rewriter, r *ir.Region) bool {
	blocks := r.Blocks()
	if len(blocks) < 2 {
		return false
	}
	// Group the non-entry blocks by their successor lists, in region order.
	var groups [][]*ir.Block
	for _, b := range blocks[1:] {
		placed := false
		for i, g := range groups {
			if slices.Equal(g[0].Successors(), b.Successors()) {
				groups[i] = append(g, b)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []*ir.Block{b})
		}
	}
	changed := false
	for _, g := range groups {
		if len(g) < 2 {
			continue
		}
		var clusters []*mergeCluster
		for _, b := range g {
			if !mergeable(b) {
				continue
			}
			added := false
			for _, c := range clusters {
				if c.add(b) {
					added = true
					break
				}
			}
			if !added {
				clusters = append(clusters, &mergeCluster{leader: b, toMerge: map[[2]int]bool{}})
			}
		}
		for _, c := range clusters {
			if c.merge(rw) {
				changed = true
			}
		}
	}
	return changed
}

// mergeable: a block without ops with regions whose arguments are used
// only inside it.
func mergeable(b *ir.Block) bool {
	for o := b.First(); o != nil; o = o.Next() {
		for _, nr := range o.Regions() {
			if !nr.Empty() {
				return false
			}
		}
	}
	for _, a := range b.Arguments() {
		if usedOutside(a, b) {
			return false
		}
	}
	return true
}

// usedOutside reports whether v has a use outside block b.
func usedOutside(v ir.Value, b *ir.Block) bool {
	for u := v.FirstUse(); u != nil; u = u.NextUse() {
		if u.Owner().Block() != b {
			return true
		}
	}
	return false
}

// mergeCluster is a leader block and the blocks equivalent to it.
type mergeCluster struct {
	leader *ir.Block
	blocks []*ir.Block
	// toMerge are the (op index, operand index) pairs whose operands
	// differ between the blocks and become arguments.
	toMerge map[[2]int]bool
}

// add adds b to the cluster if it is equivalent to the leader.
func (c *mergeCluster) add(b *ir.Block) bool {
	l := c.leader
	if l.NumArguments() != b.NumArguments() {
		return false
	}
	for i := 0; i < l.NumArguments(); i++ {
		if l.Argument(i).Type() != b.Argument(i).Type() {
			return false
		}
	}
	lOrder, bOrder := valueOrder(l), valueOrder(b)
	var mismatched [][2]int
	x, y := l.First(), b.First()
	for opI := 0; x != nil && y != nil; x, y, opI = x.Next(), y.Next(), opI+1 {
		if !sameShape(x, y) {
			return false
		}
		for k := 0; k < x.NumOperands(); k++ {
			p, q := x.Operand(k), y.Operand(k)
			if p == q {
				continue
			}
			if p.Type() != q.Type() {
				return false
			}
			pIn, qIn := p.ParentBlock() == l, q.ParentBlock() == b
			if pIn != qIn {
				return false
			}
			if !pIn {
				if !validSuccessorArg(l, p) || !validSuccessorArg(b, q) {
					return false
				}
				mismatched = append(mismatched, [2]int{opI, k})
				continue
			}
			if lOrder[p] != bOrder[q] {
				return false
			}
		}
		for i := 0; i < x.NumResults(); i++ {
			if usedOutside(x.Result(i), l) {
				return false
			}
		}
		for i := 0; i < y.NumResults(); i++ {
			if usedOutside(y.Result(i), b) {
				return false
			}
		}
	}
	if x != nil || y != nil {
		return false
	}
	for _, m := range mismatched {
		c.toMerge[m] = true
	}
	c.blocks = append(c.blocks, b)
	return true
}

// valueOrder numbers the values a block defines: its arguments by index,
// then the results of its ops in order.
func valueOrder(b *ir.Block) map[ir.Value]int {
	order := map[ir.Value]int{}
	n := 0
	for _, a := range b.Arguments() {
		order[a] = n
		n++
	}
	for o := b.First(); o != nil; o = o.Next() {
		for i := 0; i < o.NumResults(); i++ {
			order[o.Result(i)] = n
			n++
		}
	}
	return order
}

// sameShape compares two ops leaving their operands' values aside; the
// blocks they branch to are the same blocks.
func sameShape(x, y *ir.Operation) bool {
	return ir.SameOpShape(x, y) && slices.Equal(x.Successors(), y.Successors())
}

// validSuccessorArg: a value a predecessor of block passes to it must
// dominate that predecessor's terminator, so it may not be the result of
// the terminator of one of block's predecessors.
func validSuccessorArg(block *ir.Block, v ir.Value) bool {
	def := v.DefiningOp()
	if def == nil || def.Block() == nil || def != def.Block().Last() {
		return true
	}
	for _, p := range block.Predecessors() {
		if p == def.Block() {
			return false
		}
	}
	return true
}

// merge makes the cluster's blocks one: the leader takes an argument for
// each differing operand, the predecessors pass their block's values, and
// the other blocks go.
func (c *mergeCluster) merge(rw *Rewriter) bool {
	if len(c.blocks) == 0 {
		return false
	}
	l := c.leader
	if len(c.toMerge) > 0 {
		for _, b := range append([]*ir.Block{l}, c.blocks...) {
			for _, p := range b.Predecessors() {
				if !ir.CanEditSuccessorOperands(p.Last()) {
					return false
				}
			}
		}
		keys := sortedPairs(c.toMerge)
		all := append([]*ir.Block{l}, c.blocks...)
		// newArgs[i][j]: the value block i passes for the j-th new argument.
		newArgs := make([][]ir.Value, len(all))
		opsOf := make([][]*ir.Operation, len(all))
		for i, b := range all {
			opsOf[i] = b.Ops()
			newArgs[i] = make([]ir.Value, len(keys))
		}
		numOld := l.NumArguments()
		for j, k := range keys {
			for i := range all {
				op := opsOf[i][k[0]]
				v := op.Operand(k[1])
				newArgs[i][j] = v
				if i == 0 {
					a := l.AddArgument(v.Type(), v.Loc())
					rw.ModifyInPlace(op, func() { op.SetOperand(k[1], a) })
				}
			}
		}
		newArgs = pruneRedundantArgs(rw, newArgs, numOld, l)
		for i, b := range all {
			for _, p := range uniquePreds(b) {
				t := p.Last()
				for s := 0; s < t.NumSuccessors(); s++ {
					if t.Successor(s) == b {
						rw.ModifyInPlace(t, func() { ir.AppendSuccessorOperands(t, s, newArgs[i]...) })
					}
				}
			}
		}
	}
	for _, b := range c.blocks {
		for _, p := range uniquePreds(b) {
			t := p.Last()
			rw.ModifyInPlace(t, func() {
				for s := 0; s < t.NumSuccessors(); s++ {
					if t.Successor(s) == b {
						t.SetSuccessor(s, l)
					}
				}
			})
		}
		rw.EraseBlock(b)
	}
	return true
}

// uniquePreds returns b's predecessors, each once.
func uniquePreds(b *ir.Block) []*ir.Block {
	var out []*ir.Block
	seen := map[*ir.Block]bool{}
	for _, p := range b.Predecessors() {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// sortedPairs returns the keys of m in (op, operand) order.
func sortedPairs(m map[[2]int]bool) [][2]int {
	out := slices.Collect(maps.Keys(m))
	slices.SortFunc(out, func(a, b [2]int) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	return out
}

// pruneRedundantArgs drops a new argument j whose values equal those of an
// earlier one k in every block (the first occurrence in the leader's list
// decides k), replacing its uses in the leader by argument k.
func pruneRedundantArgs(rw *Rewriter, newArgs [][]ir.Value, numOld int, l *ir.Block) [][]ir.Value {
	if len(newArgs) == 0 || len(newArgs[0]) == 0 {
		return newArgs
	}
	n := len(newArgs[0])
	first := map[ir.Value]int{}
	for j := 0; j < n; j++ {
		if _, ok := first[newArgs[0][j]]; !ok {
			first[newArgs[0][j]] = j
		}
	}
	replace := map[int]int{}
	for j := 0; j < n; j++ {
		k := first[newArgs[0][j]]
		if k == j {
			continue
		}
		same := true
		for i := 1; i < len(newArgs); i++ {
			same = same && newArgs[i][k] == newArgs[i][j]
		}
		if same {
			replace[j] = k
		}
	}
	if len(replace) == 0 {
		return newArgs
	}
	for j := n - 1; j >= 0; j-- {
		k, ok := replace[j]
		if !ok {
			continue
		}
		rw.ReplaceAllUsesWith(l.Argument(numOld+j), l.Argument(numOld+k))
		l.EraseArgument(numOld + j)
	}
	out := make([][]ir.Value, len(newArgs))
	for i := range newArgs {
		for j, v := range newArgs[i] {
			if _, ok := replace[j]; !ok {
				out[i] = append(out[i], v)
			}
		}
	}
	return out
}

// dropRedundantArguments, the other half of the aggressive level (MLIR's
// dropRedundantArguments): an argument of a non-entry block that every
// predecessor passes the same value is that value; it goes, and so do the
// operands that fed it. Blocks with a predecessor whose terminator's
// forwarded operands cannot be edited (ir.CanEditSuccessorOperands) keep
// their arguments.
func dropRedundantArguments(rw *Rewriter, r *ir.Region) bool {
	return eachRegion(r, func(r *ir.Region) bool {
		changed := false
		for i, b := range r.Blocks() {
			if i > 0 && dropRedundantBlockArgs(rw, b) {
				changed = true
			}
		}
		return changed
	})
}

func dropRedundantBlockArgs(rw *Rewriter, b *ir.Block) bool {
	type edge struct {
		t *ir.Operation
		s int
	}
	var edges []edge
	for _, p := range uniquePreds(b) {
		t := p.Last()
		if !ir.CanEditSuccessorOperands(t) {
			return false
		}
		for s := 0; s < t.NumSuccessors(); s++ {
			if t.Successor(s) == b {
				if len(t.Def().SuccessorOperands(t, s)) != b.NumArguments() {
					return false
				}
				edges = append(edges, edge{t, s})
			}
		}
	}
	if len(edges) == 0 {
		return false
	}
	var drop []int
	for i := 0; i < b.NumArguments(); i++ {
		var common ir.Value
		same := true
		for _, e := range edges {
			v := e.t.Operand(e.t.Def().SuccessorOperands(e.t, e.s)[i])
			if common == nil {
				common = v
			} else if v != common {
				same = false
				break
			}
		}
		if same && common != nil {
			rw.ReplaceAllUsesWith(b.Argument(i), common)
			drop = append(drop, i)
		}
	}
	if len(drop) > 0 {
		for _, e := range edges {
			rw.ModifyInPlace(e.t, func() { ir.EraseSuccessorOperands(e.t, e.s, drop) })
		}
	}
	for j := len(drop) - 1; j >= 0; j-- {
		b.EraseArgument(drop[j])
	}
	return len(drop) > 0
}
