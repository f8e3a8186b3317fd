package ttgtogpu_test

import (
	"math"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/passmgr"
)

// What the models of libdevice's f32 functions share (libm_*f_test.go):
// the .ftz operations and directed roundings of libdevice's code in plain
// Go float32 arithmetic, the approximate instructions taken as the
// simulator takes them (the exact value, rounded), how Triton builds
// libdevice (libdeviceMode), and the check of a symbol's simulated
// results against its model and the correctly rounded value.

func ftz32(x float32) float32 {
	if math.Abs(float64(x)) < 0x1p-126 {
		return float32(math.Copysign(0, float64(x)))
	}
	return x
}

// fmaDir is fma.<m>.ftz.f32.
func fmaDir(a, b, c float32, m numeric.RoundingMode) float32 {
	a, b, c = ftz32(a), ftz32(b), ftz32(c)
	v := numeric.FMAOdd(float64(a), float64(b), float64(c))
	if v == 0 { // an exact zero: the sign of a*b + c under IEEE 754
		p := float64(a) * float64(b)
		switch {
		case p == 0 && c == 0 && math.Signbit(p) == math.Signbit(float64(c)):
			v = float64(c)
		case m == numeric.RDN:
			v = math.Copysign(0, -1)
		}
	}
	return ftz32(numeric.F32Directed(v, m))
}

func fmaFTZ(a, b, c float32) float32 { return fmaDir(a, b, c, numeric.RNE) }

func ex2FTZ(x float32) float32 { return ftz32(float32(math.Exp2(float64(ftz32(x))))) }

// rcpFTZ is rcp.approx.ftz.f32.
func rcpFTZ(x float32) float32 { return ftz32(float32(1 / float64(ftz32(x)))) }

// mulFTZ is mul.rn.ftz.f32.
func mulFTZ(a, b float32) float32 { return ftz32(float32(ftz32(a) * ftz32(b))) }

// orSign is r with x's sign bit or'ed in.
func orSign(r, x float32) float32 {
	return math.Float32frombits(math.Float32bits(r) | math.Float32bits(x)&0x80000000)
}

// checkLibdeviceF32Model checks one symbol's simulated results got (one
// per input i) bit for bit against the model's, and the model within
// bound ulps of the correctly rounded exact(i) where exact reports it
// comparable (normal, with normal or zero arguments); it logs the worst.
func checkLibdeviceF32Model(t *testing.T, sym string, got []float64, model func(i int) float32, exact func(i int) (float64, bool), bound float64) {
	t.Helper()
	worst, worstAt, mismatches := 0.0, 0, 0
	for i := range got {
		g, want := float32(got[i]), model(i)
		if math.Float32bits(g) != math.Float32bits(want) && !(g != g && want != want) {
			if mismatches++; mismatches <= 5 {
				t.Errorf("%s: input %d: %g (%#x), libdevice %g (%#x)", sym, i, g, math.Float32bits(g), want, math.Float32bits(want))
			}
		}
		e, ok := exact(i)
		if !ok || math.IsNaN(e) || math.Abs(e) < 0x1p-126 || math.Abs(e) > math.MaxFloat32 {
			continue
		}
		if u := ulpDistance32(float32(e), want); u > worst {
			worst, worstAt = u, i
		}
	}
	if mismatches > 0 {
		t.Errorf("%s: %d of %d results differ from libdevice's", sym, mismatches, len(got))
	}
	if worst > bound {
		t.Errorf("%s: the model is %g ulps from the correctly rounded value at input %d, libdevice's bound is %g", sym, worst, worstAt, bound)
	}
	t.Logf("%s: at most %g ulps from the correctly rounded value (input %d)", sym, worst, worstAt)
}

// normalOrZero32 reports whether v, rounded to f32, is not subnormal (the
// FTZ reflect flushes subnormal arguments, so their exact value is not
// libdevice's function's).
func normalOrZero32(v float64) bool {
	f := float32(v)
	return f == 0 || math.Abs(float64(f)) >= 0x1p-126
}

// libdeviceMode is how Triton builds __nv_powf: the FTZ reflect and fp fusion.
type libdeviceMode struct{ ftz, fuse bool }

func (m libdeviceMode) flush(x float32) float32 {
	if m.ftz {
		return ftz32(x)
	}
	return x
}

// fma is libdevice's fma.rn.
func (m libdeviceMode) fma(a, b, c float32) float32 {
	if m.ftz {
		return fmaFTZ(a, b, c)
	}
	return fmaf(a, b, c)
}

// mul and add are libdevice's mul.rn and add.rn.
func (m libdeviceMode) mul(a, b float32) float32 { return m.flush(m.flush(a) * m.flush(b)) }

func (m libdeviceMode) add(a, b float32) float32 { return m.flush(m.flush(a) + m.flush(b)) }

// plus is a plain product a*b added to c by a plain fadd.
func (m libdeviceMode) plus(a, b, c float32) float32 {
	if m.fuse {
		return fmaf(a, b, c)
	}
	return float32(a*b) + c
}

func truncf(x float32) float32 { return float32(math.Trunc(float64(x))) }

func fabsf(x float32) float32 { return float32(math.Abs(float64(x))) }

