package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_asinhf and __nv_acoshf in the operations and order of
// their libdevice code (its .ftz forms under Triton's FTZ reflect, its
// directed roundings, its approximate lg2, sqrt and rcp: sqrt.approx as
// __nv_sqrtf's, Triton leaving __CUDA_PREC_SQRT off), so that tt's
// results are Triton's bits. Both are a logarithm of a rearranged
// argument: log1pf (log1pLibdeviceF32) near the origin, logf or lg2.approx
// far from it, the two paths a branch as in libdevice's code.

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_asinhf"] = unaryAlgorithm((*emitter).asinhLibdeviceF32)
	libdeviceAlgorithms["__nv_acoshf"] = unaryAlgorithm((*emitter).acoshLibdeviceF32)
})

const (
	asinhF32Far = 0x47D0000000000000 // 2^126: lg2.approx of |x| beyond
	acoshF32Far = 0x4B000000         // the bits of 2^23: logf of x - 1 beyond
)

// asinhLibdeviceF32 is __nv_asinhf: with a = |x| (flushed under ftz),
// log1p(a + a rcp(1/a + sqrt(1/a^2 + 1))), that is log1p(a + a^2 / (1 +
// sqrt(a^2 + 1))), the reciprocal from rcp.approx.ftz (libdevice's inline
// assembly: .ftz whatever the reflect); beyond 2^126, log(2a) as ln(2) +
// ln(2) lg2.approx(a). x's sign is put back except on a NaN.
func (e *emitter) asinhLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	g := newGPU(e)
	a := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	ln2 := e.f32Const(logF32Ln2)
	far := func() ir.Value {
		return g.rounded(gpu.FAddOp, gpu.RoundRN, ftz, ln2, e.fmul(ln2, g.unary("lg2_approx", a, ftz)))
	}
	near := func() ir.Value {
		inv := e.fbin("llvm.fdiv", e.cFloat(f32, 1), a) // libdevice's plain fdiv: div.rn
		root := g.unary("sqrt_approx", e.fmaRN(inv, inv, e.cFloat(f32, 1), ftz), ftz)
		rcp := g.unary("rcp_approx", e.fadd(inv, root), true)
		return e.log1pLibdeviceF32(e.fmaRN(a, rcp, a, ftz), ftz)
	}
	r := e.choose(e.fcmp(llvm.FCmpOGT, a, e.f32Const(asinhF32Far)), f32, far, near)
	sign := e.and(e.bitcast(x, i32), e.cInt(i32, math.MinInt32))
	signed := e.bitcast(e.or(e.bitcast(r, i32), sign), f32)
	return e.selectV(e.fcmp(llvm.FCmpOLE, a, e.cFloat(f32, math.Inf(1))), signed, r)
}

// acoshLibdeviceF32 is __nv_acoshf: with t = x - 1, log1p(t + sqrt(x t +
// t)) (x t rounded toward zero) for t in [+0, 2^23], and ln(2) + log(t)
// elsewhere: t beyond 2^23, and t negative or NaN, whose logf is NaN.
// That logf is libdevice's internal one, __nv_logf's code with .ftz fmas
// under the reflect; logLibdeviceF32's plain fmas give the same bits, as
// a negative t, a NaN or +inf gives NaN or +inf either way, and from 2^23
// on no fma sees or makes a subnormal: the reduced f = m - 1 is 0 or at
// least 2^-24 in magnitude, the exponent term an integer above 22.
func (e *emitter) acoshLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	g := newGPU(e)
	t := e.fsub(x, e.cFloat(f32, 1))
	far := func() ir.Value { return e.fadd(e.f32Const(logF32Ln2), e.logLibdeviceF32(t, false)) }
	near := func() ir.Value {
		xt := g.rounded(gpu.FMulOp, gpu.RoundRZ, ftz, x, t)
		root := g.unary("sqrt_approx", g.rounded(gpu.FAddOp, gpu.RoundRN, ftz, xt, t), ftz)
		return e.log1pLibdeviceF32(e.fadd(t, root), ftz)
	}
	return e.choose(e.icmp(llvm.ICmpUGT, e.bitcast(t, i32), e.cInt(i32, acoshF32Far)), f32, far, near)
}
