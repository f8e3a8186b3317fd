package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// bigLnOf is ln(v) for a positive big.Float.
func bigLnOf(v *big.Float) *big.Float {
	m := new(big.Float).SetPrec(bigPrec)
	e := v.MantExp(m) // v = m 2^e, m in [1/2, 1)
	s := new(big.Float).SetPrec(bigPrec).Quo(new(big.Float).SetPrec(bigPrec).Sub(m, bigF(1)), new(big.Float).SetPrec(bigPrec).Add(m, bigF(1)))
	l := bigAtanh2(s)
	return l.Add(l, new(big.Float).SetPrec(bigPrec).Mul(bigLn2, bigF(float64(e))))
}

var bigLn10 = bigLogOf(10)

func bigLog1p(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x <= -1 || x == 0 {
		return math.Log1p(x)
	}
	if math.Abs(x) < 0x1p-30 { // x - x^2/2 + x^3/3 - x^4/4: 1+x would need more bits
		bx := bigF(x)
		sum, pow := bigF(0), bigF(1)
		for n := 1; n <= 4; n++ {
			pow.Mul(pow, bx)
			term := new(big.Float).SetPrec(bigPrec).Quo(pow, bigF(float64(n)))
			if n%2 == 0 {
				term.Neg(term)
			}
			sum.Add(sum, term)
		}
		v, _ := sum.Float64()
		return v
	}
	v, _ := bigLnOf(new(big.Float).SetPrec(bigPrec).Add(bigF(1), bigF(x))).Float64()
	return v
}

func bigExpm1(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0) || x == 0:
		return math.Expm1(x)
	case x < -2:
		return bigExp(x) - 1 // in [-1, -0.86]: e^x's rounding is far below an ulp
	case x > 40:
		return bigExp(x) // e^x - 1 rounds to e^x
	}
	sum, term := new(big.Float).SetPrec(bigPrec), bigF(1)
	for n := 1; n < 400; n++ {
		term.Mul(term, bigF(x))
		term.Quo(term, bigF(float64(n)))
		sum.Add(sum, term)
	}
	v, _ := sum.Float64()
	return v
}

func bigLog10(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x <= 0 {
		return math.Log10(x)
	}
	v, _ := new(big.Float).SetPrec(bigPrec).Quo(bigLogOf(x), bigLn10).Float64()
	return v
}

func bigExp10(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Pow(10, x)
	}
	return bigExpOf(new(big.Float).SetPrec(bigPrec).Mul(bigF(x), bigLn10))
}

// expLogInputs: special values, values near 0 and -1, and random values
// over the whole exponent range and over exp's range.
func expLogInputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), 1, -1, 2, 10, 100, 1000, 0.1, 1e-300, -1e-300, 1e-20, -1e-20, 1e-9,
		-0.5, -0.9999999999, -1 + 0x1p-53, -1.5, 0.34, -0.35, 0.35, 40, 41, -45, -46, 307.6, 308.3, 308.26, -307.6,
		-323.3, -324, 709.78, 709.79, -745.2, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	r := rand.New(rand.NewSource(13))
	for len(x) < n/3 {
		x = append(x, r.NormFloat64()*4)
	}
	for len(x) < 2*n/3 {
		x = append(x, (r.Float64()*2-1)*700)
	}
	for len(x) < n {
		x = append(x, math.Copysign(math.Exp2((r.Float64()*2-1)*1000), r.Float64()-0.3))
	}
	return x
}

// TestExpLogSim runs log1p, expm1, log10 and exp10 (libm_exp.go) in f64,
// and in f32 where they are computed through f64 (AMD), lowered in the
// simulator and in the interpreter: within 1 ulp
// of the correctly rounded value (libdevice's bounds are 1 ulp in f64 and
// 1 or 2 in f32), special cases exactly, and the interpreter (numeric's
// same algorithms; Go's math.Expm1) within an ulp of the simulator.
func TestExpLogSim(t *testing.T) {
	const n = 1024
	refs := []func(float64) float64{bigLog1p, bigExpm1, bigLog10, bigExp10}
	for _, ty := range []string{"f64", "f32"} {
		t.Run(ty, func(t *testing.T) {
			sfx := map[string]string{"f64": "", "f32": "f"}[ty]
			var syms []string
			for _, s := range []string{"log1p", "expm1", "log10", "exp10"} {
				syms = append(syms, "__nv_"+s+sfx)
			}
			x := expLogInputs(n)
			for i := range x {
				x[i] = roundTo(ty, x[i])
			}
			c := externCase{args: []string{ty}, res: ty, syms: syms}
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				if libdeviceModelled(tg, ty) {
					return
				}
				c.checkUlps(t, x, c.run(t, tg, [][]float64{x}), func(k int, v float64) float64 { return refs[k](v) },
					func(int) float64 { return 1 }, 1)
			})
		})
	}
}
