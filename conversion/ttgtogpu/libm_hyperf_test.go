package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/numeric"
)

// Go models of libdevice's __nv_exp10f, __nv_sinhf, __nv_coshf, __nv_cbrtf
// and __nv_rcbrtf, transcribed from their libdevice code (the constants as
// its IR spells them), with or without the FTZ reflect (libdeviceMode's ftz;
// no plain fmul feeds an fadd in them, so fp fusion changes nothing):
// under it each fma, mul.rn, fabs, lg2 and div.approx flushes subnormal
// operands and results; ex2 and rcp, .ftz in libdevice's code either way,
// always do; plain adds and multiplies never do. The approximate
// instructions are taken as the simulator takes them (the exact value,
// rounded).

// lg2In is lg2.approx.
func lg2In(m libdeviceMode, x float32) float32 {
	return m.flush(float32(math.Log2(float64(m.flush(x)))))
}

// divApproxIn is div.approx.
func divApproxIn(m libdeviceMode, a, b float32) float32 {
	return m.flush(float32(float64(m.flush(a)) / float64(m.flush(b))))
}

// libdeviceExp2Productf is 2^(a (hi + lo)) as __nv_expf and __nv_exp10f
// compute it, hi + lo the base's log2 in two parts. a hi/252 + 1/2 is
// never subnormal, s*252 + 12583013 never zero: saturate and fma.rm flush
// nothing.
func libdeviceExp2Productf(a, hi, lo float32, m libdeviceMode) float32 {
	s := m.fma(a, hi/252, 0.5) // saturate
	switch {
	case !(s > 0):
		s = 0
	case s > 1:
		s = 1
	}
	j := fmaDir(s, 252, 12582912-126+127, numeric.RDN)
	k := j - (12582912 + 127)
	r := m.fma(a, hi, -k)
	r = m.fma(a, lo, r)
	return ex2FTZ(r) * math.Float32frombits(math.Float32bits(j)<<23)
}

func libdeviceExp10f(a float32, m libdeviceMode) float32 {
	return libdeviceExp2Productf(a, math.Float32frombits(1079286392), math.Float32frombits(865573431), m)
}

// libdeviceExpQuarter is libdevice's __internal_expf_kernel(ax, -2), ax =
// |x|: e^ax / 4.
func libdeviceExpQuarter(ax float32, m libdeviceMode) float32 {
	log2e := math.Float32frombits(1069066811)
	ln2Hi, ln2Lo := math.Float32frombits(1060205080), math.Float32frombits(uint32(0xB102E308)) // -1325210872
	j := truncf(m.mul(ax, log2e))
	if fabsf(m.flush(j)) > 126 {
		j = float32(math.Copysign(126, float64(j)))
	}
	r := m.fma(j, -ln2Hi, ax)
	r = m.fma(j, -ln2Lo, r)
	scale := math.Float32frombits(math.Float32bits(j+(12582912+127-2)) << 23)
	return ex2FTZ(r*log2e) * scale
}

func libdeviceSinhf(a float32, m libdeviceMode) float32 {
	ax := fabsf(m.flush(a))
	if ax >= 1 {
		q := libdeviceExpQuarter(ax, m)
		z := m.fma(2, q, -divApproxIn(m, 0.125, q))
		if ax >= 90 {
			z = float32(math.Inf(1))
		}
		return orSign(z, a)
	}
	x2 := a * a
	p := m.fma(f32bits(0x3EC7A15B40000000), x2, f32bits(0x3F29FFE920000000))
	p = m.fma(p, x2, f32bits(0x3F81111340000000))
	p = m.fma(p, x2, f32bits(0x3FC5555560000000))
	return m.fma(p*x2, a, a)
}

func libdeviceCoshf(a float32, m libdeviceMode) float32 {
	ax := fabsf(m.flush(a))
	q := libdeviceExpQuarter(ax, m)
	z := m.fma(2, q, divApproxIn(m, 0.125, q))
	if ax >= 90 {
		z = float32(math.Inf(1))
	}
	return z
}

func libdeviceCbrtf(a float32, m libdeviceMode) float32 {
	ax := fabsf(m.flush(a))
	y := ex2FTZ(f32bits(0x3FD5555560000000) * lg2In(m, ax))
	t := m.fma(rcpFTZ(y*y), -ax, y)
	t = m.fma(t, f32bits(0xBFD5555560000000), y)
	if a < 0 {
		t = -t
	}
	if a+a == a {
		t = a + a
	}
	return t
}

func libdeviceRcbrtf(a float32, m libdeviceMode) float32 {
	ax := fabsf(m.flush(a))
	y := ex2FTZ(f32bits(0xBFD5555560000000) * lg2In(m, ax))
	h := m.fma(y*y, -ax*y, 1)
	t := m.fma(h, f32bits(0x3FD5555560000000)*y, y)
	if a < 0 {
		t = -t
	}
	if a+a == a {
		t = rcpFTZ(a)
	}
	return t
}

// TestLibdeviceHyperCbrtF32Sim: __nv_exp10f, __nv_sinhf, __nv_coshf,
// __nv_cbrtf and __nv_rcbrtf on NVIDIA, lowered and run in the simulator,
// give the model's bits for every input (specials, subnormals, overflow,
// the clamp of sinh's and cosh's exponent and their two paths included),
// with the FTZ reflect (Triton's default) and without; and the model is
// within libdevice's documented bounds of the correctly rounded value
// (exp10f 2 ulps, sinhf 3, coshf 2, cbrtf and rcbrtf 1) where the input
// and that value are normal.
func TestLibdeviceHyperCbrtF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	rng := rand.New(rand.NewSource(13))
	for i := 0; i < 1000; i++ { // exp10's range, sinh's and cosh's, sinh's polynomial, its split at 1, overflow
		x = append(x, float64(float32((rng.Float64()-0.5)*90)), float64(float32((rng.Float64()-0.5)*184)),
			float64(float32(rng.Float64()*2-1)), float64(float32((rng.Float64()-0.5)*3)), float64(float32(88+rng.Float64()*2.5)))
	}
	x = append(x, 1-0x1p-24, 1+0x1p-23, -1-0x1p-23, 88.02, 88.03, 88.04, 88.72, 89.41, 89.42, 89.99999, 90, -90,
		38.53, 38.54, -37.92, -44.85, -45.16, 8, -27, 1e-3, 1e-38, 0x1p-126, -0x1p-126, math.MaxFloat32, -math.MaxFloat32)
	for len(x) < 8192 { // a power-of-two tile
		x = append(x, float64(float32(rng.NormFloat64()*4)))
	}
	syms := []string{"__nv_exp10f", "__nv_sinhf", "__nv_coshf", "__nv_cbrtf", "__nv_rcbrtf"}
	models := []func(float32, libdeviceMode) float32{libdeviceExp10f, libdeviceSinhf, libdeviceCoshf, libdeviceCbrtf, libdeviceRcbrtf}
	exact := []func(float64) float64{func(v float64) float64 { return math.Pow(10, v) }, math.Sinh, math.Cosh, math.Cbrt,
		func(v float64) float64 { return 1 / math.Cbrt(v) }}
	bounds := []float64{2, 3, 2, 1, 1}
	c := externCase{args: []string{"f32"}, res: "f32", syms: syms}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		for k, sym := range syms {
			model := func(i int) float32 { return models[k](float32(x[i]), mode) }
			exactAt := func(i int) (float64, bool) { return exact[k](float64(float32(x[i]))), normalOrZero32(x[i]) }
			checkLibdeviceF32Model(t, sym, res[k], model, exactAt, bounds[k])
		}
	})
}
