package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// __nv_nextafterf as libdevice computes it: under the FTZ reflect its
// operands' subnormals count as zeros of their sign, and the step from
// zero goes to the smallest normal float (2^-126, with y's sign) rather
// than the smallest subnormal; NaN operands give x + y, two zeros give y
// (flushed), and x = y gives x (flushed).

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_nextafterf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.nextafterLibdeviceF32(a[0], a[1], ftz)
	}
})

func (e *emitter) nextafterLibdeviceF32(x, y ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	zero := e.cFloat(f32, 0)
	fx, fy := e.flushF32(x, ftz), e.flushF32(y, ftz)
	// One step of x's bits: toward zero where x < y < 0 or x > y > 0
	// (compared unflushed, as libdevice does), away from it otherwise.
	lt, gt := e.fcmp(llvm.FCmpOLT, x, y), e.fcmp(llvm.FCmpOGT, x, y)
	neg, pos := e.fcmp(llvm.FCmpOLT, x, zero), e.fcmp(llvm.FCmpOGT, x, zero)
	down := e.or(e.and(lt, neg), e.and(gt, pos))
	up := e.or(e.and(lt, pos), e.and(gt, neg))
	bits := e.bitcast(fx, i32)
	step := e.selectV(down, e.cInt(i32, -1), e.selectV(up, e.cInt(i32, 1), e.cInt(i32, 0)))
	r := e.bitcast(e.add(bits, step), f32)
	smallest := int64(1)
	if ftz {
		smallest = 0x00800000
	}
	sign := e.and(e.bitcast(y, i32), e.cInt(i32, math.MinInt32))
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, fx, zero), e.bitcast(e.or(sign, e.cInt(i32, smallest)), f32), r)
	bothZero := e.fcmp(llvm.FCmpOEQ, e.bitcast(e.or(bits, e.bitcast(fy, i32)), f32), zero)
	r = e.selectV(bothZero, fy, r)
	return e.selectV(e.fcmp(llvm.FCmpUNO, x, y), e.fadd(x, y), r)
}
