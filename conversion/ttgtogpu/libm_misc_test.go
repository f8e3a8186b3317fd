package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// miscInputs are pairs over specials, the subnormal and overflow edges
// and random values of every exponent.
func miscInputs(n int, seed int64) (xs, ys []float64) {
	sp := []float64{0, math.Copysign(0, -1), 1, -1, 1.5, -3, 0x1p-1022, 0x1p-1074, -0x1p-1074, 0x1.8p-1060,
		math.MaxFloat64, 1e38, 1e-40, math.Inf(1), math.Inf(-1), math.NaN()}
	for _, x := range sp {
		for _, y := range sp {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	r := rand.New(rand.NewSource(seed))
	for len(xs) < n {
		v := func() float64 {
			if r.Intn(2) == 0 {
				return r.NormFloat64() * 10
			}
			return math.Copysign(math.Exp2((r.Float64()*2-1)*1070), r.Float64()-0.5)
		}
		x := v()
		y := v()
		if r.Intn(4) == 0 {
			y = x * (1 + r.NormFloat64()*1e-3)
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	return xs[:n], ys[:n]
}

// TestExactMathSim: ldexp, scalbn, fdim, nextafter, signbit, isfinite,
// isnan, isinf, logb and ilogb are exact functions: the simulator must
// match C99's definitions (Go's math package's where they agree: not for
// fdim(inf, inf), nextafter(+-0, -+0) and ilogb(NaN), libdevice's
// INT_MIN) and the interpreter bit for bit, in f64 and f32.
func TestExactMathSim(t *testing.T) {
	const n = 1024
	xs, ys := miscInputs(n, 21)
	r := rand.New(rand.NewSource(23))
	ns := make([]float64, n) // ldexp's exponents
	for i := range ns {
		switch i % 4 {
		case 0:
			ns[i] = float64(r.Intn(4400) - 2200)
		case 1:
			ns[i] = float64(r.Intn(300) - 150)
		case 2:
			ns[i] = float64([]int{math.MaxInt32, math.MinInt32, 0, 1, -1, 1074, -1074, 2098, -2098}[r.Intn(9)])
		default:
			ns[i] = float64(r.Intn(20) - 10)
		}
	}
	for _, ty := range []string{"f64", "f32"} {
		t.Run(ty, func(t *testing.T) {
			f32 := ty == "f32"
			sfx := map[bool]string{true: "f", false: ""}[f32]
			x, y := make([]float64, n), make([]float64, n)
			for i := range x {
				x[i], y[i] = roundTo(ty, xs[i]), roundTo(ty, ys[i])
			}
			round := func(v float64) float64 { return roundTo(ty, v) }
			ldexp := func(v float64, k int) float64 {
				if f32 {
					return float64(float32(math.Ldexp(v, k))) // exact in f64 for f32 values
				}
				return math.Ldexp(v, k)
			}
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				// libdevice's ldexpf, scalbnf, logbf and ilogbf read a
				// subnormal x as zero under the FTZ reflect
				// (libm_ftzexact.go); the interpreter keeps subnormals.
				flushed := func(i int) bool {
					return libdeviceModelled(tg, ty) && x[i] != 0 && math.Abs(x[i]) < 0x1p-126
				}
				cmpFlushed := func(sym string, got, ip, want []float64, onFlushed float64, args ...[]float64) {
					w := append([]float64(nil), want...)
					for i := range w {
						if flushed(i) {
							w[i] = onFlushed
							if sym == "ldexp" {
								w[i] = 2 * x[i]
							}
						}
					}
					cmpExact(t, sym, got, ip, w, flushed, args...)
				}
				cmp := func(sym string, got, ip, want []float64, args ...[]float64) {
					cmpExact(t, sym, got, ip, want, func(int) bool { return false }, args...)
				}
				want := func(f func(i int) float64) []float64 {
					w := make([]float64, n)
					for i := range w {
						w[i] = f(i)
					}
					return w
				}
				// ldexp and scalbn: (float, i32) -> float.
				res := externCase{args: []string{ty, "i32"}, res: ty, syms: []string{"__nv_ldexp" + sfx, "__nv_scalbn" + sfx}}.run(t, tg, [][]float64{x, ns})
				for k := 0; k < 2; k++ {
					cmpFlushed("ldexp", res.sim[k], res.interp[k], want(func(i int) float64 { return ldexp(x[i], int(ns[i])) }), 0, x, ns)
				}
				// fdim, nextafter: (float, float) -> float.
				res = externCase{args: []string{ty, ty}, res: ty, syms: []string{"__nv_fdim" + sfx, "__nv_nextafter" + sfx}}.run(t, tg, [][]float64{x, y})
				// C's fdim: +0 unless x > y (Go's math.Dim(inf, inf) is NaN).
				cmp("fdim", res.sim[0], res.interp[0], want(func(i int) float64 {
					if x[i] > y[i] || x[i] != x[i] || y[i] != y[i] {
						return round(x[i] - y[i])
					}
					return 0
				}), x, y)
				if libdeviceModelled(tg, ty) {
					// libdevice's nextafterf under the FTZ reflect: its
					// own model (the interpreter keeps subnormals).
					m := want(func(i int) float64 { return float64(libdeviceNextafterf(float32(x[i]), float32(y[i]))) })
					cmp("nextafter", res.sim[1], m, m, x, y)
				} else {
					// C's nextafter(x, y) is y where x == y (Go's gives x: -0 or +0).
					cmp("nextafter", res.sim[1], res.interp[1], want(func(i int) float64 {
						if x[i] == y[i] {
							return y[i]
						}
						if f32 {
							return float64(math.Nextafter32(float32(x[i]), float32(y[i])))
						}
						return math.Nextafter(x[i], y[i])
					}), x, y)
				}
				// logb: float -> float.
				res = externCase{args: []string{ty}, res: ty, syms: []string{"__nv_logb" + sfx}}.run(t, tg, [][]float64{x})
				cmpFlushed("logb", res.sim[0], res.interp[0], want(func(i int) float64 { return math.Logb(x[i]) }), -150, x)
				// Classification and ilogb: float -> i32.
				cls := []string{"__nv_signbit" + map[bool]string{true: "f", false: "d"}[f32], map[bool]string{true: "__nv_finitef", false: "__nv_isfinited"}[f32],
					"__nv_isnan" + map[bool]string{true: "f", false: "d"}[f32], "__nv_isinf" + map[bool]string{true: "f", false: "d"}[f32], "__nv_ilogb" + sfx}
				res = externCase{args: []string{ty}, res: "i32", syms: cls}.run(t, tg, [][]float64{x})
				b := func(v bool) float64 {
					if v {
						return 1
					}
					return 0
				}
				wants := []func(i int) float64{
					func(i int) float64 { return b(math.Signbit(x[i])) },
					func(i int) float64 { return b(!math.IsInf(x[i], 0) && !math.IsNaN(x[i])) },
					func(i int) float64 { return b(math.IsNaN(x[i])) },
					func(i int) float64 { return b(math.IsInf(x[i], 0)) },
					func(i int) float64 {
						if math.IsNaN(x[i]) {
							return math.MinInt32
						}
						return float64(math.Ilogb(x[i]))
					},
				}
				for k, sym := range cls {
					if strings.HasPrefix(sym, "__nv_ilogb") {
						cmpFlushed(sym, res.sim[k], res.interp[k], want(wants[k]), math.MinInt32, x)
						continue
					}
					cmp(sym, res.sim[k], res.interp[k], want(wants[k]), x)
				}
			})
		})
	}
}

// cmpExact checks got against want bit for bit (NaNs of any payload
// alike) and against the interpreter's ip but where noInterp(i).
func cmpExact(t *testing.T, sym string, got, ip, want []float64, noInterp func(i int) bool, args ...[]float64) {
	t.Helper()
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b }
	for i := range got {
		if !same(got[i], want[i]) || !noInterp(i) && !same(got[i], ip[i]) {
			var a []float64
			for _, arg := range args {
				a = append(a, arg[i])
			}
			t.Errorf("%s%v = %v, want %v, the interpreter %v", sym, a, got[i], want[i], ip[i])
		}
	}
}

// bigRoot3 is cbrt(a) for a > 0 in bigPrec bits, by Newton's iteration
// from the f64 value.
func bigRoot3(a float64) *big.Float {
	ba := bigF(a)
	y := bigF(math.Cbrt(a))
	for i := 0; i < 6; i++ { // y -= (y^3 - a) / (3 y^2)
		y2 := new(big.Float).SetPrec(bigPrec).Mul(y, y)
		num := new(big.Float).SetPrec(bigPrec).Mul(y2, y)
		num.Sub(num, ba)
		y.Sub(y, num.Quo(num, y2.Mul(y2, bigF(3))))
	}
	return y
}

// TestRootsSim: cbrt, rcbrt (libdevice: 1 ulp) and hypot (2 ulps) in f64
// and f32 against 256-bit references, the interpreter (Go's math) within
// 2 ulps of the simulator.
func TestRootsSim(t *testing.T) {
	const n = 1024
	xs, ys := miscInputs(n, 29)
	cbrt := func(x float64) float64 {
		if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
			return x
		}
		v, _ := bigRoot3(math.Abs(x)).Float64()
		return math.Copysign(v, x)
	}
	rcbrt := func(x float64) float64 {
		if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
			return 1 / x
		}
		v, _ := new(big.Float).SetPrec(bigPrec).Quo(bigF(1), bigRoot3(math.Abs(x))).Float64()
		return math.Copysign(v, x)
	}
	for _, ty := range []string{"f64", "f32"} {
		t.Run(ty, func(t *testing.T) {
			sfx := map[string]string{"f64": "", "f32": "f"}[ty]
			x, y := make([]float64, n), make([]float64, n)
			for i := range x {
				x[i], y[i] = roundTo(ty, xs[i]), roundTo(ty, ys[i])
			}
			check := func(sym string, tol float64, got, ip []float64, ref func(i int) float64) {
				worst := 0.0
				for i := range got {
					want := roundTo(ty, ref(i))
					d := ulpsIn(ty, want, got[i])
					if d > tol {
						t.Errorf("%s(%v, %v) = %v, want %v (%g ulps)", sym, x[i], y[i], got[i], want, d)
					}
					if di := ulpsIn(ty, ip[i], got[i]); di > 2 {
						t.Errorf("%s(%v, %v) = %v, the interpreter %v", sym, x[i], y[i], got[i], ip[i])
					}
					worst = math.Max(worst, d)
				}
				t.Logf("%s: at most %g ulps from the correctly rounded value", sym, worst)
			}
			tol := map[string]float64{"f64": 1, "f32": 1}[ty]
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				if libdeviceModelled(tg, ty) {
					return
				}
				res := externCase{args: []string{ty}, res: ty, syms: []string{"__nv_cbrt" + sfx, "__nv_rcbrt" + sfx}}.run(t, tg, [][]float64{x})
				check("cbrt", tol, res.sim[0], res.interp[0], func(i int) float64 { return cbrt(x[i]) })
				check("rcbrt", tol, res.sim[1], res.interp[1], func(i int) float64 { return rcbrt(x[i]) })
				if tg.name == sm90.name {
					// libdevice's own hypot on NVIDIA (its f64 gives +inf for
					// the largest double and any nonzero other operand):
					// TestLibdevicePowHypotF64Sim.
					return
				}
				res = externCase{args: []string{ty, ty}, res: ty, syms: []string{"__nv_hypot" + sfx}}.run(t, tg, [][]float64{x, y})
				check("hypot", 2*tol, res.sim[0], res.interp[0], func(i int) float64 { return bigHypot64(x[i], y[i]) })
			})
		})
	}
}

