package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"sync"
	"testing"
)

// A Go model of libdevice's __nv_lgammaf, transcribed from its libdevice
// code, with or without the FTZ reflect (libdeviceMode's ftz): under it
// each fma.rn, mul.rn, add.rn, fabs and floor flushes subnormal operands
// and results; rcp.approx is .ftz whatever the reflect (taken as the
// simulator takes it, the exact reciprocal rounded); plain adds,
// subtractions and multiplies never flush, and none of its products
// feeds an addition, so fp fusion changes nothing. Its inlined log and
// sin kernels are modelled with their .ftz forms too, where tt reuses
// its non-ftz logf and sinf kernels.
//
// The exact reference (bigLgammaOf, shared with the f64 tests) is
// Stirling's series in bigPrec bits after the recurrence lifts the
// argument to 40, and the reflection formula for negative arguments.

// lgammafLog is libdevice's accurate logf as __nv_lgammaf inlines it.
func lgammafLog(a float32, m libdeviceMode) float32 {
	x, bias := a, float32(0)
	if a < 0x1p-126 {
		x, bias = a*0x1p23, -23
	}
	bits := int32(math.Float32bits(x))
	e := (bits - 0x3F2AAAAB) & -0x800000
	f := math.Float32frombits(uint32(bits-e)) - 1
	ex := m.fma(float32(e), 0x1p-23, bias)
	p := erfinvfChain(m, []uint64{0xBFC0AA04E0000000, 0x3FC2073EC0000000, 0xBFBF19B980000000,
		0x3FC1E52AA0000000, 0xBFC55B1720000000, 0x3FC99DA160000000, 0xBFCFFFE440000000,
		0x3FD5554F00000000, 0xBFE0000000000000}, f)
	r := m.fma(ex, f32bits(0x3FE62E4300000000), m.fma(float32(p*f), f, f))
	inf := float32(math.Inf(1))
	if math.Float32bits(x) >= 0x7F800000 {
		r = m.fma(x, inf, inf)
	}
	if x == 0 {
		r = -inf
	}
	return r
}

// lgammafPos is lgamma of ax = |a| (flushed under the reflect).
func lgammafPos(ax float32, m libdeviceMode) float32 {
	switch {
	case ax >= 7.8:
		r := rcpFTZ(ax)
		r2 := float32(r * r)
		s := erfinvfChain(m, []uint64{0x3F497CEAA0000000, 0xBF66C12A60000000, 0x3FB5555460000000}, r2)
		s = m.fma(s, r, f32bits(0x3FED67F1C0000000))
		h := m.mul(float32(0.5*lgammafLog(ax, m)), ax-0.5)
		t := (h - ax) + m.add(h, s)
		if math.IsInf(float64(ax), 1) {
			t = ax
		}
		return t
	case ax >= 3:
		t := ax - 3
		num := erfinvfChain(m, []uint64{0xC087671F60000000, 0xC0C81EDF00000000, 0xC0E40CAC00000000,
			0xC0E796D540000000, 0xC10175CB40000000}, t)
		den := t - f32bits(0x4070340400000000)
		for _, k := range []uint64{0xC0C50C9700000000, 0xC0F6A0D0C0000000, 0xC109308CA0000000} {
			den = m.fma(den, t, f32bits(k))
		}
		return m.fma(num, rcpFTZ(den), t)
	case ax >= 1.5:
		t := ax - 2
		return float32(erfinvfChain(m, []uint64{0x3F0A00FF40000000, 0xBF2CF40040000000, 0x3F41BCDF80000000,
			0xBF53BC1C40000000, 0x3F67A0B6E0000000, 0xBF7E3D6200000000, 0x3F95134500000000,
			0xBFB13E0340000000, 0x3FD4A34CC0000000, 0x3FDB0EE600000000}, t) * t)
	case ax >= f32bits(0x3FE6666660000000):
		t := 1 - ax
		return float32(erfinvfChain(m, []uint64{0x3FA77DEEC0000000, 0x3FBA8EAEE0000000, 0x3FBF700F20000000,
			0x3FC052B6A0000000, 0x3FC254ECA0000000, 0x3FC5AD0CE0000000, 0x3FCA8C57E0000000,
			0x3FD1514E40000000, 0x3FD9A4D480000000, 0x3FEA51A640000000, 0x3FE2788D00000000}, t) * t)
	}
	p := erfinvfChain(m, []uint64{0x3F6D6390C0000000, 0xBF76690F00000000, 0xBFA6D95DE0000000,
		0x3FC56AAAA0000000, 0xBFA592D8E0000000, 0xBFE4FCDD60000000, 0x3FE2788C60000000}, ax)
	return -lgammafLog(m.fma(float32(p*ax), ax, ax), m)
}

