package ttgir

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-optimize-accumulator-init",
		DisplayName: "TritonGPUOptimizeAccumulatorInit",
		Summary:     "Replace accumulator zero-initialization with the flag indicating first use of the accumulator",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return OptimizeAccumulatorInit(op) }
		},
	})
}

// OptimizeAccumulatorInit is Triton 3.6's
// tritongpu-optimize-accumulator-init: a wgmma or tcgen05 MMA in a loop
// whose accumulator is zeroed (a zero constant, a zero loop init, or a
// select or conditional that resets it to zero) instead gets a use-acc
// flag, false where the accumulator would be zero, carried through the
// loop; the zeroing itself is removed. tcgen05 accumulators that are then
// never read get their tensor-memory initialization dropped.
func OptimizeAccumulatorInit(module *ir.Operation) error {
	var mmas []*ir.Operation
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if supportsAccInitFlag(op) {
			mmas = append(mmas, op)
		}
		return ir.Advance
	})
	for _, mma := range mmas {
		optimizeAccInit(mma)
	}
	return applyPatterns(module, []ir.RewritePattern{
		ir.NewPattern("TMEMAllocWithUnusedInit", "ttng.tmem_alloc", 1, dropUnusedTMEMInit),
	})
}

// supportsAccInitFlag: wgmma without fp8 partial accumulation (whose
// extra select would cost more than it saves), and tcgen05.
func supportsAccInitFlag(op *ir.Operation) bool {
	switch op.Name() {
	case "ttng.warp_group_dot":
		return !needsPartialAccumulator(op)
	case "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled":
		return true
	}
	return false
}

// needsPartialAccumulator reports a wgmma whose fp8 products are summed
// into f32 in chunks of at most K (WarpGroupDotOp::needsPartialAccumulator).
func needsPartialAccumulator(op *ir.Operation) bool {
	a, ok := op.Operand(0).Type().(ir.ShapedType)
	if !ok || len(a.Shape()) < 2 {
		return false
	}
	acc := ir.ElementTypeOrSelf(op.Result(0).Type())
	maxImprecise, _ := op.Attr("maxNumImpreciseAcc").(*ir.IntegerAttr)
	var n int64
	if maxImprecise != nil {
		n = maxImprecise.Int()
	}
	return ttg.IsAnyFP8(a.ElementType()) && isFloat(acc, ir.F32) && uint32(n) <= uint32(a.Shape()[1])
}

// mmaV5Def is the op definition of a tcgen05 MMA.
func mmaV5Def(op *ir.Operation) ttg.Op {
	if op.Name() == "ttng.tc_gen5_mma_scaled" {
		return ttng.TCGen5MMAScaled
	}
	return ttng.TCGen5MMA
}

// useAccFlag returns the MMA's use-accumulator operand and its index
// (the index it would take for a wgmma without one), or nil.
func useAccFlag(op *ir.Operation) (ir.Value, int) {
	if op.Name() == "ttng.warp_group_dot" {
		if op.NumOperands() > 3 {
			return op.Operand(3), 3
		}
		return nil, 3
	}
	first := 3 + len(mmaV5Def(op).Operand(op, "acc_dep"))
	if op.Name() == "ttng.tc_gen5_mma_scaled" {
		first += 2
	}
	return op.Operand(first), first
}

func setUseAccFlag(op *ir.Operation, v ir.Value) {
	cur, idx := useAccFlag(op)
	if cur == nil {
		op.InsertOperands(idx, v)
		return
	}
	op.SetOperand(idx, v)
}

// accumulatorUseAndDef returns the value the MMA accumulates onto and the
// op producing its result in the loop body: for wgmma its C operand and
// itself, for tcgen05 the initializer of its tensor-memory accumulator and
// the tmem_load reading it back (nil when they are elsewhere).
func accumulatorUseAndDef(op *ir.Operation) (ir.Value, *ir.Operation) {
	if op.Name() == "ttng.warp_group_dot" {
		return op.Operand(2), op
	}
	alloc := op.Operand(2).DefiningOp()
	if alloc == nil || alloc.Name() != "ttng.tmem_alloc" || alloc.ParentRegion() != op.ParentRegion() {
		return nil, nil
	}
	var load *ir.Operation
	for _, u := range ir.Users(alloc.Result(0)) {
		if u.Name() == "ttng.tmem_load" {
			load = u
			break
		}
	}
	if load == nil || load.ParentRegion() != op.ParentRegion() || alloc.NumOperands() == 0 {
		return nil, nil
	}
	return alloc.Operand(0), load
}

// isZeroConstant reports a constant integer or float zero (or a splat of
// one), positive or negative (MLIR's m_Zero and m_AnyZeroFloat).
func isZeroConstant(v ir.Value) bool {
	switch a := ir.DefiningConstant(v).(type) {
	case *ir.IntegerAttr:
		return a.Int() == 0
	case *ir.FloatAttr:
		return a.Value == 0
	case *ir.DenseElementsAttr:
		if !a.IsSplat() {
			return false
		}
		if a.IsFloat() {
			return a.FloatAt(0) == 0
		}
		return a.IntAt(0) == 0
	}
	return false
}

// constBool returns the value of a constant i1, if v is one.
func constBool(v ir.Value) (bool, bool) {
	a, ok := ir.DefiningConstant(v).(*ir.IntegerAttr)
	if !ok || !ir.IsInteger(a.Type(), 1) {
		return false, false
	}
	return a.Bool(), true
}

