package numeric

// The 8-bit float formats. Bit patterns are uint8; the generic Format methods
// take and return them widened to uint32.
//
// NVIDIA (sm_89 and later) handles F8E4M3FN and F8E5M2 in hardware; Triton's
// conversions to them on NVIDIA use PTX cvt.rn.satfinite (see FpToFp), which
// saturates instead of producing inf or NaN. The formats below keep their
// own, IEEE/APFloat-style defaults in Overflow; pass OverflowSaturate (or use
// FromFloat64Sat) for the PTX behaviour.

// F8E4M3FN is OCP FP8 E4M3 (MLIR f8E4M3FN, Triton tl.float8e4nv, torch
// float8_e4m3fn): bias 7, no infinities, NaN only at S.1111.111 (0x7F,
// 0xFF), largest finite 448 (0x7E). The default overflow (RNE) gives NaN, as
// LLVM's APFloat does; NVIDIA's satfinite conversion gives ±448 instead.
var F8E4M3FN = newFormat(Format{
	Name: "f8E4M3FN", ExpBits: 4, MantBits: 3, Bias: 7,
	NaN: NaNAllOnes, CanonicalNaN: 0x7F, Overflow: OverflowNaN,
})

// F8E5M2 is OCP FP8 E5M2 (MLIR f8E5M2, Triton tl.float8e5, torch
// float8_e5m2): the top byte of a binary16 — bias 15, ±inf (0x7C/0xFC), IEEE
// NaNs, largest finite 57344 (0x7B). The default overflow (RNE) gives ±inf;
// NVIDIA's satfinite conversion gives ±57344.
var F8E5M2 = newFormat(Format{
	Name: "f8E5M2", ExpBits: 5, MantBits: 2, Bias: 15,
	HasInf: true, NaN: NaNIEEE, CanonicalNaN: 0x7F, Overflow: OverflowInf,
})

// F8E4M3FNUZ is AMD's FP8 E4M3 (MLIR f8E4M3FNUZ, Triton tl.float8e4b8,
// torch float8_e4m3fnuz): bias 8, no infinities, no negative zero, a single
// NaN 0x80; the all-ones exponent is an ordinary binade, largest finite 240
// (0x7F). Overflow (RNE) gives NaN (APFloat); OverflowSaturate gives ±240.
// Triton 3.6 rejects this type on NVIDIA.
var F8E4M3FNUZ = newFormat(Format{
	Name: "f8E4M3FNUZ", ExpBits: 4, MantBits: 3, Bias: 8,
	NaN: NaNNegZero, CanonicalNaN: 0x80, Overflow: OverflowNaN,
})

// F8E5M2FNUZ is AMD's FP8 E5M2 (MLIR f8E5M2FNUZ, Triton tl.float8e5b16,
// torch float8_e5m2fnuz): bias 16, no infinities, no negative zero, a single
// NaN 0x80, largest finite 57344 (0x7F). Overflow (RNE) gives NaN.
// Triton 3.6 rejects this type on NVIDIA.
var F8E5M2FNUZ = newFormat(Format{
	Name: "f8E5M2FNUZ", ExpBits: 5, MantBits: 2, Bias: 16,
	NaN: NaNNegZero, CanonicalNaN: 0x80, Overflow: OverflowNaN,
})

// F8E4M3B11FNUZ is MLIR's f8E4M3B11FNUZ as LLVM's APFloat defines it: bias
// 11, no infinities, no negative zero, single NaN 0x80, largest finite 30
// (0x7F).
//
// Triton uses this MLIR type as the IR carrier of its tl.float8e4b15, but
// Triton's own conversions give the bits a different meaning (bias 15, all
// 256 patterns finite): see F8E4B15. An MLIR constant of this type is
// printed and folded by MLIR with bias 11, while a Triton kernel decodes the
// same bits with bias 15.
var F8E4M3B11FNUZ = newFormat(Format{
	Name: "f8E4M3B11FNUZ", ExpBits: 4, MantBits: 3, Bias: 11,
	NaN: NaNNegZero, CanonicalNaN: 0x80, Overflow: OverflowNaN,
})

