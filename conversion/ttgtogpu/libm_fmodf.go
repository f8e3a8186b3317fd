package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// __nv_fmodf, C's fmodf: x - n y for the integer n = trunc(x / y), which is
// exact in any float format. LLVM's expansion of frem (x - y trunc(x / y),
// what Triton's `%` on floats compiles to) is not exact once x / y passes
// 2^24; libdevice's algorithm is, and this is it, in its operations and
// branches (being exact, any exact algorithm would give its bits; this
// one also costs what Triton's code costs). With a = |x| and b = |y|:
//
//   - a < b: the result is a.
//   - a <= 2^23 b: the quotient a / b by the approximate division,
//     truncated, is within one or two of the integer quotient; the
//     remainder a - q b, one fma, says which way, and q is corrected by
//     up to 3 before the final fma gives a - q b exactly.
//   - beyond: both mantissas in [1, 2) and the exponent distance in
//     steps of at most 23 binades: each step shifts the running remainder
//     up by the step and takes it modulo b's mantissa (a quotient refined
//     from the reciprocal by Newton steps, the last one rounded toward
//     zero, truncated, and one exact fma), and the remainder comes back
//     scaled by b's exponent. b is scaled by 2^23 first, so that a
//     subnormal b is normal there.
//
// x's sign goes on the result unless it is NaN. The FTZ reflect flushes
// subnormal operands (libdevice's fabs.ftz) and the fast path's result
// (its fma.rn.ftz); the slow path's last scaling is a plain multiply and
// keeps subnormal results.

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_fmodf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.fmodLibdeviceF32(a[0], a[1], ftz)
	}
})

// fmodStepField is one slow-path step, 23 binades, in exponent-field units.
const fmodStepField = 23 << 23

func (e *emitter) fmodLibdeviceF32(x, y ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	bits := func(v ir.Value) ir.Value { return e.bitcast(v, i32) }
	ay := e.intrinsic("fabs", f32, e.flushF32(y, ftz))
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	ans := e.chooseOrKeep(e.fcmp(llvm.FCmpUGE, ax, ay), func() ir.Value {
		by := e.fmul(c(0x1p23), ay)
		return e.choose(e.fcmp(llvm.FCmpOLE, ax, by), f32, func() ir.Value {
			return e.fmodFastPathF32(ax, ay, ftz)
		}, func() ir.Value {
			return e.fmodSlowPathF32(ax, ay, by, ftz)
		})
	}, ax)
	// NaN stays as computed; anything else takes x's sign.
	signed := e.bitcast(e.or(bits(ans), e.and(bits(x), e.cInt(i32, -1<<31))), f32)
	return e.selectV(e.fcmp(llvm.FCmpUNO, ans, ans), ans, signed)
}

// fmodFastPathF32 is a - q b for a <= 2^23 b: q the truncated approximate
// quotient, corrected by the sign and size of a - q b.
func (e *emitter) fmodFastPathF32(ax, ay ir.Value, ftz bool) ir.Value {
	q, negY := e.fmodFastQuotientF32(ax, ay, ftz)
	return e.fmaRN(negY, q, ax, ftz)
}

// fmodFastQuotientF32 is the fast path's integer quotient q of a by b
// (an f32), and -b.
func (e *emitter) fmodFastQuotientF32(ax, ay ir.Value, ftz bool) (q, negY ir.Value) {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	negY = e.fneg(ay)
	q = e.intrinsic("trunc", f32, newGPU(e).fast(gpu.DivApproxOp, ftz, ax, ay))
	r := e.fmaF32(negY, q, ax)
	rBits := e.bitcast(r, i32)
	q = e.chooseOrKeep(e.icmp(llvm.ICmpUGE, rBits, e.bitcast(ay, i32)), func() ir.Value {
		// r is negative (q one or two too large) or at least b (one to
		// three too small).
		return e.choose(e.icmp(llvm.ICmpUGT, rBits, e.cInt(i32, -1<<31)), f32, func() ir.Value {
			q := e.fsub(q, c(1))
			return e.selectV(e.fcmp(llvm.FCmpOLT, r, negY), e.fsub(q, c(1)), q)
		}, func() ir.Value {
			q := e.fadd(q, c(1))
			return e.chooseOrKeep(e.fcmp(llvm.FCmpOGE, r, e.fmul(c(2), ay)), func() ir.Value {
				q := e.fadd(q, c(1))
				over := e.fcmp(llvm.FCmpOGE, e.fmaRN(c(-3), ay, r, ftz), c(0))
				return e.selectV(over, e.fadd(q, c(1)), q)
			}, q)
		})
	}, q)
	return q, negY
}

