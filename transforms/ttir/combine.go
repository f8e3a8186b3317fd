package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

// CombinePatterns returns Triton 3.6's triton-combine patterns
// (Combine.cpp and Combine.td), in the order Triton adds them.
func CombinePatterns() []ir.RewritePattern {
	return []ir.RewritePattern{
		ir.NewPattern("CombineDotAddIPattern", "arith.addi", 1, combineDotAdd),
		ir.NewPattern("CombineDotAddFPattern", "arith.addf", 1, combineDotAdd),
		ir.NewPattern("CombineSelectMaskedLoadPattern", "arith.select", 3, combineSelectMaskedLoad),
		// A DRR pattern's benefit is the number of ops it matches.
		ir.NewPattern("CombineAddPtrPattern", "tt.addptr", 2, combineAddPtr),
		ir.NewPattern("CombineBroadcastMulReducePattern", "tt.reduce", 1, combineBroadcastMulReduce),
		ir.NewPattern("CombineReshapeReducePatterns", "tt.reshape", 1, combineReshapeReduce),
		ir.NewPattern("RankedReduceDescriptorLoads", "tt.reshape", 1, rankedReduceDescriptorLoads),
	}
}

// greedyConfig is MLIR's default GreedyRewriteConfig, which Triton's
// pattern passes use: a bottom-up worklist and aggressive region
// simplification (identical blocks merged), unlike the canonicalizer's
// top-down worklist and normal simplification.
func greedyConfig() pattern.Config {
	return pattern.Config{TopDown: false, MaxIterations: 10, Simplify: pattern.SimplifyAggressive}
}

// applyPatterns runs a greedy rewrite and turns non-convergence into a
// located error, as signalPassFailure does in Triton.
func applyPatterns(op *ir.Operation, set *pattern.FrozenSet, pass string) error {
	if _, err := pattern.ApplyGreedily(op, set, greedyConfig()); err != nil {
		return ir.OpErrorf(op, "%s: %v", pass, err)
	}
	return nil
}

func runCombine(op *ir.Operation, _ *passmgr.State) error {
	return applyPatterns(op, pattern.Freeze(CombinePatterns()), "triton-combine")
}

// combineDotAdd folds add(dot(a, b, 0), d) (either operand order) into
// dot(a, b, d) when the dot has no other user. Float adds keep the dot
// only when it accumulates precisely (maxNumImpreciseAcc == 0): an fp8
// dot with imprecise accumulation must not absorb the addend.
func combineDotAdd(op *ir.Operation, rw ir.Rewriter) bool {
	dotIsLHS := false
	dot := op.Operand(1).DefiningOp()
	if dot == nil || dot.Name() != "tt.dot" {
		dot = op.Operand(0).DefiningOp()
		if dot == nil || dot.Name() != "tt.dot" {
			return false
		}
		dotIsLHS = true
	}
	d := tt.DotOp{Operation: dot}
	if !ir.HasOneUse(dot.Result(0)) || !isZeroConstant(d.C()) {
		return false
	}
	if op.Name() == "arith.addf" && d.MaxNumImpreciseAcc() != 0 {
		return false
	}
	addend := op.Operand(0)
	if dotIsLHS {
		addend = op.Operand(1)
	}
	rw.ModifyInPlace(dot, func() {
		dot.SetOperand(2, addend)
		dot.MoveBefore(op)
	})
	rw.ReplaceAllUsesWith(op.Result(0), dot.Result(0))
	return true
}

// combineSelectMaskedLoad folds select(c, load(p, splat(c), x), y) into
// load(p, splat(c), y): the load already yields nothing useful where c is
// false, so its `other` can be the select's false value.
func combineSelectMaskedLoad(op *ir.Operation, rw ir.Rewriter) bool {
	cond, trueV, falseV := op.Operand(0), op.Operand(1), op.Operand(2)
	load := trueV.DefiningOp()
	if load == nil || load.Name() != "tt.load" {
		return false
	}
	l := tt.LoadOp{Operation: load}
	mask := l.Mask()
	if mask == nil {
		return false
	}
	splat := mask.DefiningOp()
	if splat == nil || splat.Name() != "tt.splat" || splat.Operand(0) != cond {
		return false
	}
	padding, _ := l.Padding()
	repl := tt.NewLoad(rw.B(), op.Loc(), l.Ptr(), mask, falseV, tt.LoadOptions{
		Cache: l.Cache(), Evict: l.Evict(), IsVolatile: l.IsVolatile(),
		BoundaryCheck: l.BoundaryCheck(), Padding: padding,
	})
	rw.ReplaceOp(op, repl.Results())
	return true
}

