package scf

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

func init() {
	ForOpDef.Canonicalize = []ir.RewritePattern{
		ir.NewPattern("ForOpIterArgsFolder", "scf.for", 1, forOpIterArgsFolder),
		ir.NewPattern("SimplifyTrivialLoops", "scf.for", 1, simplifyTrivialLoops),
	}
	IfOpDef.Canonicalize = []ir.RewritePattern{
		ir.NewPattern("SwapNotCondition", "scf.if", 1, swapNotCondition),
		ir.NewPattern("ConditionPropagation", "scf.if", 1, conditionPropagation),
		ir.NewPattern("ConvertTrivialIfToSelect", "scf.if", 1, convertTrivialIfToSelect),
		ir.NewPattern("RemoveEmptyElseBranch", "scf.if", 1, removeEmptyElseBranch),
		ir.NewPattern("RemoveStaticCondition", "scf.if", 1, removeStaticCondition),
		ir.NewPattern("RemoveUnusedResults", "scf.if", 1, removeUnusedResults),
		ir.NewPattern("ReplaceIfYieldWithConditionOrValue", "scf.if", 1, replaceIfYieldWithConditionOrValue),
	}
	ExecuteRegionOpDef.Canonicalize = []ir.RewritePattern{ir.NewPattern("SingleBlockExecuteInliner", "scf.execute_region", 1, singleBlockExecuteInliner)}
}

// replaceOpWithRegion inlines the single block of r before op, replaces
// op's results with the block terminator's operands and erases both. The
// operands are read after the inlining: a terminator that yields one of
// the block's arguments then yields what args gave it (MLIR reads them
// through a live view; Operands returns a copy).
func replaceOpWithRegion(rw ir.Rewriter, op *ir.Operation, r *ir.Region, args []ir.Value) {
	blk := r.Front()
	term := blk.Last()
	rw.InlineBlockBefore(blk, op, args)
	rw.ReplaceOp(op, term.Operands())
	rw.EraseOp(term)
}

// boolConst returns the value of an i1 constant.
func boolConst(v ir.Value) (bool, bool) {
	a, ok := arith.ConstantAttrOf(v).(*ir.IntegerAttr)
	if !ok || !ir.IsInteger(a.Typ, 1) {
		return false, false
	}
	return a.Bits != 0, true
}

// --- scf.for ---

// intConstOf returns the scalar integer constant v, sign-extended.
func intConstOf(v ir.Value) (int64, bool) {
	a, ok := arith.ConstantAttrOf(v).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return ir.SignExtend(a.Bits, ir.BitWidth(a.Typ)), true
}

// constDiff computes ub - lb when both are constants (wrapping at their
// width) or ub = lb + c.
func constDiff(lb, ub ir.Value) (int64, bool) {
	la, ok1 := arith.ConstantAttrOf(lb).(*ir.IntegerAttr)
	ua, ok2 := arith.ConstantAttrOf(ub).(*ir.IntegerAttr)
	if ok1 && ok2 {
		w := ir.BitWidth(la.Typ)
		return ir.SignExtend(ir.Truncate(ua.Bits-la.Bits, w), w), true
	}
	if add := ub.DefiningOp(); add != nil && add.Def() == arith.AddIOp {
		for i := 0; i < 2; i++ {
			if add.Operand(i) == lb {
				if c, ok := arith.MatchConstantInt(add.Operand(1 - i)); ok {
					return c, true
				}
			}
		}
	}
	return 0, false
}

// simplifyTrivialLoops erases loops that do not iterate, inlines loops
// that iterate once, and replaces empty loops whose yields are defined
// outside by those values.
func simplifyTrivialLoops(op *ir.Operation, rw ir.Rewriter) bool {
	f := ForOp{op}
	if f.LowerBound() == f.UpperBound() {
		rw.ReplaceOp(op, f.Inits())
		return true
	}
	if f.Unsigned() {
		return false
	}
	diff, ok := constDiff(f.LowerBound(), f.UpperBound())
	if !ok {
		return false
	}
	if diff <= 0 {
		rw.ReplaceOp(op, f.Inits())
		return true
	}
	step, ok := intConstOf(f.Step())
	if !ok {
		return false
	}
	if step >= diff {
		args := append([]ir.Value{f.LowerBound()}, f.Inits()...)
		replaceOpWithRegion(rw, op, op.Region(0), args)
		return true
	}
	body := f.Body()
	if body.First() != body.Last() {
		return false
	}
	for _, v := range f.YieldedValues() {
		if pb := v.ParentBlock(); pb != nil && op.Region(0).IsAncestorOf(pb.Region()) {
			return false
		}
	}
	rw.ReplaceOp(op, f.YieldedValues())
	return true
}

