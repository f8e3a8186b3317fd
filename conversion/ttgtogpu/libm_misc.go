package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// The exact libdevice functions (ldexp, scalbn, fdim, nextafter, signbit,
// isfinite, logb, ilogb: correctly rounded or exact by definition) and
// cbrt, rcbrt, hypot (1, 1, 2 ulps in f64; f32 through f64 and one
// rounding).
//
//	ldexp(x, n)   f64: exponent arithmetic on the bits where the result is
//	              normal, one multiplication by 2^-1000 where it is
//	              subnormal (one rounding); f32 in f64 (exact) and rounded
//	cbrt(a)       a^(1/3) from the f32-grade pow (2^-44), one Newton step
//	              with a - y^3 as a double-double (exact subtraction)
//	hypot(x, y)   both scaled by a power of two that brings the larger near
//	              1, sqrt(x^2 + y^2) of the double-double sum with one
//	              correction step, scaled back

// exponentOf is |x|'s unbiased binary exponent (subnormals normalized) as
// an i64, for a finite nonzero f64 x.
func (e *emitter) exponentOf(x ir.Value) ir.Value {
	f64, i64 := e.f64(), e.i64()
	ax := e.intrinsic("fabs", f64, x)
	sub := e.fcmp(llvm.FCmpOLT, ax, e.cFloat(f64, 0x1p-1022))
	xs := e.selectV(sub, e.fmul(ax, e.cFloat(f64, 0x1p54)), ax)
	biased := e.lshrC(e.bitcast(xs, i64), 52)
	return e.sub(biased, e.selectV(sub, e.cInt(i64, 1023+54), e.cInt(i64, 1023)))
}

// logbF64 is the exponent of x as an f64 (-inf for 0, +inf for inf).
func (e *emitter) logbF64(x ir.Value) ir.Value {
	f64 := e.f64()
	ax := e.intrinsic("fabs", f64, x)
	r := e.cast("llvm.sitofp", e.exponentOf(x), f64)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, ax, e.cFloat(f64, 0)), e.cFloat(f64, math.Inf(-1)), r)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, ax, e.cFloat(f64, math.Inf(1))), ax, r)
	return e.nanIn(x, r)
}

// ilogbAny is the exponent of x as an i32: INT_MIN for 0 and NaN,
// INT_MAX for +-inf (libdevice's values).
func (e *emitter) ilogbAny(x ir.Value, res ir.Type) ir.Value {
	if !isF64(x.Type()) {
		x = e.op1("llvm.fpext", e.f64(), []ir.Value{e.extToF32(x)})
	}
	f64 := e.f64()
	ax := e.intrinsic("fabs", f64, x)
	r := e.trunc(e.exponentOf(x), res)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, ax, e.cFloat(f64, math.Inf(1))), e.cInt(res, math.MaxInt32), r)
	return e.selectV(e.fcmp(llvm.FCmpUEQ, ax, e.cFloat(f64, 0)), e.cInt(res, math.MinInt32), r)
}

// ldexpAny is x * 2^n (n an i32) rounded once.
func (e *emitter) ldexpAny(x, n ir.Value, res ir.Type) ir.Value {
	f64, i64 := e.f64(), e.i64()
	if !isF64(res) {
		// f32 (and narrower) in f64: with n clamped to +-400 the product
		// is exact in f64, and the narrowing rounds once.
		nc := e.intrinsic("smax", n.Type(), e.intrinsic("smin", n.Type(), n, e.i32c(400)), e.i32c(-400))
		return e.throughF64(res, []ir.Value{x}, func(w []ir.Value) ir.Value {
			return e.fmul(w[0], e.pow2F64(nc))
		})
	}
	nl := e.sext(n, i64)
	nl = e.intrinsic("smax", i64, e.intrinsic("smin", i64, nl, e.cInt(i64, 2200)), e.cInt(i64, -2200))
	ax := e.intrinsic("fabs", f64, x)
	sub := e.fcmp(llvm.FCmpOLT, ax, e.cFloat(f64, 0x1p-1022))
	xs := e.selectV(sub, e.fmul(x, e.cFloat(f64, 0x1p54)), x)
	nl = e.selectV(sub, e.sub(nl, e.cInt(i64, 54)), nl)
	bits := e.bitcast(xs, i64)
	biased := e.andC(e.lshrC(bits, 52), 0x7ff)
	target := e.add(biased, nl) // the result's biased exponent
	rest := e.andC(bits, ^int64(0x7ff<<52))
	withExp := func(b ir.Value) ir.Value { return e.bitcast(e.or(rest, e.shlC(b, 52)), f64) }
	normal := withExp(target)
	// Subnormal results: exponent raised by 1000 (at least 1), then one
	// multiplication.
	up := e.intrinsic("smax", i64, e.add(target, e.cInt(i64, 1000)), e.cInt(i64, 1))
	subnormal := e.fmul(withExp(up), e.cFloat(f64, 0x1p-1000))
	r := e.selectV(e.icmpC(llvm.ICmpSGE, target, 1), normal, subnormal)
	r = e.selectV(e.icmpC(llvm.ICmpSGE, target, 0x7ff), e.intrinsic("copysign", f64, e.cFloat(f64, math.Inf(1)), x), r)
	// 0, inf and NaN stay.
	special := e.or(e.fcmp(llvm.FCmpOEQ, ax, e.cFloat(f64, 0)), e.fcmp(llvm.FCmpUEQ, ax, e.cFloat(f64, math.Inf(1))))
	return e.selectV(special, x, r)
}

