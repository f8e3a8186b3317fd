package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// A Go model of libdevice's __nv_log10f, __nv_atanhf and __nv_hypotf
// under the FTZ reflect, transcribed from their libdevice code; the
// approximate rcp and sqrt are taken as the simulator takes them (the
// exact value of the flushed operand, rounded and flushed).

// libdeviceLog10f: the accurate natural log libdevice's logf is (its
// .ftz fmas meet no subnormal), times log10(e).
func libdeviceLog10f(a float32) float32 {
	return f32bits(0x3FDBCB7B20000000) * libdeviceLogf(a, false)
}

func libdeviceAtanhf(a float32) float32 {
	ax := float32(math.Abs(float64(ftz32(a))))
	rcp := ftz32(float32(1 / float64(ftz32(1-ax)))) // rcp.approx.ftz
	q := rcp * 2
	q *= ax
	if ax > 0x1p126 {
		q = -2
	}
	h := 0.5 * libdeviceLog1pf(q)
	if h != h {
		return h
	}
	return math.Float32frombits(math.Float32bits(h) | math.Float32bits(a)&0x80000000)
}

func libdeviceHypotf(a, b float32) float32 {
	abits := int32(math.Float32bits(float32(math.Abs(float64(ftz32(a))))))
	bbits := int32(math.Float32bits(float32(math.Abs(float64(ftz32(b))))))
	lo := math.Float32frombits(uint32(min(abits, bbits)))
	hiBits := max(abits, bbits)
	hi := math.Float32frombits(uint32(hiBits))
	k := hiBits&-0x2000000 - 0x3F800000 + 0x800000
	down := math.Float32frombits(uint32(0x3F800000 - k))
	slo, shi := lo*down, hi*down
	sum := fmaFTZ(shi, shi, slo*slo)
	root := ftz32(float32(math.Sqrt(float64(ftz32(sum))))) // sqrt.approx.ftz
	r := root * math.Float32frombits(uint32(k+0x3F800000))
	if lo == 0 {
		r = hi
	}
	if math.IsInf(float64(lo), 1) {
		r = float32(math.Inf(1))
	}
	return r
}

// TestLibdeviceLog10AtanhHypotF32Sim: __nv_log10f, __nv_atanhf and
// __nv_hypotf on NVIDIA, lowered and run in the simulator, give the
// model's bits for every input (specials, subnormals, atanh near and past
// +-1 and 2^126, hypot's overflow, underflow, far apart and NaN-against-inf
// pairs included), and the model is within libdevice's documented bounds
// of the correctly rounded value (log10f 2 ulps, atanhf 3, hypotf 3) where
// that is normal.
func TestLibdeviceLog10AtanhHypotF32Sim(t *testing.T) {
	const n = 4096
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(13))
	x = append(x, 1-0x1p-24, -(1 - 0x1p-24), 1+0x1p-23, 0x1p126, 0x1.000002p126, -0x1p127, 0.5, -0.5, 0x1p-126, -0x1p-126,
		10, 100, 1e-10, 1e10, 0.1, 1e38)
	for i := 0; i < 300; i++ { // atanh near +-1 and 0, log10 near 1
		d := float64(float32(rng.Float64() * 0x1p-12))
		x = append(x, 1-d, d-1, float64(float32((rng.Float64()-0.5)*0x1p-8)), float64(float32(1+(rng.Float64()-0.5)*0x1p-10)))
	}
	for len(x) < n {
		x = append(x, float64(float32(rng.Float64()*2-1)))
	}
	// hypot's second arguments: x's own values permuted, x scaled by
	// powers of two up to far apart, equal magnitudes, specials.
	y := make([]float64, n)
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 0x1p-149, -0x1p-130, math.MaxFloat32}
	for i := range y {
		v := x[rng.Intn(n)]
		switch i % 4 {
		case 0:
			y[i] = v
		case 1:
			y[i] = float64(float32(x[i] * math.Ldexp(rng.Float64()+0.5, rng.Intn(64)-32)))
		case 2:
			y[i] = -x[i]
		default:
			y[i] = specials[rng.Intn(len(specials))]
		}
	}
	pairs := [][2]float64{{math.Inf(1), math.NaN()}, {math.NaN(), math.Inf(-1)}, {3e38, 3e38}, {0x1p-140, 0x1p-140},
		{0, 0x1p-149}, {1e-30, 1e30}, {3, 4}, {0x1p-126, 0x1p-126}}
	for i, p := range pairs { // over x's random padding
		x[n-1-i], y[n-1-i] = p[0], p[1]
	}

	res1 := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_log10f", "__nv_atanhf"}}.run(t, sm90, [][]float64{x})
	res2 := externCase{args: []string{"f32", "f32"}, res: "f32", syms: []string{"__nv_hypotf"}}.run(t, sm90, [][]float64{x, y})
	type fn struct {
		sym    string
		sim    []float64
		model  func(a, b float32) float32
		exact  func(a, b float64) float64
		bound  float64
		binary bool
	}
	fns := []fn{
		{"__nv_log10f", res1.sim[0], func(a, _ float32) float32 { return libdeviceLog10f(a) },
			func(a, _ float64) float64 { return math.Log10(a) }, 2, false},
		{"__nv_atanhf", res1.sim[1], func(a, _ float32) float32 { return libdeviceAtanhf(a) },
			func(a, _ float64) float64 { return math.Atanh(a) }, 3, false},
		{"__nv_hypotf", res2.sim[0], libdeviceHypotf, math.Hypot, 3, true},
	}
	for _, f := range fns {
		worst, worstAt, mismatches := 0.0, []float64(nil), 0
		for i := range x {
			a, b := float32(x[i]), float32(y[i])
			got, want := float32(f.sim[i]), f.model(a, b)
			if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
				if mismatches++; mismatches <= 5 {
					t.Errorf("%s(%g, %g) = %g (%#x), libdevice %g (%#x)", f.sym, a, b, got, math.Float32bits(got), want, math.Float32bits(want))
				}
			}
			e := f.exact(float64(a), float64(b))
			subnormal := func(v float32) bool { return v != 0 && math.Abs(float64(v)) < 0x1p-126 }
			if math.IsNaN(e) || math.IsInf(e, 0) || math.Abs(e) < 0x1p-126 || math.Abs(e) > math.MaxFloat32 ||
				subnormal(a) || f.binary && subnormal(b) {
				continue
			}
			if u := ulpDistance32(float32(e), want); u > worst {
				worst, worstAt = u, []float64{float64(a)}
				if f.binary {
					worstAt = append(worstAt, float64(b))
				}
			}
		}
		if mismatches > 0 {
			t.Errorf("%s: %d of %d results differ from libdevice's", f.sym, mismatches, len(x))
		}
		if worst > f.bound {
			t.Errorf("%s: the model is %g ulps from the correctly rounded value at %g, libdevice's bound is %g", f.sym, worst, worstAt, f.bound)
		}
		t.Logf("%s: at most %g ulps from the correctly rounded value (at %g)", f.sym, worst, worstAt)
	}
}
