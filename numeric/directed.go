package numeric

import (
	"math"
	"math/big"
)

// F32Directed rounds v to float32 in mode m (RNE, RTZ, RDN or RUP): the
// float32 nearest v (ties to even), or the nearest one no larger in
// magnitude, no larger, or no smaller. Subnormal results are kept; a
// finite v beyond float32's range gives ±inf where the mode rounds away
// from zero and ±MaxFloat32 where it does not. v is typically an exact
// result rounded to odd in float64 (FMAOdd), whose rounding here is the
// exact result's: float32's neighbours of v are those of the exact value.
func F32Directed(v float64, m RoundingMode) float32 {
	f := float32(v) // to nearest, ties to even
	if m == RNE || math.IsNaN(v) || math.IsInf(v, 0) || float64(f) == v {
		return f
	}
	if math.IsInf(float64(f), 0) { // v overflowed to nearest: start from the largest finite value
		f = float32(math.Copysign(math.MaxFloat32, v))
	}
	above := float64(f) > v
	var down bool // move f one step toward -inf (else toward +inf), or not at all
	switch m {
	case RTZ:
		if math.Abs(float64(f)) <= math.Abs(v) {
			return f
		}
		down = v > 0
	case RDN:
		if !above {
			return f
		}
		down = true
	case RUP:
		if above {
			return f
		}
	default:
		panic("numeric: F32Directed of mode " + m.String())
	}
	if down {
		return math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return math.Nextafter32(f, float32(math.Inf(1)))
}

// Binary is an IEEE 754 binary format the exact operations below round
// to: Binary32 (float32) or Binary64 (float64).
type Binary uint8

const (
	Binary32 Binary = iota
	Binary64
)

// params are a format's significand bits (the leading one
// included), the exponent of its smallest normal, 2^minExp, and that of
// the first power of two beyond its largest finite value, 2^maxExp.
func (f Binary) params() (prec, minExp, maxExp int) {
	if f == Binary32 {
		return 24, -126, 128
	}
	return 53, -1022, 1024
}

func (f Binary) maxFinite() float64 {
	if f == Binary32 {
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

// The operations of IEEE 754 on values of format f (float32 values held
// exactly in a float64 for Binary32), each the exact result rounded once
// in mode m (RNE, RTZ, RDN or RUP), subnormals kept, as PTX's add, sub,
// mul, fma, div, rcp and sqrt with .rn, .rz, .rm or .rp compute them:
// finite results beyond the format's range give ±inf where the mode
// rounds away from zero and ±the largest finite value where it does not;
// an exact zero sum of opposite signs is +0 (-0 toward -inf); a NaN
// result is math.NaN(). The exact result is an integer significand (a
// big.Int) times a power of two, with a sticky bit for the remainder
// that division and square root leave (roundExact).

// AddDirected is a + b.
func AddDirected(a, b float64, f Binary, m RoundingMode) float64 {
	switch {
	case math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) && math.IsInf(b, 0) && a != b:
		return math.NaN()
	case math.IsInf(a, 0):
		return a
	case math.IsInf(b, 0):
		return b
	}
	return sumExact(splitFloat(a), splitFloat(b), f, m)
}

// MulDirected is a * b.
func MulDirected(a, b float64, f Binary, m RoundingMode) float64 {
	neg := math.Signbit(a) != math.Signbit(b)
	switch {
	case math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) && b == 0 || a == 0 && math.IsInf(b, 0):
		return math.NaN()
	case math.IsInf(a, 0) || math.IsInf(b, 0):
		return signed(math.Inf(1), neg)
	case a == 0 || b == 0:
		return signed(0, neg)
	}
	return roundExact(productExact(splitFloat(a), splitFloat(b)), f, m)
}

// FMADirected is a*b + c, rounded once.
func FMADirected(a, b, c float64, f Binary, m RoundingMode) float64 {
	pneg := math.Signbit(a) != math.Signbit(b)
	pinf := math.IsInf(a, 0) || math.IsInf(b, 0)
	switch {
	case math.IsNaN(a) || math.IsNaN(b) || math.IsNaN(c) || pinf && (a == 0 || b == 0),
		pinf && math.IsInf(c, 0) && math.Signbit(c) != pneg:
		return math.NaN()
	case pinf:
		return signed(math.Inf(1), pneg)
	case math.IsInf(c, 0):
		return c
	}
	var p exactValue // a zero product keeps its sign for the sum's zero
	if a != 0 && b != 0 {
		p = productExact(splitFloat(a), splitFloat(b))
	} else {
		p = exactValue{neg: pneg, mant: new(big.Int)}
	}
	return sumExact(p, splitFloat(c), f, m)
}

// DivDirected is a / b.
func DivDirected(a, b float64, f Binary, m RoundingMode) float64 {
	neg := math.Signbit(a) != math.Signbit(b)
	switch {
	case math.IsNaN(a) || math.IsNaN(b) || a == 0 && b == 0 || math.IsInf(a, 0) && math.IsInf(b, 0):
		return math.NaN()
	case math.IsInf(a, 0) || b == 0:
		return signed(math.Inf(1), neg)
	case a == 0 || math.IsInf(b, 0):
		return signed(0, neg)
	}
	prec, _, _ := f.params()
	x, y := splitFloat(a).normalized(), splitFloat(b).normalized()
	// With both significands 53 bits long, the quotient of x scaled by
	// 2^k lies in (2^(k-1), 2^(k+1)): at least prec+2 bits, so that the
	// remainder only ever decides as a sticky bit.
	k := prec + 2
	num := new(big.Int).Lsh(x.mant, uint(k))
	q, r := new(big.Int).QuoRem(num, y.mant, new(big.Int))
	return roundExact(exactValue{neg: neg, mant: q, exp: x.exp - k - y.exp, sticky: r.Sign() != 0}, f, m)
}

// SqrtDirected is the square root of a (-0 for -0, NaN below zero).
func SqrtDirected(a float64, f Binary, m RoundingMode) float64 {
	switch {
	case math.IsNaN(a) || a < 0:
		return math.NaN()
	case a == 0 || math.IsInf(a, 1):
		return a
	}
	prec, _, _ := f.params()
	x := splitFloat(a)
	// x.mant 2^shift with an even exponent and at least 2(prec+2) bits,
	// whose integer square root has at least prec+2.
	shift := 2*(prec+2) - x.mant.BitLen()
	if shift < 0 {
		shift = 0
	}
	if (x.exp-shift)%2 != 0 {
		shift++
	}
	n := new(big.Int).Lsh(x.mant, uint(shift))
	s := new(big.Int).Sqrt(n)
	sticky := new(big.Int).Mul(s, s).Cmp(n) != 0
	return roundExact(exactValue{mant: s, exp: (x.exp - shift) / 2, sticky: sticky}, f, m)
}

// exactValue is ±(mant + d) 2^exp, d = 0 or, where sticky, some d in
// (0, 1).
type exactValue struct {
	neg    bool
	mant   *big.Int
	exp    int
	sticky bool
}

// splitFloat is a finite x as ±mant 2^exp with an integer mant.
func splitFloat(x float64) exactValue {
	b := math.Float64bits(x)
	e := int(b >> 52 & 0x7ff)
	mant := b & (1<<52 - 1)
	if e == 0 {
		e = 1
	} else {
		mant |= 1 << 52
	}
	return exactValue{neg: b>>63 != 0, mant: new(big.Int).SetUint64(mant), exp: e - 1075}
}

// normalized is a nonzero v with a 53-bit significand.
func (v exactValue) normalized() exactValue {
	d := 53 - v.mant.BitLen()
	return exactValue{neg: v.neg, mant: new(big.Int).Lsh(v.mant, uint(d)), exp: v.exp - d, sticky: v.sticky}
}

func productExact(x, y exactValue) exactValue {
	return exactValue{neg: x.neg != y.neg, mant: new(big.Int).Mul(x.mant, y.mant), exp: x.exp + y.exp}
}

// sumExact is x + y rounded. An exact zero sum has the addends' sign
// where they agree (two zeros of one sign: x + x keeps x's), else it is
// +0, or -0 toward -inf.
func sumExact(x, y exactValue, f Binary, m RoundingMode) float64 {
	e := min(x.exp, y.exp)
	sx := new(big.Int).Lsh(x.mant, uint(x.exp-e))
	sy := new(big.Int).Lsh(y.mant, uint(y.exp-e))
	if x.neg {
		sx.Neg(sx)
	}
	if y.neg {
		sy.Neg(sy)
	}
	s := sx.Add(sx, sy)
	if s.Sign() == 0 {
		return signed(0, x.neg && y.neg || x.neg != y.neg && m == RDN)
	}
	neg := s.Sign() < 0
	return roundExact(exactValue{neg: neg, mant: s.Abs(s), exp: e}, f, m)
}

// roundExact rounds a nonzero v to format f in mode m. A sticky v has at
// least one bit below the rounding position (its significand is longer
// than f's precision, or the result is subnormal), so the unknown d
// never meets a tie.
func roundExact(v exactValue, f Binary, m RoundingMode) float64 {
	prec, minExp, maxExp := f.params()
	top := v.exp + v.mant.BitLen() - 1 // the leading bit's exponent
	lsb := max(top, minExp) - (prec - 1)
	s := lsb - v.exp // bits below the result's last place
	q := new(big.Int)
	if s <= 0 {
		if v.sticky {
			panic("numeric: a sticky value without bits to round off")
		}
		q.Lsh(v.mant, uint(-s))
	} else {
		q.Rsh(v.mant, uint(s))
		half := v.mant.Bit(s-1) == 1
		below := v.sticky || v.mant.TrailingZeroBits() < uint(s-1)
		var up bool
		switch m {
		case RNE:
			up = half && (below || q.Bit(0) == 1)
		case RTZ:
		case RDN:
			up = v.neg && (half || below)
		case RUP:
			up = !v.neg && (half || below)
		default:
			panic("numeric: rounding of mode " + m.String())
		}
		if up {
			q.Add(q, big.NewInt(1))
		}
	}
	// q < 2^prec, or q = 2^prec after rounding up: both exact in float64.
	r := math.Ldexp(float64(q.Uint64()), lsb)
	if r >= math.Ldexp(1, maxExp) {
		if m == RNE || m == RUP && !v.neg || m == RDN && v.neg {
			r = math.Inf(1)
		} else {
			r = f.maxFinite()
		}
	}
	return signed(r, v.neg)
}

// signed is |x| with a sign.
func signed(x float64, neg bool) float64 {
	if neg {
		return -math.Abs(x)
	}
	return math.Abs(x)
}