// fdimAny is x - y where x > y, +0 where not, NaN for a NaN operand.
func (e *emitter) fdimAny(x, y ir.Value) ir.Value {
	t := x.Type()
	r := e.selectV(e.fcmp(llvm.FCmpOGT, x, y), e.fsub(x, y), e.cFloat(t, 0))
	return e.selectV(e.fcmp(llvm.FCmpUNO, x, y), e.fadd(x, y), r)
}

// nextafterAny is the float after x in the direction of y, on x's own
// format (f32 or f64): the bits stepped by one away from or toward zero.
func (e *emitter) nextafterAny(x, y ir.Value) ir.Value {
	t := x.Type()
	it := e.i32()
	if isF64(t) {
		it = e.i64()
	}
	bits := e.bitcast(x, it)
	// Away from zero when x < y and x > 0, or x > y and x < 0.
	up := e.fcmp(llvm.FCmpOLT, x, y)
	away := e.xor(up, e.icmpC(llvm.ICmpSLT, bits, 0))
	stepped := e.bitcast(e.selectV(away, e.addC(bits, 1), e.addC(bits, -1)), t)
	tiny := e.intrinsic("copysign", t, e.bitcast(e.cInt(it, 1), t), y)
	r := e.selectV(e.fcmp(llvm.FCmpOEQ, x, e.cFloat(t, 0)), tiny, stepped)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, x, y), y, r)
	return e.selectV(e.fcmp(llvm.FCmpUNO, x, y), e.fadd(x, y), r)
}

// signbitAny is 1 where x's sign bit is set (NaN and -0 included).
func (e *emitter) signbitAny(x ir.Value, res ir.Type) ir.Value {
	it := e.i32()
	if isF64(x.Type()) {
		it = e.i64()
	}
	neg := e.icmpC(llvm.ICmpSLT, e.bitcast(x, it), 0)
	return e.zext(neg, res)
}

// isfiniteAny is 1 where x is neither infinite nor NaN.
func (e *emitter) isfiniteAny(x ir.Value, res ir.Type) ir.Value {
	t := x.Type()
	return e.zext(e.fcmp(llvm.FCmpOLT, e.intrinsic("fabs", t, x), e.cFloat(t, math.Inf(1))), res)
}

// cbrtParts is cbrt(a) as (y + corr) * scale (the Newton correction
// not yet added) for a positive finite a. Small a are scaled by 2^162
// (the root by 2^54) so that y^3's double-double does not underflow.
func (e *emitter) cbrtParts(a ir.Value) (y, corr, scale ir.Value) {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	small := e.fcmp(llvm.FCmpOLT, a, c(0x1p-900))
	a = e.selectV(small, e.fmul(a, c(0x1p162)), a)
	scale = e.selectV(small, c(0x1p-54), c(1))
	y = e.powMagnitude(a, c(1.0/3), false)
	y2 := e.twoProd(y, y)
	y3 := e.ddMul(dd{y, c(0)}, y2)
	res := e.fsub(e.fsub(a, y3.hi), y3.lo) // a - y3.hi is exact
	return y, e.fbin("llvm.fdiv", res, e.fmul(c(3), y2.hi)), scale
}

