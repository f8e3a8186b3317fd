package pattern

import "github.com/ttcompiler/tt/ir"

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
