package pipeliner

import "github.com/ttcompiler/tt/ir"

// Def-use slices as MLIR's SliceAnalysis computes them, with the options
// the pipeliner uses.

// backwardSliceOptions select what a backward slice follows.
type backwardSliceOptions struct {
	// omitBlockArguments stops at block arguments instead of continuing
	// with the op owning the block.
	omitBlockArguments bool
	// filter, if set, keeps only the ops it accepts (and stops there).
	filter func(*ir.Operation) bool
}

// backwardSlice collects the ops op transitively depends on, through its
// operands and the values its regions use from above (not op itself), in
// topological order.
func backwardSlice(op *ir.Operation, o backwardSliceOptions) *opSet {
	slice := &opSet{}
	visited := map[*ir.Operation]bool{op: true}
	var walk func(x *ir.Operation)
	walk = func(x *ir.Operation) {
		if x == nil || x.Has(ir.IsolatedFromAbove) {
			return
		}
		if o.filter != nil && !o.filter(x) {
			return
		}
		process := func(v ir.Value) {
			if def := v.DefiningOp(); def != nil {
				if !slice.contains(def) && !visited[def] {
					visited[def] = true
					walk(def)
				}
				delete(visited, def)
				return
			}
			if o.omitBlockArguments {
				return
			}
			if p := blockOwner(v.ParentBlock()); p != nil && !slice.contains(p) {
				walk(p)
			}
		}
		for _, r := range x.Regions() {
			walkRegion(r, func(n *ir.Operation) {
				for _, v := range n.Operands() {
					if !isInRegion(v, r) {
						process(v)
					}
				}
			})
		}
		for _, v := range x.Operands() {
			process(v)
		}
		slice.insert(x)
	}
	walk(op)
	return removeOp(slice, op)
}

// backwardSliceOfValue is the backward slice of v's definition (or of the
// op owning v's block), including that op.
func backwardSliceOfValue(v ir.Value, o backwardSliceOptions) *opSet {
	def := v.DefiningOp()
	if def == nil {
		def = blockOwner(v.ParentBlock())
	}
	s := backwardSlice(def, o)
	if o.filter == nil || o.filter(def) {
		s.insert(def)
	}
	return s
}

// isInRegion reports whether v is defined in region r or a region nested
// in it.
func isInRegion(v ir.Value, r *ir.Region) bool {
	b := v.ParentBlock()
	return b != nil && b.Region() != nil && r.IsAncestorOf(b.Region())
}

// removeOp returns s without op.
func removeOp(s *opSet, op *ir.Operation) *opSet {
	if !s.contains(op) {
		return s
	}
	out := &opSet{}
	for _, x := range s.list {
		if x != op {
			out.insert(x)
		}
	}
	return out
}

// forwardSlice collects the ops transitively using op's results, and the
// ops nested in them (not op itself).
func forwardSlice(op *ir.Operation) *opSet {
	var post []*ir.Operation
	in := map[*ir.Operation]bool{}
	visited := map[*ir.Operation]bool{op: true}
	var walk func(x *ir.Operation)
	walk = func(x *ir.Operation) {
		for _, r := range x.Regions() {
			for _, b := range r.Blocks() {
				for _, n := range b.Ops() {
					if !in[n] {
						visited[n] = true
						walk(n)
						delete(visited, n)
					}
				}
			}
		}
		for _, res := range x.Results() {
			for _, u := range ir.Users(res) {
				if !in[u] && !visited[u] {
					visited[u] = true
					walk(u)
				}
				delete(visited, u)
			}
		}
		if !in[x] {
			in[x] = true
			post = append(post, x)
		}
	}
	walk(op)
	s := &opSet{}
	for i := len(post) - 1; i >= 0; i-- {
		if post[i] != op {
			s.insert(post[i])
		}
	}
	return s
}

// walkRegion visits the ops of region r and the ops nested in them.
func walkRegion(r *ir.Region, fn func(*ir.Operation)) {
	for _, b := range r.Blocks() {
		for _, op := range b.Ops() {
			ir.WalkOps(op, fn)
		}
	}
}
