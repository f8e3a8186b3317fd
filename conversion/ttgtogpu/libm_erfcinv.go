package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_erfcinvf and __nv_erfcxf in the operations and order
// of their libdevice code (the .ftz forms under Triton's FTZ reflect
// included), so that tt's results are Triton's bits.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		// __nv_normcdfinvf inlines __nv_erfcinvf's code unchanged: one port
		// serves both (libm_normcdf.go).
		"__nv_erfcinvf": (*emitter).erfcinvLibdeviceF32,
		"__nv_erfcxf":   (*emitter).erfcxLibdeviceF32,
	})
})

const (
	erfcxKernelEnd = 0x40241C2900000000 // 10.055: the kernel below, the asymptotic series from there
	erfcxInvSqrtPi = 0x3FE20DD760000000 // 1/sqrt(pi)
)

// erfcxLibdeviceF32 is __nv_erfcxf, erfcx(x) = e^(x^2) erfc(x); ftz is
// Triton's FTZ reflect. With a = |x|: below 10.055 the kernel of
// __nv_erfcf (erfcxKernelF32); from there (NaN included) the asymptotic
// series 1/(a sqrt(pi)) (1 - 1/(2a^2) + 3/(4a^4) - 15/(8a^6) + 105/(16a^8))
// in r = 1/a from div.approx. For x < 0, erfcx(x) = 2 e^(a^2) - erfcx(a),
// with e^(a^2) as __nv_expf of a^2's product rounded toward zero, times
// 1 + the product's error; +inf where 2 e^(a^2) is. Both splits are
// branches, as in libdevice.
func (e *emitter) erfcxLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	a := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	erfcxA := e.choose(e.fcmp(llvm.FCmpOLT, a, e.f32Const(erfcxKernelEnd)), f32,
		func() ir.Value { return e.erfcxKernelF32(a, ftz) },
		func() ir.Value {
			// 1/4 over a/4: div.approx's divisor stays below 2^126.
			r := newGPU(e).fast(gpu.DivApproxOp, ftz, c(0.25), e.fmul(c(0.25), a))
			r2 := e.fmul(r, r)
			s := e.fmaRN(c(6.5625), r2, c(-1.875), ftz)
			s = e.fmaRN(s, r2, c(0.75), ftz)
			s = e.fmaRN(s, r2, c(-0.5), ftz)
			s = e.fmaRN(s, r2, c(1), ftz)
			return e.fmul(s, e.fmul(r, e.f32Const(erfcxInvSqrtPi)))
		})
	return e.chooseOrKeep(e.fcmp(llvm.FCmpOLT, x, c(0)), func() ir.Value {
		sq := newGPU(e).rounded(gpu.FMulOp, gpu.RoundRZ, ftz, a, a)
		sqErr := e.fmaRN(a, a, e.fneg(sq), ftz)
		// 2 e^(a^2) as libdevice's fadd of __nv_expf's last product with
		// itself. That product, ex2's result times a power of two at least
		// 1, is exact (or +inf), so LLVM's contraction of the two into an
		// fma gives the same.
		exp := e.expLibdeviceF32(sq, ftz)
		twice := e.fadd(exp, exp)
		v := e.fsub(e.fmaRN(twice, sqErr, twice, ftz), erfcxA)
		return e.selectV(e.fcmp(llvm.FCmpOEQ, twice, c(math.Inf(1))), twice, v)
	}, erfcxA)
}

// erfcxKernelF32 is erfcx(a) for a in [0, 10.055), libdevice's kernel of
// __nv_erfcxf and __nv_erfcf: P(t)/(1 + 2a) with t = (a - 4)/(a + 4),
// each quotient rcp.approx.ftz's, corrected by one step from its residual.
func (e *emitter) erfcxKernelF32(a ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	g := newGPU(e)
	// libdevice's rcp is rcp.approx.ftz whatever the reflect.
	rcp := func(v ir.Value) ir.Value { return g.unary("rcp_approx", v, true) }
	// t = (a - 4)/(a + 4); its residual a - 4 - t (a + 4) in two fmas.
	rs := rcp(e.fadd(a, c(4)))
	t := e.mulRNF32(e.fsub(a, c(4)), rs, ftz)
	res := e.fmaRN(c(-4), e.fadd(t, c(1)), a, ftz)
	res = e.fmaRN(e.fneg(t), a, res, ftz)
	t = e.fmaRN(rs, res, t, ftz)
	p := e.fmaChainF32(erfcxF32Coeffs, t, ftz)
	// p/(1 + 2a); the residual p - w (1 + 2a) as p - 2aw - w.
	rd := rcp(e.fmaRN(c(2), a, c(1), ftz))
	w := e.mulRNF32(p, rd, ftz)
	res = e.fsub(e.fmaRN(a, e.fmul(c(-2), w), p, ftz), w)
	return e.fmaRN(res, rd, w, ftz)
}
