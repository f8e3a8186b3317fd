package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Predication of the expanded loop. The expander wraps each op of a stage
// that may run for a nonexistent iteration in a ttg.mask region guarded by
// the stage's predicate; once the loop is expanded (and the predicates
// folded), each masked op is moved out and given the predicate in the
// form its kind understands (Triton's wrapInMaskOp, resolveMaskOp and
// predicateOp).

// wrapInMask moves op into a `ttg.mask pred` region returning its results.
func wrapInMask(op *ir.Operation, pred ir.Value) *ir.Operation {
	ctx := op.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(op)
	st := ir.NewState(ctx, "ttg.mask", op.Loc())
	st.Operands = []ir.Value{pred}
	st.Types = op.ResultTypes()
	blk := ir.NewBlock(ctx, nil, nil)
	st.AddRegion().Append(blk)
	mask := b.Create(st)
	op.Remove()
	blk.Append(op)
	rb := ir.NewBuilder(ctx)
	rb.SetInsertionPointToEnd(blk)
	rb.CreateOp("ttg.mask.return", op.Loc(), op.Results(), nil)
	for i, r := range op.Results() {
		ir.ReplaceUsesIf(r, mask.Result(i), func(u *ir.OpOperand) bool { return u.Owner().Name() != "ttg.mask.return" || u.Owner().Block() != blk })
	}
	return mask
}

// resolveMasks folds the module's constants (so that always-true
// predicates disappear), then replaces every ttg.mask by its ops, each
// predicated.
func resolveMasks(module *ir.Operation) error {
	if err := foldModule(module); err != nil {
		return err
	}
	var masks []*ir.Operation
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "ttg.mask" {
			masks = append(masks, op)
		}
		return ir.Advance
	})
	for _, mask := range masks {
		blk := mask.Region(0).Front()
		pred := mask.Operand(0)
		for blk.First() != blk.Last() {
			op := blk.First()
			op.MoveBefore(mask)
			if err := predicateOp(op, pred); err != nil {
				return err
			}
		}
		for i, r := range mask.Results() {
			ir.ReplaceAllUsesWith(r, blk.Last().Operand(i))
		}
		mask.Erase()
	}
	return nil
}

// isTrue reports whether v is the constant true.
func isTrue(v ir.Value) bool {
	c, ok := arith.MatchConstantInt(v)
	return ok && c == 1
}

// predicateOp makes op run only when pred holds, folding pred into its
// mask, predicate or condition. Ops without side effects, and ops whose
// effects are harmless when repeated (waits, fences, reads of shared or
// tensor memory), are left as they are.
func predicateOp(op *ir.Operation, pred ir.Value) error {
	if ir.IsMemoryEffectFree(op) || isTrue(pred) {
		return nil
	}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPoint(op)
	switch op.Name() {
	case "llvm.intr.assume", "ttng.fence_async_shared", "ttg.async_commit_group", "ttg.async_wait",
		"ttg.local_load", "ttg.local_store", "ttng.tmem_alloc", "ttng.tmem_load":
		return nil
	case "scf.if":
		c := scf.IfOp{Operation: op}.Condition()
		op.SetOperand(0, tt.PredMask(b, c.Type(), c, pred))
		return nil
	case "ttg.async_copy_global_to_local":
		var mask ir.Value
		if ms := ttg.AsyncCopyGlobalToLocal.Operand(op, "mask"); len(ms) == 1 {
			mask = ms[0]
		}
		setAsyncCopyMask(op, tt.PredMask(b, op.Operand(0).Type(), mask, pred))
		return nil
	case "tt.load":
		l := tt.LoadOp{Operation: op}
		tt.SetLoadMask(op, tt.PredMask(b, l.Ptr().Type(), l.Mask(), pred))
		return nil
	case "ttng.async_tma_copy_global_to_local":
		i := op.NumOperands() - 1
		op.SetOperand(i, tt.PredMask(b, op.Operand(i).Type(), op.Operand(i), pred))
		return nil
	case "ttng.async_tma_gather", "ttng.barrier_expect":
		i := op.NumOperands() - 1
		op.SetOperand(i, tt.PredMask(b, op.Operand(i).Type(), op.Operand(i), pred))
		return nil
	case "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled":
		i := mmaGroupStart(mmaSegments(op), mmaGroup(op, "pred"))
		op.SetOperand(i, tt.PredMask(b, op.Operand(i).Type(), op.Operand(i), pred))
		return nil
	case "ttng.tmem_store":
		i := op.NumOperands() - 1
		op.SetOperand(i, tt.PredMask(b, op.Operand(i).Type(), op.Operand(i), pred))
		return nil
	case "ttng.wait_barrier":
		setOptionalPred(op, 2, pred, b, true)
		return nil
	case "ttng.arrive_barrier", "ttng.tc_gen5_commit":
		setOptionalPred(op, 1, pred, b, false)
		return nil
	case "tt.store":
		s := tt.StoreOp{Operation: op}
		tt.SetTrailingMask(op, 2, tt.PredMask(b, s.Ptr().Type(), s.Mask(), pred))
		return nil
	case "tt.atomic_rmw":
		a := tt.AtomicRMWOp{Operation: op}
		tt.SetTrailingMask(op, 2, tt.PredMask(b, a.Ptr().Type(), a.Mask(), pred))
		return nil
	}
	if !op.Registered() {
		// Unregistered ops are left alone (lit tests use them freely).
		return nil
	}
	return ir.OpErrorf(op, "pipeliner doesn't know how to predicate this op.")
}

// setAsyncCopyMask sets (or adds) the mask of an async copy.
func setAsyncCopyMask(op *ir.Operation, mask ir.Value) {
	seg, _ := op.Attr(asmfmt.SegmentsAttr).(*ir.DenseArrayAttr)
	sizes := []int64{1, 1, 0, 0}
	if seg != nil {
		sizes = append([]int64(nil), seg.Ints...)
	}
	if sizes[2] == 1 {
		op.SetOperand(2, mask)
		return
	}
	op.InsertOperands(2, mask)
	sizes[2] = 1
	op.SetProp(asmfmt.SegmentsAttr, ir.DenseI32Array(op.Context(), sizes))
}

// setOptionalPred and-s pred into the optional predicate operand at index
// i (adding it if absent); withSegments updates the operand segments.
func setOptionalPred(op *ir.Operation, i int, pred ir.Value, b *ir.Builder, withSegments bool) {
	present := false
	if withSegments {
		seg := op.Attr(asmfmt.SegmentsAttr).(*ir.DenseArrayAttr)
		present = seg.Ints[i] == 1
		if !present {
			sizes := append([]int64(nil), seg.Ints...)
			sizes[i] = 1
			op.InsertOperands(i, pred)
			op.SetProp(asmfmt.SegmentsAttr, ir.DenseI32Array(op.Context(), sizes))
			return
		}
	} else {
		present = op.NumOperands() > i
		if !present {
			op.InsertOperands(i, pred)
			return
		}
	}
	op.SetOperand(i, tt.PredMask(b, op.Operand(i).Type(), op.Operand(i), pred))
}
