package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand"
	"testing"
)

// Models of libdevice's __nv_cbrt, __nv_rcbrt, __nv_sinh, __nv_cosh and
// __nv_tan (f64), transcribed from its code in plain Go float64
// arithmetic: math.FMA for fma.rn.d, explicit conversions where a plain
// product must round before a sum; the approximate instructions as the
// simulator takes them (rcp.approx.ftz.f64 the exact reciprocal rounded,
// lg2.approx.ftz.f32 and ex2.approx.ftz.f32 the exact value rounded,
// subnormal f32 operands and results flushed).

func misc64Words(x float64) (lo, hi uint32) {
	b := math.Float64bits(x)
	return uint32(b), uint32(b >> 32)
}

func misc64OfWords(lo, hi uint32) float64 {
	return math.Float64frombits(uint64(hi)<<32 | uint64(lo))
}

func misc64Bits(b uint64) float64 { return math.Float64frombits(b) }

// misc64AddToHigh is x with k added to its high word.
func misc64AddToHigh(x float64, k int32) float64 {
	lo, hi := misc64Words(x)
	return misc64OfWords(lo, hi+uint32(k))
}

// misc64OrSign is r with x's sign bit or'ed in.
func misc64OrSign(r, x float64) float64 {
	return math.Float64frombits(math.Float64bits(r) | math.Float64bits(x)&(1<<63))
}

// misc64Chain is the Horner chain of fma.rn.d from the highest power down.
func misc64Chain(coeffs []uint64, x float64) float64 {
	p := misc64Bits(coeffs[0])
	for _, c := range coeffs[1:] {
		p = math.FMA(p, x, misc64Bits(c))
	}
	return p
}

// misc64Recip is libdevice's refined reciprocal.
func misc64Recip(d float64) float64 {
	r := 1 / d
	e := math.FMA(-d, r, 1)
	e = math.FMA(e, e, e)
	return math.FMA(e, r, r)
}

func lg2FTZ(x float32) float32 { return ftz32(float32(math.Log2(float64(ftz32(x))))) }

// misc64CbrtStart is what cbrt and rcbrt share for a finite nonzero a.
func misc64CbrtStart(a float64, third uint64) (m, y float64, k int32) {
	lo, hi := misc64Words(a)
	hi &= 0x7FFFFFFF
	expo, denorm := hi>>20, int32(0)
	if expo == 0 {
		lo, hi = misc64Words(misc64OfWords(lo, hi) * 0x1p54)
		expo, denorm = hi>>20, 18
	}
	kf := f32bits(0x3FD5555560000000) * float32(int32(expo)-1022)
	k = int32(math.RoundToEven(float64(kf)))
	m = misc64OfWords(lo, hi-uint32(3*k)<<20)
	y = float64(ex2FTZ(f32bits(third) * lg2FTZ(float32(m))))
	return m, y, k - denorm
}

func misc64Regular(a float64) bool {
	_, hi := misc64Words(a)
	return a != 0 && int32(hi&0x7FFFFFFF) < 0x7FF00000
}

func libdeviceCbrt64(a float64) float64 {
	if !misc64Regular(a) {
		return a + a
	}
	m, y, k := misc64CbrtStart(a, 0x3FD5555560000000)
	y2 := y * y
	d := math.FMA(misc64AddToHigh(y2, 1<<20), y, m)
	n := math.FMA(y2, -y, m)
	z := math.FMA(y, float64(misc64Recip(d)*n), y)
	return misc64OrSign(misc64AddToHigh(z, k<<20), a)
}

func libdeviceRcbrt64(a float64) float64 {
	var r float64
	if misc64Regular(a) {
		m, y, k := misc64CbrtStart(a, 0xBFD5555560000000)
		y2, my := y*y, m*y
		h := math.FMA(y2, -my, 1)
		h = math.FMA(y2, -math.FMA(m, y, -my), h)
		h = math.FMA(my, -math.FMA(y, y, -y2), h)
		p := math.FMA(misc64Bits(0x3FCC71C71C71C71C), h, misc64Bits(0x3FD5555555555555))
		z := math.FMA(p, h*y, y)
		r = misc64AddToHigh(z, -k<<20)
	} else {
		lo, hi := misc64Words(a)
		r = misc64OfWords(lo, hi&0x7FFFFFFF^0x7FF00000)
		if !(math.Abs(a) <= math.Inf(1)) {
			r = a + a
		}
	}
	return misc64OrSign(r, a)
}

