package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_expf, __nv_expm1f and __nv_log1pf in the operations
// and order of their libdevice code (the directed roundings and .ftz
// forms included, through gpu.fma and its kin), so that tt's results are
// Triton's bits. Each takes ftz, Triton's FTZ reflect: libdevice's fma,
// saturate, fabs and ex2 then flush subnormals; its plain fadd, fsub and
// fmul never do.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_expf":   (*emitter).expLibdeviceF32,
		"__nv_expm1f": (*emitter).expm1LibdeviceF32,
		"__nv_log1pf": (*emitter).log1pLibdeviceF32,
	})
})

// registerUnaryAlgorithms registers libdevice algorithms of one argument
// by symbol.
func registerUnaryAlgorithms(fns map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value) {
	for name, f := range fns {
		libdeviceAlgorithms[name] = unaryAlgorithm(f)
	}
}

// unaryAlgorithm is a libdeviceAlgorithm of one argument.
func unaryAlgorithm(f func(e *emitter, x ir.Value, ftz bool) ir.Value) libdeviceAlgorithm {
	return func(e *emitter, a []ir.Value, ftz bool) ir.Value { return f(e, a[0], ftz) }
}

// fmaRN is fma.rn of f32 values, .ftz when ftz.
func (e *emitter) fmaRN(a, b, c ir.Value, ftz bool) ir.Value {
	if !ftz {
		return e.fmaF32(a, b, c)
	}
	return newGPU(e).rounded(gpu.FMAOp, gpu.RoundRN, true, a, b, c)
}

// expLibdeviceF32 is __nv_expf: 2^(x log2(e)) with log2(e) in two f32
// parts (exp2ProductLibdeviceF32).
func (e *emitter) expLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	return e.exp2ProductLibdeviceF32(x, 0x3FB8AA3B, 0x32A57060, ftz)
}

// expm1F32Coeffs is __nv_expm1f's polynomial, from the highest power down.
var expm1F32Coeffs = []uint64{0x3F56BD7CC0000000, 0x3F812ACC60000000, 0x3FA5557C60000000,
	0x3FC5553EC0000000, 0x3FDFFFFFC0000000}

// expm1LibdeviceF32 is __nv_expm1f: below |x| = 0.41 a polynomial in x,
// from there e^r (e^r - 1) + (2^j - 1) with j = rint(x log2(e)) and r the
// reduced argument; 2^j scaled by one step less at j = 128, with +inf
// past 128 and -1 below -25.
func (e *emitter) expm1LibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	g := newGPU(e)
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	t := e.selectV(e.fcmp(llvm.FCmpOLT, ax, e.f32Const(0x3FDA3D70A0000000)), c(0),
		e.intrinsic("roundeven", f32, e.fmul(x, e.f32Const(0x3FF7154760000000))))
	q := e.fmaRN(e.fneg(t), e.f32Const(0x3FE62E4000000000), x, ftz)
	q = e.fmaRN(e.fneg(t), e.f32Const(0x3EB7F7D1C0000000), q, ftz)
	top := e.fcmp(llvm.FCmpOEQ, t, c(128))
	j := e.selectV(top, e.fsub(t, c(1)), t)
	p := e.f32Const(expm1F32Coeffs[0])
	for _, k := range expm1F32Coeffs[1:] {
		p = e.fmaRN(p, q, e.f32Const(k), ftz)
	}
	r := e.fmaRN(e.fmul(p, q), q, q, ftz)
	pow := g.unary("ex2_approx", j, ftz)
	u := e.fmaRN(r, pow, e.fsub(pow, c(1)), ftz)
	u = e.selectV(top, e.fadd(u, u), u)
	u = e.selectV(e.fcmp(llvm.FCmpOGT, j, c(128)), c(math.Inf(1)), u)
	u = e.selectV(e.fcmp(llvm.FCmpOLT, j, c(-25)), c(-1), u)
	return e.selectV(e.fcmp(llvm.FCmpOEQ, x, c(0)), e.fadd(x, x), u)
}

// log1pF32Coeffs is __nv_log1pf's polynomial, from the highest power down.
var log1pF32Coeffs = []uint64{0xBFA737EF00000000, 0x3FBB000240000000, 0xBFC0EF1C00000000,
	0x3FC28C8EA0000000, 0xBFC54D1BA0000000, 0x3FC995F3C0000000, 0xBFD0000840000000,
	0x3FD5555CC0000000}

// log1pLibdeviceF32 is __nv_log1pf: 1 + x rounded toward zero gives the
// exponent e with 1 + x = 2^e (1 + t), t taken from x and 4 2^-e without
// forming 1 + x; then t - t^2/2 + t^3 P(t) + e ln(2). NaN, +inf and
// x < -1 through x inf + inf; -0 stays -0.
func (e *emitter) log1pLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	u := newGPU(e).rounded(gpu.FAddOp, gpu.RoundRZ, ftz, x, c(1))
	ex := e.and(e.sub(e.bitcast(u, i32), e.cInt(i32, 0x3F400000)), e.cInt(i32, -0x800000))
	m := e.bitcast(e.sub(e.bitcast(x, i32), ex), f32)
	four := e.bitcast(e.sub(e.cInt(i32, 0x40800000), ex), f32) // 4 2^-e
	t := e.fadd(m, e.fmaRN(c(0.25), four, c(-1), ftz))
	p := e.f32Const(log1pF32Coeffs[0])
	for _, k := range log1pF32Coeffs[1:] {
		p = e.fmaRN(p, t, e.f32Const(k), ftz)
	}
	p = e.fmaRN(p, t, c(-0.5), ftz)
	r := e.fmaRN(e.fmul(p, t), t, t, ftz)
	r = e.fmaRN(e.fmul(e.cast("llvm.sitofp", ex, f32), c(0x1p-23)), e.f32Const(0x3FE62E4300000000), r, ftz)
	bits := e.bitcast(x, i32)
	inf := c(math.Inf(1))
	// Bits from 0x7F800000 up, unsigned: NaN, +inf and every negative x;
	// of those, as signed integers, above -1's bits: NaN, +inf, x < -1.
	beyond := e.and(e.icmp(llvm.ICmpUGE, bits, e.cInt(i32, 0x7F800000)), e.icmp(llvm.ICmpSGT, bits, e.cInt(i32, -0x40800000)))
	r = e.selectV(beyond, e.fmaRN(x, inf, inf, ftz), r)
	return e.selectV(e.icmp(llvm.ICmpEQ, bits, e.cInt(i32, math.MinInt32)), c(math.Copysign(0, -1)), r)
}
