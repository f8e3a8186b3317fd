package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// Go models of libdevice's __nv_erfinvf and __nv_erfinv, transcribed from
// their libdevice code: the f32 one with or without the FTZ reflect (its
// fma.rn flushes under it; lg2 and rsqrt are .ftz either way, plain
// multiplies and the division never flush), the f64 one in plain float64
// arithmetic with math.FMA for fma.rn.d. The approximate instructions are
// taken as the simulator takes them (the exact value, rounded).

// erfinvRsqrtFTZ is rsqrt.approx.ftz.f32.
func erfinvRsqrtFTZ(x float32) float32 { return ftz32(float32(1 / math.Sqrt(float64(ftz32(x))))) }

// erfinvfChain is the Horner chain of libdevice's fma.rn (f32 constants
// by the bits of their f64 spelling, from the highest power down).
func erfinvfChain(m libdeviceMode, coeffs []uint64, x float32) float32 {
	p := f32bits(coeffs[0])
	for _, c := range coeffs[1:] {
		p = m.fma(p, x, f32bits(c))
	}
	return p
}

func libdeviceErfinvf(a float32, m libdeviceMode) float32 {
	w := -lg2FTZ(m.fma(a, -a, 1))
	if w > f32bits(0x4020666660000000) {
		r := erfinvRsqrtFTZ(w)
		q := erfinvfChain(m, []uint64{0xBFE2E09420000000, 0xBFE53754A0000000, 0x3FF98D5B80000000,
			0xBFE59B5DA0000000, 0xBFB860A6E0000000, 0x3FEABB3720000000}, r)
		return orSign(q*(1/r), a)
	}
	return a * erfinvfChain(m, []uint64{0xBDF14C6E00000000, 0x3E443EC8A0000000, 0xBE802DFB40000000,
		0x3E8D1F08C0000000, 0x3EE0E85540000000, 0xBF009B69A0000000, 0xBF495FD420000000,
		0x3F76B804E0000000, 0x3FC495C1E0000000, 0x3FEC5BF880000000}, w)
}

