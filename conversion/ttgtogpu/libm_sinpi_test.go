package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// Go models of libdevice's __nv_sinpif, __nv_cospif, __nv_sinpi,
// __nv_cospi and __nv_fast_tanf, transcribed from their libdevice code:
// the f32 ones with or without the FTZ reflect (libdeviceMode: its fma.rn
// and mul.rn flush under it, the adds, the pi_lo product, rint and trunc
// never do), the f64 ones in float64 arithmetic with math.FMA for
// fma.rn.d; the approximate instructions as the simulator takes them (the
// exact value, rounded).

// cvtRziS32 is fptosi to i32 as PTX's cvt.rzi.s32.f32 computes it:
// truncated, saturated, NaN 0.
func cvtRziS32(v float64) int32 {
	switch {
	case v != v:
		return 0
	case v >= 0x1p31:
		return math.MaxInt32
	case v <= -0x1p31:
		return math.MinInt32
	}
	return int32(v)
}

// libdeviceSinCosPif is __nv_sinpif (cos false) or __nv_cospif.
func libdeviceSinCosPif(a float32, cos bool, m libdeviceMode) float32 {
	if cos && fabsf(m.flush(a)) > 0x1p24 {
		a = m.mul(a, 0)
	}
	qf := float32(math.RoundToEven(float64(a + a)))
	q := cvtRziS32(float64(qf))
	r := m.fma(-qf, 0.5, a)
	lo := r * f32bits(0x3E84442D20000000)
	t := m.fma(r, f32bits(0x400921FB40000000), lo)
	if cos {
		q++
	}
	z := sinCosKernelModel32(q, t, m)
	if !cos && a == truncf(a) {
		return m.mul(a, 0)
	}
	return z
}

// libdeviceSinCosPi is __nv_sinpi (cos false) or __nv_cospi: the path
// libdevice takes on every target after sm_37.
func libdeviceSinCosPi(a float64, cos bool) float64 {
	if _, hi := misc64Words(a); cos && hi+hi > 0x86800000 {
		a = float64(a * 0)
	}
	qf := math.RoundToEven(misc64AddToHigh(a, 1<<20))
	var q int32
	switch { // cvt.rzi.s64.f64, then the low word
	case qf != qf:
	case qf >= 0x1p63:
		q = -1
	case qf < -0x1p63:
		q = 0
	default:
		q = int32(int64(qf))
	}
	r := math.FMA(-qf, 0.5, a)
	t := math.FMA(r, misc64Bits(0x400921FB54442D18), float64(r*misc64Bits(0x3CA1A62633145C07)))
	if cos {
		q++
	}
	z := sinCosKernelModel64(q, t)
	if !cos && a == math.Trunc(a) {
		return float64(a * 0)
	}
	return z
}

// bigSinCosPi is sin(pi x) and cos(pi x) correctly rounded to f64: x =
// n/2 + r exactly (n = rint(2x), |r| <= 1/4), the Taylor series of pi r
// at 256 bits, the quadrant from n. Integers give zeros of sin and odd
// multiples of 1/2 zeros of cos, each +0 as CUDA's sinpi(+n) is.
func bigSinCosPi(x float64) (s, c float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.NaN(), math.NaN()
	}
	if math.Abs(x) >= 0x1p52 { // an integer: +-0 and +-1
		c = 1
		if math.Abs(x) < 0x1p53 && math.Mod(x, 2) != 0 {
			c = -1
		}
		return math.Copysign(0, x), c
	}
	n := math.RoundToEven(2 * x) // exact: 2x is a double
	r := new(big.Float).SetPrec(bigPrec).SetFloat64(x)
	r.Sub(r, new(big.Float).SetPrec(bigPrec).SetFloat64(n/2))
	r.Mul(r, gaussPi(bigPrec))
	bs, bc := bigTaylorSinCos(r)
	q := int64(math.Mod(n, 4))
	if q < 0 {
		q += 4
	}
	switch q {
	case 1:
		bs, bc = bc, bs.Neg(bs)
	case 2:
		bs, bc = bs.Neg(bs), bc.Neg(bc)
	case 3:
		bs, bc = bc.Neg(bc), bs
	}
	s, _ = bs.Float64()
	c, _ = bc.Float64()
	if x == math.Trunc(x) {
		s = math.Copysign(0, x)
	}
	return s, c
}