// F8E4B15 is Triton's tl.float8e4b15 ("fp8e4b15") as Triton's conversions
// (triton/language/extra/cuda/utils.py, inline PTX) interpret it: the
// F8E4M3FN layout with exponent bias 15, no infinities and no NaN; every
// pattern is finite, both zeros exist, and 0x7F/0xFF decode to ±1.875.
// Decoding with ToFloat32/ToFloat64 matches Triton. Triton's encoder is not a
// correctly rounded conversion: use F8E4B15FromF16 / F8E4B15FromFloat32 to
// reproduce it (the generic FromFloat64 rounds correctly, saturating at
// ±1.875, which no Triton kernel does).
var F8E4B15 = newFormat(Format{
	Name: "fp8e4b15", ExpBits: 4, MantBits: 3, Bias: 15,
	NaN: NaNNone, Overflow: OverflowSaturate,
})

// F8E4M3FNFromFloat32 converts x to F8E4M3FN as Triton does on NVIDIA
// (cvt.rn.satfinite.e4m3x2.f32 for RNE): rounding by m, overflow and ±inf
// saturate to ±448, NaN gives 0x7F. RTZ (which Triton does not support for
// this type) truncates and saturates likewise.
func F8E4M3FNFromFloat32(x float32, m RoundingMode) uint8 {
	if x != x {
		return 0x7F
	}
	return uint8(F8E4M3FN.FromFloat64Sat(float64(x), m))
}

// F8E4M3FNToFloat32 decodes an F8E4M3FN pattern exactly; NaN gives
// 0x7FFFFFFF, as Triton's upcast does.
func F8E4M3FNToFloat32(b uint8) float32 { return F8E4M3FN.ToFloat32(uint32(b)) }

// F8E5M2FromFloat32 converts x to F8E5M2 as Triton does on NVIDIA sm_90: RNE
// uses cvt.rn.satfinite.e5m2x2.f32 (overflow and ±inf saturate to ±57344);
// RTZ goes through f16 with cvt.rz and keeps the top byte, so ±inf stays
// ±inf. NaN gives 0x7F.
func F8E5M2FromFloat32(x float32, m RoundingMode) uint8 {
	if x != x {
		return 0x7F
	}
	if m == RTZ {
		return uint8(F8E5M2.FromFloat64(float64(x), RTZ))
	}
	return uint8(F8E5M2.FromFloat64Sat(float64(x), m))
}

// F8E5M2ToFloat32 decodes an F8E5M2 pattern exactly; NaN gives 0x7FFFFFFF.
func F8E5M2ToFloat32(b uint8) float32 { return F8E5M2.ToFloat32(uint32(b)) }

// F8E4B15ToF16 widens a Triton fp8e4b15 pattern to binary16 exactly, as
// Triton's inline PTX does: sign | (b & 0x7F) << 7 (the two formats share
// bias 15, so subnormals map to subnormals).
func F8E4B15ToF16(b uint8) uint16 {
	return uint16(b&0x80)<<8 | uint16(b&0x7F)<<7
}

// F8E4B15ToFloat32 decodes a Triton fp8e4b15 pattern exactly.
func F8E4B15ToFloat32(b uint8) float32 { return F16ToFloat32(F8E4B15ToF16(b)) }

// F8E4B15FromF16 narrows a binary16 pattern to Triton's fp8e4b15 exactly as
// Triton's inline PTX (convert_float16_to_fp8e4b15, sm_80+) does:
//
//  1. the magnitude is clamped to 1.75 (0x3F00) with min.f16x2, which also
//     turns ±inf and NaN into 1.75 (min returns the non-NaN operand);
//  2. 0x40 is added to the magnitude bits and the result shifted right by 7:
//     rounding to nearest with ties away from zero;
//  3. the f16 sign bit is put back (so -NaN gives 0xFE and -0 gives 0x80).
//
// The largest pattern produced is therefore 0x7E (1.75); 0x7F is never
// produced. Triton applies this for every requested rounding mode.
func F8E4B15FromF16(h uint16) uint8 {
	a := h & 0x7FFF
	if a > 0x3F00 {
		a = 0x3F00
	}
	return uint8(h>>8)&0x80 | uint8((a+0x40)>>7)
}

// F8E4B15FromFloat32 converts a float32 to Triton's fp8e4b15 as Triton does:
// first to f16 with round-toward-zero (cvt.rz.f16.f32; NaN becomes 0x7FFF),
// then F8E4B15FromF16. The rounding mode requested in the source program is
// ignored by Triton.
func F8E4B15FromFloat32(x float32) uint8 {
	return F8E4B15FromF16(F16FromFloat32(x, RTZ))
}
