package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's f64 __nv_pow and __nv_hypot in the operations and order of
// their libdevice code, so that tt's results are Triton's bits: plain
// fadd, fsub and fmul where libdevice has them (contractFMA fuses a
// product into the sum it feeds, as LLVM does under Triton's fp fusion),
// fma.rn, mul.rn and add.rn (never fused), rcp.approx.ftz.f64,
// rsqrt.approx.ftz.f64 and libdevice's word manipulations. f64 code takes
// no FTZ reflect. libdevice's branches around its special cases pick
// cheap values: they become selects here.

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_pow"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.powLibdeviceF64(a[0], a[1], ftz)
	}
	libdeviceAlgorithms["__nv_hypot"] = func(e *emitter, a []ir.Value, _ bool) ir.Value {
		return e.hypotLibdeviceF64(a[0], a[1])
	}
})

// pow64LogCoeffs is the series of __nv_pow's logarithm in s^2 (s =
// 2(m-1)/(m+1)) beyond its s^3/12 term, from the highest power down.
var pow64LogCoeffs = []uint64{0x3EB0F5FF7D2CAFE2, 0x3ED0F5D241AD3B5A, 0x3EF3B20A75488A3F,
	0x3F1745CDE4FAECD5, 0x3F3C71C7258A578B, 0x3F6249249242B910, 0x3F89999999999DFB}

// Bits of __nv_pow's other constants.
const (
	pow64Twelfth   = 0x3FB5555555555555 // 1/12, the series' leading coefficient
	pow64TwelfthLo = 0xBC46A4CB00B9E7B0 // its rounding error
	pow64NaN       = 0xFFF8000000000000 // the NaN of a negative base to a non-integer power
	pow64InfHi     = 0x7FF00000         // the high word of +inf (and the exponent field's mask)
	pow64HalfHi    = 0x3FE00000         // the high word of 0.5
)

// twoSumF64 is Fast2Sum: a + b as the rounded sum and its rounding error,
// for |a| >= |b|.
func (e *emitter) twoSumF64(a, b ir.Value) (hi, lo ir.Value) {
	hi = e.fadd(a, b)
	return hi, e.fadd(e.fsub(a, hi), b)
}

// powLogLibdeviceF64 is libdevice's extended-precision logarithm of a
// positive a (__internal_log_ext_prec): a = 2^e m with m in [0.75, 1.5)
// (subnormals scaled by 2^54 first), ln m = s + s^3/12 + s^5 P(s^2) with
// s = 2(m-1)/(m+1) from a refined reciprocal plus s's rounding error,
// s^2 and s^3 carried as double-doubles, then e ln(2) added in two parts;
// the result a double-double (hi, lo).
func (e *emitter) powLogLibdeviceF64(a ir.Value) (hi, lo ir.Value) {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	cb := e.f64Const
	alo, ahi := e.wordsOfF64(a)
	expo := e.lshrC(ahi, 20)
	subnormal := e.icmpC(llvm.ICmpEQ, expo, 0)
	slo, shi := e.wordsOfF64(e.fmul(a, c(0x1p54)))
	alo = e.selectV(subnormal, slo, alo)
	ahi = e.selectV(subnormal, shi, ahi)
	expo = e.selectV(subnormal, e.addC(e.lshrC(shi, 20), -54), expo)
	ex, s, sErr := e.logArgumentLibdeviceF64(alo, ahi, e.addC(expo, -1023))
	s2 := e.fmul(s, s)
	p := e.fmul(e.hornerBitsF64(pow64LogCoeffs, s2), s2)
	// The series 1/12 + p as a double-double (cHi, cLo).
	top := e.fadd(cb(pow64Twelfth), p)
	cLo := e.fadd(e.fadd(e.fsub(cb(pow64Twelfth), top), p), c(0))
	cHi, cLo := e.twoSumF64(top, e.fadd(cLo, cb(pow64TwelfthLo)))
	// s^2 (sq, sqLo) and s^3 (cube, cubeLo), with s's rounding error.
	sq := e.mulRNF64(s, s)
	sqErr := e.fmaF64(s, s, e.fneg(sq))
	twiceErrLo, twiceErrHi := e.wordsOfF64(sErr)
	sqLo := e.fmaF64(s, e.f64OfWords(twiceErrLo, e.addC(twiceErrHi, 0x100000)), sqErr)
	cube := e.mulRNF64(sq, s)
	cubeLo := e.fmaF64(sqLo, s, e.fmaF64(sq, sErr, e.fmaF64(sq, s, e.fneg(cube))))
	// s^3 (1/12 + p) as a double-double.
	t := e.mulRNF64(cHi, cube)
	tLo := e.fmaF64(cLo, cube, e.fmaF64(cHi, cubeLo, e.fmaF64(cHi, cube, e.fneg(t))))
	tHi, tLo := e.twoSumF64(t, tLo)
	// ln m = s + s^3 (...) + s's rounding error.
	u := e.fadd(s, tHi)
	uLo := e.fadd(e.fadd(e.fadd(e.fsub(s, u), tHi), tLo), sErr)
	lnHi, lnLo := e.twoSumF64(u, uLo)
	// e as an f64: 2^52 + 2^31 + e less 2^52 + 2^31, both from words.
	magic := e.i32c(0x43300000)
	ef := e.fsub(e.f64OfWords(e.xor(ex, e.i32c(math.MinInt32)), magic), e.f64OfWords(e.i32c(math.MinInt32), magic))
	ln2Hi, ln2Lo := cb(0x3FE62E42FEFA39EF), cb(0x3C7ABC9E3B39803F)
	head := e.fmaF64(ef, ln2Hi, lnHi)
	lost := e.fsub(e.fmaF64(e.fneg(ef), ln2Hi, head), lnHi) // what head rounded off
	return e.twoSumF64(head, e.fmaF64(ef, ln2Lo, e.fsub(lnLo, lost)))
}

