package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_exp, __nv_exp2, __nv_exp10 and __nv_expm1 in the
// operations and order of their libdevice code, so that tt's results are
// Triton's bits (tt's own expF64 and exp2F64, a Taylor polynomial scaled
// by two powers of two, are another algorithm and differ in the last bit
// on some inputs). All reduce x = k ln(b) + r with k taken from the low
// word of an fma (an add for exp2) against 1.5 2^52, r from a two-part
// constant, and evaluate a minimax polynomial; the exponent k is then
// added to the result's high word.
// libdevice's range tests read the argument's high word as an f32 (its
// fabs.ftz under the FTZ reflect): a flushed subnormal word compares as
// the zero it becomes would, so ftz never changes their outcome.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_exp":   (*emitter).expLibdeviceF64,
		"__nv_exp2":  (*emitter).exp2LibdeviceF64,
		"__nv_exp10": (*emitter).exp10LibdeviceF64,
		"__nv_expm1": (*emitter).expm1LibdeviceF64,
	})
})

// Bits of libdevice's f64 constants (as its IR spells them).
const (
	exp64RoundingMagic = 0x4338000000000000 // 1.5 2^52: x + it rounds x to an integer in the low word
	exp64Log2eBits     = 0x3FF71547652B82FE
	exp64Ln2HiNegBits  = 0xBFE62E42FEFA39EF // -ln 2, in two parts
	exp64Ln2LoNegBits  = 0xBC7ABC9E3B39803F
	exp64OneHiWord     = 0x3FF00000 // the high word of 1.0
)

// exp64Coeffs is e^r's polynomial (__nv_exp, __nv_exp10), highest power
// first, to which exp64Poly adds its last two terms, 1 and 1.
var exp64Coeffs = []uint64{0x3E5ADE1569CE2BDF, 0x3E928AF3FCA213EA, 0x3EC71DEE62401315,
	0x3EFA01997C89EB71, 0x3F2A01A014761F65, 0x3F56C16C1852B7AF, 0x3F81111111122322,
	0x3FA55555555502A1, 0x3FC5555555555511, 0x3FE000000000000B}

// expm1F64LibdeviceCoeffs is expm1's polynomial P, highest power first, with
// expm1(r) = r + r^2 P(r); its last term is 1/2.
var expm1F64LibdeviceCoeffs = []uint64{0x3E21F4076ACD15B6, 0x3E5AF86D8EBD13CD, 0x3E927E5092BA033D,
	0x3EC71DDE6C5F9DA1, 0x3EFA01A018D034E6, 0x3F2A01A01B3B6940, 0x3F56C16C16C1B5DD,
	0x3F8111111110F74D, 0x3FA555555555554D, 0x3FC5555555555557, 0x3FE0000000000000}

// exp64F32Const is the f32 constant of the given bits.
func (e *emitter) exp64F32Const(bits uint32) ir.Value {
	return e.cFloat(e.f32(), float64(math.Float32frombits(bits)))
}

// exp64Beyond is !(|x's high word as an f32| < the f32 of limit bits):
// libdevice's test for leaving the direct path (NaN and inf included).
func (e *emitter) exp64Beyond(x ir.Value, limit uint32) ir.Value {
	abs := e.intrinsic("fabs", e.f32(), e.highWordAsF32(x))
	return e.fcmp(llvm.FCmpUGE, abs, e.exp64F32Const(limit))
}

// exp64Reduce is libdevice's reduction x = k step + r: k = rint(x /
// step) as the low word of fma(x, invStep, 1.5 2^52), and r = x - k
// (stepHi + stepLo) by two fmas (the step's parts given negated).
func (e *emitter) exp64Reduce(x ir.Value, invStep, stepHiNeg, stepLoNeg uint64) (k, r ir.Value) {
	shifted := e.fmaF64(x, e.f64Const(invStep), e.f64Const(exp64RoundingMagic))
	k, _ = e.wordsOfF64(shifted)
	kf := e.addRNF64(shifted, e.f64Const(exp64RoundingMagic|1<<63))
	r = e.fmaF64(kf, e.f64Const(stepHiNeg), x)
	return k, e.fmaF64(kf, e.f64Const(stepLoNeg), r)
}