// forOpIterArgsFolder drops loop-carried values that are forwarded
// unchanged (yielded as is, yielded as their init value, or unused along
// with their result), and merges iter args that always hold the same value
// as an earlier one (same init, same yielded value): MLIR's
// ForOpIterArgsFolder at the LLVM revision Triton 3.6 builds with.
func forOpIterArgsFolder(op *ir.Operation, rw ir.Rewriter) bool {
	if !mayDropIterArgs(op) {
		return false
	}
	f := ForOp{op}
	inits, iterArgs, results, yielded := f.Inits(), f.RegionIterArgs(), op.Results(), f.YieldedValues()
	keep := make([]bool, len(inits))
	any := false
	type pair struct{ init, yielded ir.Value }
	seen := map[pair]int{}
	for i := range inits {
		fwd := iterArgs[i] == yielded[i] || inits[i] == yielded[i] ||
			!ir.HasUses(iterArgs[i]) && !ir.HasUses(results[i])
		if !fwd {
			if j, ok := seen[pair{inits[i], yielded[i]}]; ok {
				rw.ReplaceAllUsesWith(iterArgs[i], iterArgs[j])
				rw.ReplaceAllUsesWith(results[i], results[j])
				fwd = true
			} else {
				seen[pair{inits[i], yielded[i]}] = i
			}
		}
		keep[i] = !fwd
		any = any || fwd
	}
	if !any {
		return false
	}
	RebuildForKeeping(rw, op, keep)
	return true
}

// maxPairScan bounds the loops whose repeated (init, yielded) pairs
// mayDropIterArgs looks for by comparing each pair with the earlier ones.
const maxPairScan = 32

// mayDropIterArgs reports whether scf.for op may have an iter arg to drop
// or merge: one forwarded unchanged (yielded as is, yielded as its init
// value, or unused along with its result), or one whose (init, yielded)
// pair repeats an earlier one's. It reads the loop in place: the folder
// is tried on every loop in every canonicalization, and most
// loops have nothing to drop, which this finds without building the lists
// and the map of the rewrite. (It answers true, without looking, for
// loops of more than maxPairScan iter args.)
func mayDropIterArgs(op *ir.Operation) bool {
	if op.NumResults() > maxPairScan {
		return true
	}
	f := ForOp{op}
	body, yield := f.Body(), f.Yield()
	for i := 0; i < op.NumResults(); i++ {
		init, arg, yielded := op.Operand(3+i), body.Argument(1+i), yield.Operand(i)
		if arg == yielded || init == yielded || !ir.HasUses(arg) && !ir.HasUses(op.Result(i)) {
			return true
		}
		for j := 0; j < i; j++ {
			if op.Operand(3+j) == init && yield.Operand(j) == yielded {
				return true
			}
		}
	}
	return false
}

// replaceTerminator erases term for the op build creates in its place,
// which keeps term's discardable attributes.
func replaceTerminator(rw ir.Rewriter, term *ir.Operation, build func(*ir.Builder) *ir.Operation) {
	b := rw.B()
	restore := b.Restore()
	b.SetInsertionPoint(term)
	build(b).SetDiscardableAttrs(term.DiscardableAttrs())
	restore()
	rw.EraseOp(term)
}

// RebuildForKeeping replaces a scf.for by one that carries only the
// iter args marked in keep. A dropped iter arg is its init value inside
// the body and as the loop's result, so the caller drops only args for
// which that holds (forwarded unchanged, or unused along with their
// result).
func RebuildForKeeping(rw ir.Rewriter, op *ir.Operation, keep []bool) {
	f := ForOp{op}
	inits, iterArgs, results := f.Inits(), f.RegionIterArgs(), op.Results()
	ctx := op.Context()
	st := ir.NewState(ctx, "scf.for", op.Loc())
	st.Operands = []ir.Value{f.LowerBound(), f.UpperBound(), f.Step()}
	types := []ir.Type{f.InductionVar().Type()}
	locs := []ir.Location{f.InductionVar().Loc()}
	for i, k := range keep {
		if k {
			st.Operands = append(st.Operands, inits[i])
			st.Types = append(st.Types, results[i].Type())
			types = append(types, iterArgs[i].Type())
			locs = append(locs, iterArgs[i].Loc())
		}
	}
	st.Props = append(st.Props, op.Props()...)
	st.Attrs = append(st.Attrs, op.DiscardableAttrs()...)
	blk := ir.NewBlock(ctx, types, locs)
	st.AddRegion().Append(blk)
	nf := rw.Create(st)

	transfer := []ir.Value{blk.Argument(0)}
	repl := make([]ir.Value, len(inits))
	j := 0
	for i, k := range keep {
		if k {
			transfer = append(transfer, blk.Argument(j+1))
			repl[i] = nf.Result(j)
			j++
		} else {
			transfer = append(transfer, inits[i])
			repl[i] = inits[i]
		}
	}
	rw.MergeBlocks(f.Body(), blk, transfer)
	oldYield := blk.Last()
	var kept []ir.Value
	for i, k := range keep {
		if k {
			kept = append(kept, oldYield.Operand(i))
		}
	}
	replaceTerminator(rw, oldYield, func(b *ir.Builder) *ir.Operation { return NewYield(b, oldYield.Loc(), kept) })
	rw.ReplaceOp(op, repl)
}

