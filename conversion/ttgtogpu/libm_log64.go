package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's f64 __nv_log, __nv_log2, __nv_log10, __nv_log1p and
// __nv_erfc in the operations and order of their libdevice code, so that
// tt's results are Triton's bits: plain fadd, fsub, fmul and fdiv where
// libdevice has them (contractFMA fuses a product into the sum it feeds,
// as LLVM does under Triton's fp fusion), fma.rn, add.rn (never fused),
// rcp.approx.ftz.f64 and libdevice's word manipulations. f64 code takes
// no FTZ reflect.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_log":   func(e *emitter, x ir.Value, _ bool) ir.Value { return e.logLibdeviceF64(x) },
		"__nv_log2":  func(e *emitter, x ir.Value, _ bool) ir.Value { return e.log2LibdeviceF64(x) },
		"__nv_log10": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.log10LibdeviceF64(x) },
		"__nv_log1p": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.log1pLibdeviceF64(x) },
		"__nv_erfc":  func(e *emitter, x ir.Value, _ bool) ir.Value { return e.erfcLibdeviceF64(x) },
	})
})

// logLibdeviceF64Coeffs is the odd series of __nv_log in s = 2(m-1)/(m+1)
// past its first term, in s^2, from the highest power down.
var logLibdeviceF64Coeffs = []uint64{0x3EB1380B3AE80F1E, 0x3ED0EE258B7A8B04, 0x3EF3B2669F02676F,
	0x3F1745CBA9AB0956, 0x3F3C71C72D1B5154, 0x3F624924923BE72D, 0x3F8999999999A3C4, 0x3FB5555555555554}

// logLibdeviceF64 is __nv_log: subnormals scaled by 2^54 first; x = 2^e m
// with m in [sqrt(2)/2, sqrt(2)); ln(m) = 2 atanh(f/(m+1)), f = m - 1, as
// s + s^3 P(s^2) plus the rounding error of s (s = 2f/(m+1) from a refined
// reciprocal), added to e ln(2) in two parts. Zero, negative, infinite
// and NaN arguments take x inf + inf (-inf for +-0), branched around.
func (e *emitter) logLibdeviceF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	cb := func(b uint64) ir.Value { return c(math.Float64frombits(b)) }
	_, hi := e.wordsOfF64(x)
	tiny := e.icmpC(llvm.ICmpSLT, hi, 0x100000) // subnormal, zero or negative
	x = e.selectV(tiny, e.fmul(x, c(0x1p54)), x)
	bias := e.selectV(tiny, e.i32c(-1077), e.i32c(-1023))
	lo, hi := e.wordsOfF64(x)
	special := e.fmaF64(x, c(math.Inf(1)), c(math.Inf(1)))
	special = e.selectV(e.fcmp(llvm.FCmpOEQ, e.bitcast(hi, e.f32()), e.cFloat(e.f32(), 0)), c(math.Inf(-1)), special)
	regular := e.andBool(e.icmpC(llvm.ICmpSGT, hi, 0), e.icmpC(llvm.ICmpSLT, hi, 0x7FF00000))
	return e.chooseOrKeep(regular, func() ir.Value {
		ex, s, sErr := e.logArgumentLibdeviceF64(lo, hi, e.add(bias, e.lshrC(hi, 20)))
		s2 := e.fmul(s, s)
		p := e.hornerBitsF64(logLibdeviceF64Coeffs, s2)
		tail := e.fmaF64(e.fmul(p, s2), s, sErr)
		// e as an f64: 2^52 + 2^31 + e less 2^52 + 2^31, both from words.
		magic := e.i32c(0x43300000)
		ef := e.fsub(e.f64OfWords(e.xor(ex, e.i32c(math.MinInt32)), magic), e.f64OfWords(e.i32c(math.MinInt32), magic))
		ln2Hi, ln2Lo := cb(0x3FE62E42FEFA39EF), cb(0x3C7ABC9E3B39803F)
		head := e.fmaF64(ef, ln2Hi, s)
		lost := e.fsub(e.fmaF64(e.fneg(ef), ln2Hi, head), s) // what head rounded off, negated
		return e.fadd(head, e.fmaF64(ef, ln2Lo, e.fsub(tail, lost)))
	}, special)
}

