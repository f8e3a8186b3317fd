package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// bigPow is x^y correctly rounded to f64: C99's special cases from Go's
// math.Pow (which follows them), the rest exp(y log|x|) in 256 bits with
// the sign of (-1)^y.
func bigPow(x, y float64) float64 {
	if x == 0 || y == 0 || x == 1 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Pow(x, y)
	}
	if x < 0 && y != math.Trunc(y) {
		return math.NaN()
	}
	v := bigExpOf(new(big.Float).SetPrec(bigPrec).Mul(bigF(y), bigLogOf(math.Abs(x))))
	if x < 0 && math.Abs(y) < 0x1p53 && math.Mod(y, 2) != 0 {
		v = -v
	}
	return v
}

// powInputs are pairs (x, y): every pairing of the special values, then
// random positive x over the whole exponent range with y keeping x^y
// near the representable range, x near 1 with large y (where log x must
// be extra precise), negative x with integer y, and results near
// overflow and through the subnormals. maxExp bounds the result's
// binary exponent (1024 for f64, 128 for f32).
func powInputs(n int, maxExp float64, seed int64) (xs, ys []float64) {
	special := []float64{0, math.Copysign(0, -1), 1, -1, 2, -2, 0.5, -0.5, 3, -3, 1.5, -1.5, 0.25,
		math.Inf(1), math.Inf(-1), math.NaN(), 1e-300, 1e300, math.SmallestNonzeroFloat64, 1e-40}
	for _, x := range special {
		for _, y := range special {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	r := rand.New(rand.NewSource(seed))
	add := func(x, y float64) { xs, ys = append(xs, x), append(ys, y) }
	for len(xs) < n {
		switch len(xs) % 5 {
		case 0: // any positive x, y so that |y log2 x| < maxExp+60
			x := math.Exp2((r.Float64()*2 - 1) * (maxExp - 1))
			add(x, (r.Float64()*2-1)*(maxExp+60)/math.Max(math.Abs(math.Log2(x)), 1))
		case 1: // x near 1, large y
			d := math.Exp2(-r.Float64() * 50)
			x := 1 + d*(r.Float64()*2-1)
			add(x, (r.Float64()*2-1)*(maxExp*0.69)/math.Max(math.Abs(math.Log(x)), 1e-300))
		case 2: // negative x, integer y
			add(-math.Exp(r.NormFloat64()*3), math.Round(r.NormFloat64()*20))
		case 3: // small x and y
			add(math.Abs(r.NormFloat64()*4), r.NormFloat64()*4)
		case 4: // results near overflow and underflow
			x := 1 + r.Float64()*100
			e := maxExp
			if r.Intn(2) == 0 {
				e = -maxExp - 60*r.Float64()
			}
			add(x, e/math.Log2(x)*(1+(r.Float64()-0.5)*1e-3))
		}
	}
	return xs[:n], ys[:n]
}

// TestPowSim runs __nv_pow, __nv_powf (and __nv_fast_powf, which tt
// computes the same way off NVIDIA) lowered in the simulator and in the
// interpreter: the simulator within 2 ulps (libdevice's bound) of the
// correctly rounded value, special cases exactly, and the interpreter
// (Go's math.Pow) within a few ulps of the simulator. On NVIDIA the f32
// functions are libdevice's own (TestLibdevicePowF32Sim, and
// TestLibdeviceFastPowF32Sim: __nv_fast_powf is ex2.approx(y lg2.approx(x)),
// NaN for every negative x).
func TestPowSim(t *testing.T) {
	const n = 1024
	for _, p := range []struct {
		ty     string
		syms   []string
		maxExp float64
		// interpTol bounds the interpreter against the simulator: Go's
		// math.Pow multiplies out y's integer part and errs by a few ulps
		// for large y in f64.
		interpTol float64
	}{
		{"f64", []string{"__nv_pow"}, 1024, 16},
		{"f32", []string{"__nv_powf", "__nv_fast_powf"}, 128, 1},
	} {
		t.Run(p.ty, func(t *testing.T) {
			xs, ys := powInputs(n, p.maxExp, 3)
			for i := range xs {
				xs[i], ys[i] = roundTo(p.ty, xs[i]), roundTo(p.ty, ys[i])
			}
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				syms := p.syms
				if libdeviceModelled(tg, p.ty) {
					return // TestLibdevicePowF32Sim, TestLibdeviceFastPowF32Sim
				}
				c := externCase{args: []string{p.ty, p.ty}, res: p.ty, syms: syms}
				res := c.run(t, tg, [][]float64{xs, ys})
				for k, sym := range syms {
					worst, worstInterp := 0.0, 0.0
					for i := range xs {
						got, want := res.sim[k][i], roundTo(p.ty, bigPow(xs[i], ys[i]))
						if d := ulpsIn(p.ty, want, got); d > 2 {
							t.Errorf("%s(%v, %v) = %v, want %v (%g ulps)", sym, xs[i], ys[i], got, want, d)
						} else {
							worst = math.Max(worst, d)
						}
						if d := ulpsIn(p.ty, res.interp[k][i], got); d > p.interpTol {
							t.Errorf("%s(%v, %v) = %v, the interpreter %v", sym, xs[i], ys[i], got, res.interp[k][i])
						} else {
							worstInterp = math.Max(worstInterp, d)
						}
					}
					t.Logf("%s: at most %g ulps from the correctly rounded value, %g from the interpreter", sym, worst, worstInterp)
				}
			})
		})
	}
}