// TestFlushedRoundingSim: libdevice's floorf, ceilf and fabsf (and
// math.floor and math.ceil, which Triton lowers to the first two) are the
// .ftz instructions under Triton's FTZ reflect, so a subnormal argument
// counts as a zero of its sign: floorf(-1e-40) is -0 (not -1), ceilf(1e-40)
// is +0 (not 1), fabsf(-1e-40) is +0. Normal arguments round as usual.
// On gfx942 the same symbols keep subnormals (AMD's f32 denormal mode).
func TestFlushedRoundingSim(t *testing.T) {
	xs := []float64{1e-40, -1e-40, 0x1p-149, -0x1p-149, 0x1.fffffcp-127, -0x1.fffffcp-127, 0x1p-126, -0x1p-126,
		0, math.Copysign(0, -1), 0.5, -0.5, 1.5, -1.5, 2.5, -7.25, 1e30, math.Inf(-1), math.NaN()}
	for len(xs) < 32 { // a power-of-two tile
		xs = append(xs, -xs[len(xs)%8]*0.75)
	}
	for i, x := range xs {
		xs[i] = float64(float32(x)) // f32 inputs
	}
	flush := func(v float64) float64 {
		if math.Abs(v) < 0x1p-126 {
			return math.Copysign(0, v)
		}
		return v
	}
	syms := []string{"__nv_floorf", "__nv_ceilf", "__nv_fabsf", "math.floor", "math.ceil"}
	fns := []func(float64) float64{math.Floor, math.Ceil, math.Abs, math.Floor, math.Ceil}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		res := externCase{args: []string{"f32"}, res: "f32", syms: syms}.run(t, tg, [][]float64{xs})
		for k, sym := range syms {
			for i, x := range xs {
				arg := x
				if tg.name == sm90.name {
					arg = flush(x)
				}
				want, got := fns[k](arg), res.sim[k][i]
				if math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) {
					t.Errorf("%s(%g) = %g, want %g", sym, x, got, want)
				}
			}
		}
	})
}

