package scf

import "github.com/ttcompiler/tt/ir"

// scf.while canonicalization: the loop-invariant patterns of MLIR's
// WhileOp at the LLVM revision Triton 3.6 builds with. A value the loop
// carries around unchanged is taken from outside instead, so that the
// loop keeps only what it changes.

func init() {
	WhileOpDef.Canonicalize = []ir.RewritePattern{
		ir.NewPattern("RemoveLoopInvariantArgsFromBeforeBlock", "scf.while", 1, removeLoopInvariantArgsFromBeforeBlock),
		ir.NewPattern("RemoveLoopInvariantValueYielded", "scf.while", 1, removeLoopInvariantValueYielded),
	}
}

// removeLoopInvariantArgsFromBeforeBlock drops the before block's
// arguments that always hold their init value: those the after block
// yields back as the init itself, or as its own argument that the
// condition forwarded straight from the same before argument or from the
// init. Their uses take the init value.
func removeLoopInvariantArgsFromBeforeBlock(op *ir.Operation, rw ir.Rewriter) bool {
	w := WhileOp{op}
	inits, before, after := w.Inits(), w.Before(), w.After()
	forwarded := w.Condition().Operands()[1:]
	yield := w.Yield()
	invariant := make([]bool, len(inits))
	any := false
	for i, y := range yield.Operands() {
		invariant[i] = y == inits[i]
		if a, ok := y.(*ir.BlockArgument); ok && a.Owner() == after {
			if f := forwarded[a.Index()]; f == before.Argument(i) || f == inits[i] {
				invariant[i] = true
			}
		}
		any = any || invariant[i]
	}
	if !any {
		return false
	}
	var keptInits, keptYield []ir.Value
	var types []ir.Type
	var locs []ir.Location
	for i, inv := range invariant {
		if !inv {
			keptInits = append(keptInits, inits[i])
			keptYield = append(keptYield, yield.Operand(i))
			types = append(types, before.Argument(i).Type())
			locs = append(locs, before.Argument(i).Loc())
		}
	}
	ctx := op.Context()
	replaceTerminator(rw, yield, func(b *ir.Builder) *ir.Operation { return NewYield(b, yield.Loc(), keptYield) })

	nb := ir.NewBlock(ctx, types, locs)
	nw := newWhileLike(rw, op, keptInits, ir.TypesOf(op.Results()), nb, nil)
	args := make([]ir.Value, len(inits))
	j := 0
	for i, inv := range invariant {
		if inv {
			args[i] = inits[i]
		} else {
			args[i] = nb.Argument(j)
			j++
		}
	}
	rw.MergeBlocks(before, nb, args)
	rw.InlineRegionBefore(op.Region(1), nw.Region(1), nil)
	rw.ReplaceOp(op, nw.Results())
	return true
}

// removeLoopInvariantValueYielded drops the results (and after block
// arguments) for which the condition forwards a value defined outside the
// before block: that value, which does not change, replaces them.
func removeLoopInvariantValueYielded(op *ir.Operation, rw ir.Rewriter) bool {
	w := WhileOp{op}
	before, after := w.Before(), w.After()
	cond := w.Condition()
	forwarded := cond.Operands()[1:]
	invariant := make([]bool, len(forwarded))
	any := false
	for i, v := range forwarded {
		invariant[i] = v.ParentBlock() != before
		any = any || invariant[i]
	}
	if !any {
		return false
	}
	var keptFwd []ir.Value
	var types []ir.Type
	var locs []ir.Location
	for i, inv := range invariant {
		if !inv {
			keptFwd = append(keptFwd, forwarded[i])
			types = append(types, op.Result(i).Type())
			locs = append(locs, after.Argument(i).Loc())
		}
	}
	ctx := op.Context()
	replaceTerminator(rw, cond, func(b *ir.Builder) *ir.Operation {
		return NewCondition(b, cond.Loc(), cond.Operand(0), keptFwd)
	})

	na := ir.NewBlock(ctx, types, locs)
	nw := newWhileLike(rw, op, w.Inits(), types, nil, na)
	rw.InlineRegionBefore(op.Region(0), nw.Region(0), nil)
	args := make([]ir.Value, len(forwarded))
	repl := make([]ir.Value, len(forwarded))
	j := 0
	for i, inv := range invariant {
		if inv {
			args[i], repl[i] = forwarded[i], forwarded[i]
		} else {
			args[i], repl[i] = na.Argument(j), nw.Result(j)
			j++
		}
	}
	rw.MergeBlocks(after, na, args)
	rw.ReplaceOp(op, repl)
	return true
}

// newWhileLike creates, at the rewriter's insertion point, an scf.while
// with old's attributes, the given inits and result types, and the given
// before and after blocks (a nil one leaves its region empty for the
// caller to fill).
func newWhileLike(rw ir.Rewriter, old *ir.Operation, inits []ir.Value, results []ir.Type, before, after *ir.Block) *ir.Operation {
	st := ir.NewState(old.Context(), "scf.while", old.Loc())
	st.Operands = inits
	st.Types = results
	st.Props = append(st.Props, old.Props()...)
	st.Attrs = append(st.Attrs, old.DiscardableAttrs()...)
	for _, b := range []*ir.Block{before, after} {
		r := st.AddRegion()
		if b != nil {
			r.Append(b)
		}
	}
	return rw.Create(st)
}
