package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// Models of libdevice's fast f32 functions (libm_fast.go and the extern
// table's one-instruction entries), transcribed from their libdevice
// code: lg2.approx, ex2.approx, sin.approx and cos.approx as the
// simulator takes them (Go's f64 function of the argument, rounded to
// f32), their argument and result flushed under the FTZ reflect; the
// plain f32 products rounded once and never flushed. The GPU's
// approximations are not these exact values: the simulator checks the
// sequence and the flushing, the bits rest on emitting the same
// instructions as libdevice (the PTX test below).

// fastApprox is an approximate instruction f of x as the simulator has
// it, .ftz when m.ftz.
func fastApprox(f func(float64) float64, x float32, m libdeviceMode) float32 {
	return m.flush(float32(f(float64(m.flush(x)))))
}

// fastMul is a plain f32 product (mul.f32: no flush).
func fastMul(a, b float32) float32 { return float32(float64(a) * float64(b)) }

var (
	fastModelLn2      = math.Float32frombits(0x3F317218)
	fastModelLog10of2 = math.Float32frombits(0x3E9A209B)
	fastModelLog2of10 = math.Float32frombits(0x40549A78)
	fastModelLog2e    = math.Float32frombits(0x3FB8AA3B)
)

func libdeviceFastLogf(x float32, m libdeviceMode) float32 {
	return fastMul(fastApprox(math.Log2, x, m), fastModelLn2)
}

func libdeviceFastLog10f(x float32, m libdeviceMode) float32 {
	return fastMul(fastApprox(math.Log2, x, m), fastModelLog10of2)
}

func libdeviceFastExp10f(x float32, m libdeviceMode) float32 {
	return fastApprox(math.Exp2, fastMul(x, fastModelLog2of10), m)
}

func libdeviceFastExpf(x float32, m libdeviceMode) float32 {
	return fastApprox(math.Exp2, fastMul(x, fastModelLog2e), m)
}

func libdeviceFastPowf(x, y float32, m libdeviceMode) float32 {
	return fastApprox(math.Exp2, fastMul(y, fastApprox(math.Log2, x, m)), m)
}

// fastBound is CUDA's documented error of an intrinsic at x (the CUDA C++
// Programming Guide's table of intrinsic functions): within absErr of the
// exact value where absErr > 0, else within ulps.
type fastBound func(x float64) (ulps, absErr float64)

// logBound is __logf's, __log2f's and __log10f's shape: an absolute error
// for x in [0.5, 2], ulps elsewhere.
func logBound(abs, ulps float64) fastBound {
	return func(x float64) (float64, float64) {
		if x >= 0.5 && x <= 2 {
			return 0, abs
		}
		return ulps, 0
	}
}

// checkFastBound checks the model's value at every normal input x[i]
// against CUDA's bound for the intrinsic, where the exact value is a
// normal f32, and logs the worst case in the bound's units.
func checkFastBound(t *testing.T, sym string, x []float64, model func(float32) float32, exact func(float64) float64, bound fastBound) {
	t.Helper()
	worst, worstAt := 0.0, 0
	for i, v := range x {
		a := float32(v)
		if a != a || math.IsInf(float64(a), 0) || (a != 0 && math.Abs(float64(a)) < 0x1p-126) {
			continue
		}
		e := exact(float64(a))
		if math.IsNaN(e) || math.Abs(e) < 0x1p-126 || math.Abs(e) > math.MaxFloat32 {
			continue
		}
		got := model(a)
		ulps, abs := bound(float64(a))
		var d, share float64
		if abs > 0 {
			d = math.Abs(float64(got) - e)
			share = d / abs
		} else {
			d = ulpDistance32(float32(e), got)
			share = d / ulps
		}
		if share > 1 {
			t.Errorf("%s(%g) = %g, exact %g: %g beyond CUDA's bound", sym, a, got, e, d)
		}
		if share > worst {
			worst, worstAt = share, i
		}
	}
	t.Logf("%s: the model at most %.3g of CUDA's bound (input %g)", sym, worst, x[worstAt])
}

// fastF32Inputs are libdeviceF32Inputs with what the fast functions'
// branches and flushing turn on: subnormals of both signs (which lg2.ftz
// reads as zeros), exp10f's arguments whose results are subnormal or
// overflow, and x in [0.5, 2].
func fastF32Inputs(n int) []float64 {
	x := libdeviceF32Inputs(n / 2)
	x = append(x, 8.944394e-39, -8.944394e-39, 0x1p-126, 0x1.fffffep-127, -0x1p-149, 1.17549435e-38,
		-37.9, -38, -38.5, -44.85, -45.2, -46, 38.5, 38.6, 39, 1e-40, -1e-40)
	rng := rand.New(rand.NewSource(77))
	for len(x) < n {
		switch len(x) % 4 {
		case 0: // subnormals
			v := float64(math.Float32frombits(rng.Uint32() & 0x807FFFFF))
			x = append(x, v)
		case 1: // [0.5, 2]
			x = append(x, float64(float32(0.5+rng.Float64()*1.5)))
		case 2: // exp10f's range and beyond
			x = append(x, float64(float32((rng.Float64()*2-1)*48)))
		default: // sin's and cos's [-pi, pi]
			x = append(x, float64(float32((rng.Float64()*2-1)*math.Pi)))
		}
	}
	return x[:n]
}

