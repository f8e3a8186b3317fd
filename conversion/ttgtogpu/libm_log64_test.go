package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// Models of libdevice's f64 __nv_log, __nv_log2, __nv_log10, __nv_log1p and
// __nv_erfc (libm_log64.go), transcribed from libdevice's code in plain
// Go float64 arithmetic: math.FMA for fma.rn.d and for a product that
// LLVM (and contractFMA) fuses into the sum it feeds, rcp.approx.ftz.d
// as the simulator takes it (1/x rounded, subnormals flushed).

func log64Hi(x float64) uint32 { return uint32(math.Float64bits(x) >> 32) }

func log64Lo(x float64) uint32 { return uint32(math.Float64bits(x)) }

func log64OfWords(lo, hi uint32) float64 {
	return math.Float64frombits(uint64(hi)<<32 | uint64(lo))
}

// log64Poly is the Horner chain of fma.rn.d of coefficient bits, from the
// highest power down.
func log64Poly(coeffs []uint64, x float64) float64 {
	p := math.Float64frombits(coeffs[0])
	for _, c := range coeffs[1:] {
		p = math.FMA(p, x, math.Float64frombits(c))
	}
	return p
}

// log64FlushF64 is a subnormal f64 flushed to a zero of its sign.
func log64FlushF64(x float64) float64 {
	if math.Abs(x) < 0x1p-1022 {
		return math.Copysign(0, x)
	}
	return x
}

// log64Reciprocal is libdevice's 1/d: rcp.approx.ftz.d refined by r +
// r (t + t^2), t = 1 - d r.
func log64Reciprocal(d float64) float64 {
	r := log64FlushF64(1 / log64FlushF64(d))
	t := math.FMA(-d, r, 1)
	return math.FMA(math.FMA(t, t, t), r, r)
}

var (
	log64Coeffs = []uint64{0x3EB1380B3AE80F1E, 0x3ED0EE258B7A8B04, 0x3EF3B2669F02676F, 0x3F1745CBA9AB0956,
		0x3F3C71C72D1B5154, 0x3F624924923BE72D, 0x3F8999999999A3C4, 0x3FB5555555555554}
	log1p64Coeffs = []uint64{0x3EB372FB2FBE14B5, 0x3ED087FFCEB2DC44, 0x3EF3B9FF890F468C, 0x3F17457EFD51BAF8,
		0x3F3C71C8DE3CE825, 0x3F6249248FA4661F, 0x3F899999999D70C4, 0x3FB5555555555462}
	erfc64Coeffs = []uint64{0xBDF8774AD4E0BFD7, 0xBE44E1C6FD03D328, 0xBE4330149F7A56B6, 0x3E7BEDDED8376273,
		0x3E6F9254C3ABF22B, 0xBEAB9068C2148CF0, 0x3E94C6454DB34009, 0x3ED7F1C378F2311D, 0xBEE78E051C6D5C58,
		0xBEF995B4EAD14A90, 0x3F23BE27CF0A29B2, 0xBF2A1DEF3E81672E, 0xBF48D4ABE68C1713, 0x3F749C67210DD6B4,
		0xBF9096238568E357, 0x3FA3079EDF8C2DC9, 0xBFB0FB06DFF601FC, 0x3FB7FEE004DFBCDC, 0xBFB9DDB23C3DB8C6,
		0x3FB16ECEFCFA5FDA, 0x3F8F7F5DF66FB6D6, 0xBFC1DF1AD154A29D, 0x3FF3BA5916E9FD7F}
	erfc64ExpCoeffs = []uint64{0x3E5ADE1569CE2BDF, 0x3E928AF3FCA213EA, 0x3EC71DEE62401315, 0x3EFA01997C89EB71,
		0x3F2A01A014761F65, 0x3F56C16C1852B7AF, 0x3F81111111122322, 0x3FA55555555502A1, 0x3FC5555555555511,
		0x3FE000000000000B, 0x3FF0000000000000, 0x3FF0000000000000}
)

const (
	log64Ln2Hi = 0x3FE62E42FEFA39EF
	log64Ln2Lo = 0x3C7ABC9E3B39803F
)

