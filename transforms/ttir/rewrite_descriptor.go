package ttir

import (
	"errors"
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// triton-rewrite-tensor-descriptor-to-pointer
// (RewriteTensorDescriptorToPointer.cpp) lowers tensor descriptors for
// targets without TMA: a !tt.tensordesc<tensor<BxT>> of rank r becomes
// 1 + 2r + 1 values — the base pointer, the shape and the strides (i64)
// and an i1 that is true when out-of-bounds elements read as NaN — and
// descriptor loads, stores, gathers, scatters and reductions become
// pointer loads, stores and atomics with bounds masks. It is a 1:N
// dialect conversion, so descriptors may flow through function
// arguments, calls, returns, scf control flow and arith.select.

// descriptorTypes is the 1:N type conversion of tensor descriptors.
func descriptorTypes(ctx *ir.Context) *conversion.TypeConverter {
	tc := conversion.NewTypeConverter()
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) { return t, true })
	tc.AddConversionN(func(t ir.Type) ([]ir.Type, bool) {
		d, ok := t.(*tt.TensorDescType)
		if !ok {
			return nil, false
		}
		block := signlessBlock(ctx, d)
		out := []ir.Type{tt.GlobalPtr(ctx, block.Elem)}
		for range 2 * len(block.Dims) {
			out = append(out, ir.I64(ctx))
		}
		return append(out, ir.I1(ctx)), true
	})
	return tc
}

// signlessBlock is the descriptor's block type with a signless element
// type (descriptors may hold si32/ui32; pointers never do).
func signlessBlock(ctx *ir.Context, d *tt.TensorDescType) *ir.RankedTensorType {
	return d.SignlessBlock(ctx)
}

func hasDescType(ts []ir.Type) bool {
	for _, t := range ts {
		if _, ok := t.(*tt.TensorDescType); ok {
			return true
		}
	}
	return false
}

func runRewriteTensorDescriptorToPointer(op *ir.Operation, _ *passmgr.State) error {
	ctx := op.Context()
	target := conversion.NewTarget()
	noDesc := func(o *ir.Operation) bool {
		return !hasDescType(o.OperandTypes()) && !hasDescType(o.ResultTypes())
	}
	for _, d := range []string{"arith", "scf", "tt"} {
		target.AddDynamicallyLegalDialect(d, noDesc)
	}
	target.AddDynamicallyLegalOp("tt.func", func(o *ir.Operation) bool {
		ft := tt.FuncOp{Operation: o}.Type()
		return ft == nil || !hasDescType(ft.Inputs) && !hasDescType(ft.Results)
	})
	if err := checkDescriptorReductions(op); err != nil {
		return err
	}
	if err := checkDescriptorIndices(op); err != nil {
		return err
	}
	if err := checkDescriptorBlocks(op); err != nil {
		return err
	}
	patterns := append(descriptorPatterns(), structuralPatterns()...)
	return conversion.Apply(op, &conversion.Config{
		Target: target, Patterns: patterns, Types: descriptorTypes(ctx), Mode: conversion.Partial,
	})
}

// checkDescriptorIndices refuses, before anything is rewritten, an access
// whose index count is not its block's rank: the rewrite offsets one
// dimension per index.
func checkDescriptorIndices(op *ir.Operation) error {
	var errs []error
	ir.WalkOps(op, func(o *ir.Operation) {
		switch o.Def() {
		case tt.DescLoadDef, tt.DescStoreDef, tt.DescReduceDef:
			if err := tt.CheckDescIndices(o); err != nil {
				errs = append(errs, err)
			}
		}
	})
	return errors.Join(errs...)
}

// checkDescriptorBlocks refuses, before anything is rewritten, an access
// through a descriptor whose block has an extent of 0: the rewrite builds
// a range over each extent, and an empty tt.make_range does not verify.
// (Such a block verifies, as in Triton; the conversion to TTGIR refuses
// its tensors as it refuses any without elements.)
func checkDescriptorBlocks(op *ir.Operation) error {
	var diags ir.Diagnostics
	ir.WalkOps(op, func(o *ir.Operation) {
		switch o.Def() {
		case tt.DescLoadDef, tt.DescStoreDef, tt.DescReduceDef, tt.DescGatherDef, tt.DescScatterDef:
			if d, ok := o.Operand(0).Type().(*tt.TensorDescType); ok && d.Block != nil && slices.Contains(d.Block.Dims, 0) {
				diags = append(diags, ir.OpErrorf(o, "the descriptor's block %s has no elements (an extent of 0): it cannot become pointer accesses", asm.TypeString(d.Block)))
			}
		}
	})
	if len(diags) == 0 {
		return nil
	}
	return diags
}

