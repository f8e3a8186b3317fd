package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// How Triton 3.6 shapes an NVIDIA tensor-core dot: the instruction shape of
// its nvidia_mma result layout and the shared layout its operands are
// staged in (Triton's mmaVersionToInstrShape and the shape-taking
// NVMMASharedEncodingAttr builder).

// wgmmaN lists the N sizes of wgmma in Triton's order of preference
// (largest first); 8-bit integer wgmma has fewer.
var (
	wgmmaN     = []int{256, 248, 240, 232, 224, 216, 208, 200, 192, 184, 176, 168, 160, 152, 144, 136, 128, 120, 112, 104, 96, 88, 80, 72, 64, 56, 48, 40, 32, 24, 16, 8}
	wgmmaNInt8 = []int{224, 208, 192, 176, 160, 144, 128, 112, 96, 80, 64, 48, 32, 24, 16, 8}
)

// IsFP8 reports the float8 formats tensor cores read natively (e5m2 and
// e4m3fn, Float8E5M2Type and Float8E4M3FNType in Triton).
func IsFP8(t ir.Type) bool {
	f, ok := t.(*ir.FloatType)
	return ok && (f.Kind == ir.F8E5M2 || f.Kind == ir.F8E4M3FN)
}

// IsAnyFP8 also accepts the FNUZ variants, which can always be promoted.
func IsAnyFP8(t ir.Type) bool {
	f, ok := t.(*ir.FloatType)
	return ok && (f.Kind == ir.F8E5M2 || f.Kind == ir.F8E4M3FN || f.Kind == ir.F8E5M2FNUZ || f.Kind == ir.F8E4M3FNUZ)
}

func isFloatKind(t ir.Type, kinds ...ir.FloatKind) bool {
	f, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	for _, k := range kinds {
		if f.Kind == k {
			return true
		}
	}
	return false
}

// MMAInstrShape is the instrShape of an nvidia_mma layout of the given
// version for a dot whose result (per CTA) has the given shape and whose
// operands have element type elem: [16, 8] (with leading 1s for batched
// dots) for mma.sync, [16, N, K] for wgmma with K = 256 / bitwidth and
// the largest N that divides the result's N and gives each warp group no
// more than its share of columns, and [M, N, K] for tcgen05.
func MMAInstrShape(version int, shape []int64, elem ir.Type, numWarps int) ([]int, error) {
	bits := ir.BitWidth(elem)
	switch version {
	case 1:
		return []int{16, 16}, nil
	case 2:
		ret := make([]int, len(shape))
		for i := range ret {
			ret[i] = 1
		}
		ret[len(ret)-1], ret[len(ret)-2] = 8, 16
		return ret, nil
	case 3:
		if bits == 0 || len(shape) != 2 || shape[0]%64 != 0 || shape[1]%8 != 0 {
			return nil, fmt.Errorf("wgmma cannot compute a %v result from %s operands", shape, asm.TypeString(elem))
		}
		var valid []int
		switch {
		case isFloatKind(elem, ir.F8E5M2, ir.F8E4M3FN, ir.F8E4M3FNUZ, ir.F16, ir.BF16, ir.F32):
			valid = wgmmaN
		case ir.IsInteger(elem, 8):
			valid = wgmmaNInt8
		}
		const m = 16
		mWarps := max(int(shape[0])/m, 1)
		nWarps := max(numWarps/mWarps, 1)
		maxN := max(int(shape[1])/nWarps, 8)
		for _, n := range valid {
			if int(shape[1])%n == 0 && n <= maxN {
				return []int{m, n, 256 / bits}, nil
			}
		}
		return nil, fmt.Errorf("wgmma has no instruction N for a %v result from %s operands", shape, asm.TypeString(elem))
	case 5:
		if bits == 0 || len(shape) != 2 {
			return nil, fmt.Errorf("tcgen05.mma cannot compute a %v result from %s operands", shape, asm.TypeString(elem))
		}
		m := 64
		if shape[0] >= 128 {
			m = 128
		}
		return []int{m, int(min(shape[1], 256)), 256 / bits}, nil
	}
	return nil, fmt.Errorf("no NVIDIA MMA version %d", version)
}

// SupportsMMA is Triton's supportMMA(DotOp, version): the shapes, warp
// counts and element types each instruction family takes.
func SupportsMMA(dot *ir.Operation, version int) bool {
	a, ok1 := dot.Operand(0).Type().(*ir.RankedTensorType)
	b, ok2 := dot.Operand(1).Type().(*ir.RankedTensorType)
	ret, ok3 := dot.Result(0).Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 || !ok3 || a.Rank() < 2 || ret.Rank() < 2 {
		return false
	}
	aElem, bElem := a.Elem, b.Elem
	k := a.Dims[len(a.Dims)-1]
	cga := DefaultCGA(ret.Rank())
	if l, ok := ret.Encoding.(LayoutEncoding); ok {
		cga = l.CGA()
	}
	perCTA := ShapePerCTA(cga.CTASplitNum(), ret.Dims)
	rank := len(perCTA)
	warps, _ := LookupNumWarps(dot)
	bits := int64(ir.BitWidth(aElem))
	switch version {
	case 5:
		if ir.IsInteger(aElem, 0) || ir.IsInteger(bElem, 0) || ir.IsInteger(ret.Elem, 0) || rank != 2 {
			return false
		}
		if warps != 4 && warps != 8 {
			return false
		}
		if bits == 0 || k < 256/bits {
			return false
		}
		return perCTA[rank-2]%64 == 0 && perCTA[rank-1]%16 == 0
	case 3:
		if bits == 0 || k < 256/bits || rank == 3 {
			return false
		}
		typeOK := IsFP8(aElem) || ir.IsInteger(aElem, 8) || isFloatKind(aElem, ir.F16, ir.BF16, ir.F32)
		if !(warps%4 == 0 && perCTA[rank-2]%64 == 0 && perCTA[rank-1]%16 == 0 && typeOK) {
			return false
		}
		// wgmma accumulates fp8 products in reduced precision: an f32
		// result that must be accumulated at full precision within the
		// instruction cannot use it.
		if (tt.DotOp{Operation: dot}).MaxNumImpreciseAcc() < 32 && IsFP8(aElem) && isFloatKind(ret.Elem, ir.F32) {
			return false
		}
	}
	if isFloatKind(aElem, ir.F32) && isFloatKind(bElem, ir.F32) {
		return tt.DotOp{Operation: dot}.InputPrecision() == tt.PrecisionTF32 && version >= 2
	}
	return operandSupportsMMA(aElem, version) && operandSupportsMMA(bElem, version)
}

// operandSupportsMMA is Triton's supportMMA(Value, version). fp8 always
// qualifies: where the instruction lacks it, it is promoted to f16.
func operandSupportsMMA(elem ir.Type, version int) bool {
	return IsAnyFP8(elem) || isFloatKind(elem, ir.F16, ir.BF16) ||
		(isFloatKind(elem, ir.F32, ir.F64) && version >= 2) || (ir.IsInteger(elem, 8) && version >= 2)
}
