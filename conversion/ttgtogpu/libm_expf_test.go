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
	checkUnaryF32Models(t, x, res, syms, models, exact, bounds)
}