// libdeviceNextafterf models __nv_nextafterf under the FTZ reflect:
// subnormal operands count as zeros of their sign, the step from zero
// goes to 2^-126 with y's sign, x = y gives x.
func libdeviceNextafterf(x, y float32) float32 {
	fx, fy := ftz32(x), ftz32(y)
	switch {
	case x != x || y != y:
		return x + y
	case fx == 0 && fy == 0:
		return fy
	case fx == 0:
		return math.Float32frombits(0x00800000 | math.Float32bits(y)&0x80000000)
	}
	b := math.Float32bits(fx)
	switch {
	case x < y && x < 0, x > y && x > 0:
		b--
	case x < y && x > 0, x > y && x < 0:
		b++
	}
	return math.Float32frombits(b)
}

// bigHypot64 is sqrt(x^2 + y^2) correctly rounded (C99's specials).
func bigHypot64(x, y float64) float64 {
	if math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(x) || math.IsNaN(y) {
		return math.Hypot(x, y)
	}
	s := new(big.Float).SetPrec(bigPrec).Mul(bigF(x), bigF(x))
	s.Add(s, new(big.Float).SetPrec(bigPrec).Mul(bigF(y), bigF(y)))
	v, _ := s.Sqrt(s).Float64()
	return v
}

// TestOCMLSim: on gfx942 the OCML names Triton's AMD backend calls
// compute what the libdevice functions of the same meaning do, bit for
// bit.
func TestOCMLSim(t *testing.T) {
	x := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 2.5, -3.75, 10, -20, 1e-3, 1e-40, 88, 100, math.Inf(1), math.Inf(-1), math.NaN()}
	ocml := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__ocml_exp_f32", "__ocml_erf_f32", "__ocml_j0_f32", "__ocml_i1_f32", "__triton_hip_fabs"}}
	nv := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_expf", "__nv_erff", "__nv_j0f", "__nv_cyl_bessel_i1f", "__nv_fabsf"}}
	got, want := ocml.run(t, gfx942, [][]float64{x}).sim, nv.run(t, gfx942, [][]float64{x}).sim
	for k := range ocml.syms {
		for i := range x {
			if math.Float32bits(float32(got[k][i])) != math.Float32bits(float32(want[k][i])) {
				t.Errorf("%s(%g) = %g, %s gives %g", ocml.syms[k], x[i], got[k][i], nv.syms[k], want[k][i])
			}
		}
	}
}

