package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/numeric"
)

// besselSrc is a kernel that stores __nv_<fn> of 512 inputs for each of
// the six Bessel functions, in f32 (suffix "f") or f64.
func besselSrc(ty, suffix string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `module {
  tt.func public @bessel(%%x: !tt.ptr<%[1]s> {tt.divisibility = 16 : i32}, %%o: !tt.ptr<%[1]s> {tt.divisibility = 16 : i32}) {
    %%r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %%xs = tt.splat %%x : !tt.ptr<%[1]s> -> tensor<512x!tt.ptr<%[1]s>>
    %%xp = tt.addptr %%xs, %%r : tensor<512x!tt.ptr<%[1]s>>, tensor<512xi32>
    %%v = tt.load %%xp : tensor<512x!tt.ptr<%[1]s>>
    %%os = tt.splat %%o : !tt.ptr<%[1]s> -> tensor<512x!tt.ptr<%[1]s>>
    %%op0 = tt.addptr %%os, %%r : tensor<512x!tt.ptr<%[1]s>>, tensor<512xi32>
    %%c512 = arith.constant dense<512> : tensor<512xi32>
`, ty)
	for i, fn := range []string{"j0", "j1", "y0", "y1", "cyl_bessel_i0", "cyl_bessel_i1"} {
		if i > 0 {
			fmt.Fprintf(&b, "    %%op%d = tt.addptr %%op%d, %%c512 : tensor<512x!tt.ptr<%s>>, tensor<512xi32>\n", i, i-1, ty)
		}
		fmt.Fprintf(&b, "    %%f%d = tt.extern_elementwise %%v {libname = \"\", libpath = \"\", pure = true, symbol = \"__nv_%s%s\"} : (tensor<512x%s>) -> tensor<512x%s>\n", i, fn, suffix, ty, ty)
		fmt.Fprintf(&b, "    tt.store %%op%d, %%f%d : tensor<512x!tt.ptr<%s>>\n", i, i, ty)
	}
	b.WriteString("    tt.return\n  }\n}")
	return b.String()
}

// besselInputs are the special values, the pieces' edges, zeros of the
// functions, and random values near 0, over the polynomial range and far
// beyond (up to the Payne-Hanek range).
func besselInputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), 1e-300, 1e-20, -1e-8, 1, -1, 2.404825557695773, 3.8317059702075125,
		0.8935769662791675, 3.99999999, 4, 7.99, 8, 23.999999, 24, -24, 30, 100, 1e5, 0x1p30 + 7, 1e300, 700, 713,
		-714, math.Inf(1), math.Inf(-1), math.NaN()}
	r := rand.New(rand.NewSource(5))
	for len(x) < n/2 {
		x = append(x, r.NormFloat64()*3)
	}
	for len(x) < n {
		x = append(x, math.Copysign(math.Exp(r.Float64()*12-3), r.Float64()-0.5))
	}
	return x
}

