package ttgir

import (
	"math"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Decomposition of tt.dot_scaled for targets without block-scaled tensor
// cores (Triton's DecomposeScaledBlocked): each operand is upcast to bf16
// (f16 if either side is f16), multiplied by its scale broadcast over the
// 32 K-elements it covers (2^(e-127) built by shifting the e8m0 byte into a
// float's exponent), NaN where the scale byte is 0xFF unless fastMath, and
// the product becomes a tt.dot, which the MMA patterns then accelerate.

// decomposeScaled is the DecomposeScaledBlocked pattern.
func (m *matmulAccelerator) decomposeScaled(op *ir.Operation, rw ir.Rewriter) bool {
	ret, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	if _, isMMA := ret.Encoding.(ttg.MmaLayout); isMMA {
		return false
	}
	if !boolAttr(op, "lhs_k_pack", true) || !boolAttr(op, "rhs_k_pack", true) {
		return false
	}
	d := tt.DotScaledOp{Operation: op}
	ctx := op.Context()
	// The scales multiply as e8m0 exponents, one byte each. TTIR admits
	// float scales too (Triton's verifier does, and its front end does not
	// check them), which Triton's decomposition zero-extends as integers
	// all the same: IR its verifier refuses. Refuse them here, at the dot.
	for i, scale := range []ir.Value{d.AScale(), d.BScale()} {
		if scale == nil {
			continue
		}
		if et := scale.Type().(*ir.RankedTensorType).Elem; !ir.IsInteger(et, 8) {
			return m.fail(ir.OpErrorf(op, "the %s scale is a tensor of %s: without block-scaled tensor cores, tt.dot_scaled takes e8m0 scales (uint8, one exponent a byte)", []string{"lhs", "rhs"}[i], asm.TypeString(et)))
		}
	}
	compute := ir.BF16Type(ctx)
	if d.AElemType() == tt.ElemFP16 || d.BElemType() == tt.ElemFP16 {
		compute = ir.F16Type(ctx)
	}
	b := rw.B()
	var operands [2]ir.Value
	for i := range operands {
		v, err := m.scaleOperand(b, d, i, compute)
		if err != nil {
			return m.fail(err)
		}
		vt := v.Type().(*ir.RankedTensorType)
		enc := ttg.NewDotOperandFor(ctx, i, ret.Encoding, vt.Elem)
		operands[i] = ttg.NewConvertLayout(b, v.Loc(), v, withEncoding(ctx, vt, enc)).Result(0)
	}
	dot := tt.NewDot(b, op.Loc(), operands[0], operands[1], d.C(), tt.PrecisionIEEE, 0)
	cvt := ttg.NewConvertLayout(b, op.Loc(), dot.Result(0), ret)
	rw.ReplaceOp(op, cvt.Results())
	return true
}

// scaleOperand upcasts operand i of d to compute and applies its scale.
func (m *matmulAccelerator) scaleOperand(b *ir.Builder, d tt.DotScaledOp, i int, compute *ir.FloatType) (ir.Value, error) {
	ctx := b.Ctx
	v, scale := d.A(), d.AScale()
	elem := d.AElemType()
	if i == 1 {
		v, scale, elem = d.B(), d.BScale(), d.BElemType()
	}
	vt := v.Type().(*ir.RankedTensorType)
	rank := vt.Rank()
	kDim := rank - 1
	if i == 1 {
		kDim = rank - 2
	}
	loc := v.Loc()
	if elem == tt.ElemE2M1 {
		// Two fp4 values per byte, packed along K.
		up, err := newFp4ToFp(b, loc, v, compute, kDim)
		if err != nil {
			return nil, ir.OpErrorf(d.Operation, "operand %d: %v", i, err)
		}
		v = up
	} else if vt.Elem != ir.Type(compute) {
		v = tt.NewFpToFp(b, loc, v, vt.CloneWith(ctx, compute), 0, false).Result(0)
	}
	if scale == nil {
		return v, nil
	}
	vt = v.Type().(*ir.RankedTensorType)
	st := scale.Type().(*ir.RankedTensorType)
	sloc := scale.Loc()
	// The scales of B come shaped like A's ([N, K/32]); turn them around.
	if i == 1 {
		order := make([]int64, rank)
		for k := range order {
			order[k] = int64(k)
		}
		order[rank-1], order[rank-2] = order[rank-2], order[rank-1]
		scale = tt.NewTrans(b, sloc, scale, order).Result(0)
		st = scale.Type().(*ir.RankedTensorType)
	}
	scale16 := scaleToFloat(b, sloc, scale, compute)
	wide, err := m.broadcastScale(b, d.Operation, scale16, kDim)
	if err != nil {
		return nil, err
	}
	wide = ttg.NewConvertLayout(b, sloc, wide, vt).Result(0)
	mx := arith.NewBinary(b, "arith.mulf", loc, v, wide).Result(0)
	if boolAttr(d.Operation, "fastMath", false) {
		return mx, nil
	}
	// Where the scale byte is 0xFF (e8m0's NaN) the product is NaN.
	ff := arith.NewConstant(b, sloc, ir.DenseIntElements(ctx, st, []int64{-1})).Result(0)
	isNaN := arith.NewCmpI(b, sloc, arith.CmpIEQ, scale, ff).Result(0)
	cond, err := m.broadcastScale(b, d.Operation, isNaN, kDim)
	if err != nil {
		return nil, err
	}
	ct := cond.Type().(*ir.RankedTensorType)
	cond = ttg.NewConvertLayout(b, sloc, cond, withEncoding(ctx, ct, vt.Encoding)).Result(0)
	nan := arith.NewConstant(b, sloc, ir.DenseFloatElements(ctx, vt, []float64{math.NaN()})).Result(0)
	return arith.NewSelect(b, sloc, cond, nan, mx).Result(0), nil
}

// scaleToFloat turns e8m0 scale bytes into floats of type compute: the
// byte shifted into the exponent field of bf16, or of f32 then truncated
// to f16 (whose exponent range is too small).
func scaleToFloat(b *ir.Builder, loc ir.Location, scale ir.Value, compute *ir.FloatType) ir.Value {
	ctx := b.Ctx
	st := scale.Type().(*ir.RankedTensorType)
	large := compute
	if compute.Kind == ir.F16 {
		large = ir.F32Type(ctx)
	}
	intT := ir.IntegerTypeOf(ctx, large.Width())
	ext := arith.NewCast(b, "arith.extui", loc, scale, st.CloneWith(ctx, intT)).Result(0)
	shiftC := arith.NewConstant(b, loc, ir.IntegerAttrOf(ctx, intT, int64(large.Precision()-1))).Result(0)
	shift := tt.NewSplat(b, loc, shiftC, st.CloneWith(ctx, intT)).Result(0)
	shl := arith.NewBinary(b, "arith.shli", loc, ext, shift).Result(0)
	f := tt.NewBitcast(b, loc, shl, st.CloneWith(ctx, large)).Result(0)
	if large != compute {
		f = arith.NewCast(b, "arith.truncf", loc, f, st.CloneWith(ctx, compute)).Result(0)
	}
	return f
}

// broadcastScale repeats each scale 32 times along dim: through a default
// blocked layout with an extra unit dim, broadcast to 32, moved next to
// dim and reshaped into it.
func (m *matmulAccelerator) broadcastScale(b *ir.Builder, dot *ir.Operation, scale ir.Value, dim int) (ir.Value, error) {
	ctx := b.Ctx
	loc := scale.Loc()
	st := scale.Type().(*ir.RankedTensorType)
	rank := st.Rank()
	module := ttg.ModuleOf(dot)
	warps, err := numWarpsAt(dot)
	if err != nil {
		return nil, err
	}
	shape := append(append([]int64(nil), st.Dims...), 1)
	blocked := ttg.DefaultBlocked(ctx, shape, warps, ttg.ThreadsPerWarp(module), ttg.NumCTAs(module))
	scale = ttg.NewConvertLayout(b, loc, scale, withEncoding(ctx, st, ttg.NewSlice(ctx, rank, blocked))).Result(0)
	exp := tt.NewExpandDims(b, loc, scale, rank).Result(0)
	wideShape := append(append([]int64(nil), st.Dims...), 32)
	et := exp.Type().(*ir.RankedTensorType)
	bc := tt.NewBroadcast(b, loc, exp, ir.RankedTensor(ctx, wideShape, et.Elem, et.Encoding)).Result(0)
	order := make([]int64, 0, rank+1)
	for k := 0; k < rank; k++ {
		order = append(order, int64(k))
	}
	order = append(order[:dim+1], append([]int64{int64(rank)}, order[dim+1:]...)...)
	tr := tt.NewTrans(b, loc, bc, order).Result(0)
	tt2 := tr.Type().(*ir.RankedTensorType)
	outShape := append([]int64(nil), st.Dims...)
	outShape[dim] *= 32
	enc := ttg.InferReshapeEncoding(ctx, tt2.Dims, tt2.Encoding, outShape)
	if enc == nil {
		return nil, ir.OpErrorf(dot, "cannot lay out the %v scales broadcast along dim %d", st.Dims, dim)
	}
	return tt.NewReshape(b, loc, tr, ir.RankedTensor(ctx, outShape, tt2.Elem, enc), false).Result(0), nil
}

// newFp4ToFp builds `ttg.fp4_to_fp v {axis}`: two fp4 values per byte,
// unpacked along axis into elements of type to.
func newFp4ToFp(b *ir.Builder, loc ir.Location, v ir.Value, to ir.Type, axis int) (ir.Value, error) {
	ctx := b.Ctx
	vt := v.Type().(*ir.RankedTensorType)
	shape := append([]int64(nil), vt.Dims...)
	shape[axis] *= 2
	var enc ir.Attribute
	if vt.Encoding != nil {
		e, err := ttg.InferFp4ToFpEncoding(ctx, vt.Dims, axis, vt.Encoding, true)
		if err != nil {
			return nil, err
		}
		enc = e
	}
	return b.CreateOp("ttg.fp4_to_fp", loc, []ir.Value{v}, []ir.Type{ir.RankedTensor(ctx, shape, to, enc)},
		ir.NamedAttr{Name: "axis", Value: ir.I32Attr(ctx, int64(axis))}).Result(0), nil
}
