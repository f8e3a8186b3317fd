package ttgir

import "github.com/ttcompiler/tt/ir"

// Slices of the def-use graph, as MLIR's SliceAnalysis computes them.

// opSet is an insertion-ordered set of ops.
type opSet struct {
	list []*ir.Operation
	has  map[*ir.Operation]bool
}

func newOpSet() *opSet { return &opSet{has: map[*ir.Operation]bool{}} }

func (s *opSet) insert(op *ir.Operation) bool {
	if s.has[op] {
		return false
	}
	s.has[op] = true
	s.list = append(s.list, op)
	return true
}

// backwardSlice adds the transitive producers of op's operands (not op
// itself). A block argument stands for its owner op when that op has a
// single one-block region (a loop body): the op and its producers join
// the slice. Isolated-from-above ops (functions) stop the walk.
func backwardSlice(op *ir.Operation, slice *opSet) {
	visited := map[*ir.Operation]bool{}
	var walk func(o *ir.Operation)
	walk = func(o *ir.Operation) {
		if o == nil || o.Has(ir.IsolatedFromAbove) {
			return
		}
		for _, v := range o.Operands() {
			if d := v.DefiningOp(); d != nil {
				if !slice.has[d] && !visited[d] {
					visited[d] = true
					walk(d)
				}
				continue
			}
			if a, ok := v.(*ir.BlockArgument); ok {
				p := a.Owner().ParentOp()
				if p != nil && !slice.has[p] && p.NumRegions() == 1 && p.Region(0).NumBlocks() == 1 {
					walk(p)
				}
			}
		}
		if o != op {
			slice.insert(o)
		}
	}
	walk(op)
}

// forwardSlice adds the transitive users of op's results and every op
// nested in the regions of ops in the slice (not op itself).
func forwardSlice(op *ir.Operation, slice *opSet) {
	visited := map[*ir.Operation]bool{}
	var walk func(o *ir.Operation)
	walk = func(o *ir.Operation) {
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				for n := b.First(); n != nil; n = n.Next() {
					if !slice.has[n] {
						walk(n)
					}
				}
			}
		}
		for _, r := range o.Results() {
			for _, u := range ir.Users(r) {
				if !slice.has[u] && !visited[u] {
					visited[u] = true
					walk(u)
				}
			}
		}
		if o != op {
			slice.insert(o)
		}
	}
	walk(op)
}

// connectedSlice is MLIR's getSlice: op and everything reachable from it by
// alternating backward and forward slices, to a fixed point.
func connectedSlice(op *ir.Operation) *opSet {
	slice := newOpSet()
	slice.insert(op)
	for i := 0; i < len(slice.list); i++ {
		cur := slice.list[i]
		backwardSlice(cur, slice)
		forwardSlice(cur, slice)
	}
	return slice
}
