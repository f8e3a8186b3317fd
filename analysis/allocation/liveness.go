package allocation

import "github.com/ttcompiler/tt/ir"

// liveness is MLIR's Liveness analysis (mlir/Analysis/Liveness.h) of one
// op: per block, the values live on entry and on exit, computed over the
// blocks of every nested region. A value used in a nested region counts
// as used by the block that contains the region's op, so a value used
// inside a loop body is live across the whole loop op.
//
// The allocation asks about its buffers' values only, and each value's
// liveness is a problem of its own (its sets never depend on another
// value's), so the sets hold only the tracked values: the same answers
// for those, without the sets of every value of the function (a lowered
// dot kernel's thousands), which were most of the allocation's cost.
type liveness struct {
	blocks map[*ir.Block]*blockLiveness
	track  func(ir.Value) bool
}

type valueSet map[ir.Value]struct{}

func (s valueSet) has(v ir.Value) bool {
	_, ok := s[v]
	return ok
}

type blockLiveness struct {
	block   *ir.Block
	in, out valueSet
	// uses are the values used in the block, or in regions nested in it,
	// that are defined outside it.
	uses valueSet
}

// defines reports whether v is defined in bl's block or in a region
// nested in it (MLIR's per-block def set, asked of a value instead of
// listing every definition).
func (bl *blockLiveness) defines(v ir.Value) bool {
	if v == nil {
		return false
	}
	var at *ir.Block
	if d := v.DefiningOp(); d != nil {
		at = d.Block()
	} else if a, ok := v.(*ir.BlockArgument); ok {
		at = a.Owner()
	}
	return at != nil && ancestorBlockIn(bl.block.Region(), at) == bl.block
}

// newLiveness computes the liveness of the values for which track holds
// in every block nested in op; liveOps answers for those values only.
func newLiveness(op *ir.Operation, track func(ir.Value) bool) *liveness {
	l := &liveness{blocks: map[*ir.Block]*blockLiveness{}, track: track}
	var order []*ir.Block
	var visit func(o *ir.Operation)
	visit = func(o *ir.Operation) {
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				order = append(order, b)
				for c := b.First(); c != nil; c = c.Next() {
					visit(c)
				}
			}
		}
	}
	visit(op)
	// Fixed point of in = uses ∪ out − defs, out = ∪ in(successors),
	// processing the predecessors of any block whose in-set grew.
	var work []*ir.Block
	queued := map[*ir.Block]bool{}
	push := func(bs []*ir.Block) {
		for _, p := range bs {
			if !queued[p] {
				queued[p] = true
				work = append(work, p)
			}
		}
	}
	// Blocks nested in a block come after it in order: built in reverse,
	// a block finds the uses of the blocks nested in it ready.
	for i := len(order) - 1; i >= 0; i-- {
		l.blocks[order[i]] = l.newBlockLiveness(order[i])
	}
	for _, b := range order {
		if l.blocks[b].updateIn() {
			push(b.Predecessors())
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		queued[b] = false
		bl := l.blocks[b]
		if bl == nil {
			continue
		}
		for _, s := range b.Successors() {
			if sl := l.blocks[s]; sl != nil {
				for v := range sl.in {
					bl.out[v] = struct{}{}
				}
			}
		}
		if bl.updateIn() {
			push(b.Predecessors())
		}
	}
	return l
}

