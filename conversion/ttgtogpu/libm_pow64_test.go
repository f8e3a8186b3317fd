package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// Models of libdevice's f64 __nv_pow and __nv_hypot (libm_pow64.go),
// transcribed from libdevice's code in plain Go float64 arithmetic:
// math.FMA for fma.rn.d and for a product that LLVM (and contractFMA)
// fuses into the sum it feeds; rcp.approx.ftz.d and rsqrt.approx.ftz.d as
// the simulator takes them (1/x and 1/sqrt(x) rounded, subnormals
// flushed). __nv_pow's exponential is __nv_exp's code (libdeviceExpF64Model
// below, after libm_exp64.go).

func pow64Hi(x float64) uint32 { return uint32(math.Float64bits(x) >> 32) }

func pow64Lo(x float64) uint32 { return uint32(math.Float64bits(x)) }

func pow64OfWords(lo, hi uint32) float64 { return math.Float64frombits(uint64(hi)<<32 | uint64(lo)) }

func pow64Const(bits uint64) float64 { return math.Float64frombits(bits) }

// pow64Flush is a subnormal f64 flushed to a zero of its sign.
func pow64Flush(x float64) float64 {
	if math.Abs(x) < 0x1p-1022 {
		return math.Copysign(0, x)
	}
	return x
}

// pow64TwoSum is Fast2Sum: a + b and its rounding error, for |a| >= |b|.
func pow64TwoSum(a, b float64) (hi, lo float64) {
	hi = a + b
	return hi, a - hi + b
}

// pow64Exp is __nv_exp's code (as libm_exp64.go emits it).
func pow64Exp(x float64) float64 {
	shifted := math.FMA(x, pow64Const(0x3FF71547652B82FE), pow64Const(0x4338000000000000))
	k := int32(pow64Lo(shifted))
	kf := shifted - pow64Const(0x4338000000000000)
	r := math.FMA(kf, pow64Const(0xBFE62E42FEFA39EF), x)
	r = math.FMA(kf, pow64Const(0xBC7ABC9E3B39803F), r)
	coeffs := []uint64{0x3E5ADE1569CE2BDF, 0x3E928AF3FCA213EA, 0x3EC71DEE62401315, 0x3EFA01997C89EB71,
		0x3F2A01A014761F65, 0x3F56C16C1852B7AF, 0x3F81111111122322, 0x3FA55555555502A1,
		0x3FC5555555555511, 0x3FE000000000000B, 0x3FF0000000000000, 0x3FF0000000000000}
	p := pow64Const(coeffs[0])
	for _, c := range coeffs[1:] {
		p = math.FMA(p, r, pow64Const(c))
	}
	scale := func(p float64, k int32) float64 { return pow64OfWords(pow64Lo(p), pow64Hi(p)+uint32(k)<<20) }
	hiAbs := math.Abs(float64(math.Float32frombits(pow64Hi(x))))
	if hiAbs < float64(math.Float32frombits(0x4086232B)) {
		return scale(p, k)
	}
	if hiAbs < float64(math.Float32frombits(0x40874800)) {
		h := k / 2
		return scale(p, h) * pow64OfWords(0, uint32((k-h)<<20+0x3FF00000))
	}
	if x < 0 {
		return 0
	}
	return x + math.Inf(1)
}

