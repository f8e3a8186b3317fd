package pattern

import "github.com/ttcompiler/tt/ir"

// countOps returns the number of ops nested in r, at any depth (a size
// hint for the tables the drivers keep per op).
func countOps(r *ir.Region) int {
	n := 0
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			ir.WalkOps(o, func(*ir.Operation) { n++ })
		}
	}
	return n
}

// ApplyWalk applies patterns in one post-order walk over the ops nested in
// op (MLIR's walkAndApplyPatterns): each op gets the first pattern that
// matches; ops created by rewrites are not revisited; nothing is folded.
// It reports whether anything changed.
func ApplyWalk(op *ir.Operation, set *FrozenSet) bool {
	rw := NewRewriter(op.Context(), nil)
	changed := false
	var visit func(o *ir.Operation)
	visit = func(o *ir.Operation) {
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				for c := b.First(); c != nil; {
					next := c.Next()
					visit(c)
					c = next
				}
			}
		}
		if o == op || o.Block() == nil {
			return
		}
		rw.B().SetInsertionPoint(o)
		for _, p := range set.For(o.Name()) {
			if p.MatchAndRewrite(o, rw) {
				changed = true
				return
			}
		}
	}
	visit(op)
	return changed
}
