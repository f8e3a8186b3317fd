package ttgir

import (
	"flag"
	"math"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-optimize-thread-locality",
		DisplayName: "TritonGPUOptimizeThreadLocality",
		Summary:     "Reduce the cost of synchronization between threads in an SM",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return OptimizeThreadLocality(op) }
		},
	})
}

// OptimizeThreadLocality is Triton's tritongpu-optimize-thread-locality:
// reshapes that may reorder elements and feed a reduction get a layout
// that keeps the reduced dim inside threads, gathers get a warp-local
// layout, and a loop that accumulates a reduction of a loaded tile along
// its fastest dim accumulates the per-thread partial results instead,
// reducing across threads once after the loop.
func OptimizeThreadLocality(module *ir.Operation) error {
	set := pattern.Freeze([]ir.RewritePattern{
		ir.NewPattern("OptimizeReshapeLayoutPattern", "tt.reshape", 1, optimizeReshapeLayout),
		ir.NewPattern("OptimizeGatherLayoutPattern", "tt.gather", 1, optimizeGatherLayout),
	})
	if _, err := pattern.ApplyGreedily(module, set, pattern.DefaultConfig()); err != nil {
		return ir.Errorf(module.Loc(), "%v", err)
	}
	var reduces []*ir.Operation
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "tt.reduce" && threadLocalReduceCandidate(op) {
			reduces = append(reduces, op)
		}
		return ir.Advance
	})
	for _, r := range reduces {
		if err := makeReductionThreadLocal(r); err != nil {
			return err
		}
	}
	return nil
}

// optimizeReshapeLayout gives a reorderable reshape feeding reductions
// along one axis a blocked layout with that axis fastest-varying last, so
// the reduced elements stay within threads.
func optimizeReshapeLayout(op *ir.Operation, rw ir.Rewriter) bool {
	r := tt.ReshapeOp{Operation: op}
	if !r.AllowReorder() {
		return false
	}
	axis := -1
	for _, u := range ir.Users(op.Result(0)) {
		if u.Name() != "tt.reduce" {
			continue
		}
		a := reduceAxis(u)
		if axis >= 0 && a != axis {
			return false
		}
		axis = a
	}
	if axis < 0 {
		return false
	}
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	if b, ok := rt.Encoding.(*ttg.BlockedEncoding); ok {
		if b.ThreadsPerWarp[axis] == 1 && b.WarpsPerCTA[axis] == 1 && b.CGALayout.CTAsPerCGA()[axis] == 1 {
			return false
		}
	}
	var order []int
	for _, d := range ttg.Order(rt.Encoding, rt.Dims) {
		if d != axis {
			order = append(order, d)
		}
	}
	order = append(order, axis)
	spt := make([]int, rt.Rank())
	for i := range spt {
		spt[i] = 1
	}
	warps, _ := ttg.LookupNumWarps(op)
	mod := ttg.ModuleOf(op)
	enc := ttg.BlockedForShape(op.Context(), rt.Dims, spt, order, warps, ttg.ThreadsPerWarp(mod), ttg.NumCTAs(mod))
	if ir.Attribute(enc) == rt.Encoding {
		return false
	}
	nt := ir.RankedTensor(op.Context(), rt.Dims, rt.Elem, enc)
	if ttg.IsExpensiveView(op.Operand(0).Type(), nt) {
		return false
	}
	rw.ModifyInPlace(op, func() {
		op.Result(0).SetType(nt)
		op.SetAttr("efficient_layout", ir.Unit(op.Context()))
	})
	rw.B().SetInsertionPointAfter(op)
	cvt := ttg.NewConvertLayout(rw.B(), op.Loc(), op.Result(0), rt)
	rw.ReplaceUsesIf(op.Result(0), cvt.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != cvt })
	return true
}