func libdeviceErfinv(a float64) float64 {
	_, ahi := misc64Words(a)
	if !(fabsf(ftz32(math.Float32frombits(ahi))) < math.Float32frombits(0x3FF00000)) {
		r := a // NaN
		if math.Abs(a) <= math.Inf(1) {
			r = math.Float64frombits(0xFFF8000000000000)
			if math.Abs(a) == 1 {
				r = math.Inf(1)
			}
		}
		return r * a
	}
	// ln(1 - a^2), 1 - a^2 = 2^e m with e even and m in [1/2, 2).
	y := math.FMA(a, -a, 1)
	lo, hi := misc64Words(y)
	e := int32(hi>>20&2046) - 1022
	ef := misc64OfWords(uint32(e)^0x80000000, 0x43300000) - misc64OfWords(0x80000000, 0x43300000)
	m := misc64OfWords(lo, hi&0x801FFFFF+0x3FE00000)
	f := m - 1
	rcp := misc64Recip(m + 1)
	q := f * rcp
	s := math.FMA(math.FMA(-q, f, math.FMA(-2, q, f)), rcp, q)
	s2 := s * s
	p := hornerBitsModel64([]uint64{0x3FB5C5C218C775C9, 0x3FA55CF59CDC5D89, 0x3FAEFD18CF6EBB9C,
		0x3FB10682EDCB8D1B, 0x3FB3B1DD3AC7FC96, 0x3FB745CB459B54A6, 0x3FBC71C741A0669F, 0x3FC249249209112E,
		0x3FC99999999A06C1, 0x3FD5555555555535}, s2)
	h := math.FMA(float64(p*s2), s, s)
	l := math.FMA(ef, misc64Bits(0x3FE62E42FEFA39EF), h+h)
	var r float64
	if _, lhi := misc64Words(l); lhi < 0xC0190000 {
		r = hornerBitsModel64([]uint64{0xBBB135D2E746E627, 0xBC08DDF93324D327, 0x3C37B83EEF0B7C9F,
			0x3C69BA72CD589B91, 0xBCA33689090A6B96, 0x3C782E11898132E0, 0x3CFDE4ACFD9E26BA, 0xBD26D33EED66C487,
			0xBD36F2167040D8E2, 0x3D872A22C2D77E20, 0xBDAC8859C4E5C0AF, 0xBDCDC583D118A561, 0x3E120F47CCF46B3C,
			0xBE31A9E38DC84D60, 0xBE5F36CD6D3D46A9, 0x3E9C6B4F5D03B787, 0xBEB6E8A5434AE8A2, 0xBEED1D1F7B8736F6,
			0x3F2879C2A212F024, 0xBF4845769484FCA8, 0xBF78B6C33114F909, 0x3FCEBD80D9B13E28, 0x3FFA755E7C99AE86}, -l-3.125)
	} else if root := math.Sqrt(-l); int32(math.Float64bits(root)>>32) < 0x40100000 {
		r = hornerBitsModel64([]uint64{0x3E23040F87DBD932, 0x3E785CBE52878635, 0xBE92777453DD3955,
			0x3E5395ABCD554C6C, 0x3EB936388A3790AD, 0xBED0D5DB812B5083, 0x3EC8860CD5D652F6, 0x3EEA29A0CACDFB23,
			0xBF08CEF1F80281F2, 0x3F11E684D0B9188A, 0x3EF932CD54C8A222, 0xBF37448A89EF8AA3, 0x3F4F3CC55AD40C25,
			0xBF5BA924132F38B1, 0x3F6468EECA533CF8, 0xBF6EBADABB891BBD, 0x3F75FFCFE5B76AFC, 0x3FF0158A6D641D39,
			0x4008ABCC380D5A48}, root-3.25)
	} else {
		r = hornerBitsModel64([]uint64{0xBDBDCEC3A7785389, 0xBDF18FEEC0E38727, 0x3E19E6BF2DDA45E3,
			0xBE30468FB24E2F5F, 0x3E405AC6A8FBA182, 0xBE50102E495FB9C0, 0x3E5F4C20E1334AF8, 0xBE722D220FDF9C3E,
			0x3E8EBC8BB824CB54, 0xBEB0A8D40EA372CC, 0x3ED2FBD29D093D2B, 0xBEF4A3497E1E0FAC, 0x3F13EBF4EB00938F,
			0xBF2C2F36A8FC5D53, 0xBF222EA5DF04047C, 0x3FF02A30D1FBA0DC, 0x4013664DDD1AD7FB}, root-5)
	}
	return r * a
}

// bigErfinv is erfinv(x) rounded to f64: one Newton step on erf (its
// Maclaurin series at 512 bits, enough for the series' cancellation up to
// erfinv's largest f64 value, 5.9) from Go's math.Erfinv, whose error of
// a few ulps the step squares to about 2^-100 relative.
func bigErfinv(x float64) float64 {
	y := math.Erfinv(x)
	if x == 0 || math.IsNaN(y) || math.IsInf(y, 0) {
		return y
	}
	const prec = 512
	miss := erfSeries(y, prec)
	miss.Sub(miss, new(big.Float).SetPrec(prec).SetFloat64(x))
	// erf'(y) = 2/sqrt(pi) e^(-y^2): its value to f64 precision suffices.
	step := new(big.Float).SetPrec(prec).Mul(miss, big.NewFloat(math.Sqrt(math.Pi)/2*math.Exp(y*y)))
	v, _ := step.Sub(new(big.Float).SetPrec(prec).SetFloat64(y), step).Float64()
	return v
}

// erfinvSplitsF64 is a and its neighbours for each a where 1 - a^2 = e^-k,
// k the ln(1 - a^2) of __nv_erfinv's splits (-6.25, and -16 where its
// square root is 4).
func erfinvSplitsF64() []float64 {
	var x []float64
	for _, k := range []float64{6.25, 16} {
		a := math.Sqrt(-math.Expm1(-k))
		for _, v := range []float64{a, math.Nextafter(a, 0), math.Nextafter(a, 1), math.Nextafter(math.Nextafter(a, 1), 1)} {
			x = append(x, v, -v)
		}
	}
	return x
}

