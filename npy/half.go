package npy

import "math"

// Float16ToFloat32 converts IEEE 754 binary16 bits to a float32. Every
// binary16 value, including subnormals, infinities and NaNs (with their
// payload), is represented exactly.
func Float16ToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	man := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f: // Inf or NaN
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	case exp != 0: // normal
		return math.Float32frombits(sign | (exp+127-15)<<23 | man<<13)
	case man == 0: // signed zero
		return math.Float32frombits(sign)
	}
	// Subnormal: value = man * 2^-24. Normalize so that bit 10 is the
	// implicit leading one; every shift lowers the exponent by one.
	e := uint32(127 - 14)
	for man&0x400 == 0 {
		man <<= 1
		e--
	}
	return math.Float32frombits(sign | e<<23 | (man&0x3ff)<<13)
}

// Float32ToFloat16 converts a float32 to IEEE 754 binary16 bits, rounding to
// nearest with ties to even. Values too large for binary16 become infinity,
// values too small become (signed) zero or a subnormal. A NaN stays a NaN:
// the top ten payload bits are kept, and if they are all zero the quiet bit
// is set so the result is not mistaken for infinity.
func Float32ToFloat16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	man := b & 0x7fffff

	if exp == 0xff {
		if man == 0 {
			return sign | 0x7c00
		}
		m := uint16(man >> 13)
		if m == 0 {
			m = 0x200
		}
		return sign | 0x7c00 | m
	}

	e := exp - 127 + 15 // biased binary16 exponent
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 {
		// Result is subnormal or zero. Values below 2^-25 round to zero;
		// exactly 2^-25 ties to the even zero.
		if e < -10 {
			return sign
		}
		m := man | 0x800000 // 24-bit significand with implicit one
		shift := uint(14 - e)
		return sign | uint16(roundShiftRNE(m, shift))
	}
	// Normal. Rounding may carry into the exponent and up to infinity,
	// which the bit layout handles by itself.
	h := uint32(e)<<10 | man>>13
	return sign | uint16(roundRNE(h, man&0x1fff, 0x1000))
}

// roundShiftRNE returns m >> shift rounded to nearest, ties to even.
func roundShiftRNE(m uint32, shift uint) uint32 {
	return roundRNE(m>>shift, m&(1<<shift-1), 1<<(shift-1))
}

// roundRNE rounds the truncated value q up by one when the discarded bits
// rem exceed half, or equal half and q is odd.
func roundRNE(q, rem, half uint32) uint32 {
	if rem > half || (rem == half && q&1 == 1) {
		q++
	}
	return q
}

// BFloat16ToFloat32 converts bfloat16 bits to a float32 (exact).
func BFloat16ToFloat32(b uint16) float32 {
	return math.Float32frombits(uint32(b) << 16)
}

// Float32ToBFloat16 converts a float32 to bfloat16 bits, rounding to nearest
// with ties to even. NaNs stay NaNs (quieted).
func Float32ToBFloat16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x40
	}
	return uint16(roundRNE(b>>16, b&0xffff, 0x8000))
}
