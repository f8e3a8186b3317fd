package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_cbrt, __nv_rcbrt, __nv_sinh, __nv_cosh and __nv_tan
// (f64) in the operations and order of their libdevice code, so that tt's
// results are Triton's bits. Their f64 operations never flush; the f32
// lg2.approx and ex2.approx of the cube roots' first estimate, and the
// rcp.approx.f64 of the reciprocals, are .ftz whatever the reflect, as
// libdevice writes them. fma.rn.d is LLVM's fma, add.rn.d and mul.rn.d
// gpu.fadd and gpu.fmul (never contracted); plain fadd, fsub and fmul
// stay LLVM's.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_cbrt":  (*emitter).cbrtLibdeviceF64,
		"__nv_rcbrt": (*emitter).rcbrtLibdeviceF64,
		"__nv_sinh":  (*emitter).sinhLibdeviceF64,
		"__nv_cosh":  (*emitter).coshLibdeviceF64,
		"__nv_tan":   (*emitter).tanLibdeviceF64,
	})
})

// misc64RoundToI32 is cvt.rni.s32 (d2i.rn, f2i.rn): to nearest even,
// saturated, NaN 0.
func (e *emitter) misc64RoundToI32(x ir.Value) ir.Value {
	t := x.Type()
	r := e.intrinsic("roundeven", t, x)
	r = e.selectV(e.fcmp(llvm.FCmpUNO, r, r), e.cFloat(t, 0), r)
	return e.cast("llvm.fptosi", r, e.i32())
}

// cbrtStartF64 is what __nv_cbrt and __nv_rcbrt share for |x| (finite and
// nonzero; other values give values to discard): |x| = m 2^(3 k) with
// the exponent k = rint((e - 1022) / 3) computed in f32 (a subnormal
// first scaled by 2^54, k then less 18), and y = 2^(third log2(m)) by
// lg2.approx and ex2.approx of m rounded to f32; third is the f32 bits
// of 1/3 or -1/3.
func (e *emitter) cbrtStartF64(x ir.Value, third uint64) (m, y, k ir.Value) {
	f32, f64, i32 := e.f32(), e.f64(), e.i32()
	g := newGPU(e)
	lo, hi := e.wordsOfF64(x)
	hi = e.andC(hi, math.MaxInt32)
	expo := e.lshrC(hi, 20)
	sub := e.icmp(llvm.ICmpEQ, expo, e.cInt(i32, 0))
	slo, shi := e.wordsOfF64(e.fmul(e.f64OfWords(lo, hi), e.f64Const(0x4350000000000000))) // 2^54
	lo, hi = e.selectV(sub, slo, lo), e.selectV(sub, shi, hi)
	expo = e.selectV(sub, e.lshrC(shi, 20), expo)
	denorm := e.selectV(sub, e.cInt(i32, 18), e.cInt(i32, 0))
	third3 := e.fmul(e.f32Const(thirdF32), e.cast("llvm.sitofp", e.addC(expo, -1022), f32))
	k = e.misc64RoundToI32(third3)
	m = e.f64OfWords(lo, e.sub(hi, e.shlC(e.mulC(k, 3), 20)))
	l := g.unary("lg2_approx", e.cast("llvm.fptrunc", m, f32), true)
	y = e.cast("llvm.fpext", g.unary("ex2_approx", e.fmul(e.f32Const(third), l), true), f64)
	return m, y, e.sub(k, denorm)
}