// TestLibdeviceFastF32Sim: __nv_fast_logf, __nv_fast_log10f and
// __nv_fast_exp10f (libm_fast.go), and __nv_fast_expf, __nv_exp2f,
// __nv_fast_log2f, __nv_fast_sinf and __nv_fast_cosf (the extern table),
// lowered on sm_90 with and without the FTZ reflect and run in the
// simulator, give the model's bits on every input: with the reflect a
// subnormal argument reads as zero (fast_logf of 8.9e-39 is -inf, as
// Triton's) and subnormal results are zeros, without it neither. Each
// model is within CUDA's documented bound of its intrinsic (the
// approximations' own error is the GPU's, checked there).
func TestLibdeviceFastF32Sim(t *testing.T) {
	x := fastF32Inputs(4096)
	syms := []string{"__nv_fast_logf", "__nv_fast_log10f", "__nv_fast_exp10f", "__nv_fast_expf", "__nv_exp2f",
		"__nv_fast_log2f", "__nv_fast_sinf", "__nv_fast_cosf"}
	models := []func(float32, libdeviceMode) float32{libdeviceFastLogf, libdeviceFastLog10f, libdeviceFastExp10f,
		libdeviceFastExpf,
		func(a float32, m libdeviceMode) float32 { return fastApprox(math.Exp2, a, m) },
		func(a float32, m libdeviceMode) float32 { return fastApprox(math.Log2, a, m) },
		func(a float32, m libdeviceMode) float32 { return fastApprox(math.Sin, a, m) },
		func(a float32, m libdeviceMode) float32 { return fastApprox(math.Cos, a, m) }}
	exact := []func(float64) float64{bigLog, bigLog10, bigExp10, bigExp, bigExp2, bigLog2, math.Sin, math.Cos}
	// CUDA's bounds: __logf 2^-21.41 in [0.5, 2] else 3 ulps; __log10f
	// 2^-24 else 3; __exp10f 2 + floor(|2.97 x|) ulps; __expf 2 +
	// floor(|1.173 x|); exp2f's fast form 2 ulps; __log2f 2^-22 else 2;
	// __sinf and __cosf 2^-21.41 on [-pi, pi] (nothing stated beyond).
	trig := func(x float64) (float64, float64) {
		if math.Abs(x) <= math.Pi {
			return 0, math.Exp2(-21.41)
		}
		return math.Inf(1), 0
	}
	bounds := []fastBound{logBound(math.Exp2(-21.41), 3), logBound(0x1p-24, 3),
		func(x float64) (float64, float64) { return 2 + math.Floor(math.Abs(2.97*x)), 0 },
		func(x float64) (float64, float64) { return 2 + math.Floor(math.Abs(1.173*x)), 0 },
		func(float64) (float64, float64) { return 2, 0 }, logBound(0x1p-22, 2), trig, trig}
	c := externCase{args: []string{"f32"}, res: "f32", syms: syms}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		for k, sym := range syms {
			model := func(a float32) float32 { return models[k](a, mode) }
			checkLibdeviceF32Model(t, sym, res[k], func(i int) float32 { return model(float32(x[i])) },
				func(int) (float64, bool) { return 0, false }, 0)
			checkFastBound(t, sym, x, model, exact[k], bounds[k])
		}
	})
	// The sweep's case: Triton's -inf for a subnormal under the reflect.
	m := libdeviceMode{ftz: true, fuse: true}
	if v := libdeviceFastLogf(8.944394e-39, m); !math.IsInf(float64(v), -1) {
		t.Errorf("model: __nv_fast_logf(8.944394e-39) = %g with the reflect, want -inf", v)
	}
}

// TestLibdeviceFastPowF32Sim: __nv_fast_powf is ex2.approx(y lg2.approx(x))
// (.ftz on both under the reflect), not powf's algorithm: NaN for a
// negative x of any y ((-5.1e31)^(-9.1e25), Triton's NaN), zero-times-
// infinity NaNs (1^inf, 0^0), subnormal x as zero under the reflect,
// subnormal results flushed. The simulated code gives the model's bits,
// with and without the reflect. CUDA states no bound of its own for it.
func TestLibdeviceFastPowF32Sim(t *testing.T) {
	var xs, ys []float64
	for _, p := range [][2]float64{{-5.1e31, -9.1e25}, {8.944394e-39, 2}, {8.944394e-39, -0.5}, {2, -130}, {2, -149.5},
		{0.5, 127.9}, {2, 1e-40}, {-0x1p-140, 2}, {1, math.Inf(1)}, {0, 0}, {math.Inf(1), 0}} {
		xs, ys = append(xs, p[0]), append(ys, p[1])
	}
	px, py := powInputs(2048-len(xs), 128, 78)
	xs, ys = append(xs, px...), append(ys, py...)
	for i := range xs {
		xs[i], ys[i] = roundTo("f32", xs[i]), roundTo("f32", ys[i])
	}
	c := externCase{args: []string{"f32", "f32"}, res: "f32", syms: []string{"__nv_fast_powf"}}
	for _, ftz := range []bool{true, false} {
		t.Run(map[bool]string{true: "reflect ftz", false: "no reflect ftz"}[ftz], func(t *testing.T) {
			var res [][]float64
			if ftz {
				res = c.run(t, sm90, [][]float64{xs, ys}).sim
			} else {
				res = simulateExternWith(t, c, [][]float64{xs, ys}, func(o *ttgtogpu.Options) { o.NoReflectFTZ = true })
			}
			m := libdeviceMode{ftz: ftz, fuse: true}
			checkLibdeviceF32Model(t, "__nv_fast_powf", res[0], func(i int) float32 {
				return libdeviceFastPowf(float32(xs[i]), float32(ys[i]), m)
			}, func(int) (float64, bool) { return 0, false }, 0)
		})
	}
	if v := libdeviceFastPowf(-5.1e31, -9.1e25, libdeviceMode{ftz: true}); v == v {
		t.Errorf("model: __nv_fast_powf(-5.1e31, -9.1e25) = %g, want NaN", v)
	}
}
