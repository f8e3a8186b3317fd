package ttg

import "github.com/ttcompiler/tt/ir"

// Builders of the shared layouts that dot operands are staged through:
// for the register-operand MMAs (mma.sync, MFMA, WMMA) the swizzled layout
// that keeps the operand's reads from shared memory free of bank
// conflicts (Triton's SwizzledSharedEncodingAttr::get taking a
// DotOperandEncodingAttr), and for the shared-memory-operand MMAs (wgmma,
// tcgen05) the NVMMA layout the hardware reads (NVMMASharedFor). AMD's
// rotating layout builder belongs here too once the AMD pipeliner needs it.

// SwizzledForDotOperand is the swizzled shared layout that a dot operand
// of layout dot is staged through (the SwizzledSharedEncodingAttr builder
// taking a DotOperandEncodingAttr): bank-conflict-free swizzles for the
// NVIDIA MMA (v2, v3), AMD MFMA and WMMA parents, no swizzle for others
// (the FMA dot).
func SwizzledForDotOperand(ctx *ir.Context, dot *DotOperandEncoding, shape []int64, order []int, cga CGALayout, bitwidth int, needTrans bool) *SwizzledSharedEncoding {
	noSwizzle := NewSwizzledShared(ctx, 1, 1, 1, order, cga)
	if bitwidth <= 0 || len(order) == 0 {
		return noSwizzle
	}
	switch p := dot.Parent.(type) {
	case *AMDMfmaEncoding:
		return mfmaShared(ctx, p, cga, dot.OpIdx, shape, order, dot.KWidth, bitwidth, needTrans)
	case *AMDWmmaEncoding:
		return wmmaShared(ctx, p, cga, dot.OpIdx, shape, order, dot.KWidth, bitwidth)
	case *NvidiaMmaEncoding:
		if p.IsAmpere() || p.IsHopper() {
			return nvidiaMmaShared(ctx, dot.OpIdx, dot.KWidth, shape, order, cga, bitwidth, needTrans)
		}
	}
	return noSwizzle
}

// nvidiaMmaShared swizzles so that the 8 rows of an mma tile (or the
// 4*kWidth K elements) of a warp hit distinct banks.
func nvidiaMmaShared(ctx *ir.Context, opIdx, kWidth int, shape []int64, order []int, cga CGALayout, bitwidth int, needTrans bool) *SwizzledSharedEncoding {
	k := int(ShapePerCTA(cga.CTASplitNum(), shape)[order[0]])
	perPhase := max(1024/max(bitwidth*k, 1), 1)
	mmaStride, vec := 8, 4*kWidth
	if needTrans {
		vec, mmaStride = mmaStride, vec
	}
	rank := len(order)
	kDim := rank - 2
	if opIdx == 0 {
		kDim = rank - 1
	}
	if order[0] != kDim {
		vec, mmaStride = mmaStride, vec
	}
	maxPhase := max(min(mmaStride, 1024/max(vec*bitwidth, 1)), 1)
	maxPhase = max(maxPhase/perPhase, 1)
	return NewSwizzledShared(ctx, vec, perPhase, maxPhase, order, cga)
}

func mfmaShared(ctx *ir.Context, p *AMDMfmaEncoding, cga CGALayout, opIdx int, shape []int64, order []int, vec, bitwidth int, needTrans bool) *SwizzledSharedEncoding {
	noSwizzle := NewSwizzledShared(ctx, 1, 1, 1, order, cga)
	if opIdx >= 2 {
		return noSwizzle
	}
	kDim := 0
	if opIdx == 0 {
		kDim = 1
	}
	if needTrans {
		kDim = 1 - kDim
	}
	gfx950 := p.Version == 4
	// gfx950 reads LDS transposed, so it swizzles non-K-contiguous 8 and
	// 16 bit operands too.
	if order[0] != kDim && !(gfx950 && (bitwidth == 8 || bitwidth == 16)) {
		return noSwizzle
	}
	banks := 32
	if gfx950 {
		banks = 64
	}
	inner := int(shape[order[0]])
	perPhase := max(1, banks*32/bitwidth/max(inner, 1))
	maxPhase := max(min(16/perPhase, inner/max(vec, 1)), 1)
	if len(p.InstrShape) > 0 && p.InstrShape[0] == 4 {
		maxPhase = 4
	}
	return NewSwizzledShared(ctx, vec, perPhase, maxPhase, order, cga)
}

func wmmaShared(ctx *ir.Context, p *AMDWmmaEncoding, cga CGALayout, opIdx int, shape []int64, order []int, kWidth, bitwidth int) *SwizzledSharedEncoding {
	kDim := 0
	if opIdx == 0 {
		kDim = 1
	}
	if order[0] != kDim {
		return NewSwizzledShared(ctx, 1, 1, 1, order, cga)
	}
	// ds_load reads at most 128 bits.
	vec := min(kWidth*bitwidth, 128) / bitwidth
	inner := int(shape[order[0]])
	perPhase := max(1, 32*32/bitwidth/max(inner, 1))
	mDim := 16
	if len(p.InstrShape) > 0 {
		mDim = p.InstrShape[0]
	}
	maxPhase := max(min(mDim/perPhase, inner/max(vec, 1)), 1)
	return NewSwizzledShared(ctx, vec, perPhase, maxPhase, order, cga)
}

// NVMMASharedFor is the NVMMA shared layout (wgmma and tcgen05 operands)
// for a buffer of the given shape, dim order and element width (Triton's
// NVMMASharedEncodingAttr builder): the widest swizzle (128, 64 or 32
// bytes) that the contiguous dim's bytes are a multiple of, none when the
// buffer has fewer than 8 rows (or one dim), and transposed when dim 0 is
// the contiguous one. fp4Padded operands store two elements' space per
// element.
func NVMMASharedFor(ctx *ir.Context, shape []int64, order []int, cga CGALayout, elemBitWidth int, fp4Padded bool) *NVMMASharedEncoding {
	perCTA := ShapePerCTA(cga.CTASplitNum(), shape)
	packing := int64(1)
	if fp4Padded {
		packing = 2
	}
	swizzle := 0
	if len(order) > 0 && len(perCTA) == len(order) {
		contigBytes := perCTA[order[0]] * packing * int64(elemBitWidth) / 8
		for _, w := range []int64{128, 64, 32} {
			if contigBytes >= w && contigBytes%w == 0 {
				swizzle = int(w)
				break
			}
		}
		outer := int64(1)
		for _, d := range order[1:] {
			outer *= perCTA[d]
		}
		if len(perCTA) < 2 || outer < 8 {
			swizzle = 0
		}
	}
	transposed := len(order) > 0 && order[0] == 0
	return NewNVMMAShared(ctx, swizzle, transposed, elemBitWidth, fp4Padded, cga)
}
