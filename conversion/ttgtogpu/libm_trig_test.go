package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"sync"
	"testing"
)

// TestF64TrigSim runs f64 math.sin and math.cos and libdevice's __nv_sin
// and __nv_cos (libm_trig.go), lowered and executed in the SIMT simulator,
// on special values, arguments near multiples of pi/2, both sides of the
// switch from Cody-Waite to Payne-Hanek reduction (2^30), huge arguments
// up to the largest double, and random values of every exponent; each
// result must be within 1 ulp of the correctly rounded value (bigSinCos,
// below) and within 2 ulps of Go's math.Sin and math.Cos, which the
// interpreter uses, where those are within an ulp themselves (near the
// zeros of sin and cos Go's reduction loses relative precision: cos(pi/2)
// is 6.123233995736757e-17 in Go, 6.123233995736766e-17 correctly
// rounded); the special cases exactly.
func TestF64TrigSim(t *testing.T) {
	const n = 1024
	x := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 2, 3, 10, 100, 1e-300, -1e-300, math.SmallestNonzeroFloat64,
		0x1p-26, 0x1.0000000000001p-26, 0x1.fffffffffffffp-27, 1e-8, math.Pi / 4, math.Pi / 2, math.Pi, 2 * math.Pi,
		-math.Pi / 2, 3 * math.Pi / 2, 1e6 * math.Pi, 0x1p30, 0x1.fffffffffffffp29, 0x1.0000000000001p30, -0x1p30,
		1e10, 1e15, 1e22, -1e22, 1e100, 1e300, 0x1p1023, math.MaxFloat64, -math.MaxFloat64,
		6381956970095103 * 0x1p797, 5261692873635770 * 0x1p499, // far out and very close to multiples of pi/2
		math.Inf(1), math.Inf(-1), math.NaN()}
	r := rand.New(rand.NewSource(17))
	for k := int64(1); len(x) < 128; k = k*3 + 1 {
		x = append(x, float64(k)*(math.Pi/2)) // the nearest doubles to multiples of pi/2
	}
	for len(x) < 384 {
		x = append(x, (r.Float64()*2-1)*20)
	}
	for len(x) < 512 {
		x = append(x, math.Ldexp(r.Float64()+1, 20+r.Intn(20))) // around the switch
	}
	for len(x) < n {
		v := math.Float64frombits(r.Uint64())
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		x = append(x, v)
	}
	want := make([][2]float64, n)
	for i, v := range x {
		want[i][0], want[i][1] = bigSinCos(v)
	}
	c := externCase{args: []string{"f64"}, res: "f64", syms: []string{"math.sin", "math.cos", "__nv_sin", "__nv_cos"}}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		res := c.run(t, tg, [][]float64{x})
		for k, name := range c.syms {
			goRef := math.Sin
			if k%2 == 1 {
				goRef = math.Cos
			}
			worst, bad, goOff := 0.0, 0, 0
			for i, v := range x {
				got := res.sim[k][i]
				d := ulpDistance(want[i][k%2], got)
				if d > 1 || math.Signbit(got) != math.Signbit(want[i][k%2]) && got == 0 {
					if bad++; bad <= 10 {
						t.Errorf("%s(%v) = %v, want %v (%g ulps)", name, v, got, want[i][k%2], d)
					}
				}
				// Go's math is off by many ulps where the result is
				// tiny next to x (near multiples of pi/2): it is a second
				// reference only where it is itself within an ulp.
				if g := goRef(v); ulpDistance(want[i][k%2], g) > 1 {
					goOff++
				} else if ulpDistance(g, got) > 2 {
					if bad++; bad <= 10 {
						t.Errorf("%s(%v) = %v, Go's math gives %v", name, v, got, g)
					}
				}
				worst = math.Max(worst, d)
			}
			t.Logf("%s: at most %g ulps from the correctly rounded value over %d values (Go's math more than 1 ulp off on %d)", name, worst, n, goOff)
		}
	})
}

