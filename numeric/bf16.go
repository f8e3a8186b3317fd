package numeric

import "math"

// BF16 is bfloat16 (MLIR bf16, Triton tl.bfloat16): the top half of a
// binary32 — 1 sign, 8 exponent (bias 127) and 7 fraction bits, subnormals,
// ±inf, NaNs. Overflow under RNE gives ±inf; a NaN produced from float32 is
// 0x7FFF (what PTX cvt.rn.bf16.f32 writes).
var BF16 = newFormat(Format{
	Name: "bf16", ExpBits: 8, MantBits: 7, Bias: 127,
	HasInf: true, NaN: NaNIEEE, CanonicalNaN: 0x7FFF, Overflow: OverflowInf,
	KeepNaNPayload: true,
})

// BF16FromFloat32 rounds x to bfloat16 with mode m, matching PTX
// cvt.rn.bf16.f32 / cvt.rz.bf16.f32: subnormals are kept (no flush), RNE
// overflow gives ±inf, RTZ never rounds up to inf, and every NaN becomes
// 0x7FFF.
func BF16FromFloat32(x float32, m RoundingMode) uint16 {
	b := math.Float32bits(x)
	if b&0x7FFFFFFF > 0x7F800000 {
		return 0x7FFF
	}
	switch m {
	case RNE:
		// Adding 0x7FFF plus the kept lsb rounds the magnitude to nearest
		// even; a carry propagates into the exponent (up to inf).
		b += 0x7FFF + (b>>16)&1
	case RNA:
		b += 0x8000
	}
	// RTZ: plain truncation (inf stays inf; finite values never reach it).
	return uint16(b >> 16)
}

// BF16FromFloat64 rounds x to bfloat16 in a single rounding, as PTX
// cvt.rn.bf16.f64 does (a NaN keeps its sign and top payload bits).
func BF16FromFloat64(x float64, m RoundingMode) uint16 {
	return uint16(BF16.FromFloat64(x, m))
}

// BF16ToFloat32 widens a bfloat16 pattern exactly. It is a plain shift, so
// NaNs keep sign and payload (as on the GPU, where arith.extf from bf16
// lowers to a shift).
func BF16ToFloat32(h uint16) float32 {
	return math.Float32frombits(uint32(h) << 16)
}

// BF16ToFloat64 widens a bfloat16 pattern exactly (NaN: a quiet NaN with the
// pattern's sign).
func BF16ToFloat64(h uint16) float64 {
	return BF16.ToFloat64(uint32(h))
}