// libdevicePowAbsF64 is __internal_accurate_pow(|a|, b): the double-double
// logarithm, times b, exponentiated.
func libdevicePowAbsF64(a, b float64) float64 {
	hi, lo := pow64Hi(a), pow64Lo(a)
	expo := int32(hi >> 20)
	if expo == 0 {
		s := a * 0x1p54
		hi, lo = pow64Hi(s), pow64Lo(s)
		expo = int32(hi>>20) - 54
	}
	ex := expo - 1023
	mhi := hi&0x800FFFFF | 0x3FF00000
	if mhi > 0x3FF6A09E {
		mhi, ex = mhi-0x100000, ex+1
	}
	m := pow64OfWords(lo, mhi)
	f := m - 1
	d := m + 1
	r := pow64Flush(1 / pow64Flush(d))
	t := math.FMA(-d, r, 1)
	r = math.FMA(math.FMA(t, t, t), r, r)
	q := f * r
	s := math.FMA(f, r, q) // q + q, fused
	s2 := s * s
	p := pow64Const(0x3EB0F5FF7D2CAFE2)
	for _, c := range []uint64{0x3ED0F5D241AD3B5A, 0x3EF3B20A75488A3F, 0x3F1745CDE4FAECD5,
		0x3F3C71C7258A578B, 0x3F6249249242B910, 0x3F89999999999DFB} {
		p = math.FMA(p, s2, pow64Const(c))
	}
	sErrNum := math.FMA(-s, f, 2*(f-s)) // (2(f - s) - s f): s's rounding error times m + 1
	sErr := r * sErrNum
	twelfth := pow64Const(0x3FB5555555555555)
	top := math.FMA(p, s2, twelfth)         // 1/12 + p s2, fused
	cLo := math.FMA(p, s2, twelfth-top) + 0 // fused
	cHi, cLo := pow64TwoSum(top, cLo+pow64Const(0xBC46A4CB00B9E7B0))
	sq := s * s
	sqErr := math.FMA(s, s, -sq)
	sqLo := math.FMA(s, pow64OfWords(pow64Lo(sErr), pow64Hi(sErr)+0x100000), sqErr)
	cube := sq * s
	cubeLo := math.FMA(sqLo, s, math.FMA(sq, sErr, math.FMA(sq, s, -cube)))
	tt := cHi * cube
	tLo := math.FMA(cLo, cube, math.FMA(cHi, cubeLo, math.FMA(cHi, cube, -tt)))
	tHi, tLo := pow64TwoSum(tt, tLo)
	u := s + tHi
	uLo := math.FMA(r, sErrNum, s-u+tHi+tLo) // + sErr, fused
	lnHi, lnLo := pow64TwoSum(u, uLo)
	ef := pow64OfWords(uint32(ex)^0x80000000, 0x43300000) - pow64OfWords(0x80000000, 0x43300000)
	ln2Hi, ln2Lo := pow64Const(0x3FE62E42FEFA39EF), pow64Const(0x3C7ABC9E3B39803F)
	head := math.FMA(ef, ln2Hi, lnHi)
	lost := math.FMA(-ef, ln2Hi, head) - lnHi
	logHi, logLo := pow64TwoSum(head, math.FMA(ef, ln2Lo, lnLo-lost))

	bhi := pow64Hi(b)
	if bhi+bhi >= 0xFE000000 {
		bhi &= 0xFF0FFFFF
	}
	bs := pow64OfWords(pow64Lo(b), bhi)
	prod := logHi * bs
	prodErr := math.FMA(logLo, bs, math.FMA(logHi, bs, -prod))
	eh, el := pow64TwoSum(prod, prodErr)
	z := pow64Exp(eh)
	if math.IsInf(z, 0) {
		return z
	}
	return math.FMA(z, el, z)
}

// libdevicePowF64 is __nv_pow.
func libdevicePowF64(a, b float64) float64 {
	ahi, bhi := int32(pow64Hi(a)), int32(pow64Hi(b))
	shift := uint32(int32(bhi&0x7FF00000)>>20 - 1023 + 11)
	odd := shift < 64 && math.Float64bits(b)<<shift == 1<<63
	t := libdevicePowAbsF64(math.Abs(a), b)
	if ahi < 0 && odd {
		t = -t
	}
	if a == 0 {
		if math.Abs(b) == 0.5 {
			odd = false
		}
		thi := uint32(0)
		if odd {
			thi = uint32(ahi)
		}
		if bhi < 0 {
			thi |= 0x7FF00000
		}
		t = pow64OfWords(0, thi)
	} else if ahi < 0 && b != math.Trunc(b) {
		t = pow64Const(0xFFF8000000000000)
	}
	if sum := a + b; pow64Hi(sum)&0x7FF00000 == 0x7FF00000 {
		switch {
		case math.IsNaN(a) || math.IsNaN(b):
			t = sum
		case math.IsInf(b, 0):
			thi := uint32(0)
			if math.Abs(a) > 1 {
				thi = 0x7FF00000
			}
			if bhi < 0 {
				thi ^= 0x7FF00000
			}
			if a == -1 {
				thi = 0x3FF00000
			}
			t = pow64OfWords(0, thi)
		case math.IsInf(a, 0):
			thi := uint32(0)
			if bhi >= 0 {
				thi = 0x7FF00000
			}
			if ahi < 0 && odd && uint32(bhi)&0x7FFFFFFF != 0x3FE00000 {
				thi ^= 0x80000000
			}
			t = pow64OfWords(0, thi)
		}
	}
	if a == 1 || b == 0 {
		return 1
	}
	return t
}

