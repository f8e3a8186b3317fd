package numeric

import "math"

// Microscaling (OCP MX) element and scale formats, as used by tt.dot_scaled.
// None of the element formats has infinities or NaN; their conversions from
// wider types saturate (as PTX cvt.rn.satfinite.{e2m1x2,e2m3x2,e3m2x2}.f32
// does), and a NaN input gives +MaxFinite (PTX leaves it unspecified).

// F4E2M1FN is OCP FP4 E2M1 (MLIR f4E2M1FN, Triton "e2m1"): bias 1, values
// ±{0, 0.5, 1, 1.5, 2, 3, 4, 6}. Patterns are the low 4 bits; Triton packs
// two per byte, the element with the lower index in the low nibble.
var F4E2M1FN = newFormat(Format{
	Name: "f4E2M1FN", ExpBits: 2, MantBits: 1, Bias: 1,
	NaN: NaNNone, Overflow: OverflowSaturate,
})

// F6E2M3FN is OCP FP6 E2M3 (MLIR f6E2M3FN, Triton "e2m3"): bias 1, largest
// finite 7.5, smallest subnormal 0.125.
var F6E2M3FN = newFormat(Format{
	Name: "f6E2M3FN", ExpBits: 2, MantBits: 3, Bias: 1,
	NaN: NaNNone, Overflow: OverflowSaturate,
})

// F6E3M2FN is OCP FP6 E3M2 (MLIR f6E3M2FN, Triton "e3m2"): bias 3, largest
// finite 28, smallest subnormal 0.0625.
var F6E3M2FN = newFormat(Format{
	Name: "f6E3M2FN", ExpBits: 3, MantBits: 2, Bias: 3,
	NaN: NaNNone, Overflow: OverflowSaturate,
})

// E8M0NaN is the only NaN of f8E8M0FNU.
const E8M0NaN = 0xFF

// E8M0ToFloat32 decodes an f8E8M0FNU scale (MLIR f8E8M0FNU, OCP E8M0): an
// unsigned biased exponent, value 2^(b-127). 0x00 is 2^-127 (a float32
// subnormal), 0xFE is 2^127, and 0xFF is NaN (returned as 0x7FFFFFFF). There
// is no zero and no sign.
func E8M0ToFloat32(b uint8) float32 {
	if b == E8M0NaN {
		return math.Float32frombits(0x7FFFFFFF)
	}
	if b == 0 {
		return math.Float32frombits(0x00400000)
	}
	return math.Float32frombits(uint32(b) << 23)
}

// E8M0ToFloat64 decodes an f8E8M0FNU scale exactly (NaN for 0xFF).
func E8M0ToFloat64(b uint8) float64 {
	if b == E8M0NaN {
		return math.NaN()
	}
	return math.Ldexp(1, int(b)-127)
}

// E8M0FromFloat64 encodes x as an f8E8M0FNU scale with saturation (the
// .satfinite behaviour of PTX cvt.*.satfinite.ue8m0x2.f32):
//
//   - RTZ: the largest power of two not above x (the exponent of x);
//   - RNE: the nearest power of two; an exact tie (x = 1.5 * 2^k) goes to the
//     even pattern;
//   - RNA: the nearest power of two, a tie going up.
//
// NaN gives 0xFF; x <= 0 and values below the range give 0x00 (2^-127);
// +inf and values above the range give 0xFE (2^127).
func E8M0FromFloat64(x float64, m RoundingMode) uint8 {
	switch {
	case x != x:
		return E8M0NaN
	case x <= 0:
		return 0
	case math.IsInf(x, 1):
		return 0xFE
	}
	frac, exp := math.Frexp(x) // x = frac * 2^exp, frac in [0.5, 1)
	e := exp - 1               // x = (2*frac) * 2^e, 2*frac in [1, 2)
	up := false
	switch m {
	case RNE:
		up = 2*frac > 1.5 || (2*frac == 1.5 && (e+127)&1 == 1)
	case RNA:
		up = 2*frac >= 1.5
	}
	if up {
		e++
	}
	switch {
	case e < -127:
		return 0
	case e > 127:
		return 0xFE
	}
	return uint8(e + 127)
}