// sinPiF32Inputs are libdeviceF32Inputs with sinpi's own edges: integers,
// halves and quarters and their neighbours, both sides of 2^22 (the last
// binade of halves), 2^23 (of integers) and 2^24 (cospif's cut to zero),
// and small arguments and subnormals; n, a power of two.
func sinPiF32Inputs(n int) []float64 {
	x := libdeviceF32Inputs(n / 2)
	for _, v := range []float32{0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 1e-20, 1e-38, 0x1p-127, 0x1p-149, 100.25, 1000.5,
		0x1p22, 0x1p22 + 0.5, 0x1p22 - 0.5, 0x1p23, 0x1p23 + 1, 0x1p23 - 0.5, 0x1p24, 0x1p24 + 2, 0x1p24 - 1, 0x1p25, 3e38} {
		for _, w := range []float32{v, math.Nextafter32(v, 0), math.Nextafter32(v, float32(math.Inf(1)))} {
			x = append(x, float64(w), -float64(w))
		}
	}
	rng := rand.New(rand.NewSource(31))
	for len(x) < n {
		switch len(x) % 4 {
		case 0: // a few periods
			x = append(x, float64(float32((rng.Float64()-0.5)*16)))
		case 1: // multiples of 1/4 and their neighbours, up to 2^26
			v := float32(math.Ldexp(math.Floor(rng.Float64()*64), rng.Intn(26)-2))
			x = append(x, float64(math.Nextafter32(v, float32(rng.NormFloat64()))))
		case 2: // every binade
			x = append(x, float64(float32(math.Ldexp(rng.Float64()+0.5, rng.Intn(280)-150))))
		default:
			x = append(x, -float64(float32(math.Ldexp(rng.Float64(), rng.Intn(30)))))
		}
	}
	return x[:n]
}

// TestLibdeviceSinCosPiF32Sim: __nv_sinpif and __nv_cospif on NVIDIA,
// lowered and run in the simulator with and without Triton's FTZ reflect,
// give the model's bits for every input (specials, subnormals, integers
// and halves, the binades where halves and then integers end, cospif's
// cut at 2^24, huge values), and the model is within libdevice's
// documented 1 ulp of the correctly rounded sin(pi x) and cos(pi x) where
// the input and that are normal.
func TestLibdeviceSinCosPiF32Sim(t *testing.T) {
	x := sinPiF32Inputs(4096)
	c := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_sinpif", "__nv_cospif"}}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		for k, sym := range c.syms {
			cos := k == 1
			model := func(i int) float32 { return libdeviceSinCosPif(float32(x[i]), cos, mode) }
			exact := func(i int) (float64, bool) {
				v := float64(float32(x[i]))
				s, c := bigSinCosPi(v)
				if cos {
					return c, normalOrZero32(v)
				}
				return s, normalOrZero32(v)
			}
			checkLibdeviceF32Model(t, sym, res[k], model, exact, 1)
		}
	})
}