// optimizeGatherLayout gives a gather a layout where each warp holds whole
// columns along the gather axis (so the gather needs only warp shuffles)
// with as few index elements per thread along the axis as possible.
func optimizeGatherLayout(op *ir.Operation, rw ir.Rewriter) bool {
	if op.Attr("efficient_layout") != nil {
		return false
	}
	ctx := op.Context()
	src := op.Operand(0).Type().(*ir.RankedTensorType)
	idx := op.Operand(1).Type().(*ir.RankedTensorType)
	axis := tt.GatherOp{Operation: op}.Axis()
	rank := src.Rank()
	if rank == 1 {
		return false
	}
	threads := ttg.ThreadsPerWarp(ttg.ModuleOf(op))
	warps, _ := ttg.LookupNumWarps(op)
	tpw := make([]int, rank)
	wpc := make([]int, rank)
	order := []int{axis}
	tpw[axis] = min(int(src.Dims[axis]), threads)
	threadsLeft := threads / tpw[axis]
	for _, d := range ttg.ThreadOrder(src.Encoding, src.Dims) {
		if d == axis {
			continue
		}
		order = append(order, d)
		tpw[d] = min(int(src.Dims[d]), threadsLeft)
		threadsLeft /= tpw[d]
	}
	wpc[axis] = 1
	warpsLeft := warps
	for _, d := range ttg.WarpOrder(src.Encoding, src.Dims) {
		if d == axis {
			continue
		}
		fit := int(src.Dims[d]) / tpw[d]
		if fit == 0 {
			return false
		}
		wpc[d] = min(fit, warpsLeft)
		warpsLeft /= wpc[d]
	}
	spt := make([]int, rank)
	for i := range spt {
		spt[i] = 1
	}
	spt[axis] = int(src.Dims[axis]) / tpw[axis]
	// Whatever lanes and warps are left broadcast along the gather axis.
	tpw[axis] *= threadsLeft
	wpc[axis] *= warpsLeft
	enc := ttg.NewBlocked(ctx, spt, tpw, wpc, order, ttg.CGAOf(src.Encoding, src.Rank()))
	b := rw.B()
	b.SetInsertionPoint(op)
	cvtSrc := ttg.NewConvertLayout(b, op.Loc(), op.Operand(0), withEncoding(ctx, src, enc))
	cvtIdx := ttg.NewConvertLayout(b, op.Loc(), op.Operand(1), withEncoding(ctx, idx, enc))
	b.SetInsertionPointAfter(op)
	out := ttg.NewConvertLayout(b, op.Loc(), op.Result(0), op.Result(0).Type())
	rw.ReplaceUsesIf(op.Result(0), out.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != out })
	rw.ModifyInPlace(op, func() {
		op.SetOperand(0, cvtSrc.Result(0))
		op.SetOperand(1, cvtIdx.Result(0))
		op.Result(0).SetType(withEncoding(ctx, op.Result(0).Type(), enc))
		op.SetAttr("efficient_layout", ir.Unit(ctx))
	})
	return true
}

// combinerOp returns the single op of a reduction's combiner region.
func combinerOp(reduce *ir.Operation) *ir.Operation {
	if reduce.NumRegions() != 1 || reduce.Region(0).NumBlocks() != 1 {
		return nil
	}
	blk := reduce.Region(0).Front()
	first := blk.First()
	if first == nil || first.Next() != blk.Last() {
		return nil
	}
	return first
}

