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
// memory.
func ConversionKind(src, dst *ir.RankedTensorType) linearlayout.ConversionKind {
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
