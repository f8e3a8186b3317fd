package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// A Go model of libdevice's __nv_tgammaf, transcribed from its libdevice
// code, with or without the FTZ reflect (libdeviceMode's ftz; no plain
// fmul feeds an fadd in it, so fp fusion changes nothing): under it each
// fma, floor and div.approx flushes subnormal operands and results; plain
// adds, multiplies and divisions never do. div.approx is taken as the
// simulator takes it (the exact quotient, rounded).

// tgammaKernelf is __internal_tgammaf_kernel: 1/Gamma(1 + t).
func tgammaKernelf(t float32, m libdeviceMode) float32 {
	coeffs := []uint64{0x3F7D0D5480000000, 0xBF83C53300000000, 0xBFA597C940000000, 0x3FC55142E0000000,
		0xBFA5819760000000, 0xBFE4FCF460000000, 0x3FE2788D00000000, 0x3FF0000000000000}
	p := f32bits(0xBF515433C0000000)
	for _, c := range coeffs {
		p = m.fma(p, t, f32bits(c))
	}
	return p
}

func libdeviceTgammaf(a float32, m libdeviceMode) float32 {
	split, negFloor, negFactor := f32bits(0x404103D700000000), f32bits(0xC0448CCCC0000000), f32bits(0xC04103D700000000)
	if a >= 0 {
		x := a
		if x > 36 {
			x = 36
		}
		xx := x
		if x > split {
			xx = x - 1
		}
		s := float32(1)
		for xx > 1.5 {
			xx = xx - 1
			s = float32(s * xx)
		}
		if x >= 0.5 {
			xx = xx - 1
		}
		p := tgammaKernelf(xx, m)
		if x < 0.5 {
			p = float32(p * x)
		}
		q := divApproxIn(m, s, p)
		if x > split {
			q = float32(q * float32(x-1))
		}
		return q
	}
	x := a
	if a == float32(math.Floor(float64(m.flush(a)))) {
		x = math.Float32frombits(0x7FFFFFFF)
	}
	if x < negFloor {
		x = negFloor
	}
	xx := x
	if x < negFactor {
		xx = x + 6
	}
	s := xx
	for xx < -0.5 {
		xx = xx + 1
		s = float32(s * xx)
	}
	r := 1 / float32(s*tgammaKernelf(xx, m))
	if x < negFactor {
		prod := x
		for k := float32(1); k <= 5; k++ {
			prod = float32(prod * float32(x+k))
		}
		r = float32(r * float32(1/prod))
		if a < -42 && int32(a)&1 == 0 {
			r = float32(math.Copysign(0, -1))
		}
	}
	return r
}

// TestLibdeviceTgammaF32Sim: __nv_tgammaf on NVIDIA, lowered and run in
// the simulator, gives the model's bits for every input (specials,
// subnormals, both signs' loops, the poles, the splits at +-34.03, the
// clamps at 36 and -41.1, the signed underflow below -42, overflow), with
// the FTZ reflect (Triton's default) and without. The model is within
// CUDA's documented 5 ulps of Gamma (Go's math.Gamma, accurate to a few
// f64 ulps) for |x| <= 10 where the input and Gamma are normal; beyond,
// the rounding errors of libdevice's loop of up to 35 products add up (to
// 10 ulps measured on the model over (-44, 36)), so there the check is 11.
func TestLibdeviceTgammaF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(41))
	for i := 0; i < 800; i++ { // the positive range, the negative one, near 0, near the poles, past the clamps
		pole := float64(-rng.Intn(46))
		x = append(x, float64(float32(rng.Float64()*37)), float64(float32(-rng.Float64()*44)),
			float64(float32((rng.Float64()-0.5)*0x1p-8)), float64(float32(pole+(rng.Float64()-0.5)*0x1p-10)),
			float64(float32(30+rng.Float64()*8)), float64(float32(-50+rng.Float64()*18)))
	}
	x = append(x, 0.5, 0.49999997, 1.5, 1.5000001, 2.5, 1, 2, 3, 34.03, 34.030003, 34.029995, 35, 35.04, 35.05, 36,
		36.000004, 100, -0.5, -1.5, -34.03, -34.030003, -34.029995, -41.1, -41.100002, -41.5, -42, -42.000004, -42.5,
		-43.5, -44.25, -1e6+0.5, -0x1p22-0.5, -0x1p23, 1e-38, -1e-38, 0x1p-126, -0x1p-126, 0x1p-127, -0x1p-127)
	for _, split := range []float32{34.03, -34.03, -41.1} { // the f32 steps around the splits and the clamp
		for k, up, down := 0, split, split; k < 16; k++ {
			up, down = math.Nextafter32(up, 100), math.Nextafter32(down, -100)
			x = append(x, float64(up), float64(down))
		}
	}
	for len(x) < 8192 { // a power-of-two tile
		x = append(x, float64(float32(rng.NormFloat64()*10)))
	}
	c := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_tgammaf"}}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		model := func(i int) float32 { return libdeviceTgammaf(float32(x[i]), mode) }
		for _, r := range []struct{ lo, hi, bound float64 }{{0, 10, 5}, {10, math.Inf(1), 11}} {
			exact := func(i int) (float64, bool) {
				v := float64(float32(x[i]))
				return math.Gamma(v), normalOrZero32(v) && math.Abs(v) >= r.lo && math.Abs(v) <= r.hi
			}
			checkLibdeviceF32Model(t, "__nv_tgammaf", res[0], model, exact, r.bound)
		}
	})
}