// lgammafSinPi is sin(pi t) for t in [-1/4, 1/4] in quadrant q, sinf's
// kernel as __nv_lgammaf inlines it.
func lgammafSinPi(t float32, q int32, m libdeviceMode) float32 {
	x := float32(t * f32bits(0x400921FB60000000))
	x2 := m.mul(x, x)
	odd := q&1 != 0
	base := x
	if odd {
		base = 1
	}
	scale := m.fma(x2, base, 0)
	p := f32bits(0xBF29A82A60000000)
	c1, c2 := f32bits(0x3F8110BC80000000), f32bits(0xBFC5555500000000)
	if odd {
		p = m.fma(f32bits(0x3EF9758000000000), x2, f32bits(0xBF56C0FDA0000000))
		c1, c2 = f32bits(0x3FA5555760000000), f32bits(0xBFDFFFFFE0000000)
	}
	p = m.fma(m.fma(p, x2, c1), x2, c2)
	z := m.fma(p, scale, base)
	if q&2 != 0 {
		z = m.fma(z, -1, 0)
	}
	return z
}

func libdeviceLgammaf(a float32, m libdeviceMode) float32 {
	ax := fabsf(m.flush(a))
	t := lgammafPos(ax, m)
	switch {
	case a >= 0:
		return t
	case ax == float32(math.Floor(float64(ax))):
		return float32(math.Inf(1))
	case ax < f32bits(0x3BFD83C940000000):
		return -lgammafLog(ax, m)
	}
	n := float32(math.RoundToEven(float64(2 * ax)))
	q := int32(0)
	if n == n {
		q = int32(n)
	}
	s := lgammafSinPi(m.fma(-n, 0.5, ax), q, m)
	l := lgammafLog(float32(fabsf(m.flush(s))*ax), m)
	return m.fma(f32bits(0x3FF250D040000000)-l, 1, -t)
}

// The exact reference.

// gammaBigPi is pi in bigPrec bits.
var gammaBigPi = sync.OnceValue(func() *big.Float { return new(big.Float).SetPrec(bigPrec).Set(gaussPi(bigPrec + 64)) })

// gammaStirling is ln(2 pi)/2 and Stirling's coefficients B_2k/(2k (2k -
// 1)) for k = 1..40, the Bernoulli numbers from their recurrence in
// rationals.
var gammaStirling = sync.OnceValues(func() (*big.Float, []*big.Float) {
	const n = 80
	b := make([]*big.Rat, n+1)
	b[0] = big.NewRat(1, 1)
	for k := 1; k <= n; k++ {
		sum, binom := new(big.Rat), big.NewInt(1) // binom = C(k+1, j)
		for j := 0; j < k; j++ {
			sum.Add(sum, new(big.Rat).Mul(new(big.Rat).SetInt(binom), b[j]))
			binom.Mul(binom, big.NewInt(int64(k+1-j)))
			binom.Quo(binom, big.NewInt(int64(j+1)))
		}
		b[k] = sum.Mul(sum, big.NewRat(-1, int64(k+1)))
	}
	var cs []*big.Float
	for k := 1; 2*k <= n; k++ {
		c := new(big.Rat).Quo(b[2*k], big.NewRat(int64(2*k*(2*k-1)), 1))
		cs = append(cs, new(big.Float).SetPrec(bigPrec).SetRat(c))
	}
	halfLn2Pi := bigLnOf(new(big.Float).SetPrec(bigPrec).Mul(gammaBigPi(), bigF(2)))
	return halfLn2Pi.Quo(halfLn2Pi, bigF(2)), cs
})

