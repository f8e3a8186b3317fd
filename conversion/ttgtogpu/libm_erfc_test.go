package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// bigErfc is erfc(x) in 2400-bit arithmetic from erf's Maclaurin series
// (whose cancellation costs up to x^2/ln2 = 1080 bits at x = 27.3, and
// the result lies 1075 bits below 1 there), rounded once.
func bigErfc(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x >= 27.3:
		return 0
	case x <= -6.5:
		return 2
	}
	const prec = 2400
	erf := erfSeries(x, prec)
	v, _ := erf.Sub(new(big.Float).SetPrec(prec).SetInt64(1), erf).Float64()
	return v
}

// TestErfcSim runs __nv_erfc and __nv_erfcf in the simulator and the
// interpreter over every piece (1 - erf below 1/2, erf's g tables to 6,
// the tail polynomials to 8, the asymptotic series to 27.3, 0 beyond):
// within libdevice's 4 ulps in f64 (1 in f32) of the correctly rounded
// value (absolutely, for results in the subnormals), and within 4 ulps of
// the interpreter (Go's math.Erfc).
func TestErfcSim(t *testing.T) {
	const n = 512
	x := []float64{0, math.Copysign(0, -1), 0.5, 0.4999999, -0.5, 1, 6, 5.999999, 6.5, 7, 7.99999, 8, 10, 20, 26, 26.5,
		27.2, 27.3, 30, -6, -7, 1e-300, math.Inf(1), math.Inf(-1), math.NaN()}
	r := rand.New(rand.NewSource(31))
	for len(x) < n {
		x = append(x, float64(float32(r.Float64()*34-6))) // f32 values: one reference for both types
	}
	ref := make([]float64, n) // computed once: the references are slow
	for i, v := range x {
		ref[i] = bigErfc(v)
	}
	for _, ty := range []string{"f64", "f32"} {
		t.Run(ty, func(t *testing.T) {
			sym := map[string]string{"f64": "__nv_erfc", "f32": "__nv_erfcf"}[ty]
			tol := map[string]float64{"f64": 4, "f32": 1}[ty]
			xs, want := make([]float64, n), make([]float64, n)
			for i := range xs {
				xs[i] = roundTo(ty, x[i])
				want[i] = ref[i]
				if xs[i] != x[i] {
					want[i] = bigErfc(xs[i])
				}
				want[i] = roundTo(ty, want[i])
			}
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				if libdeviceModelled(tg, ty) {
					return
				}
				res := externCase{args: []string{ty}, res: ty, syms: []string{sym}}.run(t, tg, [][]float64{xs})
				worst := 0.0
				for i, v := range xs {
					got := res.sim[0][i]
					d := ulpsIn(ty, want[i], got)
					if d > tol {
						t.Errorf("%s(%v) = %v, want %v (%g ulps)", sym, v, got, want[i], d)
					}
					worst = math.Max(worst, d)
					if d := ulpsIn(ty, res.interp[0][i], got); d > 4 {
						t.Errorf("%s(%v) = %v, the interpreter %v", sym, v, got, res.interp[0][i])
					}
				}
				t.Logf("%s: at most %g ulps from the correctly rounded value", sym, worst)
			})
		})
	}
}