func descriptorPatterns() []conversion.Pattern {
	return []conversion.Pattern{
		conversion.NewPattern("RewriteMakeTensorDesc", "tt.make_tensor_descriptor", 1, rewriteMakeTensorDesc),
		conversion.NewPattern("RewriteLoadPattern", "tt.descriptor_load", 1, rewriteDescLoad),
		conversion.NewPattern("RewriteStorePattern", "tt.descriptor_store", 1, rewriteDescStore),
		conversion.NewPattern("RewriteGatherPattern", "tt.descriptor_gather", 1, rewriteDescGather),
		conversion.NewPattern("RewriteScatterPattern", "tt.descriptor_scatter", 1, rewriteDescScatter),
		conversion.NewPattern("RewriteReducePattern", "tt.descriptor_reduce", 1, rewriteDescReduce),
	}
}

// descriptor is the unpacked form of a tensor descriptor.
type descriptor struct {
	block   *ir.RankedTensorType // signless
	base    ir.Value
	shape   []ir.Value
	strides []ir.Value
	padNaN  ir.Value // i1
}

func unpackDescriptor(rw *conversion.Rewriter, op *ir.Operation, v ir.Value) (*descriptor, bool) {
	d, ok := v.Type().(*tt.TensorDescType)
	if !ok {
		return nil, false
	}
	pack := rw.RemappedN(v)
	r := len(d.Block.Dims)
	if len(pack) != 2+2*r {
		return nil, false
	}
	return &descriptor{
		block: signlessBlock(op.Context(), d), base: pack[0],
		shape: pack[1 : 1+r], strides: pack[1+r : 1+2*r], padNaN: pack[1+2*r],
	}, true
}

// castToI64 sign-extends i32 values to i64, folding constants.
func castToI64(b *ir.Builder, vs []ir.Value) []ir.Value {
	i64 := ir.I64(b.Ctx)
	out := make([]ir.Value, len(vs))
	for i, v := range vs {
		switch {
		case v.Type() == ir.Type(i64):
			out[i] = v
		default:
			// createOrFold: a constant extends at compile time.
			if c, ok := arith.MatchConstantInt(v); ok {
				out[i] = arith.ConstantInt(b, v.Loc(), c, i64)
			} else {
				out[i] = arith.NewCast(b, "arith.extsi", v.Loc(), v, i64).Result(0)
			}
		}
	}
	return out
}

func rewriteMakeTensorDesc(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	m := tt.MakeTensorDescOp{Operation: op}
	b := rw.B()
	// A descriptor addresses elements of its block's type whatever its
	// base pointer's type, as a TMA descriptor does (the strides count
	// them): the pointer accesses go through a base of that type.
	base := rw.Remapped(m.Base())
	if d, ok := op.Result(0).Type().(*tt.TensorDescType); ok && d.Block != nil {
		if want := tt.Ptr(b.Ctx, signlessBlock(b.Ctx, d).Elem, tt.AddrSpaceOf(base.Type())); base.Type() != ir.Type(want) {
			base = tt.NewBitcast(b, op.Loc(), base, want).Result(0)
		}
	}
	vals := []ir.Value{base}
	vals = append(vals, castToI64(b, m.Shape())...)
	vals = append(vals, m.Strides()...)
	pad, _ := op.Attr("padding").(*ir.IntegerAttr)
	nan := pad != nil && tt.PaddingOption(pad.Int()) == tt.PadNaN
	vals = append(vals, arith.ConstantBool(b, op.Loc(), nan))
	rw.ReplaceOpN(op, [][]ir.Value{vals})
	return true
}

// expandOffsets inserts unit dimensions around dim so that a 1-D offset
// tensor broadcasts along dim of a block of the given rank.
func expandOffsets(b *ir.Builder, loc ir.Location, rank int, v ir.Value, dim int) ir.Value {
	for j := 0; j < rank; j++ {
		if j != dim {
			v = tt.NewExpandDims(b, loc, v, j).Result(0)
		}
	}
	return v
}

