package numeric

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/internal/exactround"
)

// The exact operations (AddDirected, ...) against a reference written
// another way: the exact result as a big.Rat (or, for square roots, Go's
// correctly rounded math.Sqrt and an exact comparison of its square), its
// nearest value from big.Rat's own conversion, and the neighbour on the
// side the mode asks for, found by comparing exactly. Operands: random
// bit patterns (every exponent, subnormals), values near 1, halfway
// cases (an odd significand times 1.5, odd subnormals halved), results
// that overflow or underflow, cancellations.

var allModes = []RoundingMode{RNE, RTZ, RDN, RUP}

// exactModes maps the modes to the reference's.
var exactModes = map[RoundingMode]exactround.Mode{RNE: exactround.Nearest, RTZ: exactround.TowardZero,
	RDN: exactround.Down, RUP: exactround.Up}

// pick rounds a nonzero exact value in mode m given c, its nearest value
// in f (±inf past the range), and cmp, the sign of c - exact; neg is the
// exact value's sign (internal/exactround).
func pick(c float64, cmp int, neg bool, f Binary, m RoundingMode) float64 {
	return exactround.Pick(c, cmp, neg, f == Binary32, exactModes[m])
}

// refRat rounds a nonzero exact rational in mode m.
func refRat(x *big.Rat, f Binary, m RoundingMode) float64 {
	return exactround.Rat(x, f == Binary32, exactModes[m])
}

func ratOf(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

// refOp is the reference of op on finite operands whose exact result is
// nonzero (ok false otherwise: the specials are checked case by case).
func refOp(op string, a, b, c float64, f Binary, m RoundingMode) (float64, bool) {
	for _, v := range []float64{a, b, c} {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return 0, false
		}
	}
	var x *big.Rat
	switch op {
	case "add":
		x = new(big.Rat).Add(ratOf(a), ratOf(b))
	case "mul":
		x = new(big.Rat).Mul(ratOf(a), ratOf(b))
	case "fma":
		x = new(big.Rat).Mul(ratOf(a), ratOf(b))
		x.Add(x, ratOf(c))
	case "div":
		if b == 0 {
			return 0, false
		}
		x = new(big.Rat).Quo(ratOf(a), ratOf(b))
	case "sqrt":
		if a <= 0 {
			return 0, false
		}
		s := math.Sqrt(a)
		if f == Binary32 {
			s = float64(float32(s)) // 53 >= 2*24 + 2: rounding twice is exact
		}
		sq := new(big.Rat).Mul(ratOf(s), ratOf(s))
		return pick(s, sq.Cmp(ratOf(a)), false, f, m), true
	}
	if x.Sign() == 0 {
		return 0, false
	}
	return refRat(x, f, m), true
}

// exactRat is a*b + c exactly, for finite operands.
func exactRat(a, b, c float64) (*big.Rat, bool) {
	if _, ok := refOp("fma", a, b, c, Binary64, RNE); !ok {
		return nil, false
	}
	x := new(big.Rat).Mul(ratOf(a), ratOf(b))
	return x.Add(x, ratOf(c)), true
}

// isTie reports whether x lies halfway between two neighbours in f.
func isTie(x *big.Rat, f Binary) bool {
	lo, hi := refRat(x, f, RDN), refRat(x, f, RUP)
	if lo == hi || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return false
	}
	mid := new(big.Rat).Add(ratOf(lo), ratOf(hi))
	return mid.Mul(mid, big.NewRat(1, 2)).Cmp(x) == 0
}

func exactOp(op string, a, b, c float64, f Binary, m RoundingMode) float64 {
	switch op {
	case "add":
		return AddDirected(a, b, f, m)
	case "mul":
		return MulDirected(a, b, f, m)
	case "fma":
		return FMADirected(a, b, c, f, m)
	case "div":
		return DivDirected(a, b, f, m)
	}
	return SqrtDirected(a, f, m)
}

