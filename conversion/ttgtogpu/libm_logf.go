package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_log10f, __nv_atanhf and __nv_hypotf in the operations
// and order of their libdevice code, so that tt's results are Triton's
// bits; ftz is Triton's FTZ reflect (libdevice's fma, fabs and sqrt then
// take their .ftz forms; its plain fadd, fsub and fmul never do).

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_log10f"] = unaryAlgorithm((*emitter).log10LibdeviceF32)
	libdeviceAlgorithms["__nv_atanhf"] = unaryAlgorithm((*emitter).atanhLibdeviceF32)
	libdeviceAlgorithms["__nv_hypotf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.hypotLibdeviceF32(a[0], a[1], ftz)
	}
})

// log10F32Log10e is log10(e) rounded to f32.
const log10F32Log10e = 0x3FDBCB7B20000000

// log10LibdeviceF32 is __nv_log10f: libdevice's accurate natural log (the
// body of __nv_logf, logLibdeviceF32) times log10(e), rounded once more.
// That log's fused multiply-adds never meet a subnormal operand or result
// (subnormal x is scaled by 2^23 first, and m - 1 is 0 or at least 2^-24
// in magnitude), so their .ftz forms under the reflect give the same bits.
func (e *emitter) log10LibdeviceF32(x ir.Value, _ bool) ir.Value {
	return e.fmul(e.f32Const(log10F32Log10e), e.logLibdeviceF32(x, false))
}

// atanhLibdeviceF32 is __nv_atanhf: atanh|x| = log1p(2|x| / (1 - |x|)) / 2
// with the quotient from rcp.approx.ftz (libdevice's inline assembly, ftz
// whatever the reflect) and __nv_log1pf's algorithm, given x's sign unless
// it is NaN. Past |x| = 2^126 the reciprocal would flush to zero, so the
// quotient is taken as -2 there, whose log1p is NaN as for all |x| > 1.
func (e *emitter) atanhLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	q := e.fmul(e.fmul(newGPU(e).unary("rcp_approx", e.fsub(c(1), ax), true), c(2)), ax)
	q = e.selectV(e.fcmp(llvm.FCmpOGT, ax, c(0x1p126)), c(-2), q)
	h := e.fmul(c(0.5), e.log1pLibdeviceF32(q, ftz))
	sign := e.and(e.bitcast(x, i32), e.cInt(i32, math.MinInt32))
	signed := e.bitcast(e.or(e.bitcast(h, i32), sign), f32)
	return e.selectV(e.fcmp(llvm.FCmpORD, h, h), signed, h)
}

// hypotLibdeviceF32 is __nv_hypotf: with lo <= hi the magnitudes of a and
// b (ordered by their bits, NaN above inf), both are scaled by a power of
// two 2^-k that brings hi into [1/2, 8), the scaled hi^2 + lo^2 is summed
// in one fma, and its sqrt.approx scaled back by 2^k; hi when lo is 0,
// +inf when lo is inf (so an infinite argument beats a NaN). The sqrt is
// the approximate one: Triton leaves __CUDA_PREC_SQRT off (as tt's
// __nv_sqrtf does).
func (e *emitter) hypotLibdeviceF32(a, b ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	g := newGPU(e)
	magnitude := func(v ir.Value) ir.Value {
		return e.bitcast(e.intrinsic("fabs", f32, e.flushF32(v, ftz)), i32)
	}
	abits, bbits := magnitude(a), magnitude(b)
	lo := e.bitcast(e.intrinsic("smin", i32, bbits, abits), f32)
	hiBits := e.intrinsic("smax", i32, abits, bbits)
	hi := e.bitcast(hiBits, f32)
	const one = 0x3F800000
	// k 2^23, with k hi's biased exponent rounded down to a multiple of
	// 4, less 126; adding it to a float's bits multiplies by 2^k.
	shift := e.add(e.sub(e.and(hiBits, e.cInt(i32, -0x2000000)), e.cInt(i32, one)), e.cInt(i32, 0x800000))
	down := e.bitcast(e.sub(e.cInt(i32, one), shift), f32) // 2^-k
	up := e.bitcast(e.add(shift, e.cInt(i32, one)), f32)   // 2^k
	slo, shi := e.fmul(lo, down), e.fmul(hi, down)
	sum := e.fmaRN(shi, shi, e.fmul(slo, slo), ftz)
	r := e.fmul(g.unary("sqrt_approx", sum, ftz), up)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, lo, e.cFloat(f32, 0)), hi, r)
	inf := e.cFloat(f32, math.Inf(1))
	return e.selectV(e.fcmp(llvm.FCmpOEQ, lo, inf), inf, r)
}