// fmodSlowPathF32 is a mod b for a > by = 2^23 b, in steps of 23 binades
// on the mantissas.
func (e *emitter) fmodSlowPathF32(ax, ay, by ir.Value, ftz bool) ir.Value {
	rem, scale, _ := e.fmodSlowStepsF32(ax, ay, by, ftz, false)
	return e.fmul(scale, e.fmul(e.bitcast(rem, e.f32()), e.cFloat(e.f32(), 0x1p-23)))
}

// fmodSlowStepsF32 is the slow path's loop: the remainder of a's
// mantissa by b's, 2^23 times too large (the bits of an f32), the scale
// 2^(by's exponent) that brings it back (NaN where b is 0 or NaN, or a is
// infinite or NaN),
// and with quot the low bits of the integer quotient (libdevice's
// remainderf keeps them: each step shifts them up by the step and adds
// the step's own; at the end they are shifted up by the binades left, up
// to 3, where the remainder ran out to zero first).
func (e *emitter) fmodSlowStepsF32(ax, ay, by ir.Value, ftz, quot bool) (rem, scale, q ir.Value) {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	ci := func(v int64) ir.Value { return e.cInt(i32, v) }
	mantissa := func(bits ir.Value) ir.Value { return e.or(e.and(bits, ci(0x7FFFFF)), ci(0x3F800000)) }
	axBits, byBits := e.bitcast(ax, i32), e.bitcast(by, i32)
	ym := e.bitcast(mantissa(byBits), f32)
	byExp := e.lshr(byBits, ci(23))
	// The binades between a and b, in exponent-field units.
	dist := e.shl(e.sub(e.lshr(axBits, ci(23)), e.sub(byExp, ci(23))), ci(23))
	rcp := newGPU(e).unary("rcp_approx", ym, true)
	negYm := e.fneg(ym)
	const trips = (255+23)/23 + 1
	start := []ir.Value{dist, mantissa(axBits)}
	if quot {
		start = append(start, ci(0))
	}
	out := e.whileLoop(start, trips, func(v []ir.Value) ir.Value {
		return e.and(e.icmpC(llvm.ICmpNE, v[0], 0), e.icmpC(llvm.ICmpNE, v[1], 0))
	}, func(v []ir.Value) []ir.Value {
		step := e.selectV(e.icmp(llvm.ICmpULE, v[0], ci(fmodStepField)), v[0], ci(fmodStepField))
		r := e.bitcast(e.add(v[1], step), f32)
		q := e.fmaRN(r, rcp, c(math.Copysign(0, -1)), ftz)
		q = e.fmaRN(e.fmaRN(negYm, q, r, ftz), rcp, q, ftz)
		q = newGPU(e).rounded(gpu.FMAOp, gpu.RoundRZ, ftz, e.fmaRN(negYm, q, r, ftz), rcp, q)
		tq := e.intrinsic("trunc", f32, q)
		rem := e.fmaRN(negYm, tq, r, ftz)
		next := []ir.Value{e.sub(v[0], step), e.bitcast(rem, i32)}
		if quot {
			next = append(next, e.add(e.shl(v[2], e.lshr(step, ci(23))), e.cast("llvm.fptoui", tq, i32)))
		}
		return next
	})
	scale = e.bitcast(e.shl(byExp, ci(23)), f32)
	bad := e.or(e.fcmp(llvm.FCmpULE, ay, c(0)), e.icmp(llvm.ICmpUGE, axBits, ci(0x7F800000)))
	scale = e.selectV(bad, e.bitcast(ci(0x7FFFFFFF), f32), scale)
	if quot {
		left := e.lshr(out[0], ci(23))
		q = e.shl(out[2], e.selectV(e.icmp(llvm.ICmpULE, left, ci(3)), left, ci(3)))
	}
	return out[1], scale, q
}
