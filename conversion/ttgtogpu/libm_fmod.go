package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// __nv_fmod, C's fmod on f64, exactly (as libdevice computes it, so its
// bits): the remainder of |x|'s integer significand against |y|'s, the
// exponent difference taken off eleven binades a step (a significand of
// 53 bits shifted by 11 still fits 64), then scaled to |y|'s exponent,
// which holds it exactly, with x's sign. LLVM's frem expansion, x - y
// trunc(x / y), errs once x / y passes 2^53.

func init() {
	libdeviceAlgorithms["__nv_fmod"] = func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.fmodF64(a[0], a[1]) }
}

// fmodStepBinades is how many binades one step of fmodF64 takes off.
const fmodStepBinades = 11

func (e *emitter) fmodF64(x, y ir.Value) ir.Value {
	f64, i64 := e.f64(), e.i64()
	ax, ay := e.intrinsic("fabs", f64, x), e.intrinsic("fabs", f64, y)
	// v = m 2^(ex - 1075): m the significand with its implicit bit, or a
	// subnormal's fraction with ex = 1.
	split := func(v ir.Value) (m, ex ir.Value) {
		b := e.bitcast(v, i64)
		ex = e.lshr(b, e.cInt(i64, 52))
		frac := e.andC(b, 1<<52-1)
		sub := e.icmpC(llvm.ICmpEQ, ex, 0)
		return e.selectV(sub, frac, e.or(frac, e.cInt(i64, 1<<52))), e.selectV(sub, e.cInt(i64, 1), ex)
	}
	mx, ex := split(ax)
	my, ey := split(ay)
	// Where |x| < |y| (x is the result) or the result is NaN, no steps.
	bad := e.or(e.fcmp(llvm.FCmpUNO, x, y), e.or(e.fcmp(llvm.FCmpOEQ, ax, e.cFloat(f64, math.Inf(1))),
		e.fcmp(llvm.FCmpOEQ, ay, e.cFloat(f64, 0))))
	skip := e.or(bad, e.fcmp(llvm.FCmpOLT, ax, ay))
	d := e.selectV(skip, e.cInt(i64, 0), e.sub(ex, ey))
	const trips = (2046+52)/fmodStepBinades + 1
	out := e.whileLoop([]ir.Value{mx, d}, trips, func(v []ir.Value) ir.Value {
		return e.icmpC(llvm.ICmpSGT, v[1], 0)
	}, func(v []ir.Value) []ir.Value {
		s := e.selectV(e.icmpC(llvm.ICmpSLT, v[1], fmodStepBinades), v[1], e.cInt(i64, fmodStepBinades))
		return []ir.Value{e.urem(e.shl(v[0], s), my), e.sub(v[1], s)}
	})
	m := e.urem(out[0], e.selectV(skip, e.cInt(i64, 1), my))
	// m 2^(ey - 1075): 2^(ey - 1075) is normal from ey = 53 on, else the
	// subnormal 2^(ey - 1075) = 2^-1074 2^(ey - 1).
	p := e.sub(ey, e.cInt(i64, 1075))
	normal := e.bitcast(e.shl(e.add(p, e.cInt(i64, 1023)), e.cInt(i64, 52)), f64)
	subnormal := e.bitcast(e.shl(e.cInt(i64, 1), e.sub(ey, e.cInt(i64, 1))), f64)
	scale := e.selectV(e.icmpC(llvm.ICmpSGE, ey, 53), normal, subnormal)
	r := e.intrinsic("copysign", f64, e.fmul(e.cast("llvm.uitofp", m, f64), scale), x)
	r = e.selectV(e.fcmp(llvm.FCmpOLT, ax, ay), x, r)
	return e.selectV(bad, e.cFloat(f64, math.NaN()), r)
}