// cbrtSafe maps 0, inf and NaN to 1 for cbrtParts (the selects after
// replace those results).
func (e *emitter) cbrtSafe(x ir.Value) (ax, special ir.Value) {
	f64 := e.f64()
	ax = e.intrinsic("fabs", f64, x)
	special = e.or(e.fcmp(llvm.FCmpOEQ, ax, e.cFloat(f64, 0)), e.fcmp(llvm.FCmpUEQ, ax, e.cFloat(f64, math.Inf(1))))
	return e.selectV(special, e.cFloat(f64, 1), ax), special
}

// cbrtF64 is the real cube root.
func (e *emitter) cbrtF64(x ir.Value) ir.Value {
	a, special := e.cbrtSafe(x)
	y, corr, scale := e.cbrtParts(a)
	r := e.intrinsic("copysign", e.f64(), e.fmul(e.fadd(y, corr), scale), x)
	return e.selectV(special, x, r)
}

// rcbrtF64 is 1/cbrt(x): 1/y with its remainder and the correction to
// first order, rounded once (+-inf at +-0, +-0 at +-inf).
func (e *emitter) rcbrtF64(x ir.Value) ir.Value {
	f64 := e.f64()
	a, special := e.cbrtSafe(x)
	y, corr, scale := e.cbrtParts(a)
	q := e.fbin("llvm.fdiv", e.cFloat(f64, 1), y)
	qlo := e.fbin("llvm.fdiv", e.fmaF64(e.fneg(q), y, e.cFloat(f64, 1)), y)
	r := e.fadd(q, e.fsub(qlo, e.fbin("llvm.fdiv", e.fmul(q, corr), y)))
	r = e.fbin("llvm.fdiv", r, scale) // exact: a power of two, and 1/cbrt of a subnormal is below 2^360
	r = e.intrinsic("copysign", f64, r, x)
	sp := e.fbin("llvm.fdiv", e.cFloat(f64, 1), x) // 1/+-0 = +-inf, 1/+-inf = +-0, NaN
	return e.selectV(special, sp, r)
}

// hypotF64 is sqrt(x^2 + y^2) without undue overflow or underflow.
func (e *emitter) hypotF64(x, y ir.Value) ir.Value {
	f64, i64 := e.f64(), e.i64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	ax, ay := e.intrinsic("fabs", f64, x), e.intrinsic("fabs", f64, y)
	big := e.intrinsic("maxnum", f64, ax, ay)
	small := e.intrinsic("minnum", f64, ax, ay)
	// Scale by 2^-k, k the larger's exponent (bounded so that 2^-k and
	// 2^k are normal; subnormal larger values take k = -1022 and stay
	// exact).
	k := e.intrinsic("smax", i64, e.intrinsic("smin", i64, e.exponentOf(e.selectV(e.fcmp(llvm.FCmpOGT, big, c(0)), big, c(1))), e.cInt(i64, 1022)), e.cInt(i64, -1022))
	k32 := e.trunc(k, e.i32())
	down := e.pow2F64(e.sub(e.i32c(0), k32))
	bs, ss := e.fmul(big, down), e.fmul(small, down)
	b2, s2 := e.twoProd(bs, bs), e.twoProd(ss, ss)
	sum := e.ddAdd(b2, s2)
	r := e.intrinsic("sqrt", f64, sum.hi)
	r2 := e.twoProd(r, r)
	res := e.fadd(e.fsub(sum.hi, r2.hi), e.fsub(sum.lo, r2.lo)) // sum.hi - r2.hi is exact
	r = e.fadd(r, e.fbin("llvm.fdiv", res, e.fmul(c(2), r)))
	r = e.scaleF64(r, k32)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, big, c(0)), c(0), r)
	r = e.selectV(e.fcmp(llvm.FCmpUNO, x, y), e.fadd(x, y), r)
	// inf wins over NaN.
	anyInf := e.or(e.fcmp(llvm.FCmpOEQ, ax, c(math.Inf(1))), e.fcmp(llvm.FCmpOEQ, ay, c(math.Inf(1))))
	return e.selectV(anyInf, c(math.Inf(1)), r)
}
