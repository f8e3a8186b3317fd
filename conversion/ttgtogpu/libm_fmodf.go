package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// __nv_fmodf, C's fmodf: x - n y for the integer n = trunc(x / y), which is
// exact in any float format, so that any exact algorithm gives libdevice's
// bits. LLVM's expansion of frem (x - y trunc(x / y), what Triton's `%` on
// floats compiles to) is not exact once x / y passes 2^24; libdevice's is,
// with a loop for large quotients, and so is this one: while the
// remainder r is at least |y|, one step takes it modulo |y| 2^k, the
// multiple of |y| within 2^19 of r (so reducing by it loses nothing:
// r mod |y| 2^k mod |y| = r mod |y|). A step's quotient comes from the
// approximate f32 division, off by at most 1/4 below 2^20, rounded to the
// nearest integer at or above floor(r / y_k); the remainder r - q y_k is
// then exact in float64 (the product has at most 45 bits), in [-y_k,
// y_k), and y_k added back where negative. Quotients below 2^20, most of
// them in practice, take that step once in f32 and skip the loop.

func init() {
	libdeviceAlgorithms["__nv_fmodf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.fmodLibdeviceF32(a[0], a[1], ftz)
	}
}

// fmodStepBits is how many binades one step of fmodLibdeviceF32 removes.
const fmodStepBits = 19

func (e *emitter) fmodLibdeviceF32(x, y ir.Value, ftz bool) ir.Value {
	f32, f64, i64 := e.f32(), e.f64(), e.i64()
	x, y = e.flushF32(x, ftz), e.flushF32(y, ftz)
	// NaN operands, x = +-inf and y = 0 give NaN; y = +-inf leaves x (the
	// loop does not run: |x| < inf).
	bad := e.or(e.fcmp(llvm.FCmpUNO, x, y), e.or(e.fcmp(llvm.FCmpOEQ, e.intrinsic("fabs", f32, x), e.cFloat(f32, math.Inf(1))),
		e.fcmp(llvm.FCmpOEQ, y, e.cFloat(f32, 0))))
	ax32, ay32 := e.intrinsic("fabs", f32, x), e.intrinsic("fabs", f32, y)
	// Quotients below 2^20 (the common case) take one such step in f32:
	// q within 1/4 of |x|/|y|, the remainder |x| - q |y| in (-|y|, |y|),
	// a multiple of |y|'s ulp, exact in one fma. The loop is for the rest.
	near := e.and(e.fcmp(llvm.FCmpOLT, ax32, e.fmul(e.cFloat(f32, 0x1p20), ay32)),
		e.fcmp(llvm.FCmpOLT, ay32, e.cFloat(f32, math.Inf(1))))
	quot := newGPU(e).fast(gpu.DivFullOp, false, ax32, ay32)
	nearRem := e.fmaF32(e.fneg(e.intrinsic("trunc", f32, e.fadd(quot, e.cFloat(f32, 0.5)))), ay32, ax32)
	nearRem = e.selectV(e.fcmp(llvm.FCmpOLT, nearRem, e.cFloat(f32, 0)), e.fadd(nearRem, ay32), nearRem)
	ay := e.cast("llvm.fpext", ay32, f64)
	r := e.selectV(e.or(bad, near), e.cFloat(f64, 0), e.cast("llvm.fpext", ax32, f64))
	expOf := func(v ir.Value) ir.Value { return e.lshr(e.bitcast(v, i64), e.cInt(i64, 52)) }
	// Each step takes fmodStepBits binades off the distance from |x|'s
	// (at most 2^128) to |y|'s (at least 2^-149), and one more ends it.
	const trips = (128+149)/fmodStepBits + 2
	r = e.whileLoop([]ir.Value{r}, trips, func(v []ir.Value) ir.Value {
		return e.fcmp(llvm.FCmpOGE, v[0], ay)
	}, func(v []ir.Value) []ir.Value {
		r := v[0]
		// y_k = |y| 2^k, k = max(0, e(r) - e(|y|) - fmodStepBits): exact,
		// a float64 exponent shift (|y| is normal in float64).
		k := e.sub(e.sub(expOf(r), expOf(ay)), e.cInt(i64, fmodStepBits))
		k = e.selectV(e.icmp(llvm.ICmpSGT, k, e.cInt(i64, 0)), k, e.cInt(i64, 0))
		yk := e.bitcast(e.add(e.bitcast(ay, i64), e.shl(k, e.cInt(i64, 52))), f64)
		// r and y_k are float32 values: their f32 quotient (div.full: 2
		// ulps over the whole range, subnormal y_k included), + 1/2,
		// truncated.
		quot := newGPU(e).fast(gpu.DivFullOp, false, e.cast("llvm.fptrunc", r, f32), e.cast("llvm.fptrunc", yk, f32))
		q := e.cast("llvm.fpext", e.intrinsic("trunc", f32, e.fadd(quot, e.cFloat(f32, 0.5))), f64)
		rem := e.intrinsic("fma", f64, e.fneg(q), yk, r)
		return []ir.Value{e.selectV(e.fcmp(llvm.FCmpOLT, rem, e.cFloat(f64, 0)), e.fadd(rem, yk), rem)}
	})[0]
	// x's sign. libdevice takes quotients up to 2^23 (|x| <= 2^23 |y|) in
	// .ftz float operations, which flush a subnormal result under the FTZ
	// reflect, and larger ones in integer arithmetic, which keeps it.
	res := e.intrinsic("copysign", f32, e.selectV(near, nearRem, e.cast("llvm.fptrunc", r, f32)), x)
	if ftz {
		small := e.fcmp(llvm.FCmpOLE, ax32, e.fmul(e.cFloat(f32, 0x1p23), ay32))
		res = e.selectV(small, e.flushF32(res, true), res)
	}
	return e.selectV(bad, e.cFloat(f32, math.NaN()), res)
}
