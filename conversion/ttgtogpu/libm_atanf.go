package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_atanf, __nv_atan2f, __nv_asinf and __nv_acosf in the
// operations and order of their libdevice code, so that tt's results are
// Triton's bits. ftz is Triton's FTZ reflect: libdevice's fabs, fma, mul.rn,
// fmax, fmin and sqrt.approx then flush subnormals; its plain fadd, fsub,
// fmul and fdiv (div.rn) never do. sqrt is sqrt.approx, as libdevice's
// __CUDA_PREC_SQRT reflect (off under Triton) picks it.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_atanf": (*emitter).atanLibdeviceF32,
		"__nv_asinf": (*emitter).asinLibdeviceF32,
		"__nv_acosf": (*emitter).acosLibdeviceF32,
	})
	libdeviceAlgorithms["__nv_atan2f"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.atan2LibdeviceF32(a[0], a[1], ftz)
	}
})

// The f32 constants of libdevice's inverse trigonometric functions (float64
// bits of their f32 values).
const (
	atanF32HalfPi         = 0x3FF921FB60000000 // pi/2
	atanF32Pi             = 0x400921FB60000000 // pi
	atanF32QuarterPi      = 0x3FE921FB60000000 // pi/4
	atanF32ThreeQuarterPi = 0x4002D97C80000000 // 3 pi/4
	asinF32Split          = 0x3FE23D70A0000000 // 0.57: asin(sqrt((1-|x|)/2)) above it
)

// atanF32Num and atanF32Den are the numerator (from the highest power
// down) and the monic denominator's lower coefficients of __nv_atanf's
// rational function of t^2.
var (
	atanF32Num = []uint64{0xBFEA58FD40000000, 0xC016B31060000000, 0xC01A4320E0000000}
	atanF32Den = []uint64{0x4026ABB800000000, 0x403CD7AC00000000, 0x4033B25900000000}
)

// asinF32Coeffs is __nv_asinf's polynomial in y^2, from the highest power
// down.
var asinF32Coeffs = []uint64{0x3FAA7F2820000000, 0x3F929A5D20000000, 0x3FA7F083E0000000,
	0x3FB3292520000000, 0x3FC5557280000000}

// atanKernelF32 is libdevice's atan of t in [0, 1] (NaN passes through):
// t + t s N(s) / D(s) with s = t^2 (mul.rn) and D monic of degree 3,
// its reciprocal a correctly rounded division.
func (e *emitter) atanKernelF32(t ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	s := newGPU(e).rounded(gpu.FMulOp, gpu.RoundRN, ftz, t, t)
	num := e.fmaRN(s, e.f32Const(atanF32Num[0]), e.f32Const(atanF32Num[1]), ftz)
	num = e.fmaRN(num, s, e.f32Const(atanF32Num[2]), ftz)
	num = e.fmul(e.fmul(num, s), t)
	den := e.fadd(s, e.f32Const(atanF32Den[0]))
	for _, k := range atanF32Den[1:] {
		den = e.fmaRN(den, s, e.f32Const(k), ftz)
	}
	return e.fmaRN(num, e.fbin("llvm.fdiv", e.cFloat(f32, 1), den), t, ftz)
}

// withSignOf is r with the sign bit of x or'ed in (r's own sign is +).
func (e *emitter) withSignOf(r, x ir.Value) ir.Value {
	i32 := e.i32()
	sign := e.and(e.bitcast(x, i32), e.cInt(i32, math.MinInt32))
	return e.bitcast(e.or(e.bitcast(r, i32), sign), e.f32())
}

// atanLibdeviceF32 is __nv_atanf: the kernel of |x|, or pi/2 minus the
// kernel of 1/|x| above 1 (the reciprocal a branch, as in Triton's code),
// x's sign put back unless the result is NaN.
func (e *emitter) atanLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	above := e.fcmp(llvm.FCmpOGT, ax, e.cFloat(f32, 1))
	t := e.chooseOrKeep(above, func() ir.Value { return e.fbin("llvm.fdiv", e.cFloat(f32, 1), ax) }, ax)
	r := e.atanKernelF32(t, ftz)
	r = e.selectV(above, e.fsub(e.f32Const(atanF32HalfPi), r), r)
	notNaN := e.fcmp(llvm.FCmpOLE, ax, e.cFloat(f32, posInf))
	return e.selectV(notNaN, e.withSignOf(r, x), r)
}

