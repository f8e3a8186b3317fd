package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/numeric"
)

// A Go model of libdevice's __nv_erfcxf, transcribed from its libdevice
// code (the constants as its IR spells them), with or without the FTZ
// reflect (libdeviceMode's ftz; fp fusion changes nothing in it): under
// it each fma, mul.rn, mul.rz, fabs and div.approx flushes subnormal
// operands and results; rcp and ex2, .ftz in libdevice's code either
// way, always do; plain adds and multiplies never do. The approximate
// instructions are taken as the simulator takes them (the exact value,
// rounded). __nv_erfcinvf's model is libdeviceErfcinvf
// (libm_normcdf_test.go): __nv_normcdfinvf inlines its code unchanged.

// libdeviceErfcxKernelf is erfcx(a) for a in [0, 10.055): P(t)/(1 + 2a),
// t = (a - 4)/(a + 4), each quotient corrected once from its residual.
func libdeviceErfcxKernelf(a float32, m libdeviceMode) float32 {
	rs := rcpFTZ(a + 4)
	t := m.mul(a-4, rs)
	res := m.fma(-4, t+1, a)
	res = m.fma(-t, a, res)
	t = m.fma(rs, res, t)
	p := f32bits(0x3F4D341220000000)
	for _, c := range []uint64{0x3F7CDC0B60000000, 0xBF903F6960000000, 0x3FA2A6E760000000, 0xBFB10F8B40000000,
		0x3FB8043AA0000000, 0xBFB9DA8480000000, 0x3FB16E9BC0000000, 0x3F8F7E2E00000000, 0xBFC1DF1A80000000,
		0x3FF3BA5920000000} {
		p = m.fma(p, t, f32bits(c))
	}
	rd := rcpFTZ(m.fma(2, a, 1))
	w := m.mul(p, rd)
	res = m.fma(a, float32(-2*w), p) - w
	return m.fma(res, rd, w)
}

func libdeviceErfcxf(x float32, m libdeviceMode) float32 {
	a := fabsf(m.flush(x))
	var v float32
	if a < f32bits(0x40241C2900000000) {
		v = libdeviceErfcxKernelf(a, m)
	} else { // 1/(a sqrt(pi)) (1 - 1/(2a^2) + 3/(4a^4) - 15/(8a^6) + 105/(16a^8))
		r := divApproxIn(m, 0.25, float32(0.25*a))
		r2 := float32(r * r)
		s := m.fma(6.5625, r2, -1.875)
		s = m.fma(s, r2, 0.75)
		s = m.fma(s, r2, -0.5)
		s = m.fma(s, r2, 1)
		v = float32(s * float32(r*f32bits(0x3FE20DD760000000)))
	}
	if !(x < 0) {
		return v
	}
	// 2 e^(a^2) - erfcx(a), e^(a^2) = e^sq (1 + err) for sq = a^2 rounded toward zero.
	sq := m.flush(numeric.F32Directed(float64(a)*float64(a), numeric.RTZ)) // mul.rz
	err := m.fma(a, a, -sq)
	exp := libdeviceExp2Productf(sq, math.Float32frombits(0x3FB8AA3B), math.Float32frombits(0x32A57060), m)
	twice := exp + exp
	if math.IsInf(float64(twice), 1) {
		return twice
	}
	return m.fma(twice, err, twice) - v
}

// erfcinvRef is erfcinv(y) in f64: Erfinv(1 - y) where 1 - y is exact
// for an f32 y (from 2^-28), erfcinv(2 - y) = -erfcinv(y) above 1, and
// below 2^-28 Newton's iteration on log(erfc(x)) = log(y), which
// converges monotonically from sqrt(-log(y)) (erfc is log-concave).
func erfcinvRef(y float64) float64 {
	switch {
	case !(y >= 0 && y <= 2):
		return math.NaN()
	case y == 0:
		return math.Inf(1)
	case y == 2:
		return math.Inf(-1)
	case y > 1:
		return -erfcinvRef(2 - y)
	case y >= 0x1p-28:
		return math.Erfinv(1 - y)
	}
	x := math.Sqrt(-math.Log(y))
	for i := 0; i < 100; i++ {
		ec := math.Erfc(x)
		step := (math.Log(ec) - math.Log(y)) / (-2 / math.SqrtPi * math.Exp(-x*x) / ec)
		x -= step
		if math.Abs(step) < 1e-17*x {
			break
		}
	}
	return x
}

