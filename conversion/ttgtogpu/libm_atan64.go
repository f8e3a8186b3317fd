package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_atan, __nv_asin, __nv_acos and __nv_atan2 (f64) in the
// operations and order of their libdevice code, so that tt's results are
// Triton's bits. libdevice reads and writes f64 words (d2i.hi, lohi.i2d)
// only to copy a sign bit or to step an exponent by one; those are the
// equivalent operations on the f64's 64 bits here.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_atan": (*emitter).atanLibdeviceF64,
		"__nv_asin": (*emitter).asinLibdeviceF64,
		"__nv_acos": (*emitter).acosLibdeviceF64,
	})
	libdeviceAlgorithms["__nv_atan2"] = func(e *emitter, a []ir.Value, _ bool) ir.Value {
		return e.atan2LibdeviceF64(a[0], a[1])
	}
})

// atanF64Coeffs is libdevice's f64 atan polynomial in s = t^2, from the
// highest power down: atan(t) = t + t s P(s) for 0 <= t <= 1.
var atanF64Coeffs = []uint64{0xBEF53E1D2A25FF7E, 0x3F2D3B63DBB65B49, 0xBF5312788DDE082E,
	0x3F6F9690C8249315, 0xBF82CF5AABC7CF0D, 0x3F9162B0B2A3BFDE, 0xBF9A7256FEB6FC6B,
	0x3FA171560CE4A489, 0xBFA4F44D841450E4, 0x3FA7EE3D3F36BB95, 0xBFAAD32AE04A9FD1,
	0x3FAE17813D66954F, 0xBFB11089CA9A5BCD, 0x3FB3B12B2DB51738, 0xBFB745D022F8DC5C,
	0x3FBC71C709DFE927, 0xBFC2492491FA1744, 0x3FC99999999840D2, 0xBFD555555555544C}

// asinF64Coeffs is libdevice's f64 asin polynomial in s = x^2, from the
// highest power down: asin(x) = x + x s P(s) for |x| < 0.575; acos uses
// it too, and asin beyond 0.575 in s = (1 - |x|)/2.
var asinF64Coeffs = []uint64{0x3FB0066BDC1895E9, 0xBFB3823B180754AF, 0x3FB11E52CC2F79AE,
	0xBF924EAF3526861B, 0x3F91DF02A31E6CB7, 0x3F847D18B0EEC6CC, 0x3F8D0AF961BA53B0,
	0x3F91BF7734CF1C48, 0x3F96E91483144EF7, 0x3F9F1C6E0A4F9F81, 0x3FA6DB6DC27FA92B,
	0x3FB333333320F91B, 0x3FC5555555555F4D}

// acosNearOneF64Coeffs is libdevice's f64 acos polynomial in z = 1 - |x|
// for |x| >= 0.575, from the highest power down: acos(|x|) =
// sqrt(2z) (1 + z P(z)).
var acosNearOneF64Coeffs = []uint64{0x3EC715B371155F70, 0xBEBAC2FE66FAAC4B, 0x3ED9A9B88EFCD9B8,
	0x3EDD0F40A8A0C4C3, 0x3EF46D4CFA9E0E1F, 0x3F079C168D1E2422, 0x3F1C9A88C3BCA540,
	0x3F31C4E64BD476DF, 0x3F46E8BA60009C8F, 0x3F5F1C71C62B05A2, 0x3F76DB6DB6DC9F2C,
	0x3F9333333333329C, 0x3FB5555555555555}

const (
	piF64          = 0x400921FB54442D18 // pi rounded to f64
	halfPiF64      = 0x3FF921FB54442D18
	quarterPiF64   = 0x3FE921FB54442D18
	threeQPiF64    = 0x4002D97C7F3321D2 // 3pi/4
	halfPiTailF64  = 0x3C91A62633145C07 // pi/2 - halfPiF64
	piTailF64      = 0x3CA1A62633145C07 // pi - piF64
	asinSplitHi    = 0x3FE26666         // the high word of 0.575: the polynomials below it
	negativeF64Bit = 1 << 63
)