// cbrtLibdeviceF64 is __nv_cbrt: from cbrtStartF64's estimate y of
// cbrt(m), one Halley step y + y (m - y^3) / (2 y^3 + m) (the division
// by libdevice's reciprocal), scaled by 2^k, x's sign; x + x for zeros,
// infinities and NaN.
func (e *emitter) cbrtLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	m, y, k := e.cbrtStartF64(x, thirdF32)
	y2 := e.fmul(y, y)
	d := e.fmaF64(e.addToExponentF64(y2, e.i32c(1)), y, m) // 2 y^3 + m
	n := e.fmaF64(y2, e.fneg(y), m)
	z := e.fmaF64(y, e.fmul(e.reciprocalLibdeviceF64(d), n), y)
	r := e.withSignOfF64(e.addToExponentF64(z, k), x)
	_, hi := e.wordsOfF64(x)
	regular := e.andBool(e.fcmp(llvm.FCmpUNE, x, e.cFloat(f64, 0)),
		e.icmp(llvm.ICmpSLT, e.andC(hi, math.MaxInt32), e.cInt(e.i32(), 0x7FF00000)))
	return e.selectV(regular, r, e.fadd(x, x))
}

// rcbrtLibdeviceF64 is __nv_rcbrt: from cbrtStartF64's estimate y of
// m^(-1/3), the residual h = 1 - m y^3 formed exactly enough from the
// rounding errors of y^2 and m y, then y + y h (1/3 + 2/9 h), scaled by
// 2^-k, x's sign; +inf at 0, 0 at inf (the exponent field flipped), NaN
// as x + x.
func (e *emitter) rcbrtLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64, i32 := e.f64(), e.i32()
	mulRN := func(a, b ir.Value) ir.Value { return newGPU(e).rounded(gpu.FMulOp, gpu.RoundRN, false, a, b) }
	m, y, k := e.cbrtStartF64(x, minusThirdF32)
	y2, my := mulRN(y, y), mulRN(m, y)
	h := e.fmaF64(y2, e.fneg(my), e.cFloat(f64, 1))
	h = e.fmaF64(y2, e.fneg(e.fmaF64(m, y, e.fneg(my))), h)
	h = e.fmaF64(my, e.fneg(e.fmaF64(y, y, e.fneg(y2))), h)
	p := e.fmaF64(e.f64Const(0x3FCC71C71C71C71C), h, e.f64Const(0x3FD5555555555555))
	z := e.fmaF64(p, mulRN(h, y), y)
	r := e.addToExponentF64(z, e.sub(e.cInt(i32, 0), k))
	lo, hi := e.wordsOfF64(x)
	hi = e.andC(hi, math.MaxInt32)
	special := e.f64OfWords(lo, e.xorC(hi, 0x7FF00000))
	nan := e.fcmp(llvm.FCmpUGT, e.intrinsic("fabs", f64, x), e.cFloat(f64, math.Inf(1)))
	special = e.selectV(nan, e.fadd(x, x), special)
	regular := e.andBool(e.fcmp(llvm.FCmpUNE, x, e.cFloat(f64, 0)), e.icmp(llvm.ICmpSLT, hi, e.cInt(i32, 0x7FF00000)))
	return e.withSignOfF64(e.selectV(regular, r, special), x)
}

// Constants of libdevice's exponentials: log2(e), 1.5 2^52 (adding it
// rounds to an integer in the low word) and ln(2) in two parts, negated.
const (
	misc64Log2E      = 0x3FF71547652B82FE
	misc64RoundShift = 0x4338000000000000
	misc64MinusLn2Hi = 0xBFE62E42FEFA39EF
	misc64MinusLn2Lo = 0xBC7ABC9E3B39803F
)

// misc64ReduceExp is libdevice's reduction of a >= 0 for e^a: i =
// rint(a log2(e)) (i32) and z = a - i ln(2).
func (e *emitter) misc64ReduceExp(a ir.Value) (i, z ir.Value) {
	j := e.fmaF64(a, e.f64Const(misc64Log2E), e.f64Const(misc64RoundShift))
	i, _ = e.wordsOfF64(j)
	k := newGPU(e).rounded(gpu.FAddOp, gpu.RoundRN, false, j, e.f64Const(misc64RoundShift|1<<63))
	z = e.fmaF64(k, e.f64Const(misc64MinusLn2Hi), a)
	return i, e.fmaF64(k, e.f64Const(misc64MinusLn2Lo), z)
}

