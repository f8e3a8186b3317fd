package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// __nv_remainderf and __nv_remainder, C's remainder: x - n y for the
// integer n nearest x / y (ties to even), exact in any float format.
//
// f32, as libdevice computes it (its fmodf kernel, libm_fmodf.go, with
// the quotient's low bits and twice the remainder kept): with a = |x| and
// b = |y|, r = a mod b and n's parity; then r - b where 2r > b, or 2r = b
// and n is odd. Below the fast path's 2^23 binades, 2r is a separate
// fma.rn of the remainder (no .ftz, so that a remainder the FTZ reflect
// flushes still counts); above them, the slow path's mantissa remainder
// scaled by twice the scale. Under the reflect libdevice compares that 2r
// and, where r is below the normal range, forms r - b as (2r - 2b) / 2 by
// an fma.ftz and a multiply; without the reflect 2r is 2 r, and r - b a
// subtraction. x's sign goes on the result unless it is NaN. |x| < |y|
// keeps x (2|x| compared as the rest), y infinite included; x infinite,
// y zero and NaNs give NaN. The choices are libdevice's branches.
//
// f64: libdevice (sm_90) divides the integer significands one bit a loop
// trip, up to 2,100 trips. This computes r = |x| mod 2|y| with
// __nv_fmod's algorithm (fmodReduceF64: 49 bits a trip) where 2|y| is
// finite and |x| >= 2|y|, else r = |x|; then n's parity is r >= |y| and
// r - |y| (exact: within a factor 2) the remainder mod |y|, and the same
// rounding as libdevice's: r - |y| where 2r > |y| or 2r = |y| and n is
// odd, x's sign flipped in. NaN operands give x + y, an infinite x or a
// zero y NaN, an infinite y x.

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_remainderf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.remainderLibdeviceF32(a[0], a[1], ftz)
	}
	libdeviceAlgorithms["__nv_remainder"] = func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.remainderF64(a[0], a[1]) }
	externSignatures["__nv_remainderf"], externSignatures["__nv_remainder"] = "fff", "ddd"
})

func (e *emitter) remainderLibdeviceF32(x, y ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	ay := e.intrinsic("fabs", f32, e.flushF32(y, ftz))
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	// The remainder's low quotient bits, twice the remainder and the
	// remainder of a by b.
	kernel := e.chooseValues(e.fcmp(llvm.FCmpOLT, ax, ay), []ir.Type{i32, f32, f32}, func() []ir.Value {
		return []ir.Value{e.i32c(0), e.fmul(c(2), ax), ax}
	}, func() []ir.Value {
		by := e.fmul(c(0x1p23), ay)
		return e.chooseValues(e.fcmp(llvm.FCmpOLE, ax, by), []ir.Type{i32, f32, f32}, func() []ir.Value {
			q, negY := e.fmodFastQuotientF32(ax, ay, ftz)
			ans := e.fmaRN(negY, q, ax, ftz)
			twice := e.fmaF32(c(2), e.fmaF32(negY, q, ax), c(0))
			return []ir.Value{e.cast("llvm.fptoui", q, i32), twice, ans}
		}, func() []ir.Value {
			rem, scale, q := e.fmodSlowStepsF32(ax, ay, by, ftz, true)
			m := e.bitcast(rem, f32)
			return []ir.Value{q, e.fmul(scale, e.fmul(m, c(0x1p-22))), e.fmul(scale, e.fmul(m, c(0x1p-23)))}
		})
	})
	quot, twice, ans := kernel[0], kernel[1], kernel[2]
	if !ftz {
		twice = e.fmul(c(2), ans)
	}
	up := e.or(e.fcmp(llvm.FCmpOGT, twice, ay),
		e.and(e.fcmp(llvm.FCmpOEQ, twice, ay), e.icmpC(llvm.ICmpNE, e.andC(quot, 1), 0)))
	ans = e.chooseOrKeep(up, func() ir.Value {
		down := e.fsub(ans, ay)
		if !ftz {
			return down
		}
		halved := e.fmul(c(0.5), e.fmaRN(ay, c(-2), twice, ftz))
		return e.selectV(e.fcmp(llvm.FCmpOLT, ans, c(0x1p-126)), halved, down)
	}, ans)
	negative := e.icmpC(llvm.ICmpSLT, e.bitcast(x, i32), 0)
	return e.selectV(e.and(negative, e.fcmp(llvm.FCmpORD, ans, ans)), e.fneg(ans), ans)
}

func (e *emitter) remainderF64(x, y ir.Value) ir.Value {
	f64, i64 := e.f64(), e.i64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	inf := c(math.Inf(1))
	nan := e.f64Const(0xFFF8000000000000)
	ax, ay := e.intrinsic("fabs", f64, x), e.intrinsic("fabs", f64, y)
	// NaN operands give x + y, x infinite or y zero NaN, y infinite x.
	special := e.selectV(e.fcmp(llvm.FCmpOEQ, ax, inf), nan, x)
	special = e.selectV(e.fcmp(llvm.FCmpUNO, x, y), e.fadd(x, y), special)
	special = e.selectV(e.and(e.fcmp(llvm.FCmpOEQ, ay, c(0)), e.fcmp(llvm.FCmpOLT, ax, inf)), nan, special)
	// Ordered, so false for NaNs: x finite, y finite and not zero.
	regular := e.and(e.fcmp(llvm.FCmpOLT, ax, inf), e.and(e.fcmp(llvm.FCmpOLT, ay, inf), e.fcmp(llvm.FCmpOGT, ay, c(0))))
	return e.chooseOrKeep(regular, func() ir.Value {
		ay2 := e.fmul(ay, c(2))
		// |x| mod 2|y| where 2|y| is finite and not above |x|; |x| below.
		reduce := e.and(e.fcmp(llvm.FCmpOLE, ay2, ax), e.fcmp(llvm.FCmpOLT, ay2, inf))
		r := e.chooseOrKeep(reduce, func() ir.Value { return e.fmodReduceF64(ax, ay2, ax) }, ax)
		odd := e.fcmp(llvm.FCmpOGE, r, ay)
		r = e.selectV(odd, e.fsub(r, ay), r)
		twice := e.fadd(r, r)
		up := e.or(e.fcmp(llvm.FCmpOGT, twice, ay), e.and(e.fcmp(llvm.FCmpOEQ, twice, ay), odd))
		r = e.selectV(up, e.fsub(r, ay), r)
		sign := e.andC(e.bitcast(x, i64), math.MinInt64)
		return e.bitcast(e.xor(e.bitcast(r, i64), sign), f64)
	}, special)
}