// TestLibdeviceSinCosPiF64Sim: __nv_sinpi and __nv_cospi on NVIDIA,
// lowered and run in the simulator, give the model's bits for every input
// (specials, subnormals, integers, halves and quarters and their
// neighbours, the binades where halves and integers end, cospi's cut near
// 2^53, every exponent), and the model is within libdevice's documented 2
// ulps of the correctly rounded sin(pi x) and cos(pi x).
func TestLibdeviceSinCosPiF64Sim(t *testing.T) {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 0.25, -0.25, 0.5, -0.5, 0.75, 1, -1,
		1.5, 2, 2.5, 3, -3.5, 1e-300, 5e-324, -5e-324, 0x1p-1022, 0x1.fffffffffffffp-1023, 1e300, math.MaxFloat64,
		-math.MaxFloat64, 0x1p51 + 0.5, 0x1p52 - 0.5, 0x1p52, 0x1p52 + 1, 0x1p53, 0x1p53 + 2, 0x1.00001p53, 0x1.000008p53,
		0x1.00000ffffffffp53, 0x1.0000100000001p53, 0x1p54, 0x1p1023, 1e-8, 1.0000000001, 0.49999999999999994}
	rng := rand.New(rand.NewSource(37))
	for len(x) < 2048 {
		switch len(x) % 4 {
		case 0: // a few periods
			x = append(x, (rng.Float64()-0.5)*16)
		case 1: // multiples of 1/4 and their neighbours, up to 2^56
			v := math.Ldexp(math.Floor(rng.Float64()*64), rng.Intn(56)-2)
			x = append(x, math.Nextafter(v, rng.NormFloat64()*v))
		case 2: // every binade
			x = append(x, math.Ldexp(rng.Float64()+0.5, rng.Intn(2100)-1075))
		default: // any value
			x = append(x, math.Float64frombits(rng.Uint64()))
		}
	}
	res := externCase{args: []string{"f64"}, res: "f64", syms: []string{"__nv_sinpi", "__nv_cospi"}}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, []string{"__nv_sinpi", "__nv_cospi"},
		[]func(float64) float64{func(a float64) float64 { return libdeviceSinCosPi(a, false) }, func(a float64) float64 { return libdeviceSinCosPi(a, true) }},
		[]func(float64) float64{func(a float64) float64 { s, _ := bigSinCosPi(a); return s }, func(a float64) float64 { _, c := bigSinCosPi(a); return c }},
		[]float64{2, 2})
}

// TestLibdeviceFastTanF32Sim: __nv_fast_tanf is div.approx of sin.approx
// by cos.approx, each .ftz under the FTZ reflect; the simulator takes the
// three approximate instructions as their exact values rounded (the GPU's
// bits differ, and are checked there), so the model does too.
func TestLibdeviceFastTanF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(1024)
	c := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_fast_tanf"}}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		model := func(i int) float32 {
			a := mode.flush(float32(x[i]))
			s, c := mode.flush(float32(math.Sin(float64(a)))), mode.flush(float32(math.Cos(float64(a))))
			return mode.flush(float32(float64(mode.flush(s)) / float64(mode.flush(c))))
		}
		// The approximations' own error is the GPU's: no bound here.
		checkLibdeviceF32Model(t, "__nv_fast_tanf", res[0], model, func(int) (float64, bool) { return 0, false }, 0)
	})
}

// sinCosKernelModel32 is libdevice's f32 sine kernel: sin(t + i pi/2),
// sin's polynomial in even i, cos's in odd, negated for i&2.
func sinCosKernelModel32(i int32, t float32, m libdeviceMode) float32 {
	t2 := m.mul(t, t)
	odd := i&1 != 0
	base := t
	if odd {
		base = 1
	}
	s := m.fma(t2, base, 0)
	p := f32bits(0xBF29A82A60000000)
	c1, c2 := f32bits(0x3F8110BC80000000), f32bits(0xBFC5555500000000)
	if odd {
		p = m.fma(f32bits(0x3EF9758000000000), t2, f32bits(0xBF56C0FDA0000000))
		c1, c2 = f32bits(0x3FA5555760000000), f32bits(0xBFDFFFFFE0000000)
	}
	p = m.fma(p, t2, c1)
	p = m.fma(p, t2, c2)
	r := m.fma(p, s, base)
	if i&2 != 0 {
		r = m.fma(r, -1, 0)
	}
	return r
}
