package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// A Go model of libdevice's __nv_exp, __nv_exp2, __nv_exp10 and __nv_expm1,
// transcribed from their libdevice code: fma.rn.d as math.FMA, add.rn.d
// and the plain f64 operations as Go's, d2i.hi/d2i.lo and lohi.i2d as
// the words of the f64's bits. The range tests read the argument's high
// word as an f32 (fabs.ftz there: a flushed subnormal word compares as
// its zero would, so the model need not flush).

const (
	exp64ModelMagic = 0x1.8p52
	exp64ModelLog2e = 0x1.71547652b82fep0
)

var (
	exp64ModelLn2Hi = math.Float64frombits(0x3FE62E42FEFA39EF)
	exp64ModelLn2Lo = math.Float64frombits(0x3C7ABC9E3B39803F)
)

// exp64ModelWords are x's high and low words.
func exp64ModelWords(x float64) (hi, lo uint32) {
	b := math.Float64bits(x)
	return uint32(b >> 32), uint32(b)
}

func exp64ModelOfWords(hi, lo uint32) float64 {
	return math.Float64frombits(uint64(hi)<<32 | uint64(lo))
}

// exp64ModelHiBelow is |x's high word as an f32| < the f32 of limit.
func exp64ModelHiBelow(x float64, limit uint32) bool {
	hi, _ := exp64ModelWords(x)
	return float32(math.Abs(float64(math.Float32frombits(hi)))) < math.Float32frombits(limit)
}

// exp64ModelReduce is k (from the low word) and r with x = k step + r.
func exp64ModelReduce(x, invStep, stepHi, stepLo float64) (int32, float64) {
	t := math.FMA(x, invStep, exp64ModelMagic)
	_, k := exp64ModelWords(t)
	kf := t - exp64ModelMagic
	r := math.FMA(kf, -stepHi, x)
	return int32(k), math.FMA(kf, -stepLo, r)
}

func exp64ModelPoly(r float64) float64 {
	p := math.Float64frombits(0x3E5ADE1569CE2BDF)
	for _, c := range []uint64{0x3E928AF3FCA213EA, 0x3EC71DEE62401315, 0x3EFA01997C89EB71, 0x3F2A01A014761F65,
		0x3F56C16C1852B7AF, 0x3F81111111122322, 0x3FA55555555502A1, 0x3FC5555555555511, 0x3FE000000000000B} {
		p = math.FMA(p, r, math.Float64frombits(c))
	}
	return math.FMA(math.FMA(p, r, 1), r, 1)
}

// exp64ModelScale is p 2^k through p's high word.
func exp64ModelScale(p float64, k int32) float64 {
	hi, lo := exp64ModelWords(p)
	return exp64ModelOfWords(hi+uint32(k)<<20, lo)
}

func exp64ModelScaleInTwo(p float64, k int32) float64 {
	h := k / 2
	return exp64ModelScale(p, h) * exp64ModelOfWords(uint32(k-h)<<20+0x3FF00000, 0)
}

func libdeviceExp64(a float64) float64 {
	k, r := exp64ModelReduce(a, exp64ModelLog2e, exp64ModelLn2Hi, exp64ModelLn2Lo)
	p := exp64ModelPoly(r)
	if exp64ModelHiBelow(a, 0x4086232B) {
		return exp64ModelScale(p, k)
	}
	if exp64ModelHiBelow(a, 0x40874800) {
		return exp64ModelScaleInTwo(p, k)
	}
	if a < 0 {
		return 0
	}
	return a + math.Inf(1)
}

