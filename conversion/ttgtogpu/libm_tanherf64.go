package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_tanh and __nv_erf (f64) in the operations and order of
// their libdevice code, so that tt's results are Triton's bits. Both end
// in libdevice's 1 - e^y (oneMinusExpLibdeviceF64), whose 2^j comes from
// the f32 ex2.approx.ftz; tanh's quotient starts from rcp.approx.ftz.f64.
// Neither reads the FTZ reflect: their .ftz approximations are written so.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_tanh": (*emitter).tanhLibdeviceF64,
		"__nv_erf":  (*emitter).erfLibdeviceF64,
	})
})

const (
	ln2F64Bits   = 0x3FE62E42FEFA39EF // ln(2) rounded to f64
	tanhF64Split = 0x3FE4F92224DD2F1A // 0.655...: the odd polynomial below it
	tanhF64One   = 0x40330FC200000000 // 19.06...: tanh rounds to 1 from here
	erfF64One    = 0x4017AFB48DC96626 // 5.92...: erf rounds to 1 from here
)

// mexpm1F64Coeffs is the polynomial of libdevice's e^r - 1 on the reduced
// r (its __internal_mexpm1), from the highest power down: e^r - 1 =
// r + r^2 P(r).
var mexpm1F64Coeffs = []uint64{0x3E5AE904A4741B81, 0x3E928A27F89B6999, 0x3EC71DE715FF7E07,
	0x3EFA019A6B0AC45A, 0x3F2A01A017EED94F, 0x3F56C16C17F2A71B, 0x3F811111111173C4, 0x3FA555555555211A,
	0x3FC5555555555540, 0x3FE0000000000005}

// tanhF64Coeffs is __nv_tanh's odd polynomial below tanhF64Split, in x^2
// from the highest power down: tanh(x) = x + x^3 P(x^2).
var tanhF64Coeffs = []uint64{0xBEF0BC46E2F5E964, 0x3F14359F420AFC3D, 0xBF2DF9F0728C5D84, 0x3F4337D1CEC4F033,
	0xBF57D6E9674335B3, 0x3F6D6D000D7AAD3D, 0xBF8226E1F3CF1EF5, 0x3F9664F47EC0C8CF, 0xBFABA1BA1B80AB40,
	0x3FC111111110FA4A, 0xBFD5555555555550}

// erfF64Coeffs is __nv_erf's polynomial in a = |x|, from the highest power
// down: -log(1 - erf(a)) = a + a P(a).
var erfF64Coeffs = []uint64{0xBCF0679AFBA6F279, 0x3D47088FDB46FA5F, 0xBD8DF9F9B976A9B2, 0x3DC7F1F5590CC332,
	0xBDFA28A3CD2D56C4, 0x3E2485EE67835925, 0xBE476DB45919F583, 0x3E62D698D98C8D71, 0xBE720A2C7155D5C6,
	0xBE41D29B37CA1397, 0x3EA2EF6CC0F67A49, 0xBEC102B892333B6F, 0x3ECA30375BA9A84E, 0x3ECAAD18DEDEA43E,
	0xBEFF05355BC5B225, 0x3F10E37A3108BC8B, 0x3EFB292D828E5CB2, 0xBF4356626EBF9BFA, 0x3F5BCA68F73D6AFC,
	0xBF2B6B69EBBC280B, 0xBF9396685912A453, 0x3FBA4F4E2A1ABEF8, 0x3FE45F306DC9C8BB, 0x3FC06EBA8214DB69}

// oneMinusExpLibdeviceF64 is libdevice's 1 - e^(y + tail) for an f64 y
// and a small correction tail (nil: none): j = rint(y log2(e)) in f32,
// r = y - j ln(2) by one fma, e^r - 1 as r + r^2 P(r) (tail added to
// r^2 P(r) first), and 2^j from ex2.approx.ftz.f32 of j, combined as
// (1 - 2^j) - 2^j (e^r - 1).
func (e *emitter) oneMinusExpLibdeviceF64(y, tail ir.Value) ir.Value {
	f32, f64 := e.f32(), e.f64()
	j := e.intrinsic("roundeven", f32, e.fmul(e.cast("llvm.fptrunc", y, f32), e.f32Const(log2F32InvLn2)))
	jd := e.cast("llvm.fpext", j, f64)
	r := e.fmaF64(e.fneg(jd), e.f64Const(ln2F64Bits), y)
	q := e.fmul(e.hornerBitsF64(mexpm1F64Coeffs, r), r)
	var em1 ir.Value
	if tail == nil {
		em1 = e.fmaF64(q, r, r)
	} else {
		em1 = e.fadd(e.fmaF64(q, r, tail), r)
	}
	pow := e.cast("llvm.fpext", newGPU(e).unary("ex2_approx", j, true), f64)
	return e.fmaF64(e.fneg(em1), pow, e.fsub(e.cFloat(f64, 1), pow))
}

// tanhLibdeviceF64 is __nv_tanh: from |x| = 0.655 on (a branch, as in
// Triton's code), 1 - 2/(1 + e^(2|x|)) with the reciprocal from
// rcp.approx.ftz refined by one cubic Newton step, 1 from 19.06 on, x's
// sign or'ed in; below (and NaN), x + x^3 P(x^2).
func (e *emitter) tanhLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	a := e.intrinsic("fabs", f64, x)
	large := func() ir.Value {
		d := e.fsub(c(2), e.oneMinusExpLibdeviceF64(e.fmul(c(2), a), nil)) // 1 + e^(2a)
		inv := e.reciprocalLibdeviceF64(d)
		r := e.fmaF64(c(2), e.fneg(inv), c(1))
		// libdevice compares |x|'s high word: the same as comparing |x|
		// with that word followed by zeros.
		r = e.selectV(e.fcmp(llvm.FCmpOGE, a, e.f64Const(tanhF64One)), c(1), r)
		return e.withSignOfF64(r, x)
	}
	small := func() ir.Value {
		x2 := e.fmul(x, x)
		p := e.fmaF64(e.hornerBitsF64(tanhF64Coeffs, x2), x2, c(0))
		return e.fmaF64(p, x, x)
	}
	return e.choose(e.fcmp(llvm.FCmpOGE, a, e.f64Const(tanhF64Split)), f64, large, small)
}

// erfLibdeviceF64 is __nv_erf: with a = |x|, g = a + a P(a) =
// -log(1 - erf(a)) as a sum hi + lo of f64s, erf(a) = 1 - e^-(hi + lo),
// 1 from 5.92 on; x's sign or'ed in. One path for all x, as libdevice's.
func (e *emitter) erfLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	a := e.intrinsic("fabs", f64, x)
	p := e.hornerBitsF64(erfF64Coeffs, a)
	hi := e.fmaF64(p, a, a)
	lo := e.fmaF64(p, a, e.fsub(a, hi))
	r := e.oneMinusExpLibdeviceF64(e.fneg(hi), e.fneg(lo))
	r = e.selectV(e.fcmp(llvm.FCmpOGE, a, e.f64Const(erfF64One)), e.cFloat(f64, 1), r)
	return e.withSignOfF64(r, x)
}