// powAbsLibdeviceF64 is |a|^b as libdevice's __internal_accurate_pow
// computes it for a positive finite a: b ln a from the double-double
// logarithm (b scaled by 2^-240 first where |b| >= 2^1009) as hi + lo,
// e^hi by __nv_exp's code, corrected by e^hi lo unless it is infinite.
func (e *emitter) powAbsLibdeviceF64(a, b ir.Value, ftz bool) ir.Value {
	lnHi, lnLo := e.powLogLibdeviceF64(a)
	blo, bhi := e.wordsOfF64(b)
	huge := e.icmp(llvm.ICmpUGE, e.add(bhi, bhi), e.i32c(-0x2000000))
	bhi = e.selectV(huge, e.andC(bhi, -0xF00001), bhi)
	bs := e.f64OfWords(blo, bhi)
	prod := e.mulRNF64(lnHi, bs)
	prodErr := e.fmaF64(lnLo, bs, e.fmaF64(lnHi, bs, e.fneg(prod)))
	hi, lo := e.twoSumF64(prod, prodErr)
	z := e.expLibdeviceF64(hi, ftz)
	isInf := e.fcmp(llvm.FCmpOEQ, e.intrinsic("fabs", e.f64(), z), e.cFloat(e.f64(), math.Inf(1)))
	return e.selectV(isInf, z, e.fmaF64(z, lo, z))
}