// bigLgammaPos is ln Gamma(z) for z > 0: Gamma(z) = Gamma(z + k)/(z (z +
// 1) ... (z + k - 1)) with z + k >= 40, where Stirling's series (its 40
// terms) is far more accurate than bigPrec bits.
func bigLgammaPos(z *big.Float) *big.Float {
	halfLn2Pi, cs := gammaStirling()
	zz := new(big.Float).SetPrec(bigPrec).Set(z)
	prod := bigF(1)
	for zz.Cmp(bigF(40)) < 0 {
		prod.Mul(prod, zz)
		zz.Add(zz, bigF(1))
	}
	res := new(big.Float).SetPrec(bigPrec).Sub(zz, bigF(0.5))
	res.Mul(res, bigLnOf(zz))
	res.Sub(res, zz)
	res.Add(res, halfLn2Pi)
	inv := new(big.Float).SetPrec(bigPrec).Quo(bigF(1), zz)
	inv2 := new(big.Float).SetPrec(bigPrec).Mul(inv, inv)
	pow := new(big.Float).SetPrec(bigPrec).Set(inv)
	for _, c := range cs {
		res.Add(res, new(big.Float).SetPrec(bigPrec).Mul(c, pow))
		pow.Mul(pow, inv2)
	}
	return res.Sub(res, bigLnOf(prod))
}

// bigLgammaOf is ln|Gamma(x)| in bigPrec bits and Gamma(x)'s sign, for a
// finite x that is not 0 or a negative integer: for x < 0 by the
// reflection formula, ln|Gamma(x)| = ln(pi) - ln|sin(pi x)| -
// ln Gamma(1 - x), sin(pi x) = (-1)^n sin(pi (x - n)) with n the nearest
// integer (x - n is exact).
func bigLgammaOf(x float64) (*big.Float, int) {
	if x > 0 {
		return bigLgammaPos(bigF(x)), 1
	}
	n := math.RoundToEven(x)
	f := new(big.Float).SetPrec(bigPrec).Mul(gammaBigPi(), bigF(x-n))
	s, _ := bigTaylorSinCos(f)
	sign := s.Sign()
	if math.Mod(n, 2) != 0 {
		sign = -sign
	}
	res := bigLnOf(gammaBigPi())
	res.Sub(res, bigLnOf(s.Abs(s)))
	return res.Sub(res, bigLgammaPos(new(big.Float).SetPrec(bigPrec).Sub(bigF(1), bigF(x)))), sign
}

// bigLgamma is ln|Gamma(x)| rounded to f64 (f32 when f32): +inf at the
// infinities (C's lgamma, where Go's has -inf at -inf), Go's math for
// NaN and the poles, exactly 0 at 1 and 2.
func bigLgamma(x float64, f32 bool) float64 {
	if math.IsInf(x, 0) {
		return math.Inf(1)
	}
	if math.IsNaN(x) || x <= 0 && x == math.Trunc(x) {
		v, _ := math.Lgamma(x)
		return v
	}
	if x == 1 || x == 2 {
		return 0
	}
	v, _ := bigLgammaOf(x)
	if f32 {
		r, _ := v.Float32()
		return float64(r)
	}
	r, _ := v.Float64()
	return r
}

