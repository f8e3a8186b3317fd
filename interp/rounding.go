package interp

import (
	"math"

	"github.com/ttcompiler/tt/numeric"
)

// Directed rounding for the libdevice _rn/_rz/_rd/_ru arithmetic.

type roundDir uint8

const (
	rn roundDir = iota
	rz
	rd
	ru
)

// round64 returns the result of an operation in direction d, given its
// round-to-nearest result s and the sign of the exact residual e
// (exact = s + e, with e's sign the only thing that matters).
func round64(s, e float64, d roundDir) float64 {
	if e == 0 || d == rn || math.IsInf(s, 0) || s != s {
		return s
	}
	switch d {
	case rz:
		if (e > 0) != (s > 0) {
			return math.Nextafter(s, 0)
		}
	case rd:
		if e < 0 {
			return math.Nextafter(s, math.Inf(-1))
		}
	case ru:
		if e > 0 {
			return math.Nextafter(s, math.Inf(1))
		}
	}
	return s
}

// round32 rounds an exact-enough float64 result to float32 in direction d:
// s is the round-to-nearest float64 result and e the sign of its residual.
// s is first made round-to-odd at 53 bits, which keeps every later
// rounding to 24 bits correct.
func round32(s, e float64, d roundDir) float32 {
	if math.IsInf(s, 0) || s != s {
		return float32(s)
	}
	if e != 0 {
		if u := math.Float64bits(s); u&1 == 0 {
			if (e > 0) == (s > 0) {
				u++
			} else {
				u--
			}
			s = math.Float64frombits(u)
		}
	}
	switch d {
	case rn:
		return float32(s)
	}
	t := math.Float32frombits(numeric.F32.FromFloat64(s, numeric.RTZ))
	if float64(t) == s || d == rz {
		return t
	}
	if (d == rd && s < 0) || (d == ru && s > 0) {
		return math.Nextafter32(t, float32(math.Copysign(math.Inf(1), s)))
	}
	return t
}

// Residual-carrying basic operations: the round-to-nearest float64 result
// and the exact error (or a value with its sign).
func addErr(a, b float64) (float64, float64) {
	s := a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

func mulErr(a, b float64) (float64, float64) {
	p := a * b
	return p, math.FMA(a, b, -p)
}

func divErr(a, b float64) (float64, float64) {
	q := a / b
	if q == 0 || math.IsInf(q, 0) || q != q {
		return q, 0
	}
	r := -math.FMA(q, b, -a) // a - q*b, exact
	if b < 0 {
		r = -r
	}
	return q, r
}

func sqrtErr(a float64) (float64, float64) {
	s := math.Sqrt(a)
	if s == 0 || math.IsInf(s, 0) || s != s {
		return s, 0
	}
	return s, -math.FMA(s, s, -a)
}

// fmaErr returns fma(a, b, c) rounded to nearest and the sign of its
// residual, for any float64 operands, using an exact expansion of the
// product.
func fmaErr(a, b, c float64) (float64, float64) {
	s := math.FMA(a, b, c)
	if math.IsInf(s, 0) || s != s {
		return s, 0
	}
	// exact = ph + pl + c; residual = exact - s.
	ph, pl := mulErr(a, b)
	t, te := addErr(ph, c)
	u, ue := addErr(t, -s)
	return s, u + (te + pl + ue)
}