func libdeviceLogF64(x float64) float64 {
	bias := int32(-1023)
	if int32(log64Hi(x)) < 0x100000 {
		x, bias = x*0x1p54, -1077
	}
	hi, lo := log64Hi(x), log64Lo(x)
	if int32(hi) <= 0 || int32(hi) >= 0x7FF00000 {
		if math.Float32frombits(hi) == 0 {
			return math.Inf(-1)
		}
		return math.FMA(x, math.Inf(1), math.Inf(1))
	}
	ex := bias + int32(hi>>20)
	mhi := hi&0x800FFFFF | 0x3FF00000
	if int32(mhi) > 0x3FF6A09E {
		mhi, ex = mhi-0x100000, ex+1
	}
	m := log64OfWords(lo, mhi)
	f := m - 1
	r := log64Reciprocal(m + 1)
	q := f * r
	s := math.FMA(f, r, q) // q + q, fused
	s2 := s * s
	p := log64Poly(log64Coeffs, s2)
	err := r * math.FMA(-s, f, 2*(f-s))
	tail := math.FMA(p*s2, s, err)
	ef := log64OfWords(uint32(ex)^0x80000000, 0x43300000) - log64OfWords(0x80000000, 0x43300000)
	ln2Hi, ln2Lo := math.Float64frombits(log64Ln2Hi), math.Float64frombits(log64Ln2Lo)
	head := math.FMA(ef, ln2Hi, s)
	lost := math.FMA(-ef, ln2Hi, head) - s
	return head + math.FMA(ef, ln2Lo, tail-lost)
}

func libdeviceLog2F64(x float64) float64 {
	q := libdeviceLogF64(x)
	return math.FMA(q, math.Float64frombits(0x3FF71547652B82FE), q*math.Float64frombits(0x3C7777D0FFDA0D24))
}

func libdeviceLog10F64(x float64) float64 {
	q := libdeviceLogF64(x)
	return math.FMA(q, math.Float64frombits(0x3FDBCB7B1526E50E), q*math.Float64frombits(0x3C695355BAAAFAD3))
}

func libdeviceLog1pF64(x float64) float64 {
	h := math.Float32frombits(log64Hi(x))
	if h < math.Float32frombits(0x3FE55555) && h > math.Float32frombits(0xBFD99999) {
		q := x / (x + 2)
		t := -x * q
		u := math.FMA(-x, q, x) // x + t, fused
		u2 := u * u
		p := log64Poly(log1p64Coeffs, u2)
		return math.FMA(p*u2, u, t) + x
	}
	return libdeviceLogF64(x + 1)
}

func libdeviceErfcF64(x float64) float64 {
	hi, lo := log64Hi(x), log64Lo(x)
	ahi := hi & 0x7FFFFFFF
	negative := int32(hi) < 0
	if ahi >= 0x7FF00000 {
		switch {
		case ahi == 0x7FF00000 && lo == 0 && negative:
			return 2
		case ahi == 0x7FF00000 && lo == 0:
			return 0
		}
		return x + x
	}
	a := log64OfWords(lo, ahi)
	r := log64Reciprocal(a + 4)
	z := (a - 4) * r
	res := math.FMA(-z, a, math.FMA(-4, z+1, a))
	z = math.FMA(r, res, z)
	p := log64Poly(erfc64Coeffs, z)
	rd := log64Reciprocal(math.FMA(2, a, 1))
	q := p * rd
	qres := math.FMA(a, -2*q, p) - q
	ga := math.FMA(qres, rd, q)
	sq := -a * a
	shifted := math.FMA(sq, math.Float64frombits(0x3FF71547652B82FE), math.Float64frombits(0x4338000000000000))
	k := int32(log64Lo(shifted))
	kf := shifted + math.Float64frombits(0xC338000000000000)
	red := math.FMA(kf, math.Float64frombits(0xBFE62E42FEFA39EF), sq)
	red = math.FMA(kf, math.Float64frombits(0xBC7ABC9E3B39803F), red)
	ep := log64Poly(erfc64ExpCoeffs, red)
	half := k / 2
	scaled := log64OfWords(log64Lo(ep), log64Hi(ep)+uint32(half<<20))
	other := log64OfWords(0, uint32(0x3FF00000+(k-half)<<20))
	ex := scaled * other
	ex = math.FMA(ex, math.FMA(-a, a, -sq), ex)
	t := ga * ex
	if ahi > 0x403B4000 {
		t = 0
	}
	if negative {
		return 2 - t
	}
	return t
}