// libdeviceHypotF64 is __nv_hypot.
func libdeviceHypotF64(a, b float64) float64 {
	ab, bb := math.Float64bits(math.Abs(a)), math.Float64bits(math.Abs(b))
	small, large := math.Float64frombits(min(ab, bb)), math.Float64frombits(max(ab, bb))
	scaleHi := pow64Hi(large)&0xFFC00000 - 0x3FF00000 + 0x100000
	scale := pow64OfWords(0, 0x3FF00000-scaleHi)
	m, mm := small*scale, large*scale
	q := math.FMA(mm, mm, m*m)
	qc := q // minnum(q, the largest f64): NaN gives the largest too
	if !(qc <= math.MaxFloat64) {
		qc = math.MaxFloat64
	}
	r := pow64Flush(1 / math.Sqrt(pow64Flush(qc)))
	d := math.FMA(qc, -(r * r), 1)
	r = math.FMA(math.FMA(0.375, d, 0.5), d*r, r)
	res := q * r * pow64OfWords(0, scaleHi+0x3FF00000)
	if small == 0 {
		res = large
	}
	if pow64Hi(small) >= 0x7FF00000 {
		res = small
	}
	return res
}

// pow64EdgeInputs are pow's own edges: negative, zero and infinite bases
// with odd, even and non-integer exponents, exponents near and beyond
// 2^53 and 2^1009 (where libdevice scales b), subnormal bases, mantissas
// about libdevice's 1.5 split, and results at overflow and underflow.
func pow64EdgeInputs(r *rand.Rand) (xs, ys []float64) {
	add := func(x, y float64) { xs, ys = append(xs, x), append(ys, y) }
	bases := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), -1, 1, -2, -0.5, -3,
		math.NaN(), -math.NaN(), 5e-324, -5e-324, 0x1p-1060, 0x1.8p-1040, -0x1p-1074 * 3, math.MaxFloat64, -math.MaxFloat64,
		0x1.6A09E8p0, 0x1.6A09E4p0, 0x1.8p0, 0x1.7FFFFFFFFFFFFp0, 0x1.0000000000001p0, 0x1.FFFFFFFFFFFFFp-1, -0x1.0000000000001p0}
	exps := []float64{0, math.Copysign(0, -1), 1, -1, 2, -2, 3, -3, 0.5, -0.5, 1.5, -1.5, 0x1p52 + 1, 0x1p53, 0x1p53 + 2,
		0x1p52 - 1, 0x1p-11, 0x1p-12, 0x1.8p-11, 0x1p1009, -0x1p1009, 0x1.FFFFFp1008, 0x1p1023, math.MaxFloat64, -math.MaxFloat64,
		math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, -5e-324, 1025, -1075, 7, -7}
	for _, x := range bases {
		for _, y := range exps {
			add(x, y)
		}
	}
	for range 300 {
		// results near overflow, the subnormals and underflow to 0; x e
		// y near +-709.78, -708.4, -745.1 in the exponential's argument
		x := 1 + r.Float64()*50
		if r.Intn(3) == 0 {
			x = 1 / x
		}
		target := []float64{709.782712893384, -708.39641853226408, -745.1332191019411, 707, -740}[r.Intn(5)]
		add(x*[]float64{1, -1}[r.Intn(2)], math.Round(target/math.Log(x)*(1+(r.Float64()-0.5)*1e-6)*[]float64{1, 4096}[r.Intn(2)])/[]float64{1, 4096}[r.Intn(2)])
		// negative bases with non-integer and integer exponents
		add(-r.ExpFloat64()*4, r.NormFloat64()*30)
		add(-r.ExpFloat64()*4, math.Round(r.NormFloat64()*30))
		// subnormal bases
		add(math.Float64frombits(uint64(r.Int63n(1<<52))), r.NormFloat64()*0.3)
	}
	return xs, ys
}

