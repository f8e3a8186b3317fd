package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_asinh, __nv_acosh and __nv_atanh in the operations and
// order of their libdevice code, so that tt's results are Triton's bits.
// Each ends in libdevice's f64 log1p(y), inlined: where y's high word,
// read as an f32, puts y in about (-0.4, 0.67), a polynomial in y/(y+2)
// (log1pNearZeroLibdeviceF64), elsewhere __nv_log(1 + y) (logLibdeviceF64); asinh and
// acosh take a plain logarithm plus ln 2 instead far from the origin, and
// log1p's argument (with a square root, ahyp64Sqrt) only near it. Those
// two choices are branches of the thread as in libdevice's code: one
// around the square root, one between the polynomial and the logarithm,
// whose single evaluation serves both the far path's log and log1p's.
// The f64 operations take no FTZ reflect; the approximate rcp and rsqrt
// are .ftz as libdevice writes them, on operands never subnormal.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_asinh": (*emitter).asinhLibdeviceF64,
		"__nv_acosh": (*emitter).acoshLibdeviceF64,
		"__nv_atanh": (*emitter).atanhLibdeviceF64,
	})
})

// Bits of libdevice's f64 constants and thresholds.
const (
	ahyp64Ln2Hi    = 0x3FE62E42FEFA39EF // ln 2, its high part
	ahyp64AsinhFar = 0x43E0000000000000 // 2^63: asinh is log(2|x|) from there
	ahyp64AcoshFar = 0x4330000000000000 // 2^52: acosh is log(2(x-1)) from there
	ahyp64SmallHi  = 0x3FE55555         // log1p's polynomial between these high
	ahyp64SmallLo  = 0xBFD99999         // words, as f32s: y in about (-0.4, 0.67)
)

// asinhLibdeviceF64 is __nv_asinh: with a = |x|, log1p(a + x^2 / (1 +
// sqrt(x^2 + 1))) (x^2 by mul.rn, uncontracted), or from a = 2^63 on
// (inf and NaN too) ln 2 + log(a); x's sign or'ed into the result.
func (e *emitter) asinhLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64, i64 := e.f64(), e.i64()
	one := e.cFloat(f64, 1)
	a := e.intrinsic("fabs", f64, x)
	far := e.icmp(llvm.ICmpSGE, e.bitcast(a, i64), e.cInt(i64, ahyp64AsinhFar))
	near := e.icmp(llvm.ICmpSLT, e.bitcast(a, i64), e.cInt(i64, ahyp64AsinhFar))
	y := e.chooseOrKeep(near, func() ir.Value {
		sq := newGPU(e).rounded(gpu.FMulOp, gpu.RoundRN, false, x, x)
		root := e.ahyp64Sqrt(e.fmaF64(x, x, one))
		return e.fadd(a, e.fbin("llvm.fdiv", sq, e.fadd(one, root)))
	}, a)
	return e.withSignOfF64(e.ahyp64Log1p(y, far), x)
}

// acoshLibdeviceF64 is __nv_acosh: with t = x - 1, log1p(t + sqrt(x t +
// t)) (x t + t one fma) for t in [+0, 2^52), where t = +0 gives +0; ln 2
// + log(t) elsewhere: from 2^52 on, and for t negative or NaN, whose log
// is NaN.
func (e *emitter) acoshLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64, i64 := e.f64(), e.i64()
	t := e.fsub(x, e.cFloat(f64, 1))
	bits := e.bitcast(t, i64)
	far := e.icmp(llvm.ICmpUGE, bits, e.cInt(i64, ahyp64AcoshFar))
	near := e.icmp(llvm.ICmpULT, bits, e.cInt(i64, ahyp64AcoshFar))
	y := e.chooseOrKeep(near, func() ir.Value { return e.fadd(t, e.ahyp64Sqrt(e.fmaF64(x, t, t))) }, t)
	r := e.ahyp64Log1p(y, far)
	// A zero high word: t = +0 (x = 1), where the square root is 0 inf.
	return e.selectV(e.icmp(llvm.ICmpULT, bits, e.cInt(i64, 1<<32)), t, r)
}

// atanhLibdeviceF64 is __nv_atanh: log1p(2a / (1 - a)) / 2 with a = |x|,
// x's sign or'ed into the result.
func (e *emitter) atanhLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	a := e.intrinsic("fabs", f64, x)
	y := e.fbin("llvm.fdiv", e.fmul(e.cFloat(f64, 2), a), e.fsub(e.cFloat(f64, 1), a))
	return e.withSignOfF64(e.fmul(e.cFloat(f64, 0.5), e.ahyp64Log1p(y, nil)), x)
}

// ahyp64Log1p is libdevice's log1p(y) as __nv_asinh, __nv_acosh and
// __nv_atanh inline it, a branch between its polynomial and log(1 + y);
// where far (if not nil) holds, ln 2 + log(y) instead (asinh's and
// acosh's far path), taken on the logarithm's side of the branch.
func (e *emitter) ahyp64Log1p(y, far ir.Value) ir.Value {
	f64, f32 := e.f64(), e.f32()
	bound := func(bits uint32) ir.Value { return e.cFloat(f32, float64(math.Float32frombits(bits))) }
	hi := e.highWordAsF32(y)
	small := e.and(e.fcmp(llvm.FCmpOLT, hi, bound(ahyp64SmallHi)), e.fcmp(llvm.FCmpOGT, hi, bound(ahyp64SmallLo)))
	if far != nil {
		small = e.selectV(far, e.cBool(false), small)
	}
	return e.choose(small, f64, func() ir.Value { return e.log1pNearZeroLibdeviceF64(y) }, func() ir.Value {
		z := e.fadd(y, e.cFloat(f64, 1))
		if far == nil {
			return e.logLibdeviceF64(z)
		}
		l := e.logLibdeviceF64(e.selectV(far, y, z))
		return e.selectV(far, e.fadd(e.f64Const(ahyp64Ln2Hi), l), l)
	})
}

// ahyp64Sqrt is sqrt(s) as __nv_asinh and __nv_acosh compute it:
// rsqrt.approx.ftz.f64 (libdevice's inline assembly) refined by Newton
// steps on the root g = s r and the half reciprocal h = r/2.
func (e *emitter) ahyp64Sqrt(s ir.Value) ir.Value {
	i64 := e.i64()
	r := newGPU(e).unary("rsqrt_approx", s, true)
	h := e.bitcast(e.sub(e.bitcast(r, i64), e.cInt(i64, 1<<52)), e.f64()) // r/2 by its exponent
	g := e.fmul(s, r)
	g = e.fmaF64(e.fmaF64(g, e.fneg(g), s), h, g)
	h = e.fmaF64(e.fmaF64(r, e.fneg(g), e.cFloat(e.f64(), 1)), h, h)
	return e.fmaF64(e.fmaF64(g, e.fneg(g), s), h, g)
}