// lgammaF32Inputs are libdeviceF32Inputs and, for lgamma, every branch's
// range and its ends, the poles and half-integers, the zeros of lgamma
// at 1 and 2 and along the negative axis, tiny negative arguments about
// 1e-19 and huge ones: n of them, a power of two.
func lgammaF32Inputs(n int) []float64 {
	x := libdeviceF32Inputs(n / 4)
	rng := rand.New(rand.NewSource(43))
	for _, v := range []float32{0.7, 1.5, 3, 7.8, 1e-19, -1e-19, -0.7, -1.5, -3, -7.8, 1, 2, -2.4570247, -2.7476826,
		-3.1435473, -3.9552, -4.0390, 4e36, 4.1e36, 1e37, -0x1p23, -0x1p22 - 0.5, -0x1p22 + 0.5, -2.264, -10.001} {
		for k, up, down := 0, v, v; k < 8; k++ {
			x = append(x, float64(up), float64(down))
			up, down = math.Nextafter32(up, float32(math.Inf(1))), math.Nextafter32(down, float32(math.Inf(-1)))
		}
	}
	for len(x) < n {
		pole := float64(-rng.Intn(40))
		x = append(x, float64(float32(rng.Float64()*0.7)), float64(float32(0.7+rng.Float64()*0.8)),
			float64(float32(1.5+rng.Float64()*1.5)), float64(float32(3+rng.Float64()*4.8)),
			float64(float32(7.8+rng.Float64()*100)), float64(float32(-rng.Float64()*40)),
			float64(float32(pole+(rng.Float64()-0.5)*0x1p-8)), float64(float32(pole-0.5+(rng.Float64()-0.5)*0x1p-8)),
			float64(float32(-math.Exp(rng.Float64()*-100))), float64(float32(math.Exp2(rng.Float64()*126))),
			float64(float32(-math.Exp2(rng.Float64()*23))), float64(float32(1+(rng.Float64()-0.5)*0x1p-10)),
			float64(float32(2+(rng.Float64()-0.5)*0x1p-10)), float64(float32(-2.264-rng.Float64()*7.737)))
	}
	return x[:n]
}

// TestLibdeviceLgammaF32Sim: __nv_lgammaf on NVIDIA, lowered and run in
// the simulator, gives the model's bits for every input (specials,
// subnormals, every branch and its ends, poles, the reflection's
// quadrants, huge arguments), with the FTZ reflect (Triton's default) and
// without. The model is within CUDA's documented 6 ulps of lgamma
// outside [-10.001, -2.264] (where the input is normal); inside, where
// lgamma has zeros and its relative error no bound, within an absolute
// 2^-17 (measured: 2^-18.4 over 10^5 random inputs there).
func TestLibdeviceLgammaF32Sim(t *testing.T) {
	x := lgammaF32Inputs(8192)
	ref := make([]float64, len(x))
	for i, v := range x {
		ref[i] = bigLgamma(float64(float32(v)), true)
	}
	c := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_lgammaf"}}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		model := func(i int) float32 { return libdeviceLgammaf(float32(x[i]), mode) }
		inside := func(v float64) bool { return v > -10.001 && v < -2.264 }
		checkLibdeviceF32Model(t, "__nv_lgammaf", res[0], model, func(i int) (float64, bool) {
			v := float64(float32(x[i]))
			return ref[i], normalOrZero32(v) && !inside(v)
		}, 6)
		// Inside, an absolute bound: lgamma there is a difference of terms
		// up to lgamma(10) = 12.8 (whose f32 ulp is 2^-20), and passes
		// through zeros.
		worst, worstAt := 0.0, 0
		for i, v := range x {
			if v := float64(float32(v)); inside(v) {
				if d := math.Abs(float64(model(i)) - ref[i]); d > worst {
					worst, worstAt = d, i
				}
			}
		}
		if worst > 0x1p-17 {
			t.Errorf("__nv_lgammaf: the model is %g from lgamma(%g) inside [-10.001, -2.264], more than 2^-17", worst, x[worstAt])
		}
		t.Logf("__nv_lgammaf: inside [-10.001, -2.264] at most 2^%.2f from lgamma (input %g)", math.Log2(worst), x[worstAt])
	})
}