// operand draws a value of f.
func operand(r *rand.Rand, f Binary) float64 {
	sign := float64(1 - 2*r.Intn(2))
	if f == Binary32 {
		switch r.Intn(5) {
		case 0, 1:
			return float64(math.Float32frombits(r.Uint32()&^(0xff<<23) | uint32(r.Intn(255))<<23)) // finite
		case 2:
			return float64(math.Float32frombits(r.Uint32()&0x807fffff | 1<<23*uint32(r.Intn(3)))) // subnormal or tiny
		case 3:
			return sign * float64(float32(1+r.Float64()*0x1p-10))
		}
		return sign * float64(math.Float32frombits(0x7f000000|r.Uint32()&0x7fffff)) // large
	}
	switch r.Intn(5) {
	case 0, 1:
		return math.Float64frombits(r.Uint64()&^(0x7ff<<52) | uint64(r.Intn(2047))<<52)
	case 2:
		return math.Float64frombits(r.Uint64()&0x800fffffffffffff | 1<<52*uint64(r.Intn(3)))
	case 3:
		return sign * (1 + r.Float64()*0x1p-20)
	}
	return sign * math.Float64frombits(0x7fe0000000000000|r.Uint64()&(1<<52-1))
}

// oddMant is a random odd significand of f, in [1, 2) scaled by 2^e.
func oddMant(r *rand.Rand, f Binary, e int) float64 {
	prec, _, _ := f.params()
	m := r.Uint64()>>(64-prec+1) | 1<<(prec-1) | 1
	return math.Ldexp(float64(m), e-(prec-1))
}

func TestDirectedExact(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for _, f := range []Binary{Binary32, Binary64} {
		prec, minExp, _ := f.params()
		minSub := math.Ldexp(1, minExp-prec+1)
		maxF := f.maxFinite()
		type triple struct{ a, b, c float64 }
		var cases []triple
		for i := 0; i < 3000; i++ {
			a, b, c := operand(r, f), operand(r, f), operand(r, f)
			cases = append(cases, triple{a, b, c})
			switch i % 6 {
			case 0: // a product whose significand is one bit too long and odd: a tie
				lo, span := uint64(1)<<(prec-1), uint64(1)<<(prec+1)/3-uint64(1)<<(prec-1)
				x := float64((lo + uint64(r.Int63n(int64(span)))) | 1) // 3x has prec+1 bits
				x = math.Ldexp(x, r.Intn(40)-20-prec)
				cases = append(cases, triple{1.5, x, 0}, triple{-1.5, x, minSub})
			case 1: // an odd subnormal halved, quartered, times 3/4: subnormal ties
				k := float64(2*r.Intn(1<<10) + 1)
				cases = append(cases, triple{k * minSub, 0.5, 0}, triple{k * minSub, 0.75, -minSub}, triple{k * minSub, 2, 0})
			case 2: // cancellation
				p := a * b
				if f == Binary32 {
					p = float64(float32(p))
				}
				cases = append(cases, triple{a, b, -p}, triple{a, -a, c})
			case 3: // overflow and the range's edge
				cases = append(cases, triple{maxF, maxF * (0.5 + r.Float64()*0x1p-20), 0}, triple{-maxF, -math.Ldexp(1, 1-prec) * maxF, 0},
					triple{maxF, 1 + math.Ldexp(1, -prec), 0}, triple{-maxF, 1 + math.Ldexp(1, 1-prec), -maxF})
			case 4: // halfway sums: x + half an ulp of x, odd and even
				x := oddMant(r, f, r.Intn(20)-10)
				h := math.Ldexp(1, int(math.Floor(math.Log2(x)))-prec)
				cases = append(cases, triple{x, h, 0}, triple{x + 2*h, -h, 0}, triple{-x, -h, h / 4})
			case 5: // quotients into the subnormal range
				cases = append(cases, triple{3 * minSub, 2, 0}, triple{oddMant(r, f, minExp), math.Ldexp(3, prec), 0})
			}
		}
		compared, ties := 0, 0
		for _, k := range cases {
			if x, ok := exactRat(k.a, k.b, k.c); ok && isTie(x, f) {
				ties++
			}
			for _, op := range []string{"add", "mul", "fma", "div", "sqrt"} {
				for _, m := range allModes {
					want, ok := refOp(op, k.a, k.b, k.c, f, m)
					if !ok {
						continue
					}
					got := exactOp(op, k.a, k.b, k.c, f, m)
					if math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("%v %s %v (%x, %x, %x) = %x (%g), want %x (%g)", f, op, m, k.a, k.b, k.c, got, got, want, want)
					}
					compared++
				}
			}
		}
		t.Logf("format %d: %d results, %d products and sums halfway between neighbours", f, compared, ties)
		if ties < 1000 {
			t.Errorf("only %d halfway cases", ties)
		}
	}
}

