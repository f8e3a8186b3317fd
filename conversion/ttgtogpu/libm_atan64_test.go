package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// Models of libdevice's f64 __nv_atan, __nv_asin, __nv_acos and
// __nv_atan2, transcribed from its code in Go float64 arithmetic
// (math.FMA for fma.rn.d); the approximate instructions as the simulator
// takes them: rcp.approx.ftz.f64 1/x and rsqrt.approx.ftz.f64 1/sqrt(x),
// each the exact value rounded (neither meets an f64 subnormal here but
// rcp's result beyond |x| = 2^1022, which the kernel's result does not
// feel).

var atanModelF64Coeffs = []uint64{0xBEF53E1D2A25FF7E, 0x3F2D3B63DBB65B49, 0xBF5312788DDE082E,
	0x3F6F9690C8249315, 0xBF82CF5AABC7CF0D, 0x3F9162B0B2A3BFDE, 0xBF9A7256FEB6FC6B,
	0x3FA171560CE4A489, 0xBFA4F44D841450E4, 0x3FA7EE3D3F36BB95, 0xBFAAD32AE04A9FD1,
	0x3FAE17813D66954F, 0xBFB11089CA9A5BCD, 0x3FB3B12B2DB51738, 0xBFB745D022F8DC5C,
	0x3FBC71C709DFE927, 0xBFC2492491FA1744, 0x3FC99999999840D2, 0xBFD555555555544C}

var asinModelF64Coeffs = []uint64{0x3FB0066BDC1895E9, 0xBFB3823B180754AF, 0x3FB11E52CC2F79AE,
	0xBF924EAF3526861B, 0x3F91DF02A31E6CB7, 0x3F847D18B0EEC6CC, 0x3F8D0AF961BA53B0,
	0x3F91BF7734CF1C48, 0x3F96E91483144EF7, 0x3F9F1C6E0A4F9F81, 0x3FA6DB6DC27FA92B,
	0x3FB333333320F91B, 0x3FC5555555555F4D}

var acosModelF64Coeffs = []uint64{0x3EC715B371155F70, 0xBEBAC2FE66FAAC4B, 0x3ED9A9B88EFCD9B8,
	0x3EDD0F40A8A0C4C3, 0x3EF46D4CFA9E0E1F, 0x3F079C168D1E2422, 0x3F1C9A88C3BCA540,
	0x3F31C4E64BD476DF, 0x3F46E8BA60009C8F, 0x3F5F1C71C62B05A2, 0x3F76DB6DB6DC9F2C,
	0x3F9333333333329C, 0x3FB5555555555555}

func f64of(bits uint64) float64 { return math.Float64frombits(bits) }

// hiWord64 is d2i.hi: the high 32 bits of x as a signed integer.
func hiWord64(x float64) int32 { return int32(math.Float64bits(x) >> 32) }

// addHiWord64 is lohi.i2d(lo(x), hi(x) + k<<20).
func addHiWord64(x float64, k int32) float64 {
	b := math.Float64bits(x)
	hi := uint32(b>>32) + uint32(k<<20)
	return math.Float64frombits(uint64(hi)<<32 | b&0xFFFFFFFF)
}

// orSign64 is lohi.i2d(lo(r), hi(r) | hi(x) & 0x80000000).
func orSign64(r, x float64) float64 {
	return math.Float64frombits(math.Float64bits(r) | math.Float64bits(x)&(1<<63))
}

// polyBits64 is libdevice's fma.rn.d Horner evaluation, highest power first.
func polyBits64(coeffs []uint64, x float64) float64 {
	p := f64of(coeffs[0])
	for _, k := range coeffs[1:] {
		p = math.FMA(p, x, f64of(k))
	}
	return p
}

func atanKernelModel64(t float64) float64 {
	s := t * t
	return math.FMA(polyBits64(atanModelF64Coeffs, s)*s, t, t)
}

func libdeviceAtan64(a float64) float64 {
	ax := math.Abs(a)
	t := ax
	if ax > 1 {
		r := 1 / ax // rcp.approx.ftz.f64
		d := math.FMA(-ax, r, 1)
		t = math.FMA(math.FMA(d, d, d), r, r)
		if ax == math.Inf(1) {
			t = 0
		}
	}
	p := atanKernelModel64(t)
	if ax > 1 {
		p = f64of(0x3FF921FB54442D18) - p
	}
	return orSign64(p, a)
}

