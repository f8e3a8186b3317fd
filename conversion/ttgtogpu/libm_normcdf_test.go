package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// Go models of libdevice's __nv_normcdff and __nv_normcdfinvf, transcribed
// from their libdevice code, with or without the FTZ reflect
// (libdeviceMode's ftz; no plain fmul feeds an fadd in them, so fp fusion
// changes nothing): under it each fma, mul.rn, add.rn, fabs and the
// reflected lg2 flush subnormal operands and results; rcp, ex2, rsqrt and
// erfcinvf's central lg2, .ftz in libdevice's code either way, always do;
// plain adds and multiplies never do. The approximate instructions are
// taken as the simulator takes them (the exact value, rounded).

// libdeviceErfcfIn is __nv_erfcf as __nv_normcdff inlines it, in mode m
// (libdeviceErfcf, libm_erfcf_test.go, is its FTZ case): erfcx(|x|) from
// libdevice's kernel (libdeviceErfcxKernelf, libm_erfcinv_test.go) times
// e^(-x^2) in two parts.
func libdeviceErfcfIn(x float32, m libdeviceMode) float32 {
	a := fabsf(m.flush(x))
	erfcx := libdeviceErfcxKernelf(a, m)
	log2e := math.Float32frombits(0x3FB8AA3B)
	na2 := float32(-a * a)
	j := truncf(m.mul(na2, log2e))
	if math.Abs(float64(j)) > 126 {
		j = float32(math.Copysign(126, float64(j)))
	}
	r := m.fma(j, -math.Float32frombits(0x3F317218), na2)
	r = m.fma(j, -math.Float32frombits(0xB102E308), r)
	scale := math.Float32frombits(math.Float32bits(j+12583039) << 23)
	head := float32(ex2FTZ(float32(r*log2e)) * scale)
	v := float32(erfcx * m.fma(head, m.fma(-a, a, -na2), head))
	if a > f32bits(0x40241C2900000000) {
		v = 0
	}
	if x < 0 {
		v = 2 - v
	}
	return v
}

func libdeviceNormcdff(x float32, m libdeviceMode) float32 {
	a := x
	if fabsf(m.flush(x)) > 14.5 {
		a = float32(math.Copysign(14.5, float64(x)))
	}
	hi := m.mul(a, f32bits(0xBFE6A09E60000000))
	lo := m.fma(a, f32bits(0xBFE6A09E60000000), -hi)
	lo = m.fma(a, f32bits(0xBE49FCEF40000000), lo)
	y := m.add(hi, lo)
	z := libdeviceErfcfIn(y, m)
	if a < -1 {
		z = m.fma(float32(float32(-2*y)*z), m.add(hi-y, lo), z)
	}
	return float32(0.5 * z)
}

// rsqrtFTZ is rsqrt.approx.ftz.f32.
func rsqrtFTZ(x float32) float32 { return ftz32(float32(1 / math.Sqrt(float64(ftz32(x))))) }

// libdeviceErfcinvf is __nv_erfcinvf as __nv_normcdfinvf inlines it.
func libdeviceErfcinvf(a float32, m libdeviceMode) float32 {
	twoMinusA := m.add(2, -a)
	if a >= f32bits(0x3F6BDA5120000000) && a <= f32bits(0x3FFFF212E0000000) {
		w := -lg2In(libdeviceMode{ftz: true}, m.mul(twoMinusA, a))
		p := f32bits(0xBDF14C6E00000000)
		for _, c := range []uint64{0x3E443EC8A0000000, 0xBE802DFB40000000, 0x3E8D1F08C0000000, 0x3EE0E85540000000,
			0xBF009B69A0000000, 0xBF495FD420000000, 0x3F76B804E0000000, 0x3FC495C1E0000000, 0x3FEC5BF880000000} {
			p = m.fma(p, w, f32bits(c))
		}
		return m.fma(p, -a, p)
	}
	tail := a
	if a > 1 {
		tail = twoMinusA
	}
	r := rsqrtFTZ(-lg2In(m, tail))
	p := f32bits(0xC04F8E7E20000000)
	for _, c := range []uint64{0x405FDF0520000000, 0xC05C86C380000000, 0x404E29B360000000, 0xC035CA3660000000,
		0x4019DEA080000000, 0xBFFD53C0A0000000, 0xBF9F0E3E80000000, 0x3FEAA6EEA0000000} {
		p = m.fma(p, r, f32bits(c))
	}
	inv := rcpFTZ(r)
	if a > 1 {
		inv = -inv
	}
	return m.mul(p, inv)
}