// rangedOffset builds offset + [0, shape[dim]) as i64, expanded.
func rangedOffset(b *ir.Builder, loc ir.Location, shape []int64, offset ir.Value, dim int) ir.Value {
	i64 := ir.I64(b.Ctx)
	row := ir.RankedTensor(b.Ctx, []int64{shape[dim]}, i64, nil)
	splat := tt.NewSplat(b, loc, offset, row).Result(0)
	rng := tt.NewMakeRange(b, loc, 0, shape[dim], nil).Result(0)
	ext := arith.NewCast(b, "arith.extsi", loc, rng, row).Result(0)
	sum := arith.NewBinary(b, "arith.addi", loc, splat, ext).Result(0)
	return expandOffsets(b, loc, len(shape), sum, dim)
}

func rangedOffsets(b *ir.Builder, loc ir.Location, shape []int64, offsets []ir.Value) []ir.Value {
	out := make([]ir.Value, len(shape))
	for i := range shape {
		out[i] = rangedOffset(b, loc, shape, offsets[i], i)
	}
	return out
}

// pointersFrom builds base + sum_i ranges[i] * strides[i].
func (d *descriptor) pointersFrom(b *ir.Builder, loc ir.Location, shape []int64, ranges []ir.Value) ir.Value {
	idx := ir.RankedTensor(b.Ctx, shape, ir.I64(b.Ctx), nil)
	ptrs := ir.RankedTensor(b.Ctx, shape, d.base.Type(), nil)
	ptr := tt.NewSplat(b, loc, d.base, ptrs).Result(0)
	for i := range shape {
		stride := tt.NewSplat(b, loc, d.strides[i], ranges[i].Type()).Result(0)
		scaled := arith.NewBinary(b, "arith.muli", loc, ranges[i], stride).Result(0)
		wide := tt.NewBroadcast(b, loc, scaled, idx).Result(0)
		ptr = tt.NewAddPtr(b, loc, ptr, wide).Result(0)
	}
	return ptr
}

// maskFrom builds the and of 0 <= ranges[i] < shape[i] over all dims.
func (d *descriptor) maskFrom(b *ir.Builder, loc ir.Location, shape []int64, ranges []ir.Value) ir.Value {
	maskType := ir.RankedTensor(b.Ctx, shape, ir.I1(b.Ctx), nil)
	var mask ir.Value
	for i := range shape {
		r := ranges[i]
		zero := arith.ConstantInt(b, loc, 0, ir.I64(b.Ctx))
		lower := arith.NewCmpI(b, loc, arith.CmpISGE, r, tt.NewSplat(b, loc, zero, r.Type()).Result(0)).Result(0)
		upper := arith.NewCmpI(b, loc, arith.CmpISLT, r, tt.NewSplat(b, loc, d.shape[i], r.Type()).Result(0)).Result(0)
		in := arith.NewBinary(b, "arith.andi", loc, lower, upper).Result(0)
		wide := tt.NewBroadcast(b, loc, in, maskType).Result(0)
		if mask == nil {
			mask = wide
		} else {
			mask = arith.NewBinary(b, "arith.andi", loc, mask, wide).Result(0)
		}
	}
	return mask
}

// other is what masked-off elements read: NaN when the descriptor asks
// for NaN padding and the elements are floats, else zero.
func (d *descriptor) other(b *ir.Builder, loc ir.Location, shape []int64) ir.Value {
	ctx := b.Ctx
	t := ir.RankedTensor(ctx, shape, d.block.Elem, nil)
	if ir.IsFloat(d.block.Elem) {
		nan := arith.NewConstant(b, loc, ir.DenseFloatElements(ctx, t, []float64{nanOf()})).Result(0)
		zero := arith.NewConstant(b, loc, arith.ZeroAttr(ctx, t)).Result(0)
		return arith.NewSelect(b, loc, d.padNaN, nan, zero).Result(0)
	}
	return arith.NewConstant(b, loc, arith.ZeroAttr(ctx, t)).Result(0)
}