// TestOCMLLibdeviceOnlySim: the OCML functions tt computes only in
// libdevice's operations (erfinvf, lgammaf, lgamma, erfcx) give on
// gfx942 the bits of libdevice's algorithm on sm_90 without the FTZ
// reflect, which AMD does not have; erfcxf, whose libdevice algorithm
// multiplies rounding toward zero (an NVIDIA instruction), is the f64
// algorithm's value rounded once.
func TestOCMLLibdeviceOnlySim(t *testing.T) {
	r := rand.New(rand.NewSource(41))
	x := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.999, 2.5, -3.75, 10, -20, 1e-3, 1e-40, 88, 100, 1e30, math.Inf(1), math.Inf(-1), math.NaN()}
	for len(x) < 2048 {
		x = append(x, r.NormFloat64()*math.Exp2(float64(r.Intn(12)-6)))
	}
	noFTZ := func(o *ttgtogpu.Options) { o.NoReflectFTZ = true }
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b }
	for _, ty := range []string{"f32", "f64"} {
		xr := make([]float64, len(x))
		for i := range x {
			xr[i] = roundTo(ty, x[i])
		}
		sfx := map[string]string{"f32": "f", "f64": ""}[ty]
		ocml := externCase{args: []string{ty}, res: ty, syms: []string{"__ocml_lgamma_" + ty, "__ocml_erfcx_" + ty}}
		nv := externCase{args: []string{ty}, res: ty, syms: []string{"__nv_lgamma" + sfx, "__nv_erfcx" + sfx}}
		if ty == "f32" {
			ocml.syms = append(ocml.syms, "__ocml_erfinv_f32")
			nv.syms = append(nv.syms, "__nv_erfinvf")
		}
		got := ocml.run(t, gfx942, [][]float64{xr}).sim
		want := simulateExternWith(t, nv, [][]float64{xr}, noFTZ)
		if ty == "f32" {
			// erfcxf: __nv_erfcx of the f32 value, rounded to f32.
			want[1] = simulateExternWith(t, externCase{args: []string{"f64"}, res: "f64", syms: []string{"__nv_erfcx"}}, [][]float64{xr}, noFTZ)[0]
		}
		for k := range ocml.syms {
			for i := range xr {
				if w := roundTo(ty, want[k][i]); !same(got[k][i], w) {
					t.Errorf("%s(%g) = %g on gfx942, %s gives %g on sm_90", ocml.syms[k], xr[i], got[k][i], nv.syms[k], w)
				}
			}
		}
	}
}