// misc64ReduceExp is i = rint(a log2 e), z = a - i ln 2.
func misc64ReduceExp(a float64) (int32, float64) {
	j := math.FMA(a, misc64Bits(0x3FF71547652B82FE), misc64Bits(0x4338000000000000))
	lo, _ := misc64Words(j)
	k := j + misc64Bits(0xC338000000000000)
	z := math.FMA(k, misc64Bits(0xBFE62E42FEFA39EF), a)
	return int32(lo), math.FMA(k, misc64Bits(0xBC7ABC9E3B39803F), z)
}

func libdeviceSinh64(a float64) float64 {
	ax := math.Abs(a)
	var r float64
	if _, hi := misc64Words(ax); int32(hi) < 0x3FF00000 {
		a2 := ax * ax
		p := misc64Chain([]uint64{0x3D6B4C75AB274C53, 0x3DE611A561D87DEF, 0x3E5AE64671B18F5C,
			0x3EC71DE3A465B1E4, 0x3F2A01A01A02899D, 0x3F811111111110A6, 0x3FC5555555555556}, a2)
		r = math.FMA(float64(p*a2), ax, ax)
	} else {
		i, z := misc64ReduceExp(ax)
		i--
		twice := hi + hi
		if twice < 2142496327 {
			z, i = ax, 0
		}
		p := misc64Chain([]uint64{0x3E21F4076ACD15B6, 0x3E5AF86D8EBD13CD, 0x3E927E5092BA033D,
			0x3EC71DDE6C5F9DA1, 0x3EFA01A018D034E6, 0x3F2A01A01B3B6940, 0x3F56C16C16C1B5DD,
			0x3F8111111110F74D, 0x3FA555555555554D, 0x3FC5555555555557, 0x3FE0000000000000}, z)
		t := math.FMA(float64(p*z), z, z)
		j := i
		if i == 1024 {
			j--
		}
		s := misc64OfWords(0, uint32(j<<20+0x3FF00000))
		h := math.FMA(t, s, s-0.5)
		if i == 1024 {
			h += h
		}
		if twice == 0 {
			h = z
		}
		r = h + h/math.FMA(2, h, 1)
		if ax >= misc64Bits(0x408633CE8FB9F87E) {
			r = math.Inf(1)
		}
	}
	return misc64OrSign(r, a)
}

func libdeviceCosh64(a float64) float64 {
	ax := math.Abs(a)
	var r float64
	if _, hi := misc64Words(ax); hi < 0x408633CF {
		i, z := misc64ReduceExp(ax)
		p := misc64Chain([]uint64{0x3E5ADE1569CE2BDF, 0x3E928AF3FCA213EA, 0x3EC71DEE62401315,
			0x3EFA01997C89EB71, 0x3F2A01A014761F65, 0x3F56C16C1852B7AF, 0x3F81111111122322,
			0x3FA55555555502A1, 0x3FC5555555555511, 0x3FE000000000000B, 0x3FF0000000000000,
			0x3FF0000000000000}, z)
		y := misc64AddToHigh(p, (i-2)<<20)
		r = math.FMA(misc64Recip(y), 0.0625, y)
	} else if a <= math.Inf(1) {
		r = math.Inf(1)
	} else {
		r = a
	}
	return r + r
}