// logArgumentLibdeviceF64 is the reduction libdevice's log and pow share:
// for x = lo, hi (positive, normal) with exponent ex, its significand m
// taken into [sqrt(2)/2, sqrt(2)) (ex one more where halved), and s =
// 2(m - 1)/(m + 1), so that log x = ex ln 2 + 2 atanh(s/2), with s's
// rounding error (2(f - s) - s f)/(m + 1), f = m - 1.
func (e *emitter) logArgumentLibdeviceF64(lo, hi, ex ir.Value) (exOut, s, sErr ir.Value) {
	one := e.cFloat(e.f64(), 1)
	mhi := e.or(e.andC(hi, -0x7FF00001), e.i32c(0x3FF00000))
	above := e.icmpC(llvm.ICmpSGT, mhi, 0x3FF6A09E) // m beyond sqrt(2): halve it
	mhi = e.selectV(above, e.addC(mhi, -0x100000), mhi)
	exOut = e.selectV(above, e.addC(ex, 1), ex)
	m := e.f64OfWords(lo, mhi)
	f := e.fsub(m, one)
	r := e.reciprocalLibdeviceF64(e.fadd(m, one))
	q := e.fmul(f, r)
	s = e.fadd(q, q)
	sErr = e.fmul(r, e.fmaF64(e.fneg(s), f, e.fmul(e.cFloat(e.f64(), 2), e.fsub(f, s))))
	return exOut, s, sErr
}

// log2LibdeviceF64 is __nv_log2: __nv_log's result times log2(e) in two
// parts, as __nv_log10 scales it.
func (e *emitter) log2LibdeviceF64(x ir.Value) ir.Value {
	q := e.logLibdeviceF64(x)
	return e.fmaF64(q, e.f64Const(0x3FF71547652B82FE), e.fmul(q, e.f64Const(0x3C7777D0FFDA0D24)))
}

// log10LibdeviceF64 is __nv_log10: __nv_log's result times log10(e) in
// two parts.
func (e *emitter) log10LibdeviceF64(x ir.Value) ir.Value {
	f64 := e.f64()
	cb := func(b uint64) ir.Value { return e.cFloat(f64, math.Float64frombits(b)) }
	q := e.logLibdeviceF64(x)
	return e.fmaF64(q, cb(0x3FDBCB7B1526E50E), e.fmul(q, cb(0x3C695355BAAAFAD3)))
}

// log1pLibdeviceF64Coeffs is __nv_log1p's series near 0 in u^2, from the
// highest power down.
var log1pLibdeviceF64Coeffs = []uint64{0x3EB372FB2FBE14B5, 0x3ED087FFCEB2DC44, 0x3EF3B9FF890F468C,
	0x3F17457EFD51BAF8, 0x3F3C71C8DE3CE825, 0x3F6249248FA4661F, 0x3F899999999D70C4, 0x3FB5555555555462}

// log1pLibdeviceF64 is __nv_log1p: for x in about (-0.4, 0.67) (compared
// by its high word read as an f32) ln(1+x) = 2 atanh(x/(x+2)), as x + t +
// u^3 P(u^2) with q = x/(x+2), t = -x q and u = x + t = 2q; elsewhere
// __nv_log(1 + x). A branch picks the path (within its arm, __nv_log's
// own branch around its special cases becomes selects).
func (e *emitter) log1pLibdeviceF64(x ir.Value) ir.Value {
	f64, f32 := e.f64(), e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	_, hi := e.wordsOfF64(x)
	h := e.bitcast(hi, f32)
	near0 := e.andBool(e.fcmp(llvm.FCmpOLT, h, e.cFloat(f32, float64(math.Float32frombits(0x3FE55555)))),
		e.fcmp(llvm.FCmpOGT, h, e.cFloat(f32, float64(math.Float32frombits(0xBFD99999)))))
	return e.choose(near0, f64, func() ir.Value { return e.log1pNearZeroLibdeviceF64(x) }, func() ir.Value {
		return e.logLibdeviceF64(e.fadd(x, c(1)))
	})
}

// log1pNearZeroLibdeviceF64 is __nv_log1p's series for x in about (-0.4,
// 0.67), which asinh, acosh and atanh inline too: with q = x/(x + 2), t =
// -x q and u = x + t, log1p(x) = x + t + u^3 P(u^2).
func (e *emitter) log1pNearZeroLibdeviceF64(x ir.Value) ir.Value {
	q := e.fbin("llvm.fdiv", x, e.fadd(x, e.cFloat(e.f64(), 2)))
	t := e.fmul(e.fneg(x), q)
	u := e.fadd(x, t)
	u2 := e.fmul(u, u)
	p := e.hornerBitsF64(log1pLibdeviceF64Coeffs, u2)
	return e.fadd(e.fmaF64(e.fmul(p, u2), u, t), x)
}