// atan2LibdeviceF32 is __nv_atan2f(y, x): the kernel of min(|x|, |y|) /
// max(|x|, |y|), reflected about pi/4 when |y| > |x| and about pi/2 when x
// is negative (its sign bit), y's sign put back; NaN when either is NaN.
// Both zero (pi or 0) and both infinite (3 pi/4 or pi/4) are special
// cases, the others a branch around them, as in Triton's code.
func (e *emitter) atan2LibdeviceF32(y, x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	ay := e.intrinsic("fabs", f32, e.flushF32(y, ftz))
	inf := e.cFloat(f32, posInf)
	bothZero := e.and(e.fcmp(llvm.FCmpOEQ, ax, e.cFloat(f32, 0)), e.fcmp(llvm.FCmpOEQ, ay, e.cFloat(f32, 0)))
	bothInf := e.and(e.fcmp(llvm.FCmpOEQ, ax, inf), e.fcmp(llvm.FCmpOEQ, ay, inf))
	xNeg := e.icmp(llvm.ICmpSLT, e.bitcast(x, i32), e.cInt(i32, 0))
	special := e.selectV(bothZero,
		e.selectV(xNeg, e.f32Const(atanF32Pi), e.cFloat(f32, 0)),
		e.selectV(xNeg, e.f32Const(atanF32ThreeQuarterPi), e.f32Const(atanF32QuarterPi)))
	special = e.withSignOf(special, y)
	regular := e.xor(e.or(bothZero, bothInf), e.cBool(true))
	return e.chooseOrKeep(regular, func() ir.Value {
		hi, lo := e.intrinsic("maxnum", f32, ay, ax), e.intrinsic("minnum", f32, ay, ax)
		r := e.atanKernelF32(e.fbin("llvm.fdiv", lo, hi), ftz)
		r = e.selectV(e.fcmp(llvm.FCmpOGT, ay, ax), e.fsub(e.f32Const(atanF32HalfPi), r), r)
		r = e.selectV(xNeg, e.fsub(e.f32Const(atanF32Pi), r), r)
		r = e.withSignOf(r, y)
		sum := e.fadd(ax, ay) // NaN when either is
		return e.selectV(e.fcmp(llvm.FCmpOLE, sum, inf), r, sum)
	}, special)
}

// asinKernelF32 is libdevice's asin of |x| (ax) for x in [-1, 1]: below
// 0.57 y + y^3 P(y^2) of y = ax; above, the same of y = sqrt((1 - ax)/2)
// (sqrt.approx), whose asin is (pi/2 - asin(ax))/2. It returns the value
// and whether ax is above 0.57.
func (e *emitter) asinKernelF32(ax ir.Value, ftz bool) (r, above ir.Value) {
	f32 := e.f32()
	h := e.fmul(e.cFloat(f32, 0.5), e.fsub(e.cFloat(f32, 1), ax))
	above = e.fcmp(llvm.FCmpOGT, ax, e.f32Const(asinF32Split))
	y := e.selectV(above, newGPU(e).unary("sqrt_approx", h, ftz), ax)
	s := e.fmul(y, y)
	p := e.f32Const(asinF32Coeffs[0])
	for _, k := range asinF32Coeffs[1:] {
		p = e.fmaRN(p, s, e.f32Const(k), ftz)
	}
	return e.fmaRN(e.fmul(p, s), y, y, ftz), above
}

// asinLibdeviceF32 is __nv_asinf: the kernel, or pi/2 - 2 kernel above
// 0.57, x's sign put back unless the result is NaN.
func (e *emitter) asinLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	r, above := e.asinKernelF32(e.intrinsic("fabs", f32, e.flushF32(x, ftz)), ftz)
	r = e.selectV(above, e.fmaRN(e.cFloat(f32, -2), r, e.f32Const(atanF32HalfPi), ftz), r)
	notNaN := e.fcmp(llvm.FCmpOLE, r, e.cFloat(f32, posInf))
	return e.selectV(notNaN, e.withSignOf(r, x), r)
}

// acosLibdeviceF32 is __nv_acosf: pi/2 - kernel, or 2 kernel above 0.57;
// pi minus that for negative x.
func (e *emitter) acosLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	r, above := e.asinKernelF32(e.intrinsic("fabs", f32, e.flushF32(x, ftz)), ftz)
	r = e.selectV(above, e.fmul(e.cFloat(f32, 2), r), e.fsub(e.f32Const(atanF32HalfPi), r))
	neg := e.fcmp(llvm.FCmpOLT, x, e.cFloat(f32, 0))
	return e.selectV(neg, e.fsub(e.f32Const(atanF32Pi), r), r)
}