// misc64TwoOverPi is __cudart_i2opi_d.
var misc64TwoOverPi = []uint64{0x6BFB5FB11F8D5D08, 0x3D0739F78A5292EA, 0x7527BAC7EBE5F17B,
	0x4F463F669E5FEA2D, 0x6D367ECF27CB09B7, 0xEF2F118B5A0A6D1F, 0x1FF897FFDE05980F,
	0x9C845F8BBDF9283B, 0x3991D639835339F4, 0xE99C7026B45F7E41, 0xE88235F52EBB4484,
	0xFE1DEB1CB129A73E, 0x06492EEA09D1921C, 0xB7246E3A424DD2E0, 0xFE5163ABDEBBC561,
	0xDB6295993C439041, 0xFC2757D1F534DDC0, 0xA2F9836E4E441529}

// misc64TrigSlowPath is __internal_trig_reduction_slowpathd, its loop as
// libdevice writes it.
func misc64TrigSlowPath(a float64) (float64, int32) {
	_, hi := misc64Words(a)
	sign := hi & 0x80000000
	ex := (hi >> 20) & 2047
	if ex == 2047 {
		return a, 0
	}
	e := ex - 1024
	m := math.Float64bits(a)<<11 | 1<<63
	s := int32(16 - e>>6)
	var result [5]uint64
	p := uint64(0)
	q := s - 1
	for ; q < min(18, s+3); q++ {
		h, l := bits.Mul64(misc64TwoOverPi[q], m)
		l, c := bits.Add64(l, p, 0)
		result[q-(s-1)], p = l, h+c
	}
	result[q-(s-1)] = p
	sh := e & 63
	hw, lw := result[3], result[2]
	if sh != 0 {
		hw = result[3]<<sh | result[2]>>(64-sh)
		lw = result[2]<<sh | result[1]>>(64-sh)
	}
	quad := uint32(hw >> 62)
	hw = hw<<2 | lw>>62
	lw <<= 2
	up := uint32(hw >> 63)
	quad += up
	if sign != 0 {
		quad = -quad
	}
	if up != 0 {
		var b uint64
		lw, b = bits.Sub64(0, lw, 0)
		hw, _ = bits.Sub64(0, hw, b)
		sign ^= 0x80000000
	}
	lz := uint32(bits.LeadingZeros64(hw))
	if lz != 0 {
		hw = hw<<lz | lw>>(64-lz)
	}
	ph, pl := bits.Mul64(hw, 0xC90FDAA22168C235)
	if int64(ph) > 0 {
		ph = ph<<1 | pl>>63
		lz++
	}
	r := uint64(sign)<<32 | (uint64(1022-lz)<<52 + ((ph+1)>>10+1)>>1)
	return math.Float64frombits(r), int32(quad)
}

func libdeviceTan64(a float64) float64 {
	z, q := sincos64Reduce(a)
	z2 := z * z
	p := misc64Chain([]uint64{0x3EE48DAC2799BCB9, 0xBEF9757C5B27EBB1, 0x3F0980E90FD91E04,
		0xBEFAE2B0417D7E1D, 0x3F119F5341BFBA57, 0x3F15E791A00F6919, 0x3F2FF2E7FADEC73A,
		0x3F434BC1B206DA62, 0x3F57DB18EF2F83F9, 0x3F6D6D2E7AE49FBC, 0x3F8226E3A816A776,
		0x3F9664F485D25660, 0x3FABA1BA1BABF31D, 0x3FC11111111105D2, 0x3FD555555555555E}, z2)
	p = p * z2
	r := math.FMA(p, z, z)
	if q&1 == 0 {
		return r
	}
	rl := math.FMA(p, z, -(r - z))
	nr := -misc64Recip(r)
	h := math.FMA(r, nr, 1)
	h = math.FMA(nr, rl, h)
	return math.FMA(h, nr, nr)
}