// addPtrPropagatedAttrs are the discardable hints that survive combining
// two addptrs (Triton copies exactly these from the outer one).
var addPtrPropagatedAttrs = []string{"tt.divisibility", "tt.contiguity", "tt.constancy"}

// combineAddPtr folds addptr(addptr(p, i), j) into addptr(p, i + j) when
// the sum cannot change meaning: 64-bit offsets, or constant offsets whose
// sum does not overflow their width.
func combineAddPtr(op *ir.Operation, rw ir.Rewriter) bool {
	inner := op.Operand(0).DefiningOp()
	if inner == nil || inner.Name() != "tt.addptr" {
		return false
	}
	idx0, idx1 := inner.Operand(1), op.Operand(1)
	if !addPtrOffsetsCombinable(idx0, idx1) {
		return false
	}
	loc := fuseLocs(op.Context(), op.Loc(), inner.Loc())
	sum := arith.NewBinary(rw.B(), "arith.addi", loc, idx0, idx1)
	repl := tt.NewAddPtr(rw.B(), loc, inner.Operand(0), sum.Result(0))
	var kept []ir.NamedAttr
	for _, name := range addPtrPropagatedAttrs {
		if v := op.Attr(name); v != nil && !op.Def().IsInherent(name) {
			kept = append(kept, ir.NamedAttr{Name: name, Value: v})
		}
	}
	repl.SetDiscardableAttrs(kept)
	rw.ReplaceOp(op, repl.Results())
	return true
}

func addPtrOffsetsCombinable(a, b ir.Value) bool {
	if a.Type() != b.Type() {
		return false
	}
	w := ir.BitWidth(ir.ElementTypeOrSelf(a.Type()))
	if w == 64 {
		return true
	}
	x, ok1 := offsetConstant(a)
	y, ok2 := offsetConstant(b)
	if !ok1 || !ok2 || w <= 0 || w >= 64 {
		return false
	}
	return !signedAddOverflows(x, y, w)
}

// offsetConstant returns the value of an integer offset that is a
// constant, a splat constant, or a splat of a scalar constant.
func offsetConstant(v ir.Value) (int64, bool) {
	if def := v.DefiningOp(); def != nil && def.Name() == "tt.splat" {
		v = def.Operand(0)
	}
	switch a := arith.ConstantAttrOf(v).(type) {
	case *ir.IntegerAttr:
		if ir.IsIntOrIndex(a.Typ) {
			return ir.SignExtend(a.Bits, ir.BitWidth(a.Typ)), true
		}
	case *ir.DenseElementsAttr:
		if a.IsSplat() && !a.IsFloat() && ir.IsIntOrIndex(a.Typ.ElementType()) {
			return a.IntAt(0), true
		}
	}
	return 0, false
}

// signedAddOverflows reports whether x + y overflows a signed w-bit
// integer (x and y are sign-extended w-bit values, w < 64).
func signedAddOverflows(x, y int64, w int) bool {
	sum := x + y // cannot overflow int64 for w < 64
	lo, hi := -(int64(1) << (w - 1)), int64(1)<<(w-1)-1
	return sum < lo || sum > hi
}

