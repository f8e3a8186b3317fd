package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// Models of libdevice's __nv_asinh, __nv_acosh and __nv_atanh, transcribed
// from its code in plain Go float64 arithmetic (math.FMA for fma.rn.d,
// explicit conversions keeping Go from fusing a product into a sum), its
// high and low words as d2i.hi, d2i.lo and lohi.i2d take them, and
// rcp.approx and rsqrt.approx as the simulator takes them: the exact value,
// rounded. A plain fmul feeding a plain fadd in the same block is one fma,
// as LLVM contracts it under Triton's fp fusion (and tt's contractFMA).

func ahyp64Hi(x float64) int32  { return int32(math.Float64bits(x) >> 32) }
func ahyp64Lo(x float64) uint32 { return uint32(math.Float64bits(x)) }

func ahyp64LoHi(lo uint32, hi int32) float64 {
	return math.Float64frombits(uint64(uint32(hi))<<32 | uint64(lo))
}

// ahyp64HiF32 is x's high word read as an f32.
func ahyp64HiF32(x float64) float32 { return math.Float32frombits(uint32(ahyp64Hi(x))) }

// ahyp64Horner is fma.rn.d's Horner chain of coefficient bits listed
// highest power first.
func ahyp64Horner(bits []uint64, x float64) float64 {
	p := math.Float64frombits(bits[0])
	for _, b := range bits[1:] {
		p = math.FMA(p, x, math.Float64frombits(b))
	}
	return p
}

const ahyp64ModelLn2Hi, ahyp64ModelLn2Lo = 0x3FE62E42FEFA39EF, 0x3C7ABC9E3B39803F

// libdeviceLogF64Model is __nv_log as libdevice's inverse hyperbolics
// inline it.
func libdeviceLogF64Model(a float64) float64 {
	hi, lo, e := ahyp64Hi(a), ahyp64Lo(a), int32(-1023)
	if hi < 0x100000 {
		a = float64(a * 0x1p54)
		hi, lo, e = ahyp64Hi(a), ahyp64Lo(a), e-54
	}
	if hi <= 0 || hi >= 0x7FF00000 {
		if ahyp64HiF32(a) == 0 {
			return math.Inf(-1)
		}
		return math.FMA(a, math.Inf(1), math.Inf(1))
	}
	e += int32(uint32(hi) >> 20)
	mhi := hi&-2146435073 | 1072693248
	m := ahyp64LoHi(lo, mhi)
	if mhi > 1073127582 {
		m = ahyp64LoHi(ahyp64Lo(m), ahyp64Hi(m)-1<<20)
		e++
	}
	f, s := m-1, m+1
	r := 1 / s // rcp.approx.ftz.d
	d := math.FMA(-s, r, 1)
	d = math.FMA(d, d, d)
	r = math.FMA(d, r, r)
	u := math.FMA(f, r, float64(f*r)) // f r + f r, contracted
	v := float64(u * u)
	p := ahyp64Horner([]uint64{0x3EB1380B3AE80F1E, 0x3ED0EE258B7A8B04, 0x3EF3B2669F02676F, 0x3F1745CBA9AB0956,
		0x3F3C71C72D1B5154, 0x3F624924923BE72D, 0x3F8999999999A3C4, 0x3FB5555555555554}, v)
	corr := float64(r * math.FMA(-u, f, float64(2*(f-u))))
	q := math.FMA(float64(p*v), u, corr)
	ef := ahyp64LoHi(uint32(e)^0x80000000, 0x43300000) - ahyp64LoHi(0x80000000, 0x43300000)
	ln2Hi := math.Float64frombits(ahyp64ModelLn2Hi)
	h := math.FMA(ef, ln2Hi, u)
	lost := math.FMA(-ef, ln2Hi, h) - u
	return h + math.FMA(ef, math.Float64frombits(ahyp64ModelLn2Lo), q-lost)
}

// libdeviceLog1pF64Model is __nv_log1p as they inline it.
func libdeviceLog1pF64Model(y float64) float64 {
	hf := ahyp64HiF32(y)
	if hf < math.Float32frombits(1071994197) && hf > math.Float32frombits(uint32(0xBFD99999)) {
		q := y / (y + 2)
		yq := float64(-y * q)
		s := math.FMA(-y, q, y) // y + yq, contracted
		s2 := float64(s * s)
		p := ahyp64Horner([]uint64{0x3EB372FB2FBE14B5, 0x3ED087FFCEB2DC44, 0x3EF3B9FF890F468C, 0x3F17457EFD51BAF8,
			0x3F3C71C8DE3CE825, 0x3F6249248FA4661F, 0x3F899999999D70C4, 0x3FB5555555555462}, s2)
		return math.FMA(float64(p*s2), s, yq) + y
	}
	return libdeviceLogF64Model(y + 1)
}