// sinhSmallF64Coeffs is __nv_sinh's P below 1: sinh a = a + a^3 P(a^2),
// from the highest power down.
var sinhSmallF64Coeffs = []uint64{0x3D6B4C75AB274C53, 0x3DE611A561D87DEF, 0x3E5AE64671B18F5C,
	0x3EC71DE3A465B1E4, 0x3F2A01A01A02899D, 0x3F811111111110A6, 0x3FC5555555555556}

// expm1F64Coeffs is Q of libdevice's expm1 kernel, expm1(z) = z + z^2
// Q(z), from the highest power down.
var expm1F64Coeffs = []uint64{0x3E21F4076ACD15B6, 0x3E5AF86D8EBD13CD, 0x3E927E5092BA033D,
	0x3EC71DDE6C5F9DA1, 0x3EFA01A018D034E6, 0x3F2A01A01B3B6940, 0x3F56C16C16C1B5DD,
	0x3F8111111110F74D, 0x3FA555555555554D, 0x3FC5555555555557, 0x3FE0000000000000}

// sinhLibdeviceF64 is __nv_sinh of |x| with x's sign: below 1 the odd
// polynomial; from there, with t = expm1(|x|)/2 (halfExpm1LibdeviceF64),
// t + t / (2 t + 1), +inf from 710.4758. The two sides are a branch, as in
// libdevice's code.
func (e *emitter) sinhLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64, i32 := e.f64(), e.i32()
	lo, hi := e.wordsOfF64(x)
	hi = e.andC(hi, math.MaxInt32)
	ax := e.f64OfWords(lo, hi)
	small := e.icmp(llvm.ICmpSLT, hi, e.cInt(i32, 0x3FF00000))
	r := e.choose(small, f64, func() ir.Value {
		a2 := e.fmul(ax, ax)
		return e.fmaF64(e.fmul(e.hornerBitsF64(sinhSmallF64Coeffs, a2), a2), ax, ax)
	}, func() ir.Value {
		t := e.halfExpm1LibdeviceF64(ax)
		s := e.fadd(t, e.fbin("llvm.fdiv", t, e.fmaF64(e.cFloat(f64, 2), t, e.cFloat(f64, 1))))
		big := e.fcmp(llvm.FCmpOGE, ax, e.f64Const(0x408633CE8FB9F87E))
		return e.selectV(big, e.cFloat(f64, math.Inf(1)), s)
	})
	return e.withSignOfF64(r, x)
}

// halfExpm1LibdeviceF64 is libdevice's __internal_expm1_scaled of a >= 0
// as __nv_sinh calls it: (e^a - 1)/2 = 2^i expm1(z) + (2^i - 1/2) with a
// = (i + 1) ln(2) + z; at i = 1024, 2^1023 and the result doubled. (Its
// guards for a below 0.4055, where z is a itself, and a = 0 are kept.)
func (e *emitter) halfExpm1LibdeviceF64(a ir.Value) ir.Value {
	f64, i32 := e.f64(), e.i32()
	i, z := e.misc64ReduceExp(a)
	i = e.addC(i, -1)
	_, hi := e.wordsOfF64(a)
	twice := e.add(hi, hi)
	near0 := e.icmp(llvm.ICmpULT, twice, e.cInt(i32, 2142496327))
	z = e.selectV(near0, a, z)
	i = e.selectV(near0, e.cInt(i32, 0), i)
	p := e.fmul(e.hornerBitsF64(expm1F64Coeffs, z), z)
	t := e.fmaF64(p, z, z) // expm1(z)
	top := e.icmp(llvm.ICmpEQ, i, e.cInt(i32, 1024))
	scale := e.f64OfWords(e.cInt(i32, 0), e.addC(e.shlC(e.selectV(top, e.addC(i, -1), i), 20), 0x3FF00000))
	r := e.fmaF64(t, scale, e.fsub(scale, e.cFloat(f64, 0.5)))
	r = e.selectV(top, e.fadd(r, r), r)
	return e.selectV(e.icmp(llvm.ICmpEQ, twice, e.cInt(i32, 0)), z, r)
}

