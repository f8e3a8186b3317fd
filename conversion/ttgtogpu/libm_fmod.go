package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// __nv_fmod, C's fmod on f64: x - n y for the integer n = trunc(x / y),
// exact in any float format, so any exact algorithm gives libdevice's
// bits. libdevice (sm_90) takes the remainder of the integer significands
// one bit a loop trip, up to 2,100 trips where the exponents lie far
// apart. This takes 49 bits a trip in float arithmetic:
//
//   - |x| and |y| as m 2^e with m in [1, 2) (subnormals normalized),
//     r = mx mod my by one subtraction (mx < 2 my);
//   - while exponent distance d remains: v = r 2^s with s = min(d, 49),
//     so v < 2^50; q = rint(v (1/my)), within 0.375 of v / my (both
//     roundings are relative 2^-53 at most, of a quotient below 2^50);
//     r = v - q my by one fma, exact (a multiple of my's ulp 2^-52 below 2
//     in magnitude), and my added where r < 0;
//   - the remainder r 2^ey: exact, subnormal included (the true remainder
//     of |x| by |y| is a multiple of |y|'s ulp, so representable), with
//     x's sign.
//
// |x| < |y| and y infinite give x; NaN operands, x infinite and y zero
// NaN. LLVM's frem expansion, x - y trunc(x / y), errs once x / y passes
// 2^53.

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_fmod"] = func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.fmodF64(a[0], a[1]) }
})

// fmodF64StepBits is how many binades one trip of fmodF64's loop takes off.
const fmodF64StepBits = 49

func (e *emitter) fmodF64(x, y ir.Value) ir.Value {
	f64 := e.f64()
	inf := e.cFloat(f64, math.Inf(1))
	ax, ay := e.intrinsic("fabs", f64, x), e.intrinsic("fabs", f64, y)
	nan := e.or(e.fcmp(llvm.FCmpUNO, x, y), e.or(e.fcmp(llvm.FCmpOEQ, ax, inf), e.fcmp(llvm.FCmpOEQ, ay, e.cFloat(f64, 0))))
	// Ordered: false for NaNs; y infinite or |x| < |y| keep x.
	reduce := e.and(e.fcmp(llvm.FCmpOGE, ax, ay), e.and(e.fcmp(llvm.FCmpOLT, ax, inf), e.fcmp(llvm.FCmpOGT, ay, e.cFloat(f64, 0))))
	r := e.chooseOrKeep(reduce, func() ir.Value { return e.fmodReduceF64(ax, ay, x) }, x)
	return e.selectV(nan, e.cFloat(f64, math.NaN()), r)
}

// fmodReduceF64 is |x| mod |y| with x's sign for finite |x| >= |y| > 0.
func (e *emitter) fmodReduceF64(ax, ay, x ir.Value) ir.Value {
	f64, i64 := e.f64(), e.i64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	ci := func(v int64) ir.Value { return e.cInt(i64, v) }
	// v = m 2^(e - 1023), m in [1, 2): a subnormal scaled by 2^54 first.
	split := func(v ir.Value) (m, ex ir.Value) {
		sub := e.fcmp(llvm.FCmpOLT, v, c(0x1p-1022))
		b := e.bitcast(e.selectV(sub, e.fmul(v, c(0x1p54)), v), i64)
		ex = e.sub(e.lshr(b, ci(52)), e.selectV(sub, ci(54), ci(0)))
		return e.bitcast(e.or(e.andC(b, 1<<52-1), ci(1023<<52)), f64), ex
	}
	mx, ex := split(ax)
	my, ey := split(ay)
	rcp := e.fbin("llvm.fdiv", c(1), my)
	r := e.selectV(e.fcmp(llvm.FCmpOGE, mx, my), e.fsub(mx, my), mx)
	const trips = (2046+51)/fmodF64StepBits + 1
	out := e.whileLoop([]ir.Value{r, e.sub(ex, ey)}, trips, func(v []ir.Value) ir.Value {
		return e.and(e.icmpC(llvm.ICmpSGT, v[1], 0), e.fcmp(llvm.FCmpONE, v[0], c(0)))
	}, func(v []ir.Value) []ir.Value {
		s := e.selectV(e.icmpC(llvm.ICmpSLT, v[1], fmodF64StepBits), v[1], ci(fmodF64StepBits))
		w := e.fmul(v[0], e.bitcast(e.shl(e.add(s, ci(1023)), ci(52)), f64))
		q := e.intrinsic("roundeven", f64, e.fmul(w, rcp))
		rem := e.intrinsic("fma", f64, e.fneg(q), my, w)
		rem = e.selectV(e.fcmp(llvm.FCmpOLT, rem, c(0)), e.fadd(rem, my), rem)
		return []ir.Value{rem, e.sub(v[1], s)}
	})
	// 2^(ey - 1023): normal from ey = 1 on, else the subnormal
	// 2^-1074 2^(ey + 51) (ey >= -51).
	scale := e.bitcast(e.selectV(e.icmpC(llvm.ICmpSGE, ey, 1), e.shl(ey, ci(52)), e.shl(ci(1), e.add(ey, ci(51)))), f64)
	res := e.bitcast(e.fmul(out[0], scale), i64)
	return e.bitcast(e.or(res, e.andC(e.bitcast(x, i64), math.MinInt64)), f64)
}