// TestBesselSim runs the f64 and f32 Bessel functions (libm_bessel.go),
// lowered and executed in the SIMT simulator, and the interpreter on the
// same kernel; compares the simulator with numeric's Go evaluation of the
// same tables (which numeric's tests check against 1500-bit references)
// and with the interpreter (Go's math J0..Y1; I0, I1 from numeric): J
// and Y within a few ulps of their envelope min(1, sqrt(2/(pi x))), I
// relative, f32 within one f32 ulp of the rounded f64 value. On sm_90
// J0, J1, Y0 and Y1 are libdevice's algorithms instead: the f64 ones
// (libm_bessel64.go) compared with their models by
// checkBesselLibdeviceF64, the f32 ones (libm_besself.go) bit for bit with
// theirs (libm_besself_test.go) and, as the others, with the interpreter;
// so are I0 and I1 of both types (libm_besseli.go), bit for bit with
// their models (libm_besseli_test.go) and near the interpreter.
func TestBesselSim(t *testing.T) {
	const n = 512
	x := besselInputs(n)
	kinds := []numeric.BesselKind{numeric.BesselJ0, numeric.BesselJ1, numeric.BesselY0, numeric.BesselY1, numeric.BesselI0, numeric.BesselI1}
	// errUlps is |got - want| in ulps of the function's scale at v.
	errUlps := func(k numeric.BesselKind, v, got, want float64, ulp float64) float64 {
		if math.IsNaN(want) || math.IsInf(want, 0) || want == 0 || math.IsNaN(got) {
			if got == want || math.IsNaN(got) && math.IsNaN(want) {
				return 0
			}
			if want == 0 && math.Abs(got) < 1e-300 {
				return 0
			}
			return math.Inf(1)
		}
		scale := math.Abs(want)
		if k < numeric.BesselI0 {
			scale = math.Max(scale, math.Min(1, math.Sqrt(2/(math.Pi*math.Abs(v)))))
		}
		return math.Abs(got-want) / scale / ulp
	}
	for _, prec := range []struct {
		ty, suffix string
		size       int
		ulp, tol   float64
	}{{"f64", "", 8, 0x1p-52, 4}, {"f32", "f", 4, 0x1p-23, 1}} {
		t.Run(prec.ty, func(t *testing.T) {
			src := besselSrc(prec.ty, prec.suffix)
			in := make([]byte, prec.size*n)
			vals := make([]float64, n)
			for i, v := range x {
				if prec.size == 4 {
					binary.LittleEndian.PutUint32(in[4*i:], math.Float32bits(float32(v)))
					v = float64(float32(v))
				} else {
					binary.LittleEndian.PutUint64(in[8*i:], math.Float64bits(v))
				}
				vals[i] = v
			}
			at := func(buf []byte, i int) float64 {
				if prec.size == 4 {
					return float64(math.Float32frombits(binary.LittleEndian.Uint32(buf[4*i:])))
				}
				return math.Float64frombits(binary.LittleEndian.Uint64(buf[8*i:]))
			}
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				m := ttirKernelFor(t, tg, src, 4)
				args := []diffArg{{buf: append([]byte(nil), in...), kind: prec.ty}, zeroBuf(prec.ty, len(kinds)*n)}
				simulateLowered(t, m, "bessel", [3]int{1, 1, 1}, args, nil)
				ref := []diffArg{{buf: append([]byte(nil), in...), kind: prec.ty}, zeroBuf(prec.ty, len(kinds)*n)}
				interpret(t, ttirKernelFor(t, tg, src, 4), "bessel", [3]int{1, 1, 1}, ref)
				for ki, k := range kinds {
					if prec.size == 8 && k < numeric.BesselI0 && tg.name == sm90.name {
						// NVIDIA computes these with libdevice's own code.
						checkBesselLibdeviceF64(t, k, vals, func(i int) float64 { return at(args[1].buf, ki*n+i) },
							func(i int) float64 { return at(ref[1].buf, ki*n+i) })
						continue
					}
					worst := 0.0
					// On NVIDIA, f32 J and Y and I0 and I1 of both types
					// are libdevice's own algorithms (libm_besself.go,
					// libm_besseli.go): their models' bits.
					isI := k >= numeric.BesselI0
					modelled := libdeviceModelled(tg, prec.ty) && !isI || tg.name == sm90.name && isI
					var model func(float64) float64
					switch {
					case modelled && isI && prec.size == 4:
						model = func(v float64) float64 {
							return float64(besselIModelF32(float32(v), k == numeric.BesselI1, libdeviceMode{ftz: true, fuse: true}))
						}
					case modelled && isI:
						model = func(v float64) float64 { return besselIModelF64(v, k == numeric.BesselI1) }
					case modelled:
						f := besselF32Models[fmt.Sprintf("__nv_%c%df", "jjyy"[k], k%2)]
						model = func(v float64) float64 { return float64(f(float32(v), libdeviceMode{ftz: true, fuse: true})) }
					}
					for i, v := range vals {
						got := at(args[1].buf, ki*n+i)
						want := numeric.Bessel(k).Eval(v)
						if prec.size == 4 {
							want = float64(float32(want))
						}
						if modelled {
							want = model(v)
							if math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) {
								t.Errorf("%v(%v) = %.9g, libdevice %.9g", k, v, got, want)
							}
						}
						d := errUlps(k, v, got, want, prec.ulp)
						if !modelled && d > prec.tol {
							t.Errorf("%v(%v) = %.17g, want %.17g (%.3g ulps)", k, v, got, want, d)
						}
						worst = math.Max(worst, d)
						ip := at(ref[1].buf, ki*n+i)
						if modelled && !isI && math.Abs(v) >= 8 && !math.IsInf(v, 0) {
							// libdevice's bound from 8 on: 2.2e-6 absolute.
							if e := math.Abs(got - ip); e > 2.3e-6 || math.IsNaN(e) != math.IsNaN(ip) {
								t.Errorf("%v(%v) = %.17g, the interpreter %.17g", k, v, got, ip)
							}
						} else if errUlps(k, v, got, ip, prec.ulp) > 4*prec.tol+8 {
							t.Errorf("%v(%v) = %.17g, the interpreter %.17g", k, v, got, ip)
						}
					}
					if modelled {
						t.Logf("kind %d: libdevice's bits", k)
					} else {
						t.Logf("kind %d: at most %.3g ulps from numeric's evaluation", k, worst)
					}
				}
			})
		})
	}
}

// checkBesselLibdeviceF64 checks libdevice's f64 J0, J1, Y0 or Y1 (kind
// k) on NVIDIA at inputs vals: got(i) bit for bit the model of
// libdevice's code (libm_bessel64_test.go), and within libdevice's
// documented bound of the interpreter's ip(i) (Go's math): 5e-12 absolute,
// or a few ulps of the function's envelope.
func checkBesselLibdeviceF64(t *testing.T, k numeric.BesselKind, vals []float64, got, ip func(i int) float64) {
	t.Helper()
	model := map[numeric.BesselKind]func(float64) float64{numeric.BesselJ0: libdeviceJ0F64,
		numeric.BesselJ1: libdeviceJ1F64, numeric.BesselY0: libdeviceY0F64, numeric.BesselY1: libdeviceY1F64}[k]
	for i, v := range vals {
		g, want := got(i), model(v)
		if math.Float64bits(g) != math.Float64bits(want) && !(g != g && want != want) {
			t.Errorf("%v(%v) = %.17g, libdevice %.17g", k, v, g, want)
		}
		r := ip(i)
		if g == r || g != g && r != r {
			continue
		}
		env := math.Max(math.Abs(r), math.Min(1, math.Sqrt(2/(math.Pi*math.Abs(v)))))
		if d := math.Abs(g - r); !(d <= 5e-12 || d <= 24*0x1p-52*env) {
			t.Errorf("%v(%v) = %.17g, the interpreter %.17g", k, v, g, r)
		}
	}
}
