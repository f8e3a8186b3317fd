package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// bigExpBig is e^y for |y| <= 800 in bigPrec bits.
func bigExpBig(y *big.Float) *big.Float {
	yf, _ := y.Float64()
	k := math.Round(yf / math.Ln2)
	r := new(big.Float).SetPrec(bigPrec).Sub(y, new(big.Float).SetPrec(bigPrec).Mul(bigLn2, bigF(k)))
	sum, term := bigF(1), bigF(1)
	for n := 1; n < 80; n++ {
		term.Mul(term, r)
		term.Quo(term, bigF(float64(n)))
		sum.Add(sum, term)
	}
	return sum.SetMantExp(sum, int(k))
}

// bigOddSeries is sum c[i] x^(2i+1) for the tiny arguments where the
// closed forms below cancel.
func bigOddSeries(x float64, c ...float64) float64 {
	bx := bigF(x)
	x2 := new(big.Float).SetPrec(bigPrec).Mul(bx, bx)
	sum, pow := bigF(0), new(big.Float).SetPrec(bigPrec).Set(bx)
	for _, ci := range c {
		sum.Add(sum, new(big.Float).SetPrec(bigPrec).Mul(pow, bigF(ci)))
		pow.Mul(pow, x2)
	}
	v, _ := sum.Float64()
	return v
}

func bigFloat64(v *big.Float) float64 { f, _ := v.Float64(); return f }

// bigHyper computes the hyperbolic functions and their inverses from
// their closed forms in 256 bits (series for |x| < 2^-20).
var bigHyper = map[string]func(x float64) float64{
	"sinh": func(x float64) float64 {
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 711:
			return math.Sinh(x)
		case math.Abs(x) < 0x1p-20:
			return bigOddSeries(x, 1, 1.0/6, 1.0/120)
		}
		E := bigExpBig(bigF(x))
		d := new(big.Float).SetPrec(bigPrec).Sub(E, new(big.Float).SetPrec(bigPrec).Quo(bigF(1), E))
		return bigFloat64(d.Quo(d, bigF(2)))
	},
	"cosh": func(x float64) float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 711 {
			return math.Cosh(x)
		}
		E := bigExpBig(bigF(x))
		d := new(big.Float).SetPrec(bigPrec).Add(E, new(big.Float).SetPrec(bigPrec).Quo(bigF(1), E))
		return bigFloat64(d.Quo(d, bigF(2)))
	},
	"tanh": func(x float64) float64 {
		switch {
		case math.IsNaN(x) || math.Abs(x) > 40:
			return math.Tanh(x)
		case math.Abs(x) < 0x1p-20:
			return bigOddSeries(x, 1, -1.0/3, 2.0/15)
		}
		E2 := bigExpBig(bigF(2 * x))
		num := new(big.Float).SetPrec(bigPrec).Sub(E2, bigF(1))
		return bigFloat64(num.Quo(num, new(big.Float).SetPrec(bigPrec).Add(E2, bigF(1))))
	},
	"asinh": func(x float64) float64 {
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			return x
		case math.Abs(x) < 0x1p-20:
			return bigOddSeries(x, 1, -1.0/6, 3.0/40)
		}
		a := bigF(math.Abs(x))
		s := new(big.Float).SetPrec(bigPrec).Mul(a, a)
		s.Sqrt(s.Add(s, bigF(1)))
		return math.Copysign(bigFloat64(bigLnOf(s.Add(s, a))), x)
	},
	"acosh": func(x float64) float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) || x < 1 {
			return math.Acosh(x)
		}
		a := bigF(x)
		s := new(big.Float).SetPrec(bigPrec).Mul(a, a)
		s.Sqrt(s.Sub(s, bigF(1)))
		return bigFloat64(bigLnOf(s.Add(s, a)))
	},
	"atanh": func(x float64) float64 {
		switch {
		case math.IsNaN(x) || math.Abs(x) >= 1:
			return math.Atanh(x)
		case math.Abs(x) < 0x1p-20:
			return bigOddSeries(x, 1, 1.0/3, 1.0/5)
		}
		q := new(big.Float).SetPrec(bigPrec).Quo(new(big.Float).SetPrec(bigPrec).Add(bigF(1), bigF(x)), new(big.Float).SetPrec(bigPrec).Sub(bigF(1), bigF(x)))
		l := bigLnOf(q)
		return bigFloat64(l.Quo(l, bigF(2)))
	},
}

// hyperInputs: specials, the branch edges, values near 0 and 1, and
// random values over the functions' ranges and the exponent range.
func hyperInputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), 1, -1, 1 + 0x1p-52, 1 - 0x1p-53, -1 + 0x1p-53, 0.5, -0.5, 0.99, 2, 22, 21.999,
		-22, 0x1p28, 0x1p28 - 1, 1e300, -1e300, 709.7, 710.4, 710.5, -710.4, 1e-300, 1e-8, -1e-8, 0.3, 40, 41,
		math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	r := rand.New(rand.NewSource(17))
	for len(x) < n/4 {
		x = append(x, r.NormFloat64()*3)
	}
	for len(x) < n/2 {
		x = append(x, r.Float64()*2-1)
	}
	for len(x) < 3*n/4 {
		x = append(x, (r.Float64()*2-1)*720)
	}
	for len(x) < n {
		x = append(x, math.Copysign(math.Exp2((r.Float64()*2-1)*1000), r.Float64()-0.5))
	}
	return x
}

// TestHyperSim runs sinh, cosh, tanh, asinh, acosh and atanh
// (libm_hyper.go) in f64 and f32 in the simulator and the interpreter:
// within libdevice's bounds of the correctly rounded value (f64: 2, 1, 1,
// 3, 3, 2 ulps; f32: 1 ulp, one rounding of the f64 value), special cases
// exactly; the interpreter (Go's math package) within 2 ulps of the
// simulator. f32 tanh is libdevice's own algorithm instead
// (TestLibdeviceF32MathSim).
func TestHyperSim(t *testing.T) {
	const n = 1024
	names := []string{"sinh", "cosh", "tanh", "asinh", "acosh", "atanh"}
	bound := map[string]float64{"sinh": 2, "cosh": 1, "tanh": 1, "asinh": 3, "acosh": 3, "atanh": 2}
	for _, ty := range []string{"f64", "f32"} {
		t.Run(ty, func(t *testing.T) {
			var syms, fns []string
			for _, s := range names {
				if ty == "f32" && s == "tanh" {
					continue
				}
				fns = append(fns, s)
				syms = append(syms, "__nv_"+s+map[string]string{"f64": "", "f32": "f"}[ty])
			}
			x := hyperInputs(n)
			for i := range x {
				x[i] = roundTo(ty, x[i])
			}
			c := externCase{args: []string{ty}, res: ty, syms: syms}
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				if libdeviceModelled(tg, ty) {
					return
				}
				tol := func(k int) float64 {
					if ty == "f32" {
						return 1
					}
					return bound[fns[k]]
				}
				c.checkUlps(t, x, c.run(t, tg, [][]float64{x}), func(k int, v float64) float64 { return bigHyper[fns[k]](v) }, tol, 2)
			})
		})
	}
}