// libdeviceSqrtF64Model is the square root of __nv_asinh and __nv_acosh:
// rsqrt.approx.ftz.f64 and Newton steps.
func libdeviceSqrtF64Model(s float64) float64 {
	r := 1 / math.Sqrt(s)
	h := ahyp64LoHi(ahyp64Lo(r), ahyp64Hi(r)-1<<20)
	g := float64(s * r)
	g = math.FMA(math.FMA(g, -g, s), h, g)
	h = math.FMA(math.FMA(r, -g, 1), h, h)
	return math.FMA(math.FMA(g, -g, s), h, g)
}

// ahyp64OrSign is r with x's sign bit or'ed into its high word.
func ahyp64OrSign(r, x float64) float64 {
	return ahyp64LoHi(ahyp64Lo(r), ahyp64Hi(r)|ahyp64Hi(x)&math.MinInt32)
}

func libdeviceAsinhModel(x float64) float64 {
	hi := ahyp64Hi(x) & 0x7FFFFFFF
	a := ahyp64LoHi(ahyp64Lo(x), hi)
	var t float64
	if hi >= 1138753536 {
		t = math.Float64frombits(ahyp64ModelLn2Hi) + libdeviceLogF64Model(a)
	} else {
		x2 := float64(x * x) // mul.rn.d
		root := libdeviceSqrtF64Model(math.FMA(x, x, 1))
		t = libdeviceLog1pF64Model(a + x2/(1+root))
	}
	return ahyp64OrSign(t, x)
}

func libdeviceAcoshModel(x float64) float64 {
	t := x - 1
	if uint32(ahyp64Hi(t)) >= 1127219200 {
		return math.Float64frombits(ahyp64ModelLn2Hi) + libdeviceLogF64Model(t)
	}
	r := libdeviceLog1pF64Model(t + libdeviceSqrtF64Model(math.FMA(x, t, t)))
	if ahyp64Hi(t) == 0 {
		return t
	}
	return r
}

func libdeviceAtanhModel(x float64) float64 {
	a := math.Abs(x)
	return ahyp64OrSign(0.5*libdeviceLog1pF64Model(float64(2*a)/(1-a)), x)
}

// ahyp64Inputs: hyperInputs, the three functions' branch edges (asinh's
// 2^63, acosh's t = x - 1 at 2^52, log1p's polynomial range end near y =
// 0.67: y is never below 0 but for atanh's |x| > 1, far below -0.4),
// values near 1 and 0, subnormals, and random values over the exponent
// range.
func ahyp64Inputs(n int) []float64 {
	x := hyperInputs(n / 2)
	x = append(x, 0x1p63, math.Nextafter(0x1p63, 0), -0x1p63, 0x1p52+1, 0x1p52+2, 0x1p52, 0x1p53, 1+0x1p-52,
		1+0x1p-51, 0.25, -0.25, 0.5333, 1.1333, 1.0000001, 0.9999999, -1-0x1p-52, 5e-324, -5e-324, 0x1p-1022,
		-0x1p-1023, 0x1p-600, math.Sqrt2, math.Sqrt2-1, 1e154, 1e155, 1.5e308, -1e18, 0x1p27, 3)
	r := rand.New(rand.NewSource(23))
	jitter := func(c, w float64) float64 { return c + (r.Float64()*2-1)*w }
	for len(x) < n {
		switch len(x) % 8 {
		case 0:
			x = append(x, jitter(0.5333, 0.02), -jitter(0.5333, 0.02)) // asinh's y near 0.67
		case 1:
			x = append(x, jitter(1.1333, 0.02), jitter(1.9, 1)) // acosh's
		case 2:
			x = append(x, jitter(0.25, 0.01), -jitter(0.25, 0.01)) // atanh's
		case 3:
			x = append(x, 1+r.Float64()*0x1p-20, 1-r.Float64()*0x1p-20)
		case 4:
			x = append(x, jitter(0x1p63, 0x1p60), jitter(0x1p52, 0x1p50))
		case 5:
			x = append(x, math.Copysign(math.Exp2((r.Float64()*2-1)*1074), r.Float64()-0.5))
		case 6:
			x = append(x, r.Float64()*2-1, (r.Float64()*2-1)*0x1p-30)
		default:
			x = append(x, r.NormFloat64()*100)
		}
	}
	return x[:n]
}

// TestLibdeviceAhypF64Sim: __nv_asinh, __nv_acosh and __nv_atanh on NVIDIA,
// lowered and run in the simulator, give the models' bits on every input,
// and the models are within libdevice's documented bounds (asinh 3 ulps,
// acosh 3, atanh 2) of the correctly rounded value where that is normal.
func TestLibdeviceAhypF64Sim(t *testing.T) {
	x := ahyp64Inputs(4096)
	syms := []string{"__nv_asinh", "__nv_acosh", "__nv_atanh"}
	exact := []func(float64) float64{bigHyper["asinh"], bigHyper["acosh"], bigHyper["atanh"]}
	models := []func(float64) float64{libdeviceAsinhModel, libdeviceAcoshModel, libdeviceAtanhModel}
	bounds := []float64{3, 3, 2}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, syms, models, exact, bounds)
}
