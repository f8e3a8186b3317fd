package ttg

import "github.com/ttcompiler/tt/ir"

// Triton 3.6's WarpSpecializeOp::canonicalize: a warp_specialize keeps
// only the captures some partition reads, each capture once, and the
// results something uses.

func init() {
	WarpSpecialize.Canonicalize = []ir.RewritePattern{
		ir.NewPattern("WarpSpecializeDropUnused", "ttg.warp_specialize", 1, canonicalizeWarpSpecialize),
	}
}

// canonicalizeWarpSpecialize drops the captures no partition region reads,
// makes the partitions read a capture listed twice through its first
// listing (and drops the second), and rebuilds the op without the results
// nothing uses, the default region's yields shrinking with them.
func canonicalizeWarpSpecialize(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumRegions() < 2 || op.Region(1).Empty() || op.Region(1).Front().First() == nil {
		return false // the verifier reports it
	}
	parts := PartitionRegions(op)
	for _, r := range parts {
		if r.Empty() || r.Front().NumArguments() != op.NumOperands() {
			return false // the verifier reports it
		}
	}
	drop := make([]bool, op.NumOperands())
	dropped := 0
	firstListing := map[ir.ValueKey]int{}
	for i := range drop {
		read := false
		for _, r := range parts {
			read = read || ir.HasUses(r.Front().Argument(i))
		}
		if !read {
			drop[i] = true
			dropped++
			continue
		}
		capture := op.Operand(i)
		if j, ok := firstListing[ir.KeyOf(capture)]; ok {
			for _, r := range parts {
				rw.ReplaceAllUsesWith(r.Front().Argument(i), r.Front().Argument(j))
			}
			drop[i] = true
			dropped++
			continue
		}
		firstListing[ir.KeyOf(capture)] = i
	}
	used := ir.UsedResults(op)
	if dropped == 0 && len(used) == op.NumResults() {
		return false
	}
	if dropped > 0 {
		holder := op.Region(1).Front().First()
		rw.ModifyInPlace(holder, func() {
			for _, r := range parts {
				for i := len(drop) - 1; i >= 0; i-- {
					if drop[i] {
						r.Front().EraseArgument(i)
					}
				}
			}
		})
		var kept []ir.Value
		for i, v := range op.Operands() {
			if !drop[i] {
				kept = append(kept, v)
			}
		}
		rw.ModifyInPlace(op, func() { op.SetOperands(kept) })
	}
	if len(used) == op.NumResults() {
		return true
	}
	for _, b := range op.Region(0).Blocks() {
		if y := b.Last(); y != nil && y.Name() == "ttg.warp_yield" {
			vals := make([]ir.Value, len(used))
			for j, i := range used {
				vals[j] = y.Operand(i)
			}
			rw.ModifyInPlace(y, func() { y.SetOperands(vals) })
		}
	}
	st := ir.NewState(op.Context(), op.Name(), op.Loc())
	st.Operands = op.Operands()
	for _, i := range used {
		st.Types = append(st.Types, op.Result(i).Type())
	}
	st.Attrs = op.Attrs()
	st.AddRegion()
	st.AddRegion()
	n := rw.Create(st)
	rw.InlineRegionBefore(op.Region(0), n.Region(0), nil)
	rw.InlineRegionBefore(op.Region(1), n.Region(1), nil)
	ir.ReplaceKeptResults(rw, op, n, used)
	return true
}