// expCoshF64Coeffs is __nv_cosh's e^z = 1 + z (1 + z R(z)), R's
// coefficients from the highest power down, then the two ones.
var expCoshF64Coeffs = []uint64{0x3E5ADE1569CE2BDF, 0x3E928AF3FCA213EA, 0x3EC71DEE62401315,
	0x3EFA01997C89EB71, 0x3F2A01A014761F65, 0x3F56C16C1852B7AF, 0x3F81111111122322,
	0x3FA55555555502A1, 0x3FC5555555555511, 0x3FE000000000000B, 0x3FF0000000000000,
	0x3FF0000000000000}

// coshLibdeviceF64 is __nv_cosh: y = e^|x| / 4 (2^(i-2) e^z), then
// 2 (y + (1/y)/16) with libdevice's reciprocal; +inf from 710.4758, NaN
// kept.
func (e *emitter) coshLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	lo, hi := e.wordsOfF64(x)
	hi = e.andC(hi, math.MaxInt32)
	ax := e.f64OfWords(lo, hi)
	i, z := e.misc64ReduceExp(ax)
	y := e.addToExponentF64(e.hornerBitsF64(expCoshF64Coeffs, z), e.addC(i, -2))
	r := e.fmaF64(e.reciprocalLibdeviceF64(y), e.cFloat(f64, 0.0625), y)
	inf := e.cFloat(f64, math.Inf(1))
	big := e.selectV(e.fcmp(llvm.FCmpOLE, x, inf), inf, x)
	r = e.selectV(e.icmp(llvm.ICmpULT, hi, e.cInt(e.i32(), 0x408633CF)), r, big)
	return e.fadd(r, r)
}

// tanF64Coeffs is __nv_tan's P: tan t = t + t^3 P(t^2) on |t| <= pi/4,
// from the highest power down.
var tanF64Coeffs = []uint64{0x3EE48DAC2799BCB9, 0xBEF9757C5B27EBB1, 0x3F0980E90FD91E04,
	0xBEFAE2B0417D7E1D, 0x3F119F5341BFBA57, 0x3F15E791A00F6919, 0x3F2FF2E7FADEC73A,
	0x3F434BC1B206DA62, 0x3F57DB18EF2F83F9, 0x3F6D6D2E7AE49FBC, 0x3F8226E3A816A776,
	0x3F9664F485D25660, 0x3FABA1BA1BABF31D, 0x3FC11111111105D2, 0x3FD555555555555E}

// trigReduceLibdeviceF64 is libdevice's __internal_trig_reduction_kerneld
// (__nv_tan, __nv_sin, __nv_cos): the quadrant q and t = x - q pi/2, by
// Cody-Waite with pi/2 in three parts, or by Payne-Hanek from 2^31 in a
// branch, as in libdevice's code; infinities give q = 0 and t = NaN.
func (e *emitter) trigReduceLibdeviceF64(x ir.Value) (q, t ir.Value) {
	f64, i32 := e.f64(), e.i32()
	q = e.misc64RoundToI32(e.fmul(x, e.f64Const(0x3FE45F306DC9C883)))
	mq := e.fneg(e.cast("llvm.sitofp", q, f64))
	t = x
	for _, c := range []uint64{0x3FF921FB54442D18, 0x3C91A62633145C00, 0x397B839A252049C0} {
		t = e.fmaF64(mq, e.f64Const(c), t)
	}
	ax := e.intrinsic("fabs", f64, x)
	inf := e.fcmp(llvm.FCmpOEQ, ax, e.cFloat(f64, math.Inf(1)))
	huge := e.andBool(e.fcmp(llvm.FCmpOGE, ax, e.cFloat(f64, 0x1p31)), e.fcmp(llvm.FCmpOLT, ax, e.cFloat(f64, math.Inf(1))))
	reduced := e.chooseValues(huge, []ir.Type{i32, f64}, func() []ir.Value {
		hq, ht := e.tanHugeLibdeviceF64(x)
		return []ir.Value{hq, ht}
	}, func() []ir.Value { return []ir.Value{q, t} })
	q = e.selectV(inf, e.cInt(i32, 0), reduced[0])
	t = e.selectV(inf, newGPU(e).rounded(gpu.FMulOp, gpu.RoundRN, false, x, e.cFloat(f64, 0)), reduced[1])
	return q, t
}