// sqrtByRsqrtModel64 is the rsqrt.approx-based square root of asin and acos.
func sqrtByRsqrtModel64(z float64) float64 {
	r := 1 / math.Sqrt(z) // rsqrt.approx.ftz.f64
	h := addHiWord64(r, -1)
	s := z * r
	s = math.FMA(math.FMA(s, -s, z), h, s)
	h = math.FMA(math.FMA(r, -s, 1), h, h)
	return math.FMA(math.FMA(s, -s, z), h, s)
}

func libdeviceAsin64(a float64, ftz bool) float64 {
	hi := math.Float32frombits(uint32(hiWord64(a)))
	if ftz {
		hi = ftz32(hi)
	}
	if float32(math.Abs(float64(hi))) < math.Float32frombits(0x3FE26666) {
		s := a * a
		return math.FMA(polyBits64(asinModelF64Coeffs, s)*s, a, a)
	}
	z := math.FMA(-0.5, math.Abs(a), 0.5)
	root := sqrtByRsqrtModel64(z)
	if hiWord64(z) < 0 {
		root = f64of(0xFFF8000000000000)
	}
	if !(z > 0) && !(z < 0) {
		root = z
	}
	p := polyBits64(asinModelF64Coeffs, z) * z
	m := -2 * root
	lo := math.FMA(m, p, f64of(0x3C91A62633145C07))
	q := f64of(0x3FE921FB54442D18)
	return orSign64(((m+q)+lo)+q, a)
}

func libdeviceAcos64(a float64) float64 {
	neg := hiWord64(a) < 0
	ax := math.Abs(a)
	if hiWord64(ax) < 0x3FE26666 {
		s := ax * ax
		r := math.FMA(polyBits64(asinModelF64Coeffs, s)*s, ax, ax)
		if neg {
			return f64of(0x3FF921FB54442D18) + (r + f64of(0x3C91A62633145C07))
		}
		return f64of(0x3FF921FB54442D18) + -(r + f64of(0xBC91A62633145C07))
	}
	z := 1 - ax
	root := addHiWord64(sqrtByRsqrtModel64(addHiWord64(z, -1)), 1)
	var r float64
	if hiWord64(z) <= 0 {
		r = ax * 0
	} else {
		r = math.FMA(polyBits64(acosModelF64Coeffs, z)*z, root, root)
	}
	if hiWord64(z) < 0 {
		r *= math.Inf(1)
	}
	if neg {
		r = f64of(0x400921FB54442D18) + -(r + f64of(0xBCA1A62633145C07))
	}
	return r
}

func libdeviceAtan2_64(a, b float64) float64 {
	ab, aa := math.Abs(b), math.Abs(a)
	pi := f64of(0x400921FB54442D18)
	if ab == 0 && aa == 0 {
		if hiWord64(b) < 0 {
			return orSign64(pi, a)
		}
		return orSign64(0, a)
	}
	if ab == math.Inf(1) && aa == math.Inf(1) {
		if hiWord64(b) < 0 {
			return orSign64(f64of(0x4002D97C7F3321D2), a)
		}
		return orSign64(f64of(0x3FE921FB54442D18), a)
	}
	mx, mn := aa, ab // fmax.f64, fmin.f64 (a NaN operand ends in the NaN sum below)
	if ab > aa {
		mx, mn = ab, aa
	}
	t := atanKernelModel64(mn / mx)
	if aa > ab {
		t = f64of(0x3FF921FB54442D18) - t
	}
	if hiWord64(b) < 0 {
		t = pi - t
	}
	r := orSign64(t, a)
	if sum := ab + aa; !(sum <= math.Inf(1)) {
		return sum
	}
	return r
}