// libdeviceExp2F64: k = rint(a) as the low word of a + 1.5 2^52 (add.rn),
// f = a - k, r = fma(f, ln2Hi, f ln2Lo), then as libdeviceExp64 with the
// limits 1024 and 1079; beyond, NaN as a + a, 0 for a negative high
// word, +inf otherwise.
func libdeviceExp2F64(a float64) float64 {
	t := a + exp64ModelMagic
	_, k := exp64ModelWords(t)
	f := a - (t - exp64ModelMagic)
	p := exp64ModelPoly(math.FMA(f, exp64ModelLn2Hi, f*exp64ModelLn2Lo))
	if exp64ModelHiBelow(a, 0x40900000) {
		return exp64ModelScale(p, int32(k))
	}
	if exp64ModelHiBelow(a, 0x4090DC00) {
		return exp64ModelScaleInTwo(p, int32(k))
	}
	if !(math.Abs(a) <= math.Inf(1)) {
		return a + a
	}
	if hi, _ := exp64ModelWords(a); int32(hi) < 0 {
		return 0
	}
	return math.Inf(1)
}

func libdeviceExp1064(a float64) float64 {
	k, r := exp64ModelReduce(a, math.Float64frombits(0x400A934F0979A371),
		-math.Float64frombits(0xBFD34413509F79FF), -math.Float64frombits(0x3C49DC1DA994FD21))
	r = math.FMA(r, math.Float64frombits(0x40026BB1BBB55516), r*math.Float64frombits(0xBCAF48AD494EA3E9))
	p := exp64ModelPoly(r)
	if exp64ModelHiBelow(a, 0x40733A71) {
		return exp64ModelScale(p, k)
	}
	if exp64ModelHiBelow(a, 0x407439B8) {
		return exp64ModelScaleInTwo(p, k)
	}
	if math.IsNaN(a) {
		return a + a
	}
	if hi, _ := exp64ModelWords(a); int32(hi) < 0 {
		return 0
	}
	return math.Inf(1)
}

func libdeviceExpm164(a float64) float64 {
	hi, _ := exp64ModelWords(a)
	hf := math.Float32frombits(hi)
	if !(hf < math.Float32frombits(0x40862E43) && hf > math.Float32frombits(0xC04A8000)) {
		switch {
		case math.IsNaN(a):
			return a + a
		case int32(hi) < 0:
			return -1
		}
		return math.Inf(1)
	}
	k, r := exp64ModelReduce(a, exp64ModelLog2e, exp64ModelLn2Hi, exp64ModelLn2Lo)
	if hi+hi < 0x7FB3E647 {
		k, r = 0, a
	}
	p := math.Float64frombits(0x3E21F4076ACD15B6)
	for _, c := range []uint64{0x3E5AF86D8EBD13CD, 0x3E927E5092BA033D, 0x3EC71DDE6C5F9DA1, 0x3EFA01A018D034E6,
		0x3F2A01A01B3B6940, 0x3F56C16C16C1B5DD, 0x3F8111111110F74D, 0x3FA555555555554D, 0x3FC5555555555557, 0x3FE0000000000000} {
		p = math.FMA(p, r, math.Float64frombits(c))
	}
	em := math.FMA(p*r, r, r)
	j := k
	if k == 1024 {
		j--
	}
	pow := exp64ModelOfWords(uint32(j)<<20+0x3FF00000, 0)
	res := math.FMA(em, pow, pow-1)
	if k == 1024 {
		res += res
	}
	if hi+hi == 0 {
		return r
	}
	return res
}

// exp64HiWordLimits are the high words libdevice's range tests compare
// with (as f32 values, so also their negations), expm1's small-argument
// limit halved.
var exp64HiWordLimits = []uint32{0x4086232B, 0x40874800, 0x40733A71, 0x407439B8, 0x40862E43, 0x404A8000, 0x3FD9F323}