// newBlockLiveness computes the sets of b; those of the blocks nested in
// it must be in l.blocks.
func (l *liveness) newBlockLiveness(b *ir.Block) *blockLiveness {
	track := l.track
	bl := &blockLiveness{block: b, in: valueSet{}, out: valueSet{}, uses: valueSet{}}
	region := b.Region()
	// A value escapes the block when a use lies in another block of the
	// same region (uses in nested regions stay inside).
	escapes := func(v ir.Value) {
		if !track(v) {
			return
		}
		for u := v.FirstUse(); u != nil; u = u.NextUse() {
			ub := ancestorBlockIn(region, u.Owner().Block())
			if ub != nil && ub != b {
				bl.out[v] = struct{}{}
				return
			}
		}
	}
	for i, n := 0, b.NumArguments(); i < n; i++ {
		escapes(b.Argument(i))
	}
	for o := b.First(); o != nil; o = o.Next() {
		for i := range o.NumResults() {
			escapes(o.Result(i))
		}
	}
	// The uses of the block's own ops, and those of its nested blocks
	// that the block does not define either (what is defined in a nested
	// block is defined in this one): each operand is asked about once,
	// not once for every block it is nested in.
	for o := b.First(); o != nil; o = o.Next() {
		for i := range o.NumOperands() {
			if x := o.Operand(i); track(x) && !bl.defines(x) {
				bl.uses[x] = struct{}{}
			}
		}
		for _, r := range o.Regions() {
			for _, nb := range r.Blocks() {
				for x := range l.blocks[nb].uses {
					if !bl.defines(x) {
						bl.uses[x] = struct{}{}
					}
				}
			}
		}
	}
	return bl
}

// updateIn recomputes the live-in set and reports whether it grew. The
// sets only grow (out does, uses are fixed), so the new set is the old
// one with what it lacks added.
func (bl *blockLiveness) updateIn() bool {
	n := len(bl.in)
	for v := range bl.uses {
		bl.in[v] = struct{}{}
	}
	for v := range bl.out {
		if !bl.defines(v) {
			bl.in[v] = struct{}{}
		}
	}
	return len(bl.in) != n
}

// ancestorBlockIn returns the ancestor of b (or b) that lies in region r.
func ancestorBlockIn(r *ir.Region, b *ir.Block) *ir.Block {
	for b != nil {
		if b.Region() == r {
			return b
		}
		p := b.ParentOp()
		if p == nil {
			return nil
		}
		b = p.Block()
	}
	return nil
}

// liveOps returns the ops at which v is live (Liveness::resolveLiveness):
// in its defining block from its definition (or the block start) to its
// last use (or the block end when it lives on), and the same in every
// block that uses it or that it flows into.
func (l *liveness) liveOps(v ir.Value) []*ir.Operation {
	var out []*ir.Operation
	l.liveSegments(v, func(first, last *ir.Operation) {
		for o := first; o != nil; o = o.Next() {
			out = append(out, o)
			if o == last {
				break
			}
		}
	})
	return out
}

// liveSegments calls fn with the first and last op of each run of ops of
// one block at which v is live, in liveOps' order, without listing them.
func (l *liveness) liveSegments(v ir.Value, fn func(first, last *ir.Operation)) {
	var def *ir.Block
	if d := v.DefiningOp(); d != nil {
		def = d.Block()
	} else if a, ok := v.(*ir.BlockArgument); ok {
		def = a.Owner()
	}
	if def == nil {
		return
	}
	// The uses are read from v's use list: an op using v twice is
	// looked at twice, which changes neither the blocks nor the last use
	// found, and ir.Users would build a list and a map at every block.
	visited := map[*ir.Block]bool{def: true}
	work := []*ir.Block{def}
	for use := v.FirstUse(); use != nil; use = use.NextUse() {
		if b := use.Owner().Block(); b != nil && !visited[b] {
			visited[b] = true
			work = append(work, b)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		bl := l.blocks[b]
		if bl == nil || b.Empty() {
			continue
		}
		start := v.DefiningOp()
		if bl.in.has(v) || start == nil || start.Block() != b {
			start = b.First()
		}
		end := start
		if bl.out.has(v) {
			end = b.Last()
		} else {
			for use := v.FirstUse(); use != nil; use = use.NextUse() {
				if a := b.FindAncestorOp(use.Owner()); a != nil && end.IsBeforeInBlock(a) {
					end = a
				}
			}
		}
		fn(start, end)
		for _, s := range b.Successors() {
			if sl := l.blocks[s]; sl != nil && sl.in.has(v) && !visited[s] {
				visited[s] = true
				work = append(work, s)
			}
		}
	}
}