// TestPowiSim: __nv_powi and __nv_powif (an i32 exponent). On NVIDIA they
// are libdevice's squaring (libm_ftzexact.go): the simulator gives the
// model's bits (libdevicePowi), f32 with and without the FTZ reflect; the
// model is C's pow at the specials and, where x^|n| is a normal float,
// within |n| + 1 ulps of it (a chain of multiplications making x^m is
// off by at most (m - 1) roundings). Elsewhere (AMD: OCML's pown) they are
// pow of the exponent converted to float, within pow's 2 ulps, and the
// interpreter squares as libdevice does, subnormals kept.
func TestPowiSim(t *testing.T) {
	const n = 1024
	r := rand.New(rand.NewSource(9))
	var xs, ys []float64
	for _, x := range []float64{0, math.Copysign(0, -1), 1, -1, 2, -2, 0.5, math.Inf(1), math.Inf(-1), math.NaN(), 1e-40} {
		for _, y := range []float64{0, 1, -1, 2, -2, 3, -3, 1023, -1074, math.MaxInt32, math.MinInt32} {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	for len(xs) < n {
		switch len(xs) % 3 {
		case 0:
			xs, ys = append(xs, r.NormFloat64()*3), append(ys, math.Round(r.NormFloat64()*30))
		case 1: // near 1 with exponents of every width: a trip per bit
			k := r.Intn(31)
			y := float64(r.Int63n(1<<k+1) - 1<<k/2)
			xs, ys = append(xs, 1+r.NormFloat64()*math.Ldexp(1, -k-2)), append(ys, y)
		default: // results near the subnormals and overflow
			y := float64(r.Intn(400) - 200)
			xs, ys = append(xs, math.Exp2((r.Float64()*260-130)/math.Max(math.Abs(y), 1))), append(ys, y)
		}
	}
	for _, ty := range []string{"f64", "f32"} {
		t.Run(ty, func(t *testing.T) {
			sym := map[string]string{"f64": "__nv_powi", "f32": "__nv_powif"}[ty]
			xr := make([]float64, n)
			for i := range xr {
				xr[i] = roundTo(ty, xs[i])
			}
			c := externCase{args: []string{ty, "i32"}, res: ty, syms: []string{sym}}
			normal := map[string]float64{"f64": 0x1p-1022, "f32": 0x1p-126}[ty]
			max := map[string]float64{"f64": math.MaxFloat64, "f32": math.MaxFloat32}[ty]
			same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b }
			// checkBound: got is pow's value at the specials and within
			// tol(i) ulps of it where x^|n| is normal and finite.
			checkBound := func(t *testing.T, what string, got []float64, tol func(i int) float64) {
				for i := range xr {
					want := roundTo(ty, bigPow(xr[i], ys[i]))
					power := math.Abs(bigPow(xr[i], math.Abs(ys[i])))
					switch {
					case xr[i] == 0 || math.IsInf(xr[i], 0) || xr[i] != xr[i] || ys[i] == 0 || math.Abs(xr[i]) == 1:
						if !same(got[i], want) {
							t.Errorf("%s %s(%v, %v) = %v, want %v", what, sym, xr[i], ys[i], got[i], want)
						}
					case power >= normal && power <= max && math.Abs(want) >= normal:
						if d := ulpsIn(ty, want, got[i]); d > tol(i) {
							t.Errorf("%s %s(%v, %v) = %v, pow %v (%g ulps)", what, sym, xr[i], ys[i], got[i], want, d)
						}
					}
				}
			}
			squaring := func(i int) float64 { return math.Abs(ys[i]) + 1 }
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				res := c.run(t, tg, [][]float64{xr, ys})
				if tg.name != sm90.name {
					checkBound(t, "lowered", res.sim[0], func(int) float64 { return 2 })
					checkBound(t, "interpreted", res.interp[0], squaring)
					return
				}
				modes := []bool{true, false} // f32: with and without the FTZ reflect
				if ty == "f64" {
					modes = []bool{false}
				}
				for _, ftz := range modes {
					got := res.sim[0]
					if ty == "f32" {
						got = simulateExternWith(t, c, [][]float64{xr, ys}, func(o *ttgtogpu.Options) { o.NoReflectFTZ = !ftz })[0]
					}
					model := make([]float64, n)
					for i := range xr {
						if ty == "f32" {
							m := libdeviceMode{ftz: ftz}
							model[i] = float64(libdevicePowi(float32(xr[i]), int32(ys[i]), m.mul))
						} else {
							model[i] = libdevicePowi(xr[i], int32(ys[i]), func(a, b float64) float64 { return a * b })
						}
						if !same(got[i], model[i]) {
							t.Errorf("ftz %v: %s(%v, %v) = %v, libdevice %v", ftz, sym, xr[i], ys[i], got[i], model[i])
						}
					}
					checkBound(t, "the model's", model, squaring)
					for i := range xr {
						// The interpreter is the model without the reflect.
						if !ftz && !same(res.interp[0][i], model[i]) {
							t.Errorf("%s(%v, %v): the interpreter %v, libdevice %v", sym, xr[i], ys[i], res.interp[0][i], model[i])
						}
					}
				}
			})
		})
	}
}

// libdevicePowi models __nv_powi(f): x^n by squaring over |n|'s bits from
// the lowest, each product mul's, then 1/r correctly rounded for n < 0.
func libdevicePowi[T float32 | float64](x T, n int32, mul func(a, b T) T) T {
	r, e := T(1), uint32(n)
	if n < 0 {
		e = -e
	}
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = mul(r, x)
		}
		x = mul(x, x)
	}
	if n < 0 {
		return 1 / r
	}
	return r
}