// threadLocalReduceCandidate: a float add/mul/max/min reduction along the
// fastest dim of a blocked rank>1 tile loaded from memory, with several
// elements per thread along that dim, whose result is combined into a
// loop-carried accumulator initialized by a constant.
func threadLocalReduceCandidate(reduce *ir.Operation) bool {
	c := combinerOp(reduce)
	if c == nil {
		return false
	}
	switch c.Name() {
	case "arith.addf", "arith.mulf", "arith.maximumf", "arith.maxnumf", "arith.minimumf", "arith.minnumf":
	default:
		return false
	}
	src := reduce.Operand(0).Type().(*ir.RankedTensorType)
	if _, ok := src.Encoding.(*ttg.BlockedEncoding); !ok || src.Rank() <= 1 {
		return false
	}
	axis := reduceAxis(reduce)
	if axis != src.Rank()-1 {
		return false
	}
	for _, v := range reduce.Operands() {
		if d := v.DefiningOp(); d == nil || d.Name() != "tt.load" {
			return false
		}
	}
	if ttg.ElemsPerThread(src)[axis] == 1 {
		return false
	}
	uses := allUses(reduce)
	if len(uses) != 1 {
		return false
	}
	user := uses[0].Owner()
	userUses := allUses(user)
	if len(userUses) != 1 || userUses[0].Owner().Name() != "scf.yield" {
		return false
	}
	forOp := reduce.Block().ParentOp()
	if forOp == nil || forOp.Name() != "scf.for" {
		return false
	}
	argNum := userUses[0].Index()
	inits := forOp.Operands()[3:]
	if argNum >= len(inits) {
		return false
	}
	d := inits[argNum].DefiningOp()
	return d != nil && d.Name() == "arith.constant"
}

// allUses lists the uses of all results of op.
func allUses(op *ir.Operation) []*ir.OpOperand {
	var out []*ir.OpOperand
	for _, r := range op.Results() {
		out = append(out, ir.Uses(r)...)
	}
	return out
}

// threadLocalEncoding splits the reduced (last) dim of the blocked layout
// into a per-thread part, which becomes a new fastest dim of
// sizePerThread elements, and the rest.
func threadLocalEncoding(ctx *ir.Context, b *ttg.BlockedEncoding, axis int) *ttg.BlockedEncoding {
	rank := len(b.Order)
	spt := insertInt(b.SizePerThread, rank, b.SizePerThread[axis])
	spt[axis] = 1
	return ttg.NewBlocked(ctx, spt, insertInt(b.ThreadsPerWarp, rank, 1), insertInt(b.WarpsPerCTA, rank, 1),
		append([]int{rank}, b.Order...), b.CGALayout.AppendDim())
}

func insertInt(v []int, at, x int) []int {
	out := make([]int, 0, len(v)+1)
	out = append(out, v[:at]...)
	out = append(out, x)
	return append(out, v[at:]...)
}