// hypot64Inputs are pairs over the whole range, with ratios from 1 to
// beyond 2^60, subnormals, zeros, infinities and NaN, and sums of
// squares past the largest f64.
func hypot64Inputs(r *rand.Rand, n int) (xs, ys []float64) {
	add := func(x, y float64) { xs, ys = append(xs, x), append(ys, y) }
	special := []float64{0, math.Copysign(0, -1), 1, -1, 3, 4, math.Inf(1), math.Inf(-1), math.NaN(), 5e-324,
		0x1p-1022, 0x1.FFFFFFFFFFFFFp-1023, math.MaxFloat64, -math.MaxFloat64, 0x1p1023, 0x1p-600, 0x1p600}
	for _, x := range special {
		for _, y := range special {
			add(x, y)
		}
	}
	for len(xs) < n {
		e := r.Float64()*2090 - 1070
		x := math.Ldexp(1+r.Float64(), int(e))
		y := x * math.Exp2(r.NormFloat64()*[]float64{0.5, 8, 40}[r.Intn(3)])
		if r.Intn(2) == 0 {
			y = -y
		}
		if r.Intn(2) == 0 {
			x, y = y, x
		}
		add(x, y)
	}
	return xs[:n], ys[:n]
}

// TestLibdevicePowHypotF64Sim: __nv_pow and __nv_hypot in the simulator
// are libdevice's bits (the models above) on every input, pow's special
// cases exactly, and the models within libdevice's bounds (2 ulps each)
// of the correctly rounded values.
func TestLibdevicePowHypotF64Sim(t *testing.T) {
	const n = 4096
	r := rand.New(rand.NewSource(64))
	xs, ys := pow64EdgeInputs(r)
	px, py := powInputs(n-len(xs), 1024, 65)
	xs, ys = append(xs, px...), append(ys, py...)
	res := externCase{args: []string{"f64", "f64"}, res: "f64", syms: []string{"__nv_pow"}}.run(t, sm90, [][]float64{xs, ys})
	checkLibdeviceF64Model(t, "__nv_pow", res.sim[0], func(i int) float64 { return libdevicePowF64(xs[i], ys[i]) },
		func(i int) float64 { return bigPow(xs[i], ys[i]) }, 2)
	for i, x := range xs {
		y := ys[i]
		special := x == 0 || y == 0 || x == 1 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) ||
			x < 0 && y != math.Trunc(y)
		if e, m := math.Pow(x, y), libdevicePowF64(x, y); special && math.Float64bits(e) != math.Float64bits(m) && !(e != e && m != m) {
			t.Errorf("pow(%g, %g): the model gives %g, C99 %g", xs[i], ys[i], m, e)
		}
	}

	hx, hy := hypot64Inputs(r, n)
	res = externCase{args: []string{"f64", "f64"}, res: "f64", syms: []string{"__nv_hypot"}}.run(t, sm90, [][]float64{hx, hy})
	// libdevice's hypot overflows where the larger operand is the largest
	// f64: scaled to 4 - 2^-51, q rsqrt(q) rounds up to 4 (whatever the
	// rsqrt approximation, its refined value rounds up from a near tie).
	overflows := 0
	checkLibdeviceF64Model(t, "__nv_hypot", res.sim[0], func(i int) float64 { return libdeviceHypotF64(hx[i], hy[i]) },
		func(i int) float64 {
			e := bigHypot64(hx[i], hy[i])
			if e == math.MaxFloat64 && math.Max(math.Abs(hx[i]), math.Abs(hy[i])) == math.MaxFloat64 && hx[i] != 0 && hy[i] != 0 {
				overflows++
				return math.Inf(1)
			}
			return e
		}, 2)
	t.Logf("__nv_hypot: +inf for the correctly rounded largest f64 on %d inputs (M the largest f64, m not 0)", overflows)
}