// erfcLibdeviceF64Coeffs is __nv_erfc's polynomial in z = (a-4)/(a+4),
// from the highest power down.
var erfcLibdeviceF64Coeffs = []uint64{0xBDF8774AD4E0BFD7, 0xBE44E1C6FD03D328, 0xBE4330149F7A56B6,
	0x3E7BEDDED8376273, 0x3E6F9254C3ABF22B, 0xBEAB9068C2148CF0, 0x3E94C6454DB34009, 0x3ED7F1C378F2311D,
	0xBEE78E051C6D5C58, 0xBEF995B4EAD14A90, 0x3F23BE27CF0A29B2, 0xBF2A1DEF3E81672E, 0xBF48D4ABE68C1713,
	0x3F749C67210DD6B4, 0xBF9096238568E357, 0x3FA3079EDF8C2DC9, 0xBFB0FB06DFF601FC, 0x3FB7FEE004DFBCDC,
	0xBFB9DDB23C3DB8C6, 0x3FB16ECEFCFA5FDA, 0x3F8F7F5DF66FB6D6, 0xBFC1DF1AD154A29D, 0x3FF3BA5916E9FD7F}

// erfcExpLibdeviceF64Coeffs is __nv_erfc's e^r polynomial, from the
// highest power down.
var erfcExpLibdeviceF64Coeffs = []uint64{0x3E5ADE1569CE2BDF, 0x3E928AF3FCA213EA, 0x3EC71DEE62401315,
	0x3EFA01997C89EB71, 0x3F2A01A014761F65, 0x3F56C16C1852B7AF, 0x3F81111111122322, 0x3FA55555555502A1,
	0x3FC5555555555511, 0x3FE000000000000B, 0x3FF0000000000000, 0x3FF0000000000000}

// erfcLibdeviceF64 is __nv_erfc: for a = |x|, erfc(a) = g(a) e^(-a^2)
// with g(a) = P(z)/(1 + 2a), z = (a-4)/(a+4) refined to its rounding
// error, the quotient refined once; e^(-a^2) from 2^k e^r (k = rint(-a^2
// log2(e)), applied in two halves), corrected by the rounding error of
// a^2; 0 beyond a = 27.25 and 2 - erfc(a) for negative x. Infinities and
// NaN (their high word) take a branch around it.
func (e *emitter) erfcLibdeviceF64(x ir.Value) ir.Value {
	f64, i32 := e.f64(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	cb := func(b uint64) ir.Value { return c(math.Float64frombits(b)) }
	g := newGPU(e)
	addRN := func(a, b ir.Value) ir.Value { return g.rounded(gpu.FAddOp, gpu.RoundRN, false, a, b) }
	lo, hi := e.wordsOfF64(x)
	ahi := e.andC(hi, math.MaxInt32)
	negative := e.icmpC(llvm.ICmpSLT, hi, 0)
	nonFinite := e.selectV(negative, c(2), c(0)) // erfc(-inf), erfc(+inf)
	isInf := e.andBool(e.icmpC(llvm.ICmpEQ, ahi, 0x7FF00000), e.icmpC(llvm.ICmpEQ, lo, 0))
	nonFinite = e.selectV(isInf, nonFinite, e.fadd(x, x))
	return e.chooseOrKeep(e.icmpC(llvm.ICmpSLT, ahi, 0x7FF00000), func() ir.Value {
		a := e.f64OfWords(lo, ahi)
		ga := e.erfcxKernelLibdeviceF64(a)
		sq := e.fmul(e.fneg(a), a) // -a^2
		shifted := e.fmaF64(sq, cb(0x3FF71547652B82FE), cb(0x4338000000000000))
		k, _ := e.wordsOfF64(shifted)
		kf := addRN(shifted, cb(0xC338000000000000))
		red := e.fmaF64(kf, cb(0xBFE62E42FEFA39EF), sq)
		red = e.fmaF64(kf, cb(0xBC7ABC9E3B39803F), red)
		ep := e.hornerBitsF64(erfcExpLibdeviceF64Coeffs, red)
		half := e.op1("llvm.sdiv", i32, []ir.Value{k, e.i32c(2)})
		epl, eph := e.wordsOfF64(ep)
		scaled := e.f64OfWords(epl, e.add(eph, e.shlC(half, 20)))
		other := e.f64OfWords(e.i32c(0), e.add(e.i32c(0x3FF00000), e.shlC(e.sub(k, half), 20)))
		ex := e.fmul(scaled, other)
		sqErr := e.fmaF64(e.fneg(a), a, e.fneg(sq)) // -a^2 less its rounding
		ex = e.fmaF64(ex, sqErr, ex)
		t := e.fmul(ga, ex)
		t = e.selectV(e.icmpC(llvm.ICmpSGT, ahi, 0x403B4000), c(0), t)
		return e.selectV(negative, e.fsub(c(2), t), t)
	}, nonFinite)
}