// --- scf.if ---

// swapNotCondition rewrites `scf.if (xor c, true)` with an else region
// into `scf.if c` with the regions swapped (MLIR's IfOp::fold; done as a
// pattern because a fold of a result-less op cannot report an in-place
// change through ir.FoldResult).
func swapNotCondition(op *ir.Operation, rw ir.Rewriter) bool {
	if op.Region(1).Empty() {
		return false
	}
	xor := op.Operand(0).DefiningOp()
	if xor == nil || xor.Def() != arith.XOrIOp {
		return false
	}
	if c, ok := boolConst(xor.Operand(1)); !ok || !c {
		return false
	}
	rw.ModifyInPlace(op, func() {
		op.SetOperand(0, xor.Operand(0))
		thenR, elseR := op.Region(0), op.Region(1)
		tmp := ir.NewRegion()
		tmp.TakeBody(thenR)
		thenR.TakeBody(elseR)
		elseR.TakeBody(tmp)
	})
	return true
}

// removeStaticCondition inlines the taken region of an if with a
// constant condition.
func removeStaticCondition(op *ir.Operation, rw ir.Rewriter) bool {
	c, ok := boolConst(op.Operand(0))
	if !ok {
		return false
	}
	switch {
	case c:
		replaceOpWithRegion(rw, op, op.Region(0), nil)
	case !op.Region(1).Empty():
		replaceOpWithRegion(rw, op, op.Region(1), nil)
	default:
		rw.EraseOp(op)
	}
	return true
}

// removeEmptyElseBranch drops an else region holding only its yield.
func removeEmptyElseBranch(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumResults() != 0 {
		return false
	}
	eb := IfOp{op}.ElseBlock()
	if eb == nil || eb.First() != eb.Last() {
		return false
	}
	rw.EraseBlock(eb)
	return true
}

// removeUnusedResults rebuilds an if without its unused results.
func removeUnusedResults(op *ir.Operation, rw ir.Rewriter) bool {
	used := ir.UsedResults(op)
	if len(used) == op.NumResults() {
		return false
	}
	ctx := op.Context()
	st := ir.NewState(ctx, "scf.if", op.Loc())
	st.Operands = []ir.Value{op.Operand(0)}
	for _, i := range used {
		st.Types = append(st.Types, op.Result(i).Type())
	}
	st.Attrs = append(st.Attrs, op.DiscardableAttrs()...)
	tb, eb := ir.NewBlock(ctx, nil, nil), ir.NewBlock(ctx, nil, nil)
	st.AddRegion().Append(tb)
	st.AddRegion().Append(eb)
	n := rw.Create(st)
	transfer := func(src, dst *ir.Block) {
		rw.MergeBlocks(src, dst, nil)
		y := dst.Last()
		var vals []ir.Value
		for _, i := range used {
			vals = append(vals, y.Operand(i))
		}
		rw.ModifyInPlace(y, func() { y.SetOperands(vals) })
	}
	transfer(op.Region(0).Front(), tb)
	transfer(op.Region(1).Front(), eb)
	ir.ReplaceKeptResults(rw, op, n, used)
	return true
}

