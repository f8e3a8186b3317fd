// Package exactround is the tests' reference for rounding an exact value
// to f32 or f64 in each of IEEE 754's modes: the nearest value from
// big.Rat's own conversion, then, by an exact comparison, the neighbour on
// the side the mode asks for. It shares no code with numeric's rounding,
// which the tests of numeric and of the lowering's rounded operations
// check against it.
package exactround

import (
	"math"
	"math/big"
)

// Mode is a rounding direction.
type Mode int

const (
	Nearest    Mode = iota // to nearest, ties to even
	TowardZero             // truncation
	Down                   // toward -inf
	Up                     // toward +inf
)

// Pick rounds a nonzero exact value in mode m, given c, its nearest value
// in the format (f32 when f32, ±inf past the range), and cmp, the sign of
// c - exact; neg is the exact value's sign. A zero result has that sign.
func Pick(c float64, cmp int, neg, f32 bool, m Mode) float64 {
	maxFinite := math.MaxFloat64
	if f32 {
		maxFinite = math.MaxFloat32
	}
	lo, hi := c, c
	switch {
	case math.IsInf(c, 1):
		lo = maxFinite
	case math.IsInf(c, -1):
		hi = -maxFinite
	case cmp > 0:
		lo = next(c, f32, false)
	case cmp < 0:
		hi = next(c, f32, true)
	}
	r := c
	switch m {
	case TowardZero:
		r = lo
		if neg {
			r = hi
		}
	case Down:
		r = lo
	case Up:
		r = hi
	}
	if r == 0 {
		r = 0
		if neg {
			r = math.Copysign(0, -1)
		}
	}
	return r
}

// Rat rounds the nonzero exact rational x to f32 (f32) or f64 in mode m.
func Rat(x *big.Rat, f32 bool, m Mode) float64 {
	var c float64
	if f32 {
		c32, _ := x.Float32()
		c = float64(c32)
	} else {
		c, _ = x.Float64()
	}
	cmp := 0
	if !math.IsInf(c, 0) {
		cmp = new(big.Rat).SetFloat64(c).Cmp(x)
	}
	return Pick(c, cmp, x.Sign() < 0, f32, m)
}

// next is x's neighbour in the format toward +inf (up) or -inf.
func next(x float64, f32, up bool) float64 {
	dir := math.Inf(-1)
	if up {
		dir = math.Inf(1)
	}
	if f32 {
		return float64(math.Nextafter32(float32(x), float32(dir)))
	}
	return math.Nextafter(x, dir)
}
