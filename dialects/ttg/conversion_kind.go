package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// What it costs to convert a tensor from one layout to another, read off
// the two linear layouts (Triton's cvtReordersRegisters,
// cvtNeedsWarpShuffle and cvtNeedsSharedMemory in Analysis/Utility.cpp).

// ConversionKind classifies converting src to dst (tensors of the same
// shape): nothing or a register permutation, warp shuffles, or shared
// memory. Layouts without a linear layout are taken as needing shared
// memory. The kind is computed once per context and pair of types: the
// layout passes ask about the same conversions again, and planning one
// costs far more than looking it up.
func ConversionKind(src, dst *ir.RankedTensorType) linearlayout.ConversionKind {
	ctx := ctxOf(src.Encoding)
	if ctx == nil {
		return conversionKind(src, dst)
	}
	return ir.Memo(ctx, conversionKindKey{src, dst}, func() linearlayout.ConversionKind { return conversionKind(src, dst) })
}

// conversionKindKey keys ConversionKind's results: tensor types are
// uniqued and immutable, so a pair of pointers names a pair of types.
type conversionKindKey struct{ src, dst *ir.RankedTensorType }

// conversionKind is ConversionKind without the cache.
func conversionKind(src, dst *ir.RankedTensorType) linearlayout.ConversionKind {
	s, err1 := TypeLinearLayout(src)
	d, err2 := TypeLinearLayout(dst)
	if err1 != nil || err2 != nil {
		return linearlayout.ConvertSharedMemory
	}
	p, err := linearlayout.ConversionPlan(s, d)
	if err != nil {
		return linearlayout.ConvertSharedMemory
	}
	return p.Kind
}

// ReordersRegisters reports whether converting src to dst only permutes
// each thread's registers (or does nothing).
func ReordersRegisters(src, dst *ir.RankedTensorType) bool {
	k := ConversionKind(src, dst)
	return k == linearlayout.ConvertNothing || k == linearlayout.ConvertRegisterPermutation
}

// NeedsSharedMemory reports whether converting src to dst moves data
// between warps (or CTAs), through shared memory.
func NeedsSharedMemory(src, dst *ir.RankedTensorType) bool {
	k := ConversionKind(src, dst)
	return k == linearlayout.ConvertSharedMemory || k == linearlayout.ConvertCrossCTA
}

// IsNoopConversion reports whether the conversion moves no data at all
// (Triton's minimalCvtLayout being empty).
func IsNoopConversion(src, dst *ir.RankedTensorType) bool {
	return ConversionKind(src, dst) == linearlayout.ConvertNothing
}
