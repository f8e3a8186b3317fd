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
// memory. Layouts without a linear layout, or that cannot be planned, are
// taken as needing shared memory.
func ConversionKind(src, dst *ir.RankedTensorType) linearlayout.ConversionKind {
	k, err := PlannedConversionKind(src, dst)
	if err != nil {
		return linearlayout.ConvertSharedMemory
	}
	return k
}

// PlannedConversionKind is the kind of linearlayout.ConversionPlan from
// src's linear layout to dst's, or the error of building a layout or the
// plan. It is computed once per context and pair of types: the layout
// passes and the shared-memory allocation (which runs several times a
// compile) ask about the same conversions, and planning one costs far
// more than looking it up.
func PlannedConversionKind(src, dst *ir.RankedTensorType) (linearlayout.ConversionKind, error) {
	ctx := ctxOf(src.Encoding)
	if ctx == nil {
		return planConversionKind(src, dst)
	}
	r := ir.Memo(ctx, conversionKindKey{src, dst}, func() plannedKind {
		k, err := planConversionKind(src, dst)
		return plannedKind{k, err}
	})
	return r.kind, r.err
}

// conversionKindKey keys PlannedConversionKind's results: tensor types
// are uniqued and immutable, so a pair of pointers names a pair of types.
type conversionKindKey struct{ src, dst *ir.RankedTensorType }

type plannedKind struct {
	kind linearlayout.ConversionKind
	err  error
}

// planConversionKind is PlannedConversionKind without the cache.
func planConversionKind(src, dst *ir.RankedTensorType) (linearlayout.ConversionKind, error) {
	s, err := TypeLinearLayout(src)
	if err != nil {
		return 0, err
	}
	d, err := TypeLinearLayout(dst)
	if err != nil {
		return 0, err
	}
	p, err := linearlayout.ConversionPlan(s, d)
	if err != nil {
		return 0, err
	}
	return p.Kind, nil
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