// TestLibdeviceErfinvF32Sim: __nv_erfinvf on NVIDIA, lowered and run in
// the simulator with and without Triton's FTZ reflect, gives the model's
// bits for every input (specials, subnormals, |x| >= 1, the central
// polynomial, its split from the tail at -log2(1 - x^2) = 8.2 and the
// tail up to 1 - 2^-24), and the model is within libdevice's documented 2
// ulps of the correctly rounded erfinv where the input and that are
// normal.
func TestLibdeviceErfinvF32Sim(t *testing.T) {
	x := libdeviceF32Inputs(1024)
	rng := rand.New(rand.NewSource(41))
	for i := 0; i < 600; i++ { // the whole range, the tail, near 0
		x = append(x, float64(float32(rng.Float64()*2-1)), float64(float32((1-math.Exp2(-1-rng.Float64()*24))*float64(1-2*rng.Intn(2)))),
			float64(float32((rng.Float64()-0.5)*math.Exp2(-rng.Float64()*60))))
	}
	split := math.Sqrt(-math.Expm1(-8.2 * math.Ln2)) // 1 - x^2 = 2^-8.2
	for _, v := range []float32{float32(split), math.Nextafter32(float32(split), 0), math.Nextafter32(float32(split), 1),
		math.Nextafter32(math.Nextafter32(float32(split), 0), 0), math.Nextafter32(math.Nextafter32(float32(split), 1), 1)} {
		x = append(x, float64(v), -float64(v))
	}
	x = append(x, 1-0x1p-24, -1+0x1p-24, 1-0x1p-23, 1-0x1p-22, 0.5, -0.5, 0.9, 0.99, 0.999, 0x1p-126, -0x1p-126, 0x1p-149)
	for len(x) < 4096 { // a power-of-two tile
		x = append(x, float64(float32(math.Tanh(rng.NormFloat64()*2))))
	}
	c := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_erfinvf"}}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		model := func(i int) float32 { return libdeviceErfinvf(float32(x[i]), mode) }
		exact := func(i int) (float64, bool) { return math.Erfinv(float64(float32(x[i]))), normalOrZero32(x[i]) }
		checkLibdeviceF32Model(t, "__nv_erfinvf", res[0], model, exact, 2)
	})
}

// TestLibdeviceErfinvF64Sim: __nv_erfinv on NVIDIA, lowered and run in
// the simulator, gives the model's bits for every input (specials,
// subnormals, |x| >= 1, each of its three polynomials and the splits
// between them, x up to 1 - 2^-53), and the model is within libdevice's
// documented 5 ulps of the correctly rounded erfinv (bigErfinv).
func TestLibdeviceErfinvF64Sim(t *testing.T) {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, math.Nextafter(1, 2),
		math.Nextafter(-1, -2), math.Nextafter(1, 0), math.Nextafter(-1, 0), 2, -3, 1e300, math.MaxFloat64,
		math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p-1022, 0x1.fffffffffffffp-1023, 1e-300, 1e-17,
		0x1p-27, 0.5, -0.5, 0.9, 0.99, 0.999, 0.9999, 1 - 0x1p-52, 1 - 0x1p-30, -(1 - 0x1p-40)}
	x = append(x, erfinvSplitsF64()...)
	rng := rand.New(rand.NewSource(43))
	for len(x) < 2048 {
		sign := float64(1 - 2*rng.Intn(2))
		switch len(x) % 4 {
		case 0: // the whole range
			x = append(x, rng.Float64()*2-1)
		case 1: // near +-1: all three polynomials
			x = append(x, sign*(1-math.Exp2(-1-rng.Float64()*52)))
		case 2: // near 0
			x = append(x, sign*rng.Float64()*math.Exp2(-rng.Float64()*80))
		default: // any value
			x = append(x, math.Float64frombits(rng.Uint64()))
		}
	}
	res := externCase{args: []string{"f64"}, res: "f64", syms: []string{"__nv_erfinv"}}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, []string{"__nv_erfinv"}, []func(float64) float64{libdeviceErfinv},
		[]func(float64) float64{bigErfinv}, []float64{5})
}