// bigSinCos is sin(x) and cos(x) correctly rounded: x is reduced by the
// nearest multiple of pi/2 in 1400-bit arithmetic (exact enough for any
// double), then the Taylor series of the remainder at 256 bits.
func bigSinCos(x float64) (float64, float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.NaN(), math.NaN()
	}
	if x == 0 {
		return x, 1
	}
	s, c := bigSinCosOf(x)
	sv, _ := s.Float64()
	cv, _ := c.Float64()
	return sv, cv
}

// bigSinCosOf is sin(x) and cos(x) in bigPrec bits for a finite x != 0.
func bigSinCosOf(x float64) (s, c *big.Float) {
	const prec = 1400
	pio2 := gaussPio2()
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	q := new(big.Float).SetPrec(prec).Quo(bx, pio2)
	q.Add(q, big.NewFloat(0.5))
	n, _ := q.Int(nil) // toward zero; the nearest multiple is the floor
	if q.Sign() < 0 && !q.IsInt() {
		n.Sub(n, big.NewInt(1))
	}
	red := new(big.Float).SetPrec(prec).Mul(pio2, new(big.Float).SetPrec(prec).SetInt(n))
	red.Sub(bx, red)
	r := new(big.Float).SetPrec(bigPrec).Set(red)
	s, c = bigTaylorSinCos(r)
	switch new(big.Int).And(n, big.NewInt(3)).Int64() {
	case 1:
		s, c = c, s.Neg(s)
	case 2:
		s, c = s.Neg(s), c.Neg(c)
	case 3:
		s, c = c.Neg(c), s
	}
	return s, c
}

// gaussPio2 is pi/2 to 1400 bits.
var gaussPio2 = sync.OnceValue(func() *big.Float {
	return new(big.Float).SetPrec(1400).Quo(gaussPi(1400), big.NewFloat(2))
})

// bigTaylorSinCos is sin and cos of a small r by their series.
func bigTaylorSinCos(r *big.Float) (s, c *big.Float) {
	s, c = new(big.Float).SetPrec(bigPrec), new(big.Float).SetPrec(bigPrec)
	term := new(big.Float).SetPrec(bigPrec).SetInt64(1) // r^k / k!
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -bigPrec-8)
	for k := 0; ; k++ {
		switch k % 4 {
		case 0:
			c.Add(c, term)
		case 1:
			s.Add(s, term)
		case 2:
			c.Sub(c, term)
		case 3:
			s.Sub(s, term)
		}
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetInt64(int64(k+1)))
		if k > 4 && new(big.Float).Abs(term).Cmp(eps) < 0 {
			return s, c
		}
	}
}

// gaussPi is pi to prec bits by Gauss's formula
// 48 atan(1/18) + 32 atan(1/57) - 20 atan(1/239) (the lowering uses
// Machin's, so the two check each other).
func gaussPi(prec uint) *big.Float {
	atanInv := func(n int64) *big.Float {
		sum := new(big.Float).SetPrec(prec)
		pow := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1), new(big.Float).SetInt64(n))
		eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-8)
		for k := int64(0); ; k++ {
			term := new(big.Float).SetPrec(prec).Quo(pow, new(big.Float).SetInt64(2*k+1))
			if k%2 == 0 {
				sum.Add(sum, term)
			} else {
				sum.Sub(sum, term)
			}
			if term.Cmp(eps) < 0 {
				return sum
			}
			pow.Quo(pow, new(big.Float).SetInt64(n*n))
		}
	}
	p := atanInv(18)
	p.Mul(p, big.NewFloat(48))
	p.Add(p, new(big.Float).SetPrec(prec).Mul(atanInv(57), big.NewFloat(32)))
	return p.Sub(p, new(big.Float).SetPrec(prec).Mul(atanInv(239), big.NewFloat(20)))
}