// log64Inputs: specials, subnormals of both signs (the tiniest negative
// ones, whose scaled high word reads as a subnormal f32), the edges of
// the reduction (m near sqrt(2), at many scales) and of log1p's series interval, values
// near 0, 1 and -1, and random values over the whole exponent range.
func log64Inputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(), 1, -1, 2, 10, 0.5,
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p-1022,
		0x1p-1070, -0x1p-1070, -0x1p-1060, 0x0.fffffffffffffp-1022, -0x1p-1022, math.Sqrt2, math.Nextafter(math.Sqrt2, 0),
		math.Sqrt2 / 2, log64OfWords(0xFFFFFFFF, 0x3FF6A09E), log64OfWords(0, 0x3FF6A09F), 1 + 0x1p-52, 1 - 0x1p-53,
		2.0 / 3, math.Nextafter(2.0/3, 0), math.Nextafter(2.0/3, 1), -0.4, -0.39999, log64OfWords(0, 0xBFD99999),
		log64OfWords(0xFFFFFFFF, 0xBFD99999), log64OfWords(0, 0x3FE55555), log64OfWords(0xFFFFFFFF, 0x3FE55554),
		-1 + 0x1p-53, -1 + 0x1p-30, -math.Nextafter(1, 2), 1e-300, -1e-300, 1e-20, -1e-20, 0x1p-30, 1e300, 9.0e15}
	rng := rand.New(rand.NewSource(64))
	for len(x) < n {
		switch len(x) % 5 {
		case 0: // any finite f64
			b := rng.Uint64()
			if b>>52&0x7FF == 0x7FF {
				continue
			}
			x = append(x, math.Float64frombits(b))
		case 1: // near 1
			x = append(x, 1+(rng.Float64()-0.5)*0x1p-4)
		case 2: // log1p's series interval and a little beyond
			x = append(x, rng.Float64()*1.2-0.5)
		case 3: // mantissas either side of sqrt(2), where the reduction halves m
			x = append(x, math.Ldexp(math.Sqrt2+(rng.Float64()-0.5)*0x1p-10, rng.Intn(200)-100))
		default: // near -1 and near 0, at every scale
			x = append(x, -1+math.Ldexp(rng.Float64(), -rng.Intn(60)), math.Ldexp(rng.Float64()-0.5, -rng.Intn(1080)))
		}
	}
	return x[:n]
}

// TestLibdeviceLogF64Sim: on sm_90, __nv_log, __nv_log2, __nv_log10 and
// __nv_log1p lowered and run in the simulator give the model's bits on
// every input, and the model is within libdevice's 1 ulp of the
// correctly rounded value for each.
func TestLibdeviceLogF64Sim(t *testing.T) {
	x := log64Inputs(4096)
	syms := []string{"__nv_log", "__nv_log2", "__nv_log10", "__nv_log1p"}
	models := []func(float64) float64{libdeviceLogF64, libdeviceLog2F64, libdeviceLog10F64, libdeviceLog1pF64}
	exact := []func(float64) float64{bigLog, bigLog2, bigLog10, bigLog1p}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	for k, sym := range syms {
		checkLibdeviceF64Model(t, sym, res.sim[k], func(i int) float64 { return models[k](x[i]) }, func(i int) float64 { return exact[k](x[i]) }, 1)
	}
}

// TestLibdeviceErfcF64Sim: on sm_90, __nv_erfc lowered and run in the
// simulator gives the model's bits on every input (specials, the
// subnormal results before 27.25, 0 beyond, negative arguments), and the
// model is within libdevice's 4 ulps of the correctly rounded value.
func TestLibdeviceErfcF64Sim(t *testing.T) {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e-300, -1e-300,
		math.SmallestNonzeroFloat64, 0.5, -0.5, 1, 4, -4, 6, -6, 10, 26, 26.5, 27, 27.2, 27.25,
		math.Nextafter(27.25, 0), math.Nextafter(27.25, 28), 27.3, 28, 1e10, math.MaxFloat64, -math.MaxFloat64, -30}
	rng := rand.New(rand.NewSource(65))
	for len(x) < 1024 {
		switch len(x) % 3 {
		case 0:
			x = append(x, rng.Float64()*34-6)
		case 1: // the subnormal results
			x = append(x, 26+rng.Float64()*1.5)
		default:
			x = append(x, math.Ldexp(rng.Float64()-0.5, -rng.Intn(60)))
		}
	}
	res := externCase{args: []string{"f64"}, res: "f64", syms: []string{"__nv_erfc"}}.run(t, sm90, [][]float64{x})
	checkLibdeviceF64Model(t, "__nv_erfc", res.sim[0], func(i int) float64 { return libdeviceErfcF64(x[i]) }, func(i int) float64 { return bigErfc(x[i]) }, 4)
}