// tanLibdeviceF64 is __nv_tan: x reduced to the quadrant q and t = x -
// q pi/2 (trigReduceLibdeviceF64), r = t + t^3 P(t^2) and, for odd q,
// -1/r computed from libdevice's reciprocal with r's rounding error;
// infinities give NaN.
func (e *emitter) tanLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64, i32 := e.f64(), e.i32()
	q, t := e.trigReduceLibdeviceF64(x)

	t2 := e.fmul(t, t)
	p := e.fmul(e.hornerBitsF64(tanF64Coeffs, t2), t2)
	r := e.fmaF64(p, t, t)
	// Odd quadrants: -1/(r + rl), rl = p t + t - r the error of r.
	rl := e.fmaF64(p, t, e.fneg(e.fsub(r, t)))
	nrcp := e.fneg(e.reciprocalLibdeviceF64(r))
	h := e.fmaF64(r, nrcp, e.cFloat(f64, 1))
	h = e.fmaF64(nrcp, rl, h)
	cot := e.fmaF64(h, nrcp, nrcp)
	odd := e.icmp(llvm.ICmpNE, e.andC(q, 1), e.cInt(i32, 0))
	return e.selectV(odd, cot, r)
}

// twoOverPiF64Words is libdevice's __cudart_i2opi_d: the bits of 2/pi in
// 64-bit words, the least significant first.
var twoOverPiF64Words = []uint64{0x6BFB5FB11F8D5D08, 0x3D0739F78A5292EA, 0x7527BAC7EBE5F17B,
	0x4F463F669E5FEA2D, 0x6D367ECF27CB09B7, 0xEF2F118B5A0A6D1F, 0x1FF897FFDE05980F,
	0x9C845F8BBDF9283B, 0x3991D639835339F4, 0xE99C7026B45F7E41, 0xE88235F52EBB4484,
	0xFE1DEB1CB129A73E, 0x06492EEA09D1921C, 0xB7246E3A424DD2E0, 0xFE5163ABDEBBC561,
	0xDB6295993C439041, 0xFC2757D1F534DDC0, 0xA2F9836E4E441529}

// twoOverPiF64Table is twoOverPiF64Words and a zero word, the table that
// tanHugeLibdeviceF64 reads four words of from index 0 to 15.
var twoOverPiF64Table = func() []int64 {
	out := make([]int64, len(twoOverPiF64Words)+1)
	for i, w := range twoOverPiF64Words {
		out[i] = int64(w)
	}
	return out
}()

// piOverTwoF64Bits is pi/2 in 64 bits (2^63 <= it < 2^64), as the
// Payne-Hanek reduction multiplies by it.
const piOverTwoF64Bits = 0xC90FDAA22168C235