// TestDirectedExactSpecials: NaN, infinities, zeros and their signs, and
// exact overflow cases.
func TestDirectedExactSpecials(t *testing.T) {
	inf, nan, nz := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	for _, c := range []struct {
		op      string
		a, b, c float64
		m       RoundingMode
		want    float64
	}{
		{"add", inf, -inf, 0, RNE, nan}, {"add", inf, 1, 0, RTZ, inf}, {"add", 1, -1, 0, RNE, 0}, {"add", 1, -1, 0, RDN, nz},
		{"add", nz, nz, 0, RUP, nz}, {"add", nz, 0, 0, RZ(), 0}, {"add", nz, 0, 0, RDN, nz}, {"add", 0, 0, 0, RDN, 0}, {"add", nz, nz, 0, RDN, nz},
		{"fma", -1, 0, 0, RDN, nz}, {"fma", 1, 0, 0, RDN, 0}, {"fma", 1, 0, nz, RDN, nz}, {"fma", 1, 0, nz, RNE, 0}, {"add", nan, 1, 0, RNE, nan},
		{"mul", inf, 0, 0, RNE, nan}, {"mul", -inf, 2, 0, RTZ, -inf}, {"mul", nz, 3, 0, RUP, nz}, {"mul", 1e300, 1e300, 0, RTZ, math.MaxFloat64},
		{"mul", 1e300, -1e300, 0, RUP, -math.MaxFloat64}, {"mul", 1e300, -1e300, 0, RDN, -inf}, {"mul", 1e-300, 1e-300, 0, RUP, 5e-324},
		{"mul", -1e-300, 1e-300, 0, RUP, nz}, {"mul", -1e-300, 1e-300, 0, RNE, nz}, {"mul", -1e-300, 1e-300, 0, RDN, -5e-324},
		{"fma", inf, 0, 1, RNE, nan}, {"fma", inf, 1, -inf, RNE, nan}, {"fma", inf, 1, inf, RNE, inf}, {"fma", 1, 1, -inf, RNE, -inf},
		{"fma", 0, -1, 0, RNE, 0}, {"fma", 0, -1, nz, RNE, nz}, {"fma", 0, -1, nz, RUP, nz}, {"fma", 2, 3, -6, RDN, nz}, {"fma", 2, 3, -6, RTZ, 0},
		{"fma", nz, 1, 0, RDN, nz}, {"fma", 1e-300, 1e-300, -0.0, RDN, 0}, {"fma", 1, 1, nan, RNE, nan},
		{"div", 0, 0, 0, RNE, nan}, {"div", inf, inf, 0, RNE, nan}, {"div", 1, 0, 0, RTZ, inf}, {"div", -1, 0, 0, RNE, -inf},
		{"div", 1, nz, 0, RNE, -inf}, {"div", 0, -3, 0, RNE, nz}, {"div", 3, -inf, 0, RNE, nz}, {"div", -inf, 3, 0, RTZ, -inf},
		{"div", 1, 3, 0, RUP, 1.0/3 + 0x1p-54}, {"div", math.MaxFloat64, 0.5, 0, RTZ, math.MaxFloat64}, {"div", math.MaxFloat64, 0.5, 0, RNE, inf},
		{"sqrt", -1, 0, 0, RNE, nan}, {"sqrt", nz, 0, 0, RUP, nz}, {"sqrt", inf, 0, 0, RTZ, inf}, {"sqrt", -inf, 0, 0, RNE, nan},
		{"sqrt", 2, 0, 0, RUP, math.Sqrt2}, {"sqrt", 2, 0, 0, RTZ, math.Nextafter(math.Sqrt2, 0)}, {"sqrt", 4, 0, 0, RDN, 2},
		{"sqrt", 5e-324, 0, 0, RNE, math.Sqrt(5e-324)},
	} {
		got := exactOp(c.op, c.a, c.b, c.c, Binary64, c.m)
		if math.Float64bits(got) != math.Float64bits(c.want) && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("%s %v (%g, %g, %g) = %g, want %g", c.op, c.m, c.a, c.b, c.c, got, c.want)
		}
	}
}

// RZ is RTZ, to keep the table above aligned.
func RZ() RoundingMode { return RTZ }
