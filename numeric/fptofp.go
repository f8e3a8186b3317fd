package numeric

import (
	"fmt"
	"math"
)

// UnsupportedConversionError is returned by FpToFp for a conversion that
// Triton 3.6 refuses to lower on NVIDIA sm_90 (compilation aborts there).
type UnsupportedConversionError struct {
	Src, Dst *Format
	Mode     RoundingMode
}

func (e *UnsupportedConversionError) Error() string {
	return fmt.Sprintf("numeric: tt.fp_to_fp %s -> %s (%s) is not supported by Triton on sm_90", e.Src, e.Dst, e.Mode)
}

// e5m2Plain reads f8E5M2 bits with no special values: the all-ones exponent
// is an ordinary binade. See FpToFp (f8E5M2 -> bf16).
var e5m2Plain = newFormat(Format{Name: "f8E5M2(plain)", ExpBits: 5, MantBits: 2, Bias: 15, NaN: NaNNone,
	Overflow: OverflowSaturate})

// FpToFp reproduces tt.fp_to_fp as Triton 3.6 lowers it for NVIDIA sm_90
// (Hopper), bit for bit; every supported pair was checked against an H200
// (exhaustively for 8- and 16-bit sources, over all 2^32 float32 inputs for
// float32 sources). m is the op's rounding attribute and is ignored for
// widening conversions. The supported pairs and their behaviour:
//
//   - f32 -> f16, bf16 (RNE, RTZ): IEEE rounding, subnormals kept; RNE
//     overflow gives ±inf, RTZ gives ±max; NaN gives 0x7FFF.
//   - f32, f16, bf16 -> f8E4M3FN, f8E5M2 (RNE): one correct rounding with
//     .satfinite: overflow and ±inf give ±448 / ±57344; NaN gives 0x7F.
//   - f32 -> f8E5M2 (RTZ): f32 -> f16 RTZ then the top byte: truncation,
//     ±inf stays ±inf, NaN gives 0x7F.
//   - f16 -> f32 and f8E4M3FN, f8E5M2 -> f16, f32: exact; every NaN becomes
//     the canonical NaN (0x7FFF, 0x7FFFFFFF), ±inf stays ±inf.
//   - f8E4M3FN -> bf16: exact; NaN gives 0x7FFF.
//   - f8E5M2 -> bf16: Triton's sm_90 code shifts the bits into place and
//     multiplies by 2^112 without special-casing inf and NaN, so finite
//     values are exact but ±inf (0x7C/0xFC) give ±65536 and the NaNs
//     0x7D/0x7E/0x7F give ±81920/±98304/±114688.
//
// Everything else — RTZ to f8E4M3FN or from a non-f32 source to f8, f16 <->
// bf16, f64, the FNUZ types and fp8e4b15 (which Triton converts with inline
// assembly, see F8E4B15FromF16) — returns an *UnsupportedConversionError.
// Conversions Triton's frontend emits as arith.truncf/arith.extf (f32 <->
// f16/bf16 with RNE, bf16 -> f32, f64) are the Format methods and the
// F16/BF16 helpers.
func FpToFp(src, dst *Format, x uint32, m RoundingMode) (uint32, error) {
	if src == dst {
		return x, nil
	}
	isF8 := func(f *Format) bool { return f == F8E4M3FN || f == F8E5M2 }
	narrowing := dst.Bits() < src.Bits()
	if narrowing && m != RNE && m != RTZ {
		return 0, &UnsupportedConversionError{src, dst, m}
	}
	// Narrowing to fp8.
	if isF8(dst) {
		if src != F32 && src != F16 && src != BF16 {
			return 0, &UnsupportedConversionError{src, dst, m}
		}
		if m == RTZ {
			if src != F32 || dst != F8E5M2 {
				return 0, &UnsupportedConversionError{src, dst, m}
			}
			return uint32(F8E5M2FromFloat32(math.Float32frombits(x), RTZ)), nil
		}
		var v float32
		switch src {
		case F32:
			v = math.Float32frombits(x)
		case F16:
			v = F16ToFloat32(uint16(x))
		case BF16:
			v = BF16ToFloat32(uint16(x))
		}
		if v != v {
			return 0x7F, nil
		}
		return dst.FromFloat64Sat(float64(v), RNE), nil
	}
	switch {
	case src == F32 && dst == F16:
		return uint32(F16FromFloat32(math.Float32frombits(x), m)), nil
	case src == F32 && dst == BF16:
		return uint32(BF16FromFloat32(math.Float32frombits(x), m)), nil
	case src == F16 && dst == F32:
		return math.Float32bits(F16ToFloat32(uint16(x))), nil
	}
	// Widening from fp8.
	if isF8(src) {
		switch dst {
		case F16:
			if src.IsNaN(x) {
				return 0x7FFF, nil
			}
			return uint32(F16FromFloat32(src.ToFloat32(x), RNE)), nil
		case F32:
			return math.Float32bits(src.ToFloat32(x)), nil
		case BF16:
			if src == F8E5M2 {
				return BF16.FromFloat64(e5m2Plain.ToFloat64(x), RNE), nil
			}
			if src.IsNaN(x) {
				return 0x7FFF, nil
			}
			return uint32(BF16FromFloat32(src.ToFloat32(x), RNE)), nil
		}
	}
	return 0, &UnsupportedConversionError{src, dst, m}
}