func libdeviceNormcdfinvf(x float32, m libdeviceMode) float32 {
	return m.add(float32(f32bits(0xBFF6A09E60000000)*libdeviceErfcinvf(x+x, m)), 0)
}

// normcdf is Φ(x) in float64: erfc(-x/sqrt(2))/2 keeps its relative
// accuracy in the lower tail.
func normcdf(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// normcdfinv is Φ^-1(p) in float64: Newton's method on log Φ(z) = log p
// (concave, so it converges from any start) for p <= 1/2, -Φ^-1(1 - p)
// above (1 - p is exact for an f32 p).
func normcdfinv(p float64) float64 {
	switch {
	case !(p >= 0 && p <= 1):
		return math.NaN()
	case p == 0:
		return math.Inf(-1)
	case p == 0.5:
		return 0
	case p > 0.5:
		return -normcdfinv(1 - p)
	}
	z, lp := -math.Sqrt(-2*math.Log(p)), math.Log(p)
	for i := 0; i < 100; i++ {
		phi := normcdf(z)
		step := (math.Log(phi) - lp) * phi / (math.Exp(-z*z/2) / math.Sqrt(2*math.Pi))
		z -= step
		if math.Abs(step) <= 1e-17*math.Abs(z) {
			break
		}
	}
	return z
}

// TestLibdeviceNormcdfF32Sim: __nv_normcdff and __nv_normcdfinvf on
// NVIDIA, lowered and run in the simulator with and without the FTZ
// reflect, give the models' bits for every input (specials, subnormals,
// normcdf's clamp at ±14.5, its correction below -1 and results in the
// subnormals; normcdfinv's central interval's edges, its tails down to
// the subnormals and up to 1 - 2^-24, arguments outside [0, 1]), and the
// models are within libdevice's documented 5 ulps of the correctly
// rounded value where the input and that value are normal.
func TestLibdeviceNormcdfF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(31))
	for i := 0; i < 600; i++ { // normcdf's range and its lower tail; normcdfinv's (0, 1), its lower tail and near 1
		x = append(x, float64(float32((rng.Float64()-0.5)*32)), float64(float32(-12-rng.Float64()*3)),
			float64(float32(rng.Float64())), float64(float32(math.Exp2(-rng.Float64()*150))),
			float64(float32(1-math.Exp2(-1-rng.Float64()*23))))
	}
	for k := -4; k <= 4; k++ { // normcdfinv's central interval's edges
		for _, edge := range []uint64{0x3F6BDA5120000000, 0x3FFFF212E0000000} {
			b := math.Float32bits(f32bits(edge)/2) + uint32(k)
			x = append(x, float64(math.Float32frombits(b)))
		}
	}
	x = append(x, 14.5, -14.5, 14.500001, -14.500001, -1, -1-0x1p-23, -1+0x1p-24, -13, -13.2, -13.5, -14,
		0.5, 0.5+0x1p-24, 0.5-0x1p-25, 1-0x1p-24, 0x1p-126, 0x1p-149, 0x1p-127, 1.5, -0.25)
	for len(x) < 8192 { // a power-of-two tile
		x = append(x, float64(float32(rng.NormFloat64()*4)))
	}
	syms := []string{"__nv_normcdff", "__nv_normcdfinvf"}
	models := []func(float32, libdeviceMode) float32{libdeviceNormcdff, libdeviceNormcdfinvf}
	exact := []func(float64) float64{normcdf, normcdfinv}
	c := externCase{args: []string{"f32"}, res: "f32", syms: syms}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		for k, sym := range syms {
			model := func(i int) float32 { return models[k](float32(x[i]), mode) }
			exactAt := func(i int) (float64, bool) { return exact[k](float64(float32(x[i]))), normalOrZero32(x[i]) }
			checkLibdeviceF32Model(t, sym, res[k], model, exactAt, 5)
		}
	})
}