// convertTrivialIfToSelect hoists yielded values defined outside the if
// into arith.select ops.
func convertTrivialIfToSelect(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumResults() == 0 || op.Region(1).Empty() {
		return false
	}
	ifOp := IfOp{op}
	cond := ifOp.Condition()
	tvs, fvs := ifOp.ThenYield().Operands(), ifOp.ElseYield().Operands()
	inRegion := func(v ir.Value, r *ir.Region) bool {
		pb := v.ParentBlock()
		return pb != nil && pb.Region() == r
	}
	var nonHoist []ir.Type
	for i := range tvs {
		if inRegion(tvs[i], op.Region(0)) || inRegion(fvs[i], op.Region(1)) {
			nonHoist = append(nonHoist, tvs[i].Type())
		}
	}
	if len(nonHoist) == op.NumResults() {
		return false
	}
	ctx := op.Context()
	st := ir.NewState(ctx, "scf.if", op.Loc())
	st.Operands = []ir.Value{cond}
	st.Types = nonHoist
	st.Attrs = append(st.Attrs, op.DiscardableAttrs()...)
	thenR, elseR := st.AddRegion(), st.AddRegion()
	thenR.TakeBody(op.Region(0))
	elseR.TakeBody(op.Region(1))
	repl := rw.Create(st)
	b := rw.B()
	restore := b.Restore()
	b.SetInsertionPoint(repl)

	results := make([]ir.Value, op.NumResults())
	var trueY, falseY []ir.Value
	for i := range tvs {
		tv, fv := tvs[i], fvs[i]
		switch {
		case inRegion(tv, repl.Region(0)) || inRegion(fv, repl.Region(1)):
			results[i] = repl.Result(len(trueY))
			trueY, falseY = append(trueY, tv), append(falseY, fv)
		case tv == fv:
			results[i] = tv
		default:
			results[i] = arith.NewSelect(b, op.Loc(), cond, tv, fv).Result(0)
		}
	}
	for r, vals := range [][]ir.Value{trueY, falseY} {
		y := repl.Region(r).Front().Last()
		b.SetInsertionPoint(y)
		NewYield(b, y.Loc(), vals)
		rw.EraseOp(y)
	}
	restore()
	rw.ReplaceOp(op, results)
	return true
}

// replaceIfYieldWithConditionOrValue replaces results yielding the same
// value in both branches by it, and results yielding true/false
// constants by the condition (or its negation).
func replaceIfYieldWithConditionOrValue(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumResults() == 0 || op.Region(1).Empty() {
		return false
	}
	ifOp := IfOp{op}
	tvs, fvs := ifOp.ThenYield().Operands(), ifOp.ElseYield().Operands()
	changed := false
	for i, r := range op.Results() {
		tv, fv := tvs[i], fvs[i]
		if tv == fv {
			if ir.HasUses(r) {
				rw.ReplaceAllUsesWith(r, tv)
				changed = true
			}
			continue
		}
		t, ok1 := boolConst(tv)
		f, ok2 := boolConst(fv)
		if !ok1 || !ok2 || !ir.HasUses(r) {
			continue
		}
		switch {
		case !t && f:
			one := arith.ConstantBool(rw.B(), op.Loc(), true)
			not := arith.NewBinary(rw.B(), "arith.xori", op.Loc(), ifOp.Condition(), one)
			rw.ReplaceAllUsesWith(r, not.Result(0))
			changed = true
		case t && !f:
			rw.ReplaceAllUsesWith(r, ifOp.Condition())
			changed = true
		}
	}
	return changed
}

// conditionPropagation replaces uses of the condition inside the then
// (else) region by true (false).
func conditionPropagation(op *ir.Operation, rw ir.Rewriter) bool {
	cond := op.Operand(0)
	if arith.ConstantAttrOf(cond) != nil {
		return false
	}
	var trueV, falseV ir.Value
	changed := false
	for _, u := range ir.Uses(cond) {
		pr := u.Owner().ParentRegion()
		if pr == nil {
			continue
		}
		switch {
		case op.Region(0).IsAncestorOf(pr):
			if trueV == nil {
				trueV = arith.ConstantBool(rw.B(), op.Loc(), true)
			}
			rw.ModifyInPlace(u.Owner(), func() { u.Set(trueV) })
			changed = true
		case op.Region(1).IsAncestorOf(pr):
			if falseV == nil {
				falseV = arith.ConstantBool(rw.B(), op.Loc(), false)
			}
			rw.ModifyInPlace(u.Owner(), func() { u.Set(falseV) })
			changed = true
		}
	}
	return changed
}

// --- scf.execute_region ---

func singleBlockExecuteInliner(op *ir.Operation, rw ir.Rewriter) bool {
	if op.Region(0).NumBlocks() != 1 {
		return false
	}
	replaceOpWithRegion(rw, op, op.Region(0), nil)
	return true
}