// atan64Inputs is n f64 arguments for the one-argument functions:
// specials, subnormals, the edges of the paths (|x| = 1, the asin split
// near 0.575, 1 -+ ulps), and random values in [-1, 1], near the split,
// near 1 and of every exponent.
func atan64Inputs(rng *rand.Rand, n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 0.575, -0.575, 1 - 0x1p-53, -1 + 0x1p-53,
		1 + 0x1p-52, -1 - 0x1p-52, 2, 1e-300, 1e-9, 0x1p-27, 0x1p-1022, 5e-324, -5e-324, 0x1p-1030,
		0x1p1022, 0x1p1023, -0x1p1023 * 1.5, math.MaxFloat64, -math.MaxFloat64, 0x1p53, 1e16, 1e300,
		math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(), f64of(0x7FF0000000000001), f64of(0xFFF0000000000001)}
	for _, hi := range []uint64{0x3FE26665, 0x3FE26666, 0x3FE26667} { // the split's high word
		for _, lo := range []uint64{0, 1, 0xFFFFFFFF} {
			b := hi<<32 | lo
			x = append(x, f64of(b), -f64of(b))
		}
	}
	for len(x) < n/4 {
		x = append(x, rng.Float64()*2-1)
	}
	for len(x) < n/2 {
		x = append(x, (0.55+rng.Float64()*0.05)*math.Copysign(1, rng.Float64()-0.5))
	}
	for len(x) < 5*n/8 {
		v := 1 - math.Exp2(-rng.Float64()*53)
		x = append(x, math.Copysign(v, rng.Float64()-0.5))
	}
	for len(x) < 3*n/4 {
		x = append(x, rng.NormFloat64()*4)
	}
	for len(x) < n {
		x = append(x, math.Copysign(math.Exp2((rng.Float64()*2-1)*1075), rng.Float64()-0.5))
	}
	return x
}

// TestLibdeviceAtanAsinAcosF64Sim checks __nv_atan, __nv_asin, __nv_acos
// and __nv_atan2 on sm_90 in the simulator: libdevice's model's bits on
// every input, and the model within libdevice's documented bounds (2 ulps
// each) of the correctly rounded value.
func TestLibdeviceAtanAsinAcosF64Sim(t *testing.T) {
	const n = 4096
	rng := rand.New(rand.NewSource(64))
	x := atan64Inputs(rng, n)
	ftz := true // Triton's FTZ reflect: asin's f32 fabs of the high word
	syms := []string{"__nv_atan", "__nv_asin", "__nv_acos"}
	models := []func(float64) float64{libdeviceAtan64, func(v float64) float64 { return libdeviceAsin64(v, ftz) }, libdeviceAcos64}
	refs := []func(float64) float64{func(v float64) float64 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return math.Atan(v)
		}
		return bigAtan2(v, 1)
	}, func(v float64) float64 { return bigAsinAcos(v, false) }, func(v float64) float64 { return bigAsinAcos(v, true) }}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	for k, sym := range syms {
		checkLibdeviceF64Model(t, sym, res.sim[k], func(i int) float64 { return models[k](x[i]) },
			func(i int) float64 { return refs[k](x[i]) }, 2)
	}

	// atan2(y, x): specials crossed with specials, then random pairs of
	// every ratio, of near-equal magnitudes, and of wide exponents.
	sp := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.NaN(), 1e-300, -1e300,
		5e-324, math.MaxFloat64, 0.5}
	ys, xs := make([]float64, 0, n), make([]float64, 0, n)
	for _, a := range sp {
		for _, b := range sp {
			ys, xs = append(ys, a), append(xs, b)
		}
	}
	for len(ys) < n/2 {
		ys, xs = append(ys, rng.NormFloat64()), append(xs, rng.NormFloat64())
	}
	for len(ys) < 5*n/8 {
		v := rng.NormFloat64()
		ys, xs = append(ys, v*(1+(rng.Float64()-0.5)*0x1p-20)), append(xs, math.Copysign(v, rng.Float64()-0.5))
	}
	for len(ys) < n {
		wide := func() float64 { return math.Copysign(math.Exp2((rng.Float64()*2-1)*1070), rng.Float64()-0.5) }
		ys, xs = append(ys, wide()), append(xs, wide())
	}
	res = externCase{args: []string{"f64", "f64"}, res: "f64", syms: []string{"__nv_atan2"}}.run(t, sm90, [][]float64{ys, xs})
	checkLibdeviceF64Model(t, "__nv_atan2", res.sim[0], func(i int) float64 { return libdeviceAtan2_64(ys[i], xs[i]) },
		func(i int) float64 { return bigAtan2(ys[i], xs[i]) }, 2)
}
