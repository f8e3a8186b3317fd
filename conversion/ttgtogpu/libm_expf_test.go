package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/numeric"
)

// A Go model of libdevice's __nv_expf, __nv_expm1f and __nv_log1pf under
// the FTZ reflect, transcribed from their libdevice code: each fma,
// saturate and ex2 flushes subnormal operands and results (the .ftz
// intrinsics), plain adds and multiplies do not, and the directed
// roundings (fma.rm, add.rz) round the exact result once. ex2.approx is
// taken as the simulator takes it (the exact value, rounded).

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

func libdeviceExpf(a float32) float32 {
	log2e := math.Float32frombits(0x3FB8AA3B)
	t := fmaFTZ(a, log2e/252, 0.5)
	s := ftz32(t)
	switch {
	case !(s > 0):
		s = 0
	case s > 1:
		s = 1
	}
	j := fmaDir(s, 252, 12582913, numeric.RDN)
	k := j - 12583039
	r := fmaFTZ(a, log2e, -k)
	r = fmaFTZ(a, math.Float32frombits(0x32A57060), r)
	return ex2FTZ(r) * math.Float32frombits(math.Float32bits(j)<<23)
}

func libdeviceExpm1f(a float32) float32 {
	t := float32(math.RoundToEven(float64(a * f32bits(0x3FF7154760000000))))
	if float32(math.Abs(float64(ftz32(a)))) < f32bits(0x3FDA3D70A0000000) {
		t = 0
	}
	q := fmaFTZ(-t, f32bits(0x3FE62E4000000000), a)
	q = fmaFTZ(-t, f32bits(0x3EB7F7D1C0000000), q)
	j := t
	if t == 128 {
		j = t - 1
	}
	p := fmaFTZ(f32bits(0x3F56BD7CC0000000), q, f32bits(0x3F812ACC60000000))
	for _, c := range []uint64{0x3FA5557C60000000, 0x3FC5553EC0000000, 0x3FDFFFFFC0000000} {
		p = fmaFTZ(p, q, f32bits(c))
	}
	r := fmaFTZ(p*q, q, q)
	e := ex2FTZ(j)
	u := fmaFTZ(r, e, e-1)
	if t == 128 {
		u += u
	}
	if j > 128 {
		u = float32(math.Inf(1))
	}
	if j < -25 {
		u = -1
	}
	if a == 0 {
		u = a + a
	}
	return u
}

func libdeviceLog1pf(a float32) float32 {
	u := fmaDir(a, 1, 1, numeric.RTZ) // add.rz.ftz
	e := (int32(math.Float32bits(u)) - 0x3F400000) & -0x800000
	m := math.Float32frombits(uint32(int32(math.Float32bits(a)) - e))
	four := math.Float32frombits(uint32(0x40800000 - e))
	t := m + fmaFTZ(0.25, four, -1)
	p := fmaFTZ(f32bits(0xBFA737EF00000000), t, f32bits(0x3FBB000240000000))
	for _, c := range []uint64{0xBFC0EF1C00000000, 0x3FC28C8EA0000000, 0xBFC54D1BA0000000, 0x3FC995F3C0000000,
		0xBFD0000840000000, 0x3FD5555CC0000000, 0xBFE0000000000000} {
		p = fmaFTZ(p, t, f32bits(c))
	}
	r := fmaFTZ(p*t, t, t)
	r = fmaFTZ(float32(e)*0x1p-23, f32bits(0x3FE62E4300000000), r)
	if b := math.Float32bits(a); b >= 0x7F800000 {
		if int32(b) > -0x40800000 {
			inf := float32(math.Inf(1))
			r = fmaFTZ(a, inf, inf)
		}
		if a == 0 {
			r = float32(math.Copysign(0, -1))
		}
	}
	return r
}

// TestLibdeviceExpLog1pF32Sim: __nv_expf, __nv_expm1f and __nv_log1pf on
// NVIDIA, lowered and run in the simulator, give the model's bits for
// every input (specials, subnormals, overflow and underflow included), and
// the model is within libdevice's documented bounds of the correctly
// rounded value (expf 2 ulps, expm1f and log1pf 1) where that is normal.
func TestLibdeviceExpLog1pF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(11))
	for i := 0; i < 640; i++ { // exp's whole range, and log1p's near -1 and 0
		x = append(x, float64(float32((rng.Float64()-0.5)*200)), float64(float32(-1+rng.Float64()*0x1p-10)),
			float64(float32((rng.Float64()-0.5)*0x1p-20)))
	}
	x = append(x, 88.72283, 88.7229, -87.33655, -103.97, -104, 127.99, 128, 1e-8, -0.41, 0.41, 89.4, 63.9, -1, -1.0000001)
	for len(x) < 4096 { // a power-of-two tile
		x = append(x, float64(float32(rng.NormFloat64())))
	}
	syms := []string{"__nv_expf", "__nv_expm1f", "__nv_log1pf"}
	models := []func(float32) float32{libdeviceExpf, libdeviceExpm1f, libdeviceLog1pf}
	exact := []func(float64) float64{math.Exp, math.Expm1, math.Log1p}
	bounds := []float64{2, 1, 1}
	res := externCase{args: []string{"f32"}, res: "f32", syms: syms}.run(t, sm90, [][]float64{x})
	for k, sym := range syms {
		worst, worstAt, mismatches := 0.0, 0.0, 0
		for i, v := range x {
			got, want := float32(res.sim[k][i]), models[k](float32(v))
			if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
				if mismatches++; mismatches <= 5 {
					t.Errorf("%s(%g) = %g (%#x), libdevice %g (%#x)", sym, v, got, math.Float32bits(got), want, math.Float32bits(want))
				}
			}
			e := exact[k](float64(float32(v)))
			if math.IsNaN(e) || math.IsInf(e, 0) || math.Abs(e) < 0x1p-126 || math.Abs(e) > math.MaxFloat32 || math.Abs(v) < 0x1p-126 {
				continue
			}
			if u := ulpDistance32(float32(e), want); u > worst {
				worst, worstAt = u, v
			}
		}
		if mismatches > 0 {
			t.Errorf("%s: %d of %d results differ from libdevice's", sym, mismatches, len(x))
		}
		if worst > bounds[k] {
			t.Errorf("%s: the model is %g ulps from the correctly rounded value at %g, libdevice's bound is %g", sym, worst, worstAt, bounds[k])
		}
		t.Logf("%s: at most %g ulps from the correctly rounded value (at %g)", sym, worst, worstAt)
	}
}