// exp64Poly is e^r on libdevice's reduced range (exp64Coeffs).
func (e *emitter) exp64Poly(r ir.Value) ir.Value {
	p := e.f64Const(exp64Coeffs[0])
	for _, c := range exp64Coeffs[1:] {
		p = e.fmaF64(p, r, e.f64Const(c))
	}
	one := e.cFloat(e.f64(), 1)
	return e.fmaF64(e.fmaF64(p, r, one), r, one)
}

// expLibdeviceF64 is __nv_exp: e^r 2^k with k = rint(x log2(e)), the
// exponent added to e^r's high word where |x| < 708.4 (by the high word);
// beyond, a branch: below 745 in two factors (exp64ScaleInTwo), +inf or 0
// from there (x + inf keeps NaN).
func (e *emitter) expLibdeviceF64(x ir.Value, _ bool) ir.Value {
	k, r := e.exp64Reduce(x, exp64Log2eBits, exp64Ln2HiNegBits, exp64Ln2LoNegBits)
	p := e.exp64Poly(r)
	return e.chooseOrKeep(e.exp64Beyond(x, 0x4086232B), func() ir.Value {
		f64 := e.f64()
		limit := e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(f64, 0)), e.cFloat(f64, 0), e.fadd(x, e.cFloat(f64, math.Inf(1))))
		return e.selectV(e.exp64Beyond(x, 0x40874800), limit, e.exp64ScaleInTwo(p, k))
	}, e.addToExponentF64(p, k))
}

// exp64ScaleInTwo is p 2^k as (p 2^h) 2^(k-h), h = k/2 truncated, so that
// only the final product overflows or goes subnormal (and rounds).
func (e *emitter) exp64ScaleInTwo(p, k ir.Value) ir.Value {
	h := e.op1("llvm.sdiv", e.i32(), []ir.Value{k, e.i32c(2)})
	second := e.f64OfWords(e.i32c(0), e.addC(e.shlC(e.sub(k, h), 20), exp64OneHiWord))
	return e.fmul(e.addToExponentF64(p, h), second)
}

// exp2LibdeviceF64 is __nv_exp2: k = rint(x) by add.rn against 1.5 2^52
// (k the low word, k as an f64 by add.rn of -1.5 2^52), f = x - k (exact
// wherever the result uses it), r = f ln2 as fma(f, ln2Hi, f ln2Lo), and
// e^r 2^k as __nv_exp has it: the direct result where |x| < 1024 (by the
// high word); beyond, a branch: the two-factor one below 1079, from there
// 0 for a negative high word and +inf otherwise, NaN as x + x.
func (e *emitter) exp2LibdeviceF64(x ir.Value, _ bool) ir.Value {
	shifted := e.addRNF64(x, e.f64Const(exp64RoundingMagic))
	k, _ := e.wordsOfF64(shifted)
	f := e.fsub(x, e.addRNF64(shifted, e.f64Const(exp64RoundingMagic|1<<63)))
	r := e.fmaF64(f, e.f64Const(exp64Ln2HiNegBits^1<<63), e.fmul(f, e.f64Const(exp64Ln2LoNegBits^1<<63)))
	return e.exp64ByHighWord(x, e.exp64Poly(r), k, 0x40900000, 0x4090DC00)
}