// erfcxRef is erfcx(x) = e^(x^2) erfc(x) in f64: so below 25, beyond its
// asymptotic series (to 1/x^22, whose terms fall below 2^-60 there);
// 2 e^(x^2) - erfcx(-x) for x < 0.
func erfcxRef(x float64) float64 {
	switch {
	case x != x:
		return x
	case x < 0:
		return 2*math.Exp(x*x) - erfcxRef(-x)
	case x < 25:
		return math.Exp(x*x) * math.Erfc(x)
	}
	sum, term := 1.0, 1.0
	for k := 1; k <= 11; k++ {
		term *= -float64(2*k-1) / (2 * x * x)
		sum += term
	}
	return sum / (x * math.SqrtPi)
}

// TestLibdeviceErfcinvErfcxF32Sim: __nv_erfcinvf and __nv_erfcxf on
// NVIDIA, lowered and run in the simulator, give the model's bits for
// every input (specials, subnormals, erfcinv's central polynomial and its
// ends at 0.0034 and 1.9966, its tails down to the subnormals and up to 2,
// erfcx's kernel, its asymptotic series from 10.055, and its negative
// arguments up to the overflow of e^(x^2)), with the FTZ reflect (Triton's
// default) and without; and the model is within libdevice's documented 4
// ulps of the correctly rounded value where the input and that value are
// normal.
func TestLibdeviceErfcinvErfcxF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(31))
	for i := 0; i < 800; i++ {
		x = append(x,
			float64(float32(rng.Float64()*2)),                                                 // erfcinv's domain
			float64(float32(math.Exp2(-rng.Float64()*149))),                                   // its tail near 0
			float64(float32(2-math.Exp2(-1-rng.Float64()*23))),                                // its tail near 2
			float64(float32(rng.Float64()*14-4)),                                              // erfcx's kernel and negative arguments
			float64(float32(math.Exp2(3+rng.Float64()*125))),                                  // its asymptotic series
			float64(float32(-9.5+rng.Float64()*0.3)),                                          // e^(x^2) overflowing
			float64(float32(math.Copysign(math.Exp2(-rng.Float64()*140), rng.Float64()-0.5)))) // tiny
	}
	for i := 0; i < 400; i++ { // the asymptotic series where its higher terms count
		x = append(x, float64(float32(10+rng.Float64()*6)))
	}
	for _, b := range []uint64{0x3F6BDA5120000000, 0x3FFFF212E0000000, 0x40241C2900000000} {
		v := f32bits(b)
		x = append(x, float64(v), float64(math.Nextafter32(v, 0)), float64(math.Nextafter32(v, 4)))
	}
	x = append(x, 1, 2, 2-0x1p-23, 1-0x1p-24, 1+0x1p-23, 0x1p-149, 0x1p-126, -0x1p-126, 4, -4, 25, 26, 30, -9.3, -9.4,
		-9.5, math.MaxFloat32, -math.MaxFloat32)
	for len(x) < 8192 { // a power-of-two tile
		x = append(x, float64(float32(rng.NormFloat64()*3)))
	}
	syms := []string{"__nv_erfcinvf", "__nv_erfcxf"}
	models := []func(float32, libdeviceMode) float32{libdeviceErfcinvf, libdeviceErfcxf}
	exact := []func(float64) float64{erfcinvRef, erfcxRef}
	bounds := []float64{4, 4}
	c := externCase{args: []string{"f32"}, res: "f32", syms: syms}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		for k, sym := range syms {
			model := func(i int) float32 { return models[k](float32(x[i]), mode) }
			exactAt := func(i int) (float64, bool) { return exact[k](float64(float32(x[i]))), normalOrZero32(x[i]) }
			checkLibdeviceF32Model(t, sym, res[k], model, exactAt, bounds[k])
		}
	})
}