func makeReductionThreadLocal(reduce *ir.Operation) error {
	ctx := reduce.Context()
	src := reduce.Operand(0).Type().(*ir.RankedTensorType)
	blocked := src.Encoding.(*ttg.BlockedEncoding)
	axis := reduceAxis(reduce)
	rank := src.Rank()
	per := int64(ttg.ElemsPerThread(src)[axis])
	enc3 := threadLocalEncoding(ctx, blocked, axis)
	viewShape := append(append([]int64(nil), src.Dims...), per)
	viewShape[axis] /= per
	viewType := ir.RankedTensor(ctx, viewShape, src.Elem, enc3)
	slice2 := ttg.NewSlice(ctx, rank, enc3)

	use := allUses(reduce)[0]
	update := use.Owner()
	if update.NumOperands() != 2 {
		return ir.OpErrorf(update, "expected a binary accumulation of the reduction")
	}
	accum, ok := update.Operand(1 - use.Index()).(*ir.BlockArgument)
	if !ok {
		return ir.OpErrorf(update, "expected the accumulator to be a loop-carried value")
	}
	forOp := accum.Owner().ParentOp()
	argNum := accum.Index()
	oldAccum := forOp.Operand(3 + argNum - 1)
	loopResult := forOp.Result(argNum - 1)
	loopUses := ir.Uses(loopResult)
	if len(loopUses) != 1 {
		return ir.OpErrorf(forOp, "expected the reduced accumulator to have one use after the loop")
	}
	loopUse := loopUses[0]
	oldYield := forOp.Region(0).Front().Last()

	// The per-thread accumulator starts at the reduction's neutral element.
	accType := ir.RankedTensor(ctx, viewShape[:rank], src.Elem, slice2)
	neutral := neutralElement(ctx, combinerOp(reduce), accType)
	if neutral == nil {
		return ir.OpErrorf(reduce, "has no neutral element for its combiner")
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(oldAccum.DefiningOp())
	newAccum := arith.NewConstant(b, oldAccum.Loc(), neutral).Result(0)

	newLoop, repl := scf.ReplaceForWithNewSignature(forOp, []ir.Value{newAccum})
	for _, p := range repl {
		ir.ReplaceAllUsesWith(p[0], p[1])
	}
	body := newLoop.Region(0).Front()
	newArg := body.Argument(body.NumArguments() - 1)

	// Reduce only the elements each thread holds.
	b.SetInsertionPointAfter(reduce)
	m := ir.NewMapping()
	for _, v := range reduce.Operands() {
		view := tt.NewReshape(b, reduce.Loc(), v, viewType, true)
		view.SetAttr("efficient_layout", ir.Unit(ctx))
		m.Map(v, view.Result(0))
	}
	local := b.Insert(reduce.Clone(m))
	local.SetAttr("axis", ir.I32Attr(ctx, int64(rank)))
	inferResultTypes(local)

	b.SetInsertionPointAfter(local)
	m = ir.NewMapping()
	m.Map(update.Operand(0), newArg)
	m.Map(update.Operand(1), local.Result(0))
	newUpdate := b.Insert(update.Clone(m))
	inferResultTypes(newUpdate)

	b.SetInsertionPoint(oldYield)
	yielded := oldYield.Operands()
	yielded[argNum-1] = body.Argument(argNum)
	yielded = append(yielded, newUpdate.Result(0))
	b.CreateOp("scf.yield", oldYield.Loc(), yielded, nil)

	// After the loop, reduce across threads once.
	b.SetInsertionPointAfter(newLoop)
	m = ir.NewMapping()
	m.Map(reduce.Operand(0), newLoop.Result(newLoop.NumResults()-1))
	post := b.Insert(reduce.Clone(m))
	inferResultTypes(post)
	b.SetInsertionPointAfter(post)
	cvt := ttg.NewConvertLayout(b, post.Loc(), post.Result(0), loopResult.Type())
	b.SetInsertionPointAfter(cvt)
	m = ir.NewMapping()
	m.Map(update.Operand(0), oldAccum)
	m.Map(update.Operand(1), cvt.Result(0))
	final := b.Insert(update.Clone(m))
	inferResultTypes(final)
	loopUse.Set(final.Result(0))

	oldYield.Erase()
	forOp.Erase()
	return nil
}

// inferResultTypes re-derives the result types of a clone whose operand
// types changed: a reduction's from its operands and axis, an
// elementwise op's from its first operand.
func inferResultTypes(op *ir.Operation) {
	switch {
	case op.Name() == "tt.reduce":
		axis := reduceAxis(op)
		for i, v := range op.Operands() {
			if t, ok := v.Type().(*ir.RankedTensorType); ok && axis < t.Rank() {
				op.Result(i).SetType(tt.ReduceResultType(op.Context(), t, axis))
			}
		}
	case op.NumOperands() > 0 && op.NumResults() == 1 && (op.Has(ir.SameOperandsAndResultType) || op.Has(ir.Elementwise)):
		if t, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok {
			rt := op.Result(0).Type()
			op.Result(0).SetType(ir.RankedTensor(op.Context(), t.Dims, ir.ElementTypeOrSelf(rt), t.Encoding))
		}
	}
}

// neutralElement is the identity of the combiner (MLIR's
// arith::getNeutralElement, with -inf/+inf for maxnumf/minnumf) as a dense
// constant of type t.
func neutralElement(ctx *ir.Context, c *ir.Operation, t *ir.RankedTensorType) ir.Attribute {
	var v float64
	switch c.Name() {
	case "arith.addf":
		v = 0
	case "arith.mulf":
		v = 1
	case "arith.maximumf", "arith.maxnumf":
		v = math.Inf(-1)
	case "arith.minimumf", "arith.minnumf":
		v = math.Inf(1)
	default:
		return nil
	}
	return arith.FloatAttr(ctx, t, v)
}