// powLibdeviceF64 is __nv_pow: |a|^b (powAbsLibdeviceF64), negated for a
// negative a and an odd integer b (b's units bit the last one set, found by
// shifting b's bits left by its exponent + 11), then C99's special cases
// from words: zeros, a negative base to a non-integer power (NaN),
// infinities and NaN (found by a + b not being finite), 1^b and a^0.
func (e *emitter) powLibdeviceF64(a, b ir.Value, ftz bool) ir.Value {
	f64, i64 := e.f64(), e.i64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	fabs := func(v ir.Value) ir.Value { return e.intrinsic("fabs", f64, v) }
	inf := c(math.Inf(1))
	ahi, bhi := e.highWordOfF64(a), e.highWordOfF64(b)
	shift := e.zext(e.addC(e.lshrC(e.andC(bhi, pow64InfHi), 20), -1023+11), i64)
	odd := e.icmp(llvm.ICmpEQ, e.shl(e.bitcast(b, i64), shift), e.cInt(i64, math.MinInt64))
	t := e.powAbsLibdeviceF64(fabs(a), b, ftz)
	aNeg := e.icmpC(llvm.ICmpSLT, ahi, 0)
	tlo, thi := e.wordsOfF64(t)
	t = e.selectV(e.andBool(aNeg, odd), e.f64OfWords(tlo, e.xor(thi, e.i32c(math.MinInt32))), t)
	bNeg := e.icmpC(llvm.ICmpSLT, bhi, 0)

	// a = +-0: +-0 or +-inf by the signs of a (for an odd b) and b.
	aZero := e.fcmp(llvm.FCmpOEQ, a, c(0))
	oddZero := e.andBool(odd, e.fcmp(llvm.FCmpUNE, fabs(b), c(0.5)))
	zhi := e.selectV(oddZero, ahi, e.i32c(0))
	zhi = e.selectV(bNeg, e.or(zhi, e.i32c(pow64InfHi)), zhi)
	nonInteger := e.fcmp(llvm.FCmpUNE, b, e.intrinsic("trunc", f64, b))
	t = e.selectV(e.andBool(aNeg, nonInteger), e.f64Const(pow64NaN), t)
	t = e.selectV(aZero, e.f64OfWords(e.i32c(0), zhi), t)
	odd = e.selectV(aZero, oddZero, odd)

	// a + b infinite or NaN: a NaN operand, an infinite b, an infinite a.
	aInf := e.fcmp(llvm.FCmpOEQ, fabs(a), inf)
	bInf := e.fcmp(llvm.FCmpOEQ, fabs(b), inf)
	ihi := e.selectV(e.fcmp(llvm.FCmpOGT, fabs(a), c(1)), e.i32c(pow64InfHi), e.i32c(0))
	ihi = e.selectV(bNeg, e.xor(ihi, e.i32c(pow64InfHi)), ihi)
	ihi = e.selectV(e.fcmp(llvm.FCmpOEQ, a, c(-1)), e.i32c(0x3FF00000), ihi)
	ahiInf := e.selectV(bNeg, e.i32c(0), e.i32c(pow64InfHi))
	flip := e.andBool(e.andBool(aNeg, odd), e.icmpC(llvm.ICmpNE, e.andC(bhi, math.MaxInt32), pow64HalfHi))
	ahiInf = e.selectV(flip, e.xor(ahiInf, e.i32c(math.MinInt32)), ahiInf)
	nonFinite := e.selectV(aInf, e.f64OfWords(e.i32c(0), ahiInf), t)
	nonFinite = e.selectV(bInf, e.f64OfWords(e.i32c(0), ihi), nonFinite)
	sum := e.fadd(a, b)
	anyNaN := e.orBool(e.fcmp(llvm.FCmpUGT, fabs(a), inf), e.fcmp(llvm.FCmpUGT, fabs(b), inf))
	nonFinite = e.selectV(anyNaN, sum, nonFinite)
	sumNonFinite := e.icmpC(llvm.ICmpEQ, e.andC(e.highWordOfF64(sum), pow64InfHi), pow64InfHi)
	t = e.selectV(sumNonFinite, nonFinite, t)

	one := e.orBool(e.fcmp(llvm.FCmpOEQ, a, c(1)), e.fcmp(llvm.FCmpOEQ, b, c(0)))
	return e.selectV(one, c(1), t)
}

// hypotLibdeviceF64 is __nv_hypot: with M and m the larger and smaller of
// |a| and |b| (compared as bits), both scaled by a power of two s that
// brings M near 1 (from its high word's top bits), sqrt(M^2 + m^2) as q
// rsqrt(q) (rsqrt.approx.ftz.f64 refined by one third-order step, q
// clamped to the largest f64 first), rescaled by 1/s; M where m is 0, m
// where m is infinite or NaN.
func (e *emitter) hypotLibdeviceF64(a, b ir.Value) ir.Value {
	f64, i64 := e.f64(), e.i64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	fabs := func(v ir.Value) ir.Value { return e.intrinsic("fabs", f64, v) }
	abits, bbits := e.bitcast(fabs(a), i64), e.bitcast(fabs(b), i64)
	small := e.bitcast(e.selectV(e.icmp(llvm.ICmpULE, bbits, abits), bbits, abits), f64)
	large := e.bitcast(e.selectV(e.icmp(llvm.ICmpUGE, abits, bbits), abits, bbits), f64)
	scaleHi := e.addC(e.addC(e.andC(e.highWordOfF64(large), -0x400000), -0x3FF00000), 0x100000)
	scale := e.f64OfWords(e.i32c(0), e.sub(e.i32c(0x3FF00000), scaleHi))
	m, mm := e.fmul(small, scale), e.fmul(large, scale)
	q := e.fmaF64(mm, mm, e.fmul(m, m))
	qc := e.intrinsic("minnum", f64, q, c(math.MaxFloat64))
	r := newGPU(e).unary("rsqrt_approx", qc, true)
	d := e.fmaF64(qc, e.fneg(e.mulRNF64(r, r)), c(1))
	r = e.fmaF64(e.fmaF64(c(0.375), d, c(0.5)), e.mulRNF64(d, r), r)
	res := e.fmul(e.fmul(q, r), e.f64OfWords(e.i32c(0), e.addC(scaleHi, 0x3FF00000)))
	res = e.selectV(e.fcmp(llvm.FCmpOEQ, small, c(0)), large, res)
	return e.selectV(e.icmp(llvm.ICmpUGE, e.highWordOfF64(small), e.i32c(pow64InfHi)), small, res)
}