// misc64Inputs are f64 arguments for the five functions: specials,
// subnormals, every exponent, and each function's edge regions (cbrt's
// exact cubes, sinh's and cosh's branch points and overflow, tan's
// reductions' switch at 2^31 and arguments near multiples of pi/2, the
// hardest-to-reduce double included); n, a power of two.
func misc64Inputs(n int) []float64 {
	rng := rand.New(rand.NewSource(64))
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, -5e-324,
		0x1p-1022, -0x1p-1022, 0x1.fffffffffffffp-1023, math.MaxFloat64, -math.MaxFloat64, 1, -1,
		8, 27, -27, 0x1p-1074 * 27, 1e300, 0x1p-1000, 0.5, 2, 3, 1e-300,
		misc64Bits(0x408633CE8FB9F87E), -misc64Bits(0x408633CE8FB9F87E), math.Nextafter(misc64Bits(0x408633CE8FB9F87E), 0),
		misc64Bits(0x408633CF00000000), math.Nextafter(misc64Bits(0x408633CF00000000), 0), 709.78, 709.79, 710, 710.4, 711, 745, 1000,
		math.Nextafter(1, 0), math.Nextafter(-1, 0), 0.4055, 0x1p31, -0x1p31, math.Nextafter(0x1p31, 0), 0x1p32, 0x1p52, 0x1p63, 0x1p64,
		6381956970095103 * 0x1p797, -6381956970095103 * 0x1p797, 5491554113758 * 0x1p-43, 1e22, 1.5707963267948966, 3.141592653589793,
		4.71238898038469, 1e-8, 1e-20,
	}
	for len(x) < n/8 { // every exponent
		v := math.Ldexp(1+rng.Float64(), rng.Intn(2098)-1074)
		if rng.Intn(2) == 0 {
			v = -v
		}
		x = append(x, v)
	}
	for len(x) < n/4 { // near multiples of pi/2, small and large
		k := float64(rng.Intn(1 << uint(1+rng.Intn(40))))
		v := k * math.Pi / 2
		for d := rng.Intn(5) - 2; d != 0; d -= misc64Sign(d) {
			v = math.Nextafter(v, math.Inf(misc64Sign(d)))
		}
		x = append(x, v)
	}
	for len(x) < n/2 { // tan's and sinh's main ranges
		x = append(x, (rng.Float64()-0.5)*4, (rng.Float64()-0.5)*1000, (rng.Float64()-0.5)*1e6)
	}
	for len(x) < 3*n/4 { // |x| up to 2^1023, both sides of 2^31
		x = append(x, math.Ldexp(1+rng.Float64(), 20+rng.Intn(1004))*float64(1-2*rng.Intn(2)))
	}
	for len(x) < n { // cosh's and sinh's overflow, and below 1
		x = append(x, (rng.Float64()-0.5)*1440, (rng.Float64()-0.5)*2)
	}
	return x[:n]
}

func misc64Sign(d int) int {
	if d < 0 {
		return -1
	}
	return 1
}

// TestLibdeviceCbrtHyperTanF64Sim checks __nv_cbrt, __nv_rcbrt, __nv_sinh,
// __nv_cosh and __nv_tan on sm_90 in the simulator bit for bit against
// the models of libdevice's code on every input, and the models within
// libdevice's documented bounds (cbrt and rcbrt 1 ulp, sinh 2, cosh 1,
// tan 2) of the correctly rounded value where that is a normal f64.
func TestLibdeviceCbrtHyperTanF64Sim(t *testing.T) {
	x := misc64Inputs(4096)
	root := func(v float64, recip bool) float64 {
		if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			if recip {
				return 1 / v
			}
			return v
		}
		r := bigRoot3(math.Abs(v))
		if recip {
			r = new(big.Float).SetPrec(bigPrec).Quo(bigF(1), r)
		}
		f, _ := r.Float64()
		return math.Copysign(f, v)
	}
	syms := []string{"__nv_cbrt", "__nv_rcbrt", "__nv_sinh", "__nv_cosh", "__nv_tan"}
	models := []func(float64) float64{libdeviceCbrt64, libdeviceRcbrt64, libdeviceSinh64, libdeviceCosh64, libdeviceTan64}
	exact := []func(float64) float64{
		func(v float64) float64 { return root(v, false) },
		func(v float64) float64 { return root(v, true) },
		bigHyper["sinh"], bigHyper["cosh"], bigTan,
	}
	bounds := []float64{1, 1, 2, 1, 2}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, syms, models, exact, bounds)
}
