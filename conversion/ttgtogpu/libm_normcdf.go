package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_normcdff and __nv_normcdfinvf in the operations and
// order of their libdevice code (the .ftz forms under Triton's FTZ reflect
// included), so that tt's results are Triton's bits.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_normcdff":    (*emitter).normcdfLibdeviceF32,
		"__nv_normcdfinvf": (*emitter).normcdfinvLibdeviceF32,
	})
})

const (
	normcdfClamp       = 14.5               // |x| beyond: Φ(x) is 0 or 1 in f32
	normcdfInvSqrt2Hi  = 0xBFE6A09E60000000 // -1/sqrt(2) in two f32 parts
	normcdfInvSqrt2Lo  = 0xBE49FCEF40000000
	normcdfinvMSqrt2   = 0xBFF6A09E60000000 // -sqrt(2)
	erfcinvCentralLow  = 0x3F6BDA5120000000 // erfcinv's central polynomial on [0.0034, 1.9966]
	erfcinvCentralHigh = 0x3FFFF212E0000000
)

// normcdfLibdeviceF32 is __nv_normcdff: Φ(x) = erfc(y)/2 with y = -x/sqrt(2)
// as the rounded sum of hi = x (-1/sqrt(2))'s f32 product and lo, its
// error plus x times the constant's low part; x is first clamped to
// ±14.5. erfc is __nv_erfcf's code; for x < -1, where erfc(y) is small
// and y's rounding matters, erfc(y) is corrected by its derivative
// -2y erfc(y) times y's rounding error (hi - y) + lo.
func (e *emitter) normcdfLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	beyond := e.fcmp(llvm.FCmpOGT, e.intrinsic("fabs", f32, e.flushF32(x, ftz)), c(normcdfClamp))
	a := e.selectV(beyond, e.intrinsic("copysign", f32, c(normcdfClamp), x), x)
	hi := e.mulRNF32(a, e.f32Const(normcdfInvSqrt2Hi), ftz)
	lo := e.fmaRN(a, e.f32Const(normcdfInvSqrt2Hi), e.fneg(hi), ftz)
	lo = e.fmaRN(a, e.f32Const(normcdfInvSqrt2Lo), lo, ftz)
	y := e.addRNF32(hi, lo, ftz)
	z := e.erfcLibdeviceF32(y, ftz)
	yErr := e.addRNF32(e.fsub(hi, y), lo, ftz)
	corrected := e.fmaRN(e.fmul(e.fmul(c(-2), y), z), yErr, z, ftz)
	z = e.selectV(e.fcmp(llvm.FCmpOLT, a, c(-1)), corrected, z)
	return e.fmul(c(0.5), z)
}

// normcdfinvLibdeviceF32 is __nv_normcdfinvf: Φ^-1(x) = -sqrt(2)
// erfcinv(2x), plus 0 under add.rn (so that -0 becomes +0).
func (e *emitter) normcdfinvLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	r := e.fmul(e.f32Const(normcdfinvMSqrt2), e.erfcinvLibdeviceF32(e.fadd(x, x), ftz))
	return e.addRNF32(r, e.cFloat(e.f32(), 0), ftz)
}

// erfcinvCentralCoeffs is erfcinv(a)/(1 - a)'s polynomial in
// -log2(a (2 - a)), from the highest power down.
var erfcinvCentralCoeffs = []uint64{0xBDF14C6E00000000, 0x3E443EC8A0000000, 0xBE802DFB40000000,
	0x3E8D1F08C0000000, 0x3EE0E85540000000, 0xBF009B69A0000000, 0xBF495FD420000000,
	0x3F76B804E0000000, 0x3FC495C1E0000000, 0x3FEC5BF880000000}

// erfcinvTailCoeffs is the tails' polynomial in r = 1/sqrt(-log2(p)),
// from the highest power down: erfcinv ≈ P(r)/r.
var erfcinvTailCoeffs = []uint64{0xC04F8E7E20000000, 0x405FDF0520000000, 0xC05C86C380000000,
	0x404E29B360000000, 0xC035CA3660000000, 0x4019DEA080000000, 0xBFFD53C0A0000000,
	0xBF9F0E3E80000000, 0x3FEAA6EEA0000000}

// erfcinvLibdeviceF32 is libdevice's __nv_erfcinvf of a (registered as
// such in libm_erfcinv.go), which __nv_normcdfinvf inlines unchanged. On
// [0.0034, 1.9966] it is (1 - a) P(w), w = -log2(a (2 - a)) from
// lg2.approx.ftz; elsewhere (NaN included), with p = a or, above 1,
// 2 - a, it is ±P(r)/r for r = rsqrt.approx.ftz(-log2(p)) and 1/r from
// rcp.approx.ftz, negative above 1. The two paths are a branch, as in
// libdevice.
func (e *emitter) erfcinvLibdeviceF32(a ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	g := newGPU(e)
	twoMinusA := e.addRNF32(c(2), e.fneg(a), ftz)
	central := e.and(e.fcmp(llvm.FCmpOGE, a, e.f32Const(erfcinvCentralLow)),
		e.fcmp(llvm.FCmpOLE, a, e.f32Const(erfcinvCentralHigh)))
	return e.choose(central, f32, func() ir.Value {
		w := e.fneg(g.unary("lg2_approx", e.mulRNF32(twoMinusA, a, ftz), true))
		p := e.fmaChainF32(erfcinvCentralCoeffs, w, ftz)
		return e.fmaRN(p, e.fneg(a), p, ftz)
	}, func() ir.Value {
		above := e.fcmp(llvm.FCmpOGT, a, c(1))
		tail := e.selectV(above, twoMinusA, a)
		r := g.unary("rsqrt_approx", e.fneg(g.unary("lg2_approx", tail, ftz)), true)
		p := e.fmaChainF32(erfcinvTailCoeffs, r, ftz)
		inv := g.unary("rcp_approx", r, true)
		return e.mulRNF32(p, e.selectV(above, e.fneg(inv), inv), ftz)
	})
}