// tanHugeLibdeviceF64 is libdevice's __internal_trig_reduction_slowpathd
// of a finite x with |x| >= 2^31: the quadrant and the reduced argument.
// The 64-bit mantissa times the four words of 2/pi that the exponent
// picks (exact, in 64-bit limbs with carries) gives, shifted into place,
// 128 bits whose top two are the quadrant, rounded by the third; the
// rest, negated when rounded up, normalized to 64 bits and multiplied by
// pi/2, is the reduced argument, rounded into an f64 by hand.
// (libdevice's case of an infinite or NaN x, x itself, is never taken.)
func (e *emitter) tanHugeLibdeviceF64(x ir.Value) (q, t ir.Value) {
	i32, i64 := e.i32(), e.i64()
	c64 := func(v uint64) ir.Value { return e.cInt(i64, int64(v)) }
	bits := e.bitcast(x, i64)
	_, hi := e.wordsOfF64(x)
	sign := e.andC(hi, math.MinInt32)
	ex := e.addC(e.andC(e.lshrC(hi, 20), 2047), -1024)
	m := e.or(e.shlC(bits, 11), c64(1<<63))
	// The four table words from first on, each a gpu.table_load (as
	// libdevice loads them): first is 0 to 15 for an x that comes here,
	// and the table is padded with a zero word, which stores the carry
	// where libdevice's loop stops at three. The mask leaves every such
	// first as it is; where a thread computes both sides of the branch
	// (selects, outside a function body), it keeps the index that a
	// smaller x gives inside the table.
	first := e.andC(e.sub(e.cInt(i32, 15), e.lshrC(ex, 6)), 15)
	word := func(k int) ir.Value {
		return newGPU(e).tableLoad(e.addC(first, int64(k)), i64, twoOverPiF64Table)
	}
	var limbs [4]ir.Value
	carry := c64(0)
	for k := range limbs {
		w := word(k)
		lo := e.add(e.mul(w, m), carry)
		c := e.zext(e.icmp(llvm.ICmpULT, lo, carry), i64)
		carry = e.add(e.mulhi(w, m, true), c)
		limbs[k] = lo
	}
	sh := e.zext(e.andC(ex, 63), i64)
	shifted := e.icmp(llvm.ICmpNE, sh, c64(0))
	funnel := func(h, l ir.Value) ir.Value {
		return e.selectV(shifted, e.or(e.shl(h, sh), e.lshr(l, e.sub(c64(64), sh))), h)
	}
	fh, fl := funnel(limbs[3], limbs[2]), funnel(limbs[2], limbs[1])
	quad := e.trunc(e.lshrC(fh, 62), i32)
	fh = e.or(e.shlC(fh, 2), e.lshrC(fl, 62))
	fl = e.shlC(fl, 2)
	up := e.trunc(e.lshrC(fh, 63), i32)
	q = e.add(quad, up)
	q = e.selectV(e.icmp(llvm.ICmpNE, sign, e.cInt(i32, 0)), e.sub(e.cInt(i32, 0), q), q)
	// Rounded up: the fraction is 1 less it, of the other sign.
	round := e.icmp(llvm.ICmpNE, up, e.cInt(i32, 0))
	borrow := e.zext(e.icmp(llvm.ICmpNE, fl, c64(0)), i64)
	fh = e.selectV(round, e.sub(e.sub(c64(0), fh), borrow), fh)
	fl = e.selectV(round, e.sub(c64(0), fl), fl)
	sign = e.selectV(round, e.xorC(sign, math.MinInt32), sign)
	lz := e.ctlz(fh)
	norm := e.selectV(e.icmp(llvm.ICmpNE, lz, c64(0)), e.or(e.shl(fh, lz), e.lshr(fl, e.sub(c64(64), lz))), fh)
	plo, phi := e.mul(norm, c64(piOverTwoF64Bits)), e.mulhi(norm, c64(piOverTwoF64Bits), true)
	low := e.icmp(llvm.ICmpSGT, phi, c64(0)) // the top bit clear: one more place
	phi = e.selectV(low, e.or(e.shlC(phi, 1), e.lshrC(plo, 63)), phi)
	lz32 := e.trunc(lz, i32)
	lz32 = e.selectV(low, e.addC(lz32, 1), lz32)
	mant := e.lshrC(e.addC(e.lshrC(e.addC(phi, 1), 10), 1), 1)
	r := e.add(e.shlC(e.zext(e.sub(e.cInt(i32, 1022), lz32), i64), 52), mant)
	r = e.or(e.shlC(e.zext(sign, i64), 32), r)
	return q, e.bitcast(r, e.f64())
}
