package numeric

import "math"

// FMAOdd returns a*b+c rounded to 53 bits with round-to-odd, for a and b
// whose product is exact in float64 (any two floats of 26 or fewer
// significant bits: f32 and narrower). Rounding that result once more to
// a format of at most 51 bits gives the correctly rounded fused
// multiply-add in that format (Boldo and Melquiond, "Emulation of FMA and
// correctly rounded sums: proved algorithms using rounding to odd").
func FMAOdd(a, b, c float64) float64 {
	p := a * b
	s := p + c
	if math.IsInf(s, 0) || s != s || math.IsInf(p, 0) {
		return s
	}
	// TwoSum: the exact error of the addition.
	bb := s - p
	e := (p - (s - bb)) + (c - bb)
	if e == 0 {
		return s
	}
	u := math.Float64bits(s)
	if u&1 == 0 {
		// Move to the odd neighbour on the side of the exact value.
		if (e > 0) == (s > 0) {
			u++
		} else {
			u--
		}
	}
	return math.Float64frombits(u)
}

// FMA32 is the correctly rounded float32 fused multiply-add (PTX
// fma.rn.f32).
func FMA32(a, b, c float32) float32 {
	return float32(FMAOdd(float64(a), float64(b), float64(c)))
}