// combineBroadcastMulReduce turns
//
//	sum(broadcast(expand_dims(x, 2)) * broadcast(expand_dims(y, 0)), axis=1)
//
// (x: MxK, y: KxN, the product MxKxN) into dot(x, y, splat(0)), as
// Triton 3.6 does (with tf32 input precision). Unlike Triton 3.6 the
// match also checks what the rewrite relies on: one reduced operand, a
// reduction over K, rank-2 sources with agreeing K, no layouts, and an
// accumulator of the element type; Triton 3.6 crashes or builds an
// invalid dot when these do not hold.
func combineBroadcastMulReduce(op *ir.Operation, rw ir.Rewriter) bool {
	red := tt.ReduceOp{Operation: op}
	if op.NumOperands() != 1 || op.NumResults() != 1 || red.Axis() != 1 {
		return false
	}
	r := red.CombineRegion()
	if r.NumBlocks() != 1 {
		return false
	}
	ops := r.Front().Ops()
	if len(ops) != 2 || ops[0].Name() != "arith.addf" || ir.BitWidth(ops[0].Result(0).Type()) > 32 {
		return false
	}
	mul := op.Operand(0).DefiningOp()
	if mul == nil || mul.Name() != "arith.mulf" {
		return false
	}
	bl, br := mul.Operand(0).DefiningOp(), mul.Operand(1).DefiningOp()
	if bl == nil || br == nil || bl.Name() != "tt.broadcast" || br.Name() != "tt.broadcast" {
		return false
	}
	el, er := bl.Operand(0).DefiningOp(), br.Operand(0).DefiningOp()
	if el == nil || er == nil || el.Name() != "tt.expand_dims" || er.Name() != "tt.expand_dims" {
		return false
	}
	if (tt.ExpandDimsOp{Operation: el}).Axis() != 2 || (tt.ExpandDimsOp{Operation: er}).Axis() != 0 {
		return false
	}
	x, y := el.Operand(0), er.Operand(0)
	xt, ok1 := x.Type().(*ir.RankedTensorType)
	yt, ok2 := y.Type().(*ir.RankedTensorType)
	bt, ok3 := bl.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 || !ok3 || xt.Rank() != 2 || yt.Rank() != 2 || bt.Rank() != 3 {
		return false
	}
	if xt.Encoding != nil || yt.Encoding != nil || bt.Encoding != nil || xt.Elem != yt.Elem {
		return false
	}
	shape := bt.Dims // M x K x N
	if xt.Dims[0] != shape[0] || xt.Dims[1] != shape[1] || yt.Dims[0] != shape[1] || yt.Dims[1] != shape[2] {
		return false
	}
	if shape[2] < 16 || shape[0] < 16 {
		return false
	}
	ctx := op.Context()
	elem := xt.Elem
	accType := ir.RankedTensor(ctx, []int64{shape[0], shape[2]}, elem, nil)
	if op.Result(0).Type() != ir.Type(accType) {
		return false
	}
	b := rw.B()
	b.SetInsertionPoint(op)
	zero := arith.ConstantFloat(b, op.Loc(), 0, elem)
	acc := tt.NewSplat(b, op.Loc(), zero, accType)
	dot := tt.NewDot(b, op.Loc(), x, y, acc.Result(0), tt.PrecisionTF32, 0)
	rw.ReplaceOp(op, dot.Results())
	return true
}

// combineReshapeReduce lets a rank-1 reshape reorder elements when every
// user is order-insensitive (a reduction or a histogram).
func combineReshapeReduce(op *ir.Operation, rw ir.Rewriter) bool {
	rs := tt.ReshapeOp{Operation: op}
	if rs.AllowReorder() || len(tensorShape(op.Result(0).Type())) != 1 {
		return false
	}
	for _, u := range ir.Users(op.Result(0)) {
		if u.Name() != "tt.reduce" && u.Name() != "tt.histogram" {
			return false
		}
	}
	rw.ModifyInPlace(op, func() { op.SetAttr("allow_reorder", ir.Unit(op.Context())) })
	return true
}

// rankedReduceDescriptorLoads folds reshape(descriptor_load) that only
// drops leading unit dimensions into the load, which may produce the
// rank-reduced tensor directly.
func rankedReduceDescriptorLoads(op *ir.Operation, rw ir.Rewriter) bool {
	load := op.Operand(0).DefiningOp()
	if load == nil || load.Name() != "tt.descriptor_load" || !ir.HasOneUse(load.Result(0)) {
		return false
	}
	loadShape := tensorShape(load.Result(0).Type())
	resShape := tensorShape(op.Result(0).Type())
	if loadShape == nil || resShape == nil || len(resShape) >= len(loadShape) {
		return false
	}
	drop := len(loadShape) - len(resShape)
	for _, d := range loadShape[:drop] {
		if d != 1 {
			return false
		}
	}
	if !equalInts(loadShape[drop:], resShape) {
		return false
	}
	rw.ModifyInPlace(load, func() { load.Result(0).SetType(op.Result(0).Type()) })
	rw.ReplaceOp(op, []ir.Value{load.Result(0)})
	return true
}
