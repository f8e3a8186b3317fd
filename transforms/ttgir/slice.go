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

// sliceOptions restrict a slice (MLIR's SliceOptions): filter, when set,
// keeps an op (and what lies beyond it) out of the slice when it returns
// false; omitBlockArgs stops the backward walk at block arguments.
type sliceOptions struct {
	filter        func(*ir.Operation) bool
	omitBlockArgs bool
}

func (o sliceOptions) keep(op *ir.Operation) bool { return o.filter == nil || o.filter(op) }

// backwardSlice adds the transitive producers of op's operands (not op
// itself). A block argument stands for its owner op when that op has a
// single one-block region (a loop body): the op and its producers join
// the slice. Isolated-from-above ops (functions) stop the walk.
func backwardSlice(op *ir.Operation, slice *opSet) { backwardSliceWith(op, slice, sliceOptions{}) }

// backwardSliceWith is backwardSlice under options; the filter applies to
// op itself too (an op it rejects has an empty slice).
func backwardSliceWith(op *ir.Operation, slice *opSet, opts sliceOptions) {
	visited := map[*ir.Operation]bool{}
	var walk func(o *ir.Operation)
	walk = func(o *ir.Operation) {
		if o == nil || o.Has(ir.IsolatedFromAbove) || !opts.keep(o) {
			return
		}
		for i := range o.NumOperands() {
			v := o.Operand(i)
			if d := v.DefiningOp(); d != nil {
				if !slice.has[d] && !visited[d] {
					visited[d] = true
					walk(d)
				}
				continue
			}
			if a, ok := v.(*ir.BlockArgument); ok && !opts.omitBlockArgs {
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

// valueBackwardSlice is the backward slice of v: that of its defining op
// (without the op), or of the op owning the block it is an argument of.
func valueBackwardSlice(v ir.Value, opts sliceOptions) *opSet {
	slice := newOpSet()
	if d := v.DefiningOp(); d != nil {
		backwardSliceWith(d, slice, opts)
	} else if a, ok := v.(*ir.BlockArgument); ok {
		backwardSliceWith(a.Owner().ParentOp(), slice, opts)
	}
	return slice
}

// forwardSlice adds the transitive users of op's results and every op
// nested in the regions of ops in the slice (not op itself).
func forwardSlice(op *ir.Operation, slice *opSet) { forwardSliceWith(op, slice, sliceOptions{}) }

// forwardSliceWith is forwardSlice under options; the filter applies to op
// itself too.
func forwardSliceWith(op *ir.Operation, slice *opSet, opts sliceOptions) {
	visited := map[*ir.Operation]bool{}
	var walk func(o *ir.Operation)
	walk = func(o *ir.Operation) {
		if !opts.keep(o) {
			return
		}
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

// valueForwardSlice is the transitive users of v (MLIR's getForwardSlice
// of a value).
func valueForwardSlice(v ir.Value, opts sliceOptions) *opSet {
	slice := newOpSet()
	for _, u := range ir.Users(v) {
		if !slice.has[u] {
			forwardSliceWith(u, slice, opts)
			if opts.keep(u) {
				slice.insert(u)
			}
		}
	}
	return slice
}

// connectedSlice is MLIR's getSlice: op and everything reachable from it by
// alternating backward and forward slices, to a fixed point.
func connectedSlice(op *ir.Operation) []*ir.Operation { return connectedSliceWith(op, sliceOptions{}) }

// connectedSliceWith is connectedSlice with both directions under opts.
// Its list is in no particular order.
//
// getSlice takes the backward and the forward slice of every op of the
// slice, and these reach nothing but the ops the single steps of
// backwardSliceWith and forwardSliceWith reach from some op of the slice:
// the slice is closed under those steps, and is found here by taking each
// op's steps once (the slices of the ops of a loop body, hundreds, walked
// it again from each).
//
// Passes take the slice of every memory op or dot of a function, each
// as large as the function in a kernel of one loop: membership is kept in
// the ops' marks (ir.OpMarks), not hashed, and the marks are cleared
// before returning. (A loop of 526 dots, unrolled 64 times, took 1.2 s of
// tritongpu-coalesce and 0.8 s of accelerate-matmul with a map.)
func connectedSliceWith(op *ir.Operation, opts sliceOptions) []*ir.Operation {
	marks := ir.NewOpMarks()
	var other map[*ir.Operation]bool // ops holding another holder's mark
	var list []*ir.Operation
	insert := func(o *ir.Operation) {
		if _, in := marks.Get(o); in || other[o] {
			return
		}
		if !marks.Set(o, 1) {
			if other == nil {
				other = map[*ir.Operation]bool{}
			}
			other[o] = true
		}
		list = append(list, o)
	}
	insert(op)
	for i := 0; i < len(list); i++ {
		cur := list[i]
		if !opts.keep(cur) {
			continue // only op itself: the filter kept the others
		}
		sliceSteps(cur, opts, insert)
	}
	for _, o := range list {
		marks.Clear(o)
	}
	return list
}

// sliceSteps calls step with every op connectedSliceWith reaches from cur
// in one step (an op may come more than once). Backward, an op joins if
// the filter keeps it and it is not isolated from above: the defining op
// of an operand, and the parent of a block argument when that parent has
// one single-block region. Forward, if the filter keeps it: the ops
// nested one level down and the users of cur's results.
func sliceSteps(cur *ir.Operation, opts sliceOptions, step func(*ir.Operation)) {
	backward := func(o *ir.Operation) {
		if o != nil && !o.Has(ir.IsolatedFromAbove) && opts.keep(o) {
			step(o)
		}
	}
	forward := func(o *ir.Operation) {
		if opts.keep(o) {
			step(o)
		}
	}
	if !cur.Has(ir.IsolatedFromAbove) {
		for i := range cur.NumOperands() {
			v := cur.Operand(i)
			if d := v.DefiningOp(); d != nil {
				backward(d)
				continue
			}
			if a, ok := v.(*ir.BlockArgument); ok && !opts.omitBlockArgs {
				if p := a.Owner().ParentOp(); p != nil && p.NumRegions() == 1 && p.Region(0).NumBlocks() == 1 {
					backward(p)
				}
			}
		}
	}
	for _, r := range cur.Regions() {
		for _, b := range r.Blocks() {
			for n := b.First(); n != nil; n = n.Next() {
				forward(n)
			}
		}
	}
	for i := range cur.NumResults() {
		for u := cur.Result(i).FirstUse(); u != nil; u = u.NextUse() {
			forward(u.Owner())
		}
	}
}