// exp64ByHighWord is p 2^k, the result of __nv_exp2 and __nv_exp10 for
// x: directly where x's high word is below direct, in two factors below
// twoFactor (exp64ScaleInTwo), beyond 0 for a negative high word, +inf
// otherwise, NaN as x + x.
func (e *emitter) exp64ByHighWord(x, p, k ir.Value, direct, twoFactor uint32) ir.Value {
	return e.chooseOrKeep(e.exp64Beyond(x, direct), func() ir.Value {
		f64 := e.f64()
		_, hi := e.wordsOfF64(x)
		limit := e.selectV(e.icmpC(llvm.ICmpSLT, hi, 0), e.cFloat(f64, 0), e.cFloat(f64, math.Inf(1)))
		limit = e.selectV(e.fcmp(llvm.FCmpUNO, x, x), e.fadd(x, x), limit)
		return e.selectV(e.exp64Beyond(x, twoFactor), limit, e.exp64ScaleInTwo(p, k))
	}, e.addToExponentF64(p, k))
}

// exp10LibdeviceF64 is __nv_exp10: as __nv_exp with x = k log10(2) + r and
// e^(r ln 10), r ln 10 as fma(r, ln10, r ln10Lo); the direct result below
// |x| = 307.65 and the two-factor one below 323.6 (by the high word);
// beyond, 0 for a negative high word, +inf otherwise, NaN as x + x.
func (e *emitter) exp10LibdeviceF64(x ir.Value, _ bool) ir.Value {
	k, r := e.exp64Reduce(x, 0x400A934F0979A371, 0xBFD34413509F79FF, 0x3C49DC1DA994FD21)
	r = e.fmaF64(r, e.f64Const(0x40026BB1BBB55516), e.fmul(r, e.f64Const(0xBCAF48AD494EA3E9)))
	return e.exp64ByHighWord(x, e.exp64Poly(r), k, 0x40733A71, 0x407439B8)
}

// expm1LibdeviceF64 is __nv_expm1: for x in (-53, 709.79) (by the high
// word read as an f32; a branch around this path, as libdevice's)
// 2^k expm1(r) + (2^k - 1) with x = k ln2 + r, or expm1(x) directly
// (k = 0, r = x) where |x| < 0.405, expm1(r) = r + r^2 P(r); 2^k one step
// lower at k = 1024 and the result doubled; x itself where its high word
// is 0 (zeros, the smallest subnormals). Outside, -1 below, +inf above,
// NaN as x + x.
func (e *emitter) expm1LibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	_, hi := e.wordsOfF64(x)
	hiF := e.bitcast(hi, e.f32())
	inside := e.and(e.fcmp(llvm.FCmpOLT, hiF, e.exp64F32Const(0x40862E43)), e.fcmp(llvm.FCmpOGT, hiF, e.exp64F32Const(0xC04A8000)))
	outside := e.selectV(e.icmpC(llvm.ICmpSLT, hi, 0), c(-1), c(math.Inf(1)))
	outside = e.selectV(e.fcmp(llvm.FCmpUNO, x, x), e.fadd(x, x), outside)
	return e.chooseOrKeep(inside, func() ir.Value {
		k, r := e.exp64Reduce(x, exp64Log2eBits, exp64Ln2HiNegBits, exp64Ln2LoNegBits)
		twiceHi := e.add(hi, hi) // the high word without its sign, shifted
		small := e.icmp(llvm.ICmpULT, twiceHi, e.i32c(0x7FB3E647))
		r = e.selectV(small, x, r)
		k = e.selectV(small, e.i32c(0), k)
		p := e.f64Const(expm1F64LibdeviceCoeffs[0])
		for _, cb := range expm1F64LibdeviceCoeffs[1:] {
			p = e.fmaF64(p, r, e.f64Const(cb))
		}
		em := e.fmaF64(e.fmul(p, r), r, r)
		top := e.icmpC(llvm.ICmpEQ, k, 1024)
		j := e.selectV(top, e.i32c(1023), k)
		pow := e.f64OfWords(e.i32c(0), e.addC(e.shlC(j, 20), exp64OneHiWord))
		res := e.fmaF64(em, pow, e.fsub(pow, c(1)))
		res = e.selectV(top, e.fadd(res, res), res)
		return e.selectV(e.icmpC(llvm.ICmpEQ, twiceHi, 0), r, res)
	}, outside)
}
