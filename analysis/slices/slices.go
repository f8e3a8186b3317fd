// Package slices computes slices of the def-use graph as MLIR's
// SliceAnalysis does (getBackwardSlice, getForwardSlice): the ops a value
// transitively depends on, or that transitively depend on it, in
// topological order. Passes use them to ask whether one op feeds another
// (a dot feeding a dot, a load feeding a dot) and to move or clone the ops
// a value needs.
package slices

import "github.com/ttcompiler/tt/ir"

// Set is an insertion-ordered set of ops.
type Set struct {
	List []*ir.Operation
	has  map[*ir.Operation]bool
}

// Contains reports whether op is in the set.
func (s *Set) Contains(op *ir.Operation) bool { return s.has[op] }

// Len is the number of ops.
func (s *Set) Len() int { return len(s.List) }

// Insert adds op; it reports whether op was new.
func (s *Set) Insert(op *ir.Operation) bool {
	if s.has == nil {
		s.has = map[*ir.Operation]bool{}
	}
	if s.has[op] {
		return false
	}
	s.has[op] = true
	s.List = append(s.List, op)
	return true
}

// Options restrict a slice (MLIR's BackwardSliceOptions and
// ForwardSliceOptions).
type Options struct {
	// OmitBlockArguments stops a backward walk at block arguments instead
	// of continuing with the op owning the block.
	OmitBlockArguments bool
	// Filter, when set, keeps out of the slice the ops it rejects and
	// what lies beyond them; it applies to the root op too.
	Filter func(*ir.Operation) bool
}

func (o Options) keep(op *ir.Operation) bool { return o.Filter == nil || o.Filter(op) }

// Backward collects the ops op transitively depends on through its
// operands and through the values its regions use from above (not op
// itself), producers first. A block argument stands for the op owning its
// block unless OmitBlockArguments is set. Functions stop the walk.
func Backward(op *ir.Operation, o Options) *Set {
	slice := &Set{}
	visited := map[*ir.Operation]bool{op: true}
	var walk func(x *ir.Operation)
	walk = func(x *ir.Operation) {
		if x == nil || x.Has(ir.IsolatedFromAbove) || !o.keep(x) {
			return
		}
		process := func(v ir.Value) {
			if def := v.DefiningOp(); def != nil {
				if !slice.Contains(def) && !visited[def] {
					visited[def] = true
					walk(def)
				}
				return
			}
			if o.OmitBlockArguments {
				return
			}
			if p := blockOwner(v.ParentBlock()); p != nil && !slice.Contains(p) && !visited[p] {
				visited[p] = true
				walk(p)
			}
		}
		for _, r := range x.Regions() {
			for _, b := range r.Blocks() {
				for _, n := range b.Ops() {
					ir.WalkOps(n, func(m *ir.Operation) {
						for _, v := range m.Operands() {
							if !definedIn(v, r) {
								process(v)
							}
						}
					})
				}
			}
		}
		for _, v := range x.Operands() {
			process(v)
		}
		if x != op {
			slice.Insert(x)
		}
	}
	walk(op)
	return slice
}

// BackwardOfValue is the backward slice of v's defining op including that
// op, or, for a block argument, of the op owning its block (nothing when
// OmitBlockArguments is set).
func BackwardOfValue(v ir.Value, o Options) *Set {
	def := v.DefiningOp()
	if def == nil {
		if o.OmitBlockArguments {
			return &Set{}
		}
		def = blockOwner(v.ParentBlock())
		if def == nil {
			return &Set{}
		}
	}
	s := Backward(def, o)
	if o.keep(def) {
		s.Insert(def)
	}
	return s
}

// Forward collects the ops transitively using op's results, and the ops
// nested in any op of the slice (and in op), in topological order (not op
// itself).
func Forward(op *ir.Operation, o Options) *Set {
	if !o.keep(op) {
		return &Set{}
	}
	return forward([]*ir.Operation{op}, op, o)
}

// ForwardOfValue collects the ops transitively using v, in topological
// order.
func ForwardOfValue(v ir.Value, o Options) *Set {
	return forward(ir.Users(v), nil, o)
}

// forward walks from roots depth first and returns the reverse post-order
// without skip.
func forward(roots []*ir.Operation, skip *ir.Operation, o Options) *Set {
	var post []*ir.Operation
	in := map[*ir.Operation]bool{}
	visited := map[*ir.Operation]bool{}
	var walk func(x *ir.Operation)
	walk = func(x *ir.Operation) {
		for _, r := range x.Regions() {
			for _, b := range r.Blocks() {
				for _, n := range b.Ops() {
					if !in[n] && !visited[n] && o.keep(n) {
						visited[n] = true
						walk(n)
					}
				}
			}
		}
		for _, res := range x.Results() {
			for _, u := range ir.Users(res) {
				if !in[u] && !visited[u] && o.keep(u) {
					visited[u] = true
					walk(u)
				}
			}
		}
		if !in[x] {
			in[x] = true
			post = append(post, x)
		}
	}
	for _, r := range roots {
		if !in[r] && !visited[r] && o.keep(r) {
			visited[r] = true
			walk(r)
		}
	}
	s := &Set{}
	for i := len(post) - 1; i >= 0; i-- {
		if post[i] != skip {
			s.Insert(post[i])
		}
	}
	return s
}

// blockOwner is the op whose region holds b.
func blockOwner(b *ir.Block) *ir.Operation {
	if b == nil || b.Region() == nil {
		return nil
	}
	return b.Region().ParentOp()
}

// definedIn reports whether v is defined in region r or a region nested
// in it.
func definedIn(v ir.Value, r *ir.Region) bool {
	b := v.ParentBlock()
	return b != nil && b.Region() != nil && r.IsAncestorOf(b.Region())
}