// simulateExternWith runs c on inputs on sm_90, lowered with the options
// set by opts, in the simulator: each symbol's results.
func simulateExternWith(t *testing.T, c externCase, inputs [][]float64, opts func(*ttgtogpu.Options)) [][]float64 {
	t.Helper()
	n := len(inputs[0])
	m := ttirKernelFor(t, sm90, c.src(n), 4)
	o := ttgtogpu.Options{Target: ttg.Target(m)}
	opts(&o)
	runPipeline(t, m, ttgtogpu.Pipeline(o, passmgr.Default))
	var args []diffArg
	for i, ty := range c.args {
		args = append(args, encode(ty, inputs[i]))
	}
	args = append(args, zeroBuf(c.res, len(c.syms)*n))
	if err := launchLowered(m, loweredKernel(m, "ext"), [3]int{1, 1, 1}, args); err != nil {
		t.Fatalf("simulate: %v", err)
	}
	out := make([][]float64, len(c.syms))
	for k := range out {
		out[k] = make([]float64, n)
		for i := range out[k] {
			out[k][i] = decodeAt(c.res, args[len(c.args)].buf, k*n+i)
		}
	}
	return out
}

// checkUnaryF32Models checks unary symbols' simulated results res on
// inputs x with checkLibdeviceF32Model: against models[k], and the model
// within bounds[k] ulps of exact[k] of the f32 input where that input is
// not subnormal.
func checkUnaryF32Models(t *testing.T, x []float64, res externResults, syms []string, models []func(float32) float32, exact []func(float64) float64, bounds []float64) {
	t.Helper()
	for k, sym := range syms {
		checkLibdeviceF32Model(t, sym, res.sim[k], func(i int) float32 { return models[k](float32(x[i])) },
			func(i int) (float64, bool) {
				v := float64(float32(x[i]))
				return exact[k](v), normalOrZero32(v)
			}, bounds[k])
	}
}

// checkLibdeviceF64Model checks one symbol's simulated results got (one per
// input i) bit for bit against model(i) (NaNs of any payload alike), and
// the model within bound ulps of the correctly rounded ref(i) where that
// is normal or a special; it logs the worst.
func checkLibdeviceF64Model(t *testing.T, sym string, got []float64, model, ref func(i int) float64, bound float64) {
	t.Helper()
	worst, worstAt, mismatches := 0.0, 0, 0
	for i, g := range got {
		want := model(i)
		if math.Float64bits(g) != math.Float64bits(want) && !(g != g && want != want) {
			if mismatches++; mismatches <= 5 {
				t.Errorf("%s: input %d: %g (%#x), libdevice %g (%#x)", sym, i, g, math.Float64bits(g), want, math.Float64bits(want))
			}
		}
		e := ref(i)
		if e != 0 && math.Abs(e) < 0x1p-1022 {
			continue
		}
		if u := ulpsIn("f64", e, want); u > worst {
			worst, worstAt = u, i
		}
	}
	if mismatches > 0 {
		t.Errorf("%s: %d of %d results differ from libdevice's", sym, mismatches, len(got))
	}
	if worst > bound {
		t.Errorf("%s: the model is %g ulps from the correctly rounded value at input %d, libdevice's bound is %g", sym, worst, worstAt, bound)
	}
	t.Logf("%s: at most %g ulps from the correctly rounded value (input %d)", sym, worst, worstAt)
}

// checkUnaryF64Models checks unary f64 symbols' simulated results res on
// inputs x with checkLibdeviceF64Model: against models[k], and the model
// within bounds[k] ulps of exact[k].
func checkUnaryF64Models(t *testing.T, x []float64, res externResults, syms []string, models, exact []func(float64) float64, bounds []float64) {
	t.Helper()
	for k, sym := range syms {
		checkLibdeviceF64Model(t, sym, res.sim[k], func(i int) float64 { return models[k](x[i]) },
			func(i int) float64 { return exact[k](x[i]) }, bounds[k])
	}
}

// TestMathF64IsLibdevice: Triton lowers math.exp, math.exp2, math.log,
// math.log2, math.tanh and math.erf on f64 to libdevice's __nv_exp,
// __nv_exp2, __nv_log, __nv_log2, __nv_tanh and __nv_erf (MLIR's
// GPU-to-NVVM patterns, which Triton 3.6's NVIDIA lowering adds); on
// NVIDIA tt's math ops give those functions' bits.
func TestMathF64IsLibdevice(t *testing.T) {
	x := tanhErf64Inputs(1024)
	for _, name := range []string{"exp", "exp2", "log", "log2", "tanh", "erf"} {
		res := externCase{args: []string{"f64"}, res: "f64", syms: []string{"math." + name, "__nv_" + name}}.run(t, sm90, [][]float64{x})
		for i := range x {
			if a, b := res.sim[0][i], res.sim[1][i]; math.Float64bits(a) != math.Float64bits(b) && !(a != a && b != b) {
				t.Errorf("math.%s(%v) = %v, __nv_%s %v", name, x[i], a, name, b)
				break
			}
		}
	}
}

// forBothReflects runs c on inputs x on sm_90 with Triton's FTZ reflect
// and without it (fp fusion on, as Triton builds), and hands each run's
// results to check with the mode a model should follow.
func forBothReflects(t *testing.T, c externCase, x []float64, check func(t *testing.T, res [][]float64, mode libdeviceMode)) {
	for _, ftz := range []bool{true, false} {
		t.Run(map[bool]string{true: "reflect ftz", false: "no reflect ftz"}[ftz], func(t *testing.T) {
			var res [][]float64
			if ftz {
				res = c.run(t, sm90, [][]float64{x}).sim
			} else {
				res = simulateExternWith(t, c, [][]float64{x}, func(o *ttgtogpu.Options) { o.NoReflectFTZ = true })
			}
			check(t, res, libdeviceMode{ftz: ftz, fuse: true})
		})
	}
}