// atanKernelF64 is atan(t) for 0 <= t <= 1: t + t s P(s), s = t^2.
func (e *emitter) atanKernelF64(t ir.Value) ir.Value {
	s := e.fmul(t, t)
	return e.fmaF64(e.fmul(e.hornerBitsF64(atanF64Coeffs, s), s), t, t)
}

// atanLibdeviceF64 is __nv_atan: beyond |x| = 1 the kernel at 1/|x| (a
// reciprocal approximation refined by one Newton step; 0 at infinity)
// taken from pi/2, then x's sign.
func (e *emitter) atanLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	ax := e.intrinsic("fabs", f64, x)
	big := e.fcmp(llvm.FCmpOGT, ax, c(1))
	inv := e.reciprocalLibdeviceF64(ax)
	inv = e.selectV(e.fcmp(llvm.FCmpOEQ, ax, c(math.Inf(1))), c(0), inv)
	t := e.selectV(big, inv, ax)
	a := e.atanKernelF64(t)
	a = e.selectV(big, e.fsub(e.f64Const(halfPiF64), a), a)
	return e.withSignOfF64(a, x)
}

// sqrtByRsqrtF64 is libdevice's sqrt(z) of asin and acos for positive
// normal z: rsqrt.approx r, then z r corrected with r/2 in two Newton
// steps, r/2 refined between them.
func (e *emitter) sqrtByRsqrtF64(z ir.Value) ir.Value {
	r := newGPU(e).unary("rsqrt_approx", z, true)
	h := e.addToExponentF64(r, e.i32c(-1))
	s := e.fmul(z, r)
	s = e.fmaF64(e.fmaF64(s, e.fneg(s), z), h, s)
	h = e.fmaF64(e.fmaF64(r, e.fneg(s), e.cFloat(e.f64(), 1)), h, h)
	return e.fmaF64(e.fmaF64(s, e.fneg(s), z), h, s)
}

// asinLibdeviceF64 is __nv_asin: below |x| = 0.575 (compared by the high
// word read as an f32) x + x s P(s) with s = x^2; from there pi/2 -
// 2 sqrt(z) (1 + z P(z)) with z = (1 - |x|)/2, pi/2 in two parts, then x's
// sign. The two paths are a branch, as in libdevice.
func (e *emitter) asinLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64, f32 := e.f64(), e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	// libdevice's fabs.ftz.f under the FTZ reflect: flushing a subnormal
	// cannot change the comparison, so plain fabs.
	hiAbs := e.intrinsic("fabs", f32, e.bitcast(e.highWordOfF64(x), f32))
	small := e.fcmp(llvm.FCmpOLT, hiAbs, e.bitcast(e.cInt(e.i32(), asinSplitHi), f32))
	return e.choose(small, f64, func() ir.Value {
		s := e.fmul(x, x)
		return e.fmaF64(e.fmul(e.hornerBitsF64(asinF64Coeffs, s), s), x, x)
	}, func() ir.Value {
		z := e.fmaF64(c(-0.5), e.intrinsic("fabs", f64, x), c(0.5))
		// sqrt(z): NaN for z < 0 (by its sign bit), z itself for 0 and NaN.
		root := e.sqrtByRsqrtF64(z)
		root = e.selectV(e.icmpC(llvm.ICmpSLT, e.highWordOfF64(z), 0), e.f64Const(0xFFF8000000000000), root)
		zeroOrNaN := e.and(e.fcmp(llvm.FCmpULE, z, c(0)), e.fcmp(llvm.FCmpUGE, z, c(0)))
		root = e.selectV(zeroOrNaN, z, root)
		p := e.fmul(e.hornerBitsF64(asinF64Coeffs, z), z)
		m := e.fmul(c(-2), root)
		lo := e.fmaF64(m, p, e.f64Const(halfPiTailF64))
		quarter := e.f64Const(quarterPiF64)
		return e.withSignOfF64(e.fadd(e.fadd(e.fadd(m, quarter), lo), quarter), x)
	})
}