// copyAttrs gives dst the attributes of src (but its operand segment
// sizes), as MLIR's setAttrs does: names dst declares inherent replace
// its properties, the rest become its discardable attributes.
func copyAttrs(dst, src *ir.Operation) {
	var disc []ir.NamedAttr
	for _, a := range src.Attrs() {
		if a.Name == "operandSegmentSizes" {
			continue
		}
		if dst.Def().IsInherent(a.Name) {
			dst.SetProp(a.Name, a.Value)
		} else {
			disc = append(disc, a)
		}
	}
	dst.SetDiscardableAttrs(disc)
}

func rewriteDescLoad(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	d, ok := unpackDescriptor(rw, op, op.Operand(0))
	if !ok {
		return false
	}
	b, loc := rw.B(), op.Loc()
	shape := d.block.Dims
	offsets := castToI64(b, op.Operands()[1:])
	other := d.other(b, loc, shape)
	ptr := d.pointersFrom(b, loc, shape, rangedOffsets(b, loc, shape, offsets))
	mask := d.maskFrom(b, loc, shape, rangedOffsets(b, loc, shape, offsets))
	load := tt.NewLoad(b, loc, ptr, mask, other, tt.LoadOptions{})
	copyAttrs(load, op)
	return replaceLoadResult(rw, op, load)
}

// replaceLoadResult replaces a descriptor read by a pointer load whose
// result may have been rank-reduced by triton-combine (leading unit dims).
func replaceLoadResult(rw *conversion.Rewriter, op, load *ir.Operation) bool {
	want := op.Result(0).Type()
	if load.Result(0).Type() != want {
		rt, ok := want.(*ir.RankedTensorType)
		if !ok {
			return false
		}
		v := tt.NewReshape(rw.B(), op.Loc(), load.Result(0), rt, false).Result(0)
		rw.ReplaceOp(op, []ir.Value{v})
		return true
	}
	rw.ReplaceOp(op, load.Results())
	return true
}

func rewriteDescStore(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	d, ok := unpackDescriptor(rw, op, op.Operand(0))
	if !ok {
		return false
	}
	b, loc := rw.B(), op.Loc()
	shape := d.block.Dims
	offsets := castToI64(b, op.Operands()[2:])
	src := storedValue(b, loc, op.Operand(1), shape)
	ptr := d.pointersFrom(b, loc, shape, rangedOffsets(b, loc, shape, offsets))
	mask := d.maskFrom(b, loc, shape, rangedOffsets(b, loc, shape, offsets))
	st := tt.NewStore(b, loc, ptr, src, mask, memory.CacheNone, memory.EvictNormal, nil)
	copyAttrs(st, op)
	rw.EraseOp(op)
	return true
}

// storedValue reshapes a rank-reduced value to the block shape.
func storedValue(b *ir.Builder, loc ir.Location, v ir.Value, shape []int64) ir.Value {
	rt, ok := v.Type().(*ir.RankedTensorType)
	if !ok || equalInts(rt.Dims, shape) {
		return v
	}
	return tt.NewReshape(b, loc, v, ir.RankedTensor(b.Ctx, shape, rt.Elem, rt.Encoding), false).Result(0)
}

// gatherScatterAccess builds the pointers and mask of the rows xOffsets
// (a 1-D i32 tensor) and the columns [yOffset, yOffset + shape[1]).
func (d *descriptor) gatherScatterAccess(b *ir.Builder, loc ir.Location, shape []int64, xOffsets, yOffset ir.Value) (ir.Value, ir.Value) {
	x := expandOffsets(b, loc, len(shape), xOffsets, 0)
	y := castToI64(b, []ir.Value{yOffset})[0]
	xt := x.Type().(*ir.RankedTensorType)
	x = arith.NewCast(b, "arith.extsi", loc, x, ir.RankedTensor(b.Ctx, xt.Dims, ir.I64(b.Ctx), nil)).Result(0)
	yr := rangedOffset(b, loc, shape, y, 1)
	ranges := []ir.Value{x, yr}
	return d.pointersFrom(b, loc, shape, ranges), d.maskFrom(b, loc, shape, ranges)
}

func rewriteDescGather(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	d, ok := unpackDescriptor(rw, op, op.Operand(0))
	res, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !ok2 || len(res.Dims) != 2 {
		return false
	}
	b, loc := rw.B(), op.Loc()
	ptr, mask := d.gatherScatterAccess(b, loc, res.Dims, op.Operand(1), op.Operand(2))
	other := d.other(b, loc, res.Dims)
	load := tt.NewLoad(b, loc, ptr, mask, other, tt.LoadOptions{})
	copyAttrs(load, op)
	return replaceLoadResult(rw, op, load)
}