// exp64Inputs are the specials, subnormals, the extremes, each function's
// range edges (direct and two-factor scaling, overflow, underflow, the
// small-argument path of expm1, k = 1024), and random values over the
// functions' ranges and the whole exponent range: n of them.
func exp64Inputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), 1, -1, 2, 10, 0.5, 1e-300, -1e-300, 1e-20, -1e-20, math.MaxFloat64,
		-math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p-1022, 0x1.fffffffffffffp-1023,
		-0x1p-1030, 0x1p-1043, math.Inf(1), math.Inf(-1), math.NaN(), math.Float64frombits(0xFFF8000000000001),
		709.43, 709.44, 709.78, 709.7827128933840, 709.79, 710, -708.39, -708.4, -744.44, -745, -745.13, -745.2,
		307.65, 307.66, 308.25, 308.26, -307.65, -307.66, -323.3, -323.6, -323.7, -324, 1e10, -1e10, 1e300, -1e300}
	r := rand.New(rand.NewSource(17))
	for _, limit := range exp64HiWordLimits {
		for _, hi := range []uint32{limit - 1, limit, limit + 1} {
			for _, lo := range []uint32{0, 1, r.Uint32(), 0xFFFFFFFF} {
				v := math.Float64frombits(uint64(hi)<<32 | uint64(lo))
				x = append(x, v, -v)
			}
		}
	}
	for len(x) < n/2 {
		x = append(x, r.NormFloat64()*4, (r.Float64()*2-1)*760, (r.Float64()*2-1)*330, r.NormFloat64()*0.3,
			(r.Float64()*2-1)*60)
	}
	for len(x) < n {
		v := math.Float64frombits(r.Uint64())
		if !math.IsNaN(v) {
			x = append(x, v)
		}
	}
	return x[:n]
}

// TestLibdeviceExpF64Sim: __nv_exp, __nv_exp10 and __nv_expm1 on NVIDIA,
// lowered and run in the simulator, give the model's bits for every input,
// and the model is within libdevice's documented bound (1 ulp each) of the
// correctly rounded value where that is normal.
func TestLibdeviceExpF64Sim(t *testing.T) {
	x := exp64Inputs(8192)
	syms := []string{"__nv_exp", "__nv_exp10", "__nv_expm1"}
	models := []func(float64) float64{libdeviceExp64, libdeviceExp1064, libdeviceExpm164}
	exact := []func(float64) float64{bigExp, bigExp10, bigExpm1}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, syms, models, exact, []float64{1, 1, 1})
}

// exp2F64Inputs are the specials, the edges of __nv_exp2's paths (the
// high words of 1024 and 1079 and their neighbours, either sign), the
// results through the subnormals to underflow (-1022 to -1076), halves
// (where rint rounds to even), and random values over the range and
// over every exponent: n of them.
func exp2F64Inputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 1023, 1023.5, 1024, -1022, -1022.5,
		-1023, -1074, -1074.5, -1075, -1075.5, -1076, 1078.9, 1079, -1079, 1e-300, -1e-300, 0x1p-1074, -0x1p-1074,
		0x1p51, 0x1p52, 0x1p53, -0x1p52, math.MaxFloat64, -math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(),
		math.Float64frombits(0xFFF8000000000001)}
	r := rand.New(rand.NewSource(18))
	for _, hi := range []uint32{0x40900000, 0x4090DC00} {
		for _, h := range []uint32{hi - 1, hi, hi + 1} {
			for _, lo := range []uint32{0, 1, r.Uint32(), 0xFFFFFFFF} {
				v := math.Float64frombits(uint64(h)<<32 | uint64(lo))
				x = append(x, v, -v)
			}
		}
	}
	for len(x) < n/2 {
		x = append(x, (r.Float64()*2-1)*1100, -1022-r.Float64()*54, r.NormFloat64()*4,
			math.Round(r.NormFloat64()*200)+0.5)
	}
	for len(x) < n {
		x = append(x, math.Float64frombits(r.Uint64()))
	}
	return x[:n]
}

// TestLibdeviceExp2F64Sim: __nv_exp2 on NVIDIA, lowered and run in the
// simulator, gives the model's bits for every input, and the model is
// within 1 ulp (libdevice's documented bound) of the correctly rounded
// value where that is normal.
func TestLibdeviceExp2F64Sim(t *testing.T) {
	x := exp2F64Inputs(4096)
	res := externCase{args: []string{"f64"}, res: "f64", syms: []string{"__nv_exp2"}}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, []string{"__nv_exp2"}, []func(float64) float64{libdeviceExp2F64},
		[]func(float64) float64{bigExp2}, []float64{1})
}