// acosLibdeviceF64 is __nv_acos: below |x| = 0.575 (by the high word)
// pi/2 -+ (|x| + |x| s P(s)), s = x^2, pi/2 in two parts; from there
// r = sqrt(2z) (1 + z Q(z)) with z = 1 - |x| (0 at z = 0, NaN for z < 0),
// for negative x pi - r with pi in two parts. The two paths are a branch,
// as in libdevice.
func (e *emitter) acosLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	g := newGPU(e)
	addRN := func(a, b ir.Value) ir.Value { return g.rounded(gpu.FAddOp, gpu.RoundRN, false, a, b) }
	mulRN := func(a, b ir.Value) ir.Value { return g.rounded(gpu.FMulOp, gpu.RoundRN, false, a, b) }
	neg := e.icmpC(llvm.ICmpSLT, e.highWordOfF64(x), 0)
	ax := e.intrinsic("fabs", f64, x)
	small := e.icmpC(llvm.ICmpSLT, e.highWordOfF64(ax), asinSplitHi)
	return e.choose(small, f64, func() ir.Value {
		s := e.fmul(ax, ax)
		a := e.fmaF64(e.fmul(e.hornerBitsF64(asinF64Coeffs, s), s), ax, ax)
		halfPi := e.f64Const(halfPiF64)
		above := addRN(halfPi, addRN(a, e.f64Const(halfPiTailF64)))                        // pi/2 + |x|...
		below := addRN(halfPi, e.fneg(addRN(a, e.f64Const(halfPiTailF64|negativeF64Bit)))) // pi/2 - |x|...
		return e.selectV(neg, above, below)
	}, func() ir.Value {
		z := e.fsub(c(1), ax)
		root := e.addToExponentF64(e.sqrtByRsqrtF64(e.addToExponentF64(z, e.i32c(-1))), e.i32c(1))
		hz := e.highWordOfF64(z)
		r := e.selectV(e.icmpC(llvm.ICmpSLE, hz, 0), mulRN(ax, c(0)),
			e.fmaF64(e.fmul(e.hornerBitsF64(acosNearOneF64Coeffs, z), z), root, root))
		r = e.selectV(e.icmpC(llvm.ICmpSLT, hz, 0), mulRN(r, c(math.Inf(1))), r)
		return e.selectV(neg, addRN(e.f64Const(piF64), e.fneg(addRN(r, e.f64Const(piTailF64|negativeF64Bit)))), r)
	})
}

// atan2LibdeviceF64 is __nv_atan2(y, x): the kernel at min(|x|,|y|) /
// max(|x|,|y|) (a correctly rounded division), taken from pi/2 where
// |y| > |x| and from pi where x is negative (by its sign bit), then y's
// sign; NaN from |x| + |y| where either is NaN; both zero: 0 or pi, both
// infinite: pi/4 or 3pi/4, with y's sign.
func (e *emitter) atan2LibdeviceF64(y, x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	ax, ay := e.intrinsic("fabs", f64, x), e.intrinsic("fabs", f64, y)
	xNeg := e.icmpC(llvm.ICmpSLT, e.highWordOfF64(x), 0)
	q := e.fbin("llvm.fdiv", e.intrinsic("minnum", f64, ay, ax), e.intrinsic("maxnum", f64, ay, ax))
	a := e.atanKernelF64(q)
	a = e.selectV(e.fcmp(llvm.FCmpOGT, ay, ax), e.fsub(e.f64Const(halfPiF64), a), a)
	a = e.selectV(xNeg, e.fsub(e.f64Const(piF64), a), a)
	a = e.withSignOfF64(a, y)
	sum := e.fadd(ax, ay)
	a = e.selectV(e.fcmp(llvm.FCmpOLE, sum, c(math.Inf(1))), a, sum)
	inf := c(math.Inf(1))
	bothInf := e.and(e.fcmp(llvm.FCmpOEQ, ax, inf), e.fcmp(llvm.FCmpOEQ, ay, inf))
	a = e.selectV(bothInf, e.withSignOfF64(e.selectV(xNeg, e.f64Const(threeQPiF64), e.f64Const(quarterPiF64)), y), a)
	bothZero := e.and(e.fcmp(llvm.FCmpOEQ, ax, c(0)), e.fcmp(llvm.FCmpOEQ, ay, c(0)))
	return e.selectV(bothZero, e.withSignOfF64(e.selectV(xNeg, e.f64Const(piF64), c(0)), y), a)
}
