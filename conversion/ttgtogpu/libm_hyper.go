package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Hyperbolic functions and their inverses in f64 (libdevice's __nv_sinh,
// __nv_cosh, __nv_tanh, __nv_asinh, __nv_acosh, __nv_atanh: 2, 1, 1, 3,
// 3, 2 ulps) and, through f64 and one rounding, f32 (__nv_sinhf, ...,
// __nv_tanhf: libdevice's is accurate to 2 ulps, not the tanh.approx
// instruction's 2^-11), from expm1
// and log1p (libm_exp.go), which keep their accuracy near 0 where
// e^x - e^-x cancels. With a = |x| and t = expm1(a) (expm1(2a) for tanh):
//
//	sinh  a < 1:   (2t - t^2/(t+1)) / 2       a < 22: (t + t/(t+1)) / 2
//	      beyond:  e^(a - ln2) (finite up to a = 710.47)
//	cosh  1 + t^2 / (2 (t+1)) below 1, (e^a + 1/e^a) / 2 up to 22, then as
//	      sinh's tail
//	tanh  t / (t + 2) (its roundings corrected) below 0.55, 1 - 2/(t + 2)
//	      up to 22, then 1; the sign of x
//	asinh log1p(a + a^2 / (1 + sqrt(1 + a^2))), log(a) + ln2 beyond 2^28
//	acosh log1p(u + sqrt(2u + u^2)) with u = x - 1 (exact), log(x) + ln2
//	      beyond 2^28; NaN below 1
//	atanh log1p(2a / (1 - a)) / 2 (1 - a exact from 1/2 up); +-inf at 1,
//	      NaN beyond

// hyperBig is where sinh and cosh are e^a / 2 in f64, and tanh is 1.
const hyperBig = 22

// halfExp is e^a / 2 without overflowing before the result does: e^(a -
// ln2) with a - ln2 as a double-double (a >= hyperBig).
func (e *emitter) halfExp(a ir.Value) ir.Value {
	s := e.ddSum(a, e.cFloat(e.f64(), -ln2Near))
	return e.expDD(s.hi, e.fsub(s.lo, e.cFloat(e.f64(), ln2Tail)))
}

// sinhF64 is sinh(x).
func (e *emitter) sinhF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	a := e.intrinsic("fabs", f64, x)
	t := e.expm1F64(e.selectV(e.fcmp(llvm.FCmpOLT, a, c(hyperBig)), a, c(0)))
	tq := e.fbin("llvm.fdiv", t, e.fadd(t, c(1)))
	small := e.fmul(c(0.5), e.fsub(e.fmul(c(2), t), e.fmul(t, tq)))
	mid := e.fmul(c(0.5), e.fadd(t, tq))
	r := e.selectV(e.fcmp(llvm.FCmpOLT, a, c(1)), small, mid)
	r = e.selectV(e.fcmp(llvm.FCmpOGE, a, c(hyperBig)), e.halfExp(a), r)
	return e.nanIn(x, e.intrinsic("copysign", f64, r, x))
}

// coshF64 is cosh(x).
func (e *emitter) coshF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	a := e.intrinsic("fabs", f64, x)
	inRange := e.fcmp(llvm.FCmpOLT, a, c(hyperBig))
	t := e.expm1F64(e.selectV(inRange, a, c(0)))
	t1 := e.fadd(t, c(1))
	small := e.fadd(c(1), e.fbin("llvm.fdiv", e.fmul(t, t), e.fmul(c(2), t1)))
	mid := e.fadd(e.fmul(c(0.5), t1), e.fbin("llvm.fdiv", c(0.5), t1))
	r := e.selectV(e.fcmp(llvm.FCmpOLT, a, c(1)), small, mid)
	r = e.selectV(inRange, r, e.halfExp(a))
	return e.nanIn(x, r)
}

// tanhF64 is tanh(x).
func (e *emitter) tanhF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	a := e.intrinsic("fabs", f64, x)
	inRange := e.fcmp(llvm.FCmpOLT, a, c(hyperBig))
	t := e.expm1F64(e.fmul(c(2), e.selectV(inRange, a, c(0))))
	// t / (t+2) with the rounding of t+2 and of the quotient corrected.
	d := e.ddSum(c(2), t)
	q := e.fbin("llvm.fdiv", t, d.hi)
	rem := e.fmaF64(e.fneg(q), d.hi, t)
	small := e.fadd(q, e.fbin("llvm.fdiv", e.fmaF64(e.fneg(q), d.lo, rem), d.hi))
	large := e.fsub(c(1), e.fbin("llvm.fdiv", c(2), d.hi))
	r := e.selectV(e.fcmp(llvm.FCmpOLT, a, c(tanhSplit)), small, large)
	r = e.selectV(inRange, r, c(1))
	return e.nanIn(x, e.intrinsic("copysign", f64, r, x))
}

// tanhSplit is where tanh switches from t/(t+2) to 1 - 2/(t+2), which
// is near 1 there so that the division's rounding shrinks.
const tanhSplit = 0.55

// hyperLogBig is where asinh and acosh are log(2a) in f64.
const hyperLogBig = 0x1p28

// logTwice is log(2a) for a >= hyperLogBig: log a + ln 2 without
// overflowing 2a.
func (e *emitter) logTwice(a ir.Value) ir.Value {
	safe := e.selectV(e.fcmp(llvm.FCmpOEQ, a, e.cFloat(e.f64(), math.Inf(1))), e.cFloat(e.f64(), 1), a)
	l := e.logDD(safe)
	return e.fadd(l.hi, e.fadd(l.lo, e.cFloat(e.f64(), ln2Exact)))
}

// asinhF64 is asinh(x).
func (e *emitter) asinhF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	a := e.intrinsic("fabs", f64, x)
	big := e.fcmp(llvm.FCmpOGE, a, c(hyperLogBig))
	as := e.selectV(big, c(1), a)
	a2 := e.fmul(as, as)
	u := e.fadd(as, e.fbin("llvm.fdiv", a2, e.fadd(c(1), e.intrinsic("sqrt", f64, e.fadd(c(1), a2)))))
	r := e.selectV(big, e.logTwice(a), e.log1pF64(u))
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, a, c(math.Inf(1))), a, r)
	return e.nanIn(x, e.intrinsic("copysign", f64, r, x))
}

// acoshF64 is acosh(x).
func (e *emitter) acoshF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	big := e.fcmp(llvm.FCmpOGE, x, c(hyperLogBig))
	u := e.fsub(e.selectV(big, c(1), x), c(1))
	r := e.log1pF64(e.fadd(u, e.intrinsic("sqrt", f64, e.fmaF64(u, u, e.fmul(c(2), u)))))
	r = e.selectV(big, e.logTwice(x), r)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, x, c(math.Inf(1))), x, r)
	r = e.selectV(e.fcmp(llvm.FCmpOLT, x, c(1)), c(math.NaN()), r)
	return e.nanIn(x, r)
}

// atanhF64 is atanh(x).
func (e *emitter) atanhF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	a := e.intrinsic("fabs", f64, x)
	r := e.fmul(c(0.5), e.log1pF64(e.fbin("llvm.fdiv", e.fmul(c(2), a), e.fsub(c(1), a))))
	r = e.selectV(e.fcmp(llvm.FCmpOGT, a, c(1)), c(math.NaN()), r)
	return e.nanIn(x, e.intrinsic("copysign", f64, r, x))
}
