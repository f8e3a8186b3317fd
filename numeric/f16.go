package numeric

import "math"

// F16 is IEEE 754 binary16 (MLIR f16, Triton tl.float16): 1 sign, 5 exponent
// (bias 15) and 10 fraction bits, subnormals, ±inf, NaNs. Overflow under RNE
// gives ±inf; a NaN produced from float32 is 0x7FFF, NVIDIA's canonical f16
// NaN.
var F16 = newFormat(Format{
	Name: "f16", ExpBits: 5, MantBits: 10, Bias: 15,
	HasInf: true, NaN: NaNIEEE, CanonicalNaN: 0x7FFF, Overflow: OverflowInf,
})

// F16FromFloat32 rounds x to binary16 with mode m (RNE or RTZ; RNA also
// works). It matches PTX cvt.rn.f16.f32 / cvt.rz.f16.f32 bit for bit,
// including subnormals, overflow (RNE: ±inf; RTZ: ±65504) and NaN (always
// 0x7FFF).
func F16FromFloat32(x float32, m RoundingMode) uint16 {
	b := math.Float32bits(x)
	sign := uint16(b>>16) & 0x8000
	e := int(b>>23) & 0xFF
	frac := b & 0x7FFFFF
	if e == 0xFF {
		if frac != 0 {
			return 0x7FFF
		}
		return sign | 0x7C00
	}
	if e == 0 {
		// float32 subnormals are below 2^-126, far under half of the
		// smallest f16 subnormal (2^-24): they round to ±0.
		return sign
	}
	// Value = sig * 2^(e-150), sig in [2^23, 2^24).
	sig := frac | 0x800000
	exp := e - 127 // unbiased
	var shift uint // low bits of sig dropped
	var out uint32
	switch {
	case exp >= -14:
		shift = 13
		out = uint32(exp+15) << 10
	case exp >= -25:
		// subnormal result: quantum 2^-24
		shift = uint(13 + (-14 - exp))
		out = 0
	default:
		// below half of the smallest subnormal (2^-25): RNE/RTZ give 0.
		// exp == -25 is handled above (possible round up to 2^-24).
		return sign
	}
	n := sig >> shift
	rem := sig & (1<<shift - 1)
	half := uint32(1) << (shift - 1)
	switch m {
	case RNE:
		if rem > half || (rem == half && n&1 == 1) {
			n++
		}
	case RNA:
		if rem >= half {
			n++
		}
	}
	if out != 0 {
		out += n - 0x400 // carry out of the mantissa bumps the exponent
	} else {
		out = n
	}
	if out >= 0x7C00 {
		if m == RTZ {
			return sign | 0x7BFF
		}
		return sign | 0x7C00
	}
	return sign | uint16(out)
}

// F16FromFloat64 rounds x to binary16 with mode m in a single rounding, as PTX
// cvt.rn.f16.f64 does (a NaN keeps its sign and top payload bits).
func F16FromFloat64(x float64, m RoundingMode) uint16 {
	return uint16(F16.FromFloat64(x, m))
}

// F16ToFloat32 widens a binary16 pattern exactly, as PTX cvt.f32.f16 does:
// every NaN becomes 0x7FFFFFFF.
func F16ToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	e := uint32(h>>10) & 0x1F
	frac := uint32(h & 0x3FF)
	switch {
	case e == 0x1F:
		if frac != 0 {
			return math.Float32frombits(0x7FFFFFFF)
		}
		return math.Float32frombits(sign | 0x7F800000)
	case e == 0:
		if frac == 0 {
			return math.Float32frombits(sign)
		}
		// subnormal: frac * 2^-24, exact in float32
		v := float32(frac) * (1.0 / (1 << 24))
		if sign != 0 {
			v = -v
		}
		return v
	}
	return math.Float32frombits(sign | (e+112)<<23 | frac<<13)
}

// F16ToFloat64 widens a binary16 pattern exactly (NaN: a quiet NaN with the
// pattern's sign).
func F16ToFloat64(h uint16) float64 {
	return F16.ToFloat64(uint32(h))
}