func rewriteDescScatter(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	d, ok := unpackDescriptor(rw, op, op.Operand(0))
	src, ok2 := op.Operand(3).Type().(*ir.RankedTensorType)
	if !ok || !ok2 || len(src.Dims) != 2 {
		return false
	}
	b, loc := rw.B(), op.Loc()
	ptr, mask := d.gatherScatterAccess(b, loc, src.Dims, op.Operand(1), op.Operand(2))
	st := tt.NewStore(b, loc, ptr, op.Operand(3), mask, memory.CacheNone, memory.EvictNormal, nil)
	copyAttrs(st, op)
	rw.EraseOp(op)
	return true
}

// reduceKindToRMW maps a descriptor reduction to an atomic; min and max
// need integers of known signedness (Triton 3.6 rejects the rest too).
func reduceKindToRMW(kind tt.DescriptorReduceKind, elem ir.Type) (memory.RMWOp, bool) {
	it, isInt := elem.(*ir.IntegerType)
	switch kind {
	case tt.ReduceAdd:
		if isInt {
			return memory.RMWAdd, true
		}
		return memory.RMWFAdd, true
	case tt.ReduceMin, tt.ReduceMax:
		if !isInt || it.Signedness == ir.Signless {
			return 0, false
		}
		unsigned := it.Signedness == ir.Unsigned
		switch {
		case kind == tt.ReduceMin && unsigned:
			return memory.RMWUMin, true
		case kind == tt.ReduceMin:
			return memory.RMWMin, true
		case unsigned:
			return memory.RMWUMax, true
		}
		return memory.RMWMax, true
	case tt.ReduceAnd:
		return memory.RMWAnd, true
	case tt.ReduceOr:
		return memory.RMWOr, true
	case tt.ReduceXor:
		return memory.RMWXor, true
	}
	return 0, false
}

func rewriteDescReduce(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	d, ok := unpackDescriptor(rw, op, op.Operand(0))
	if !ok {
		return false
	}
	desc := op.Operand(0).Type().(*tt.TensorDescType)
	kind, _ := op.Attr("kind").(*ir.IntegerAttr)
	if kind == nil {
		return false
	}
	rmw, ok := reduceKindToRMW(tt.DescriptorReduceKind(kind.Int()), desc.Block.Elem)
	if !ok {
		return false
	}
	b, loc := rw.B(), op.Loc()
	shape := d.block.Dims
	offsets := castToI64(b, op.Operands()[2:])
	src := storedValue(b, loc, op.Operand(1), shape)
	ptr := d.pointersFrom(b, loc, shape, rangedOffsets(b, loc, shape, offsets))
	mask := d.maskFrom(b, loc, shape, rangedOffsets(b, loc, shape, offsets))
	st := ir.NewState(b.Ctx, "tt.atomic_rmw", loc)
	st.Operands = []ir.Value{ptr, src, mask}
	st.Types = []ir.Type{d.block}
	st.AddAttr("atomic_rmw_op", ir.I32EnumAttr(b.Ctx, rmw))
	st.AddAttr("sem", ir.I32EnumAttr(b.Ctx, memory.SemRelease))
	st.AddAttr("scope", ir.I32EnumAttr(b.Ctx, memory.ScopeGPU))
	b.Create(st)
	rw.EraseOp(op)
	return true
}

// checkDescriptorReductions reports, before anything is rewritten, the
// descriptor reductions that have no atomic equivalent.
func checkDescriptorReductions(root *ir.Operation) error {
	var err error
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() != "tt.descriptor_reduce" {
			return ir.Advance
		}
		desc, ok := op.Operand(0).Type().(*tt.TensorDescType)
		kind, ok2 := op.Attr("kind").(*ir.IntegerAttr)
		if !ok || !ok2 {
			return ir.Advance // the verifier reports malformed ops
		}
		if _, ok := reduceKindToRMW(tt.DescriptorReduceKind(kind.Int()), desc.Block.Elem); !ok {
			err = ir.OpErrorf(op, "Cannot fallback on descriptor atomic op, unsupported for type %s", asm.TypeString(desc.Block.Elem))
			return ir.Interrupt
		}
		return ir.Advance
	})
	return err
}