// zeroingOp finds, for the accumulator value acc of a loop body, the
// select or scf.if (and its result index) that resets it to zero, looking
// through the iter arg to the value yielded for it; loopArgZero reports a
// zero initial value.
func zeroingOp(acc ir.Value, loop *ir.Operation) (op *ir.Operation, idx int, loopArgZero bool) {
	v := acc
	if arg, ok := v.(*ir.BlockArgument); ok {
		i := arg.Index() - 1
		loopArgZero = isZeroConstant(loop.Operand(3 + i))
		v = loop.Region(0).Front().Last().Operand(i)
	}
	def := v.DefiningOp()
	if def == nil {
		return nil, 0, loopArgZero
	}
	switch def.Name() {
	case "arith.select":
		if ir.IsInteger(def.Operand(0).Type(), 1) && (isZeroConstant(def.Operand(1)) || isZeroConstant(def.Operand(2))) {
			return def, 0, loopArgZero
		}
	case "scf.if":
		i := v.(*ir.OpResult).Index()
		thenV, elseV := yieldOf(def, 0).Operand(i), yieldOf(def, 1).Operand(i)
		if isZeroConstant(thenV) || isZeroConstant(elseV) {
			// The value kept must come from outside the conditional.
			if thenV.ParentBlock().ParentOp() == def || elseV.ParentBlock().ParentOp() == def {
				return nil, 0, loopArgZero
			}
			return def, i, loopArgZero
		}
	}
	return nil, 0, loopArgZero
}

func optimizeAccInit(mma *ir.Operation) {
	loop := mma.ParentOp()
	if loop == nil || loop.Name() != "scf.for" {
		return
	}
	ctx := mma.Context()
	loc := mma.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(loop)
	vTrue := arith.NewConstant(b, loc, ir.BoolAttrOf(ctx, true)).Result(0)
	vFalse := arith.NewConstant(b, loc, ir.BoolAttrOf(ctx, false)).Result(0)
	accUse, accDef := accumulatorUseAndDef(mma)
	if accUse == nil || accDef == nil {
		return
	}
	if isZeroConstant(accUse) {
		setUseAccFlag(mma, vFalse)
		return
	}
	zeroing, idx, loopArgZero := zeroingOp(accUse, loop)
	if zeroing == nil && !loopArgZero {
		return
	}
	if flag, _ := useAccFlag(mma); flag != nil {
		// A flag that is not a constant true: the pass ran already, or
		// this MMA does not accumulate at all.
		if v, ok := constBool(flag); !ok || !v {
			return
		}
	}
	var init ir.Value = vTrue
	if loopArgZero {
		init = vFalse
	}
	newLoop, repl := scf.ReplaceForWithNewSignature(loop, []ir.Value{init})
	for _, r := range repl {
		ir.ReplaceAllUsesWith(r[0], r[1])
	}
	loop.Erase()
	loop = newLoop
	body := loop.Region(0).Front()
	var flagArg ir.Value = body.Argument(body.NumArguments() - 1)
	if zeroing == nil {
		setUseAccFlag(mma, flagArg)
		scf.AppendToYield(loop, []ir.Value{vTrue})
		return
	}
	var cond, kept ir.Value
	var thenZeroes bool
	if zeroing.Name() == "arith.select" {
		cond = zeroing.Operand(0)
		thenZeroes = isZeroConstant(zeroing.Operand(1))
		kept = zeroing.Operand(1)
		if thenZeroes {
			kept = zeroing.Operand(2)
		}
	} else {
		cond = zeroing.Operand(0)
		thenV, elseV := yieldOf(zeroing, 0).Operand(idx), yieldOf(zeroing, 1).Operand(idx)
		thenZeroes = isZeroConstant(thenV)
		kept = thenV
		if thenZeroes {
			kept = elseV
		}
	}
	// The flag is false from the reset to the next MMA.
	b.SetInsertionPoint(zeroing)
	before := zeroing.IsBeforeInBlock(mma)
	var prev ir.Value = vTrue
	if before {
		prev = flagArg
	}
	var t, f ir.Value = prev, vFalse
	if thenZeroes {
		t, f = vFalse, prev
	}
	sel := arith.NewSelect(b, loc, cond, t, f).Result(0)
	if before {
		setUseAccFlag(mma, sel)
		scf.AppendToYield(loop, []ir.Value{vTrue})
	} else {
		setUseAccFlag(mma, flagArg)
		scf.AppendToYield(loop, []ir.Value{sel})
	}
	if zeroing.Name() == "arith.select" {
		ir.ReplaceAllUsesWith(zeroing.Result(0), kept)
		zeroing.Erase()
		return
	}
	y := yieldOf(zeroing, 1)
	if thenZeroes {
		y = yieldOf(zeroing, 0)
	}
	y.SetOperand(idx, kept)
}

// dropUnusedTMEMInit drops the initializer of a tensor-memory accumulator
// whose MMA does not read it (a constant false use-acc flag) before it is
// first read back.
func dropUnusedTMEMInit(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumOperands() == 0 {
		return false
	}
	users := ir.Users(op.Result(0))
	if len(users) > 2 {
		return false
	}
	var mma, load *ir.Operation
	for _, u := range users {
		switch u.Name() {
		case "ttng.tmem_load":
			load = u
		case "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled":
			mma = u
		}
	}
	if mma == nil || (load != nil && (load.Block() != mma.Block() || !mma.IsBeforeInBlock(load))) {
		return false
	}
	flag, _ := useAccFlag(mma)
	if v, ok := constBool(flag); !ok || v {
		return false
	}
	rw.ModifyInPlace(op, func() { op.EraseOperands(0, 1) })
	return true
}
