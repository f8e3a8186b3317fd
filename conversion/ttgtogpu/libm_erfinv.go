package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_erfinvf and __nv_erfinv in the operations and order of
// their libdevice code, so that tt's results are Triton's bits: the f32
// one's fma.rn under Triton's FTZ reflect, its lg2 and rsqrt the .ftz
// approximations whatever the reflect; the f64 one's fma.rn.d, refined
// rcp.approx.ftz.f64, sqrt.rn.f64 and word manipulations (f64 code takes
// no FTZ reflect).

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_erfinvf": (*emitter).erfinvLibdeviceF32,
		"__nv_erfinv":  func(e *emitter, x ir.Value, _ bool) ir.Value { return e.erfinvLibdeviceF64(x) },
	})
})

// erfinvF32Tail is where __nv_erfinvf's tail begins: -log2(1 - a^2) = 8.2.
const erfinvF32Tail = 0x4020666660000000

// erfinvF32Coeffs is __nv_erfinvf's central polynomial in w = -log2(1 -
// a^2), from the highest power down: erfinv(a)/a.
var erfinvF32Coeffs = []uint64{0xBDF14C6E00000000, 0x3E443EC8A0000000, 0xBE802DFB40000000,
	0x3E8D1F08C0000000, 0x3EE0E85540000000, 0xBF009B69A0000000, 0xBF495FD420000000,
	0x3F76B804E0000000, 0x3FC495C1E0000000, 0x3FEC5BF880000000}

// erfinvF32TailCoeffs is __nv_erfinvf's tail polynomial in r = 1/sqrt(w),
// from the highest power down: |erfinv(a)| r.
var erfinvF32TailCoeffs = []uint64{0xBFE2E09420000000, 0xBFE53754A0000000, 0x3FF98D5B80000000,
	0xBFE59B5DA0000000, 0xBFB860A6E0000000, 0x3FEABB3720000000}

// erfinvLibdeviceF32 is __nv_erfinvf of an f32 x; ftz is Triton's FTZ
// reflect. With w = -lg2(1 - x^2) (1 - x^2 by one fma): up to w = 8.2,
// x P(w); beyond, Q(r)/r with r = rsqrt(w) (the quotient by a correctly
// rounded division) and x's sign. A branch picks the path, as in
// libdevice. NaN and |x| > 1 give NaN (lg2 of a negative), +-1 +-inf.
func (e *emitter) erfinvLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	g := newGPU(e)
	w := e.fneg(g.unary("lg2_approx", e.fmaRN(x, e.fneg(x), e.cFloat(f32, 1), ftz), true))
	return e.choose(e.fcmp(llvm.FCmpOGT, w, e.f32Const(erfinvF32Tail)), f32, func() ir.Value {
		r := g.unary("rsqrt_approx", w, true)
		q := e.fmaChainF32(erfinvF32TailCoeffs, r, ftz)
		return e.withSignOf(e.fmul(q, e.fbin("llvm.fdiv", e.cFloat(f32, 1), r)), x)
	}, func() ir.Value {
		return e.fmul(x, e.fmaChainF32(erfinvF32Coeffs, w, ftz))
	})
}

// erfinvF64Central is __nv_erfinv's polynomial in -ln(1 - a^2) - 3.125,
// for ln(1 - a^2) above -6.25, from the highest power down: erfinv(a)/a.
var erfinvF64Central = []uint64{0xBBB135D2E746E627, 0xBC08DDF93324D327, 0x3C37B83EEF0B7C9F,
	0x3C69BA72CD589B91, 0xBCA33689090A6B96, 0x3C782E11898132E0, 0x3CFDE4ACFD9E26BA, 0xBD26D33EED66C487,
	0xBD36F2167040D8E2, 0x3D872A22C2D77E20, 0xBDAC8859C4E5C0AF, 0xBDCDC583D118A561, 0x3E120F47CCF46B3C,
	0xBE31A9E38DC84D60, 0xBE5F36CD6D3D46A9, 0x3E9C6B4F5D03B787, 0xBEB6E8A5434AE8A2, 0xBEED1D1F7B8736F6,
	0x3F2879C2A212F024, 0xBF4845769484FCA8, 0xBF78B6C33114F909, 0x3FCEBD80D9B13E28, 0x3FFA755E7C99AE86}

// erfinvF64Middle is __nv_erfinv's polynomial in sqrt(-ln(1 - a^2)) -
// 3.25, for that root below 4, from the highest power down.
var erfinvF64Middle = []uint64{0x3E23040F87DBD932, 0x3E785CBE52878635, 0xBE92777453DD3955,
	0x3E5395ABCD554C6C, 0x3EB936388A3790AD, 0xBED0D5DB812B5083, 0x3EC8860CD5D652F6, 0x3EEA29A0CACDFB23,
	0xBF08CEF1F80281F2, 0x3F11E684D0B9188A, 0x3EF932CD54C8A222, 0xBF37448A89EF8AA3, 0x3F4F3CC55AD40C25,
	0xBF5BA924132F38B1, 0x3F6468EECA533CF8, 0xBF6EBADABB891BBD, 0x3F75FFCFE5B76AFC, 0x3FF0158A6D641D39,
	0x4008ABCC380D5A48}

// erfinvF64Far is __nv_erfinv's polynomial in sqrt(-ln(1 - a^2)) - 5,
// for that root from 4 on, from the highest power down.
var erfinvF64Far = []uint64{0xBDBDCEC3A7785389, 0xBDF18FEEC0E38727, 0x3E19E6BF2DDA45E3,
	0xBE30468FB24E2F5F, 0x3E405AC6A8FBA182, 0xBE50102E495FB9C0, 0x3E5F4C20E1334AF8, 0xBE722D220FDF9C3E,
	0x3E8EBC8BB824CB54, 0xBEB0A8D40EA372CC, 0x3ED2FBD29D093D2B, 0xBEF4A3497E1E0FAC, 0x3F13EBF4EB00938F,
	0xBF2C2F36A8FC5D53, 0xBF222EA5DF04047C, 0x3FF02A30D1FBA0DC, 0x4013664DDD1AD7FB}

// erfinvLibdeviceF64 is __nv_erfinv: for |x| < 1 (by its high word read
// as an f32; libdevice's .ftz fabs of it flushes only values far below 1,
// so a plain fabs compares alike) L = ln(1 - x^2), then x times a
// polynomial in -L - 3.125 above L = -6.25, else in s - 3.25 or s - 5
// with s = sqrt(-L) below or from 4; each choice a branch, as in
// libdevice. Elsewhere x times NaN, or +inf at |x| = 1 (x x for NaN).
func (e *emitter) erfinvLibdeviceF64(x ir.Value) ir.Value {
	f64, f32 := e.f64(), e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	ax := e.intrinsic("fabs", f64, x)
	outside := e.selectV(e.fcmp(llvm.FCmpOEQ, ax, c(1)), c(math.Inf(1)), e.f64Const(0xFFF8000000000000))
	outside = e.selectV(e.fcmp(llvm.FCmpOLE, ax, c(math.Inf(1))), outside, x)
	inside := e.fcmp(llvm.FCmpOLT, e.intrinsic("fabs", f32, e.highWordAsF32(x)), e.cFloat(f32, float64(math.Float32frombits(0x3FF00000))))
	r := e.chooseOrKeep(inside, func() ir.Value {
		l := e.erfinvLogF64(e.fmaF64(x, e.fneg(x), c(1)))
		central := e.icmpC(llvm.ICmpULT, e.highWordOfF64(l), -0x3FE70000) // l above -6.25
		return e.choose(central, f64, func() ir.Value {
			return e.hornerBitsF64(erfinvF64Central, e.fsub(e.fneg(l), c(3.125)))
		}, func() ir.Value {
			s := e.intrinsic("sqrt", f64, e.fneg(l))
			return e.choose(e.icmpC(llvm.ICmpSLT, e.highWordOfF64(s), 0x40100000), f64, func() ir.Value {
				return e.hornerBitsF64(erfinvF64Middle, e.fsub(s, c(3.25)))
			}, func() ir.Value {
				return e.hornerBitsF64(erfinvF64Far, e.fsub(s, c(5)))
			})
		})
	}, outside)
	return e.fmul(r, x)
}

// erfinvLogF64Coeffs is the odd series of __nv_erfinv's logarithm in s =
// f/(m+1) past its first term, in s^2, from the highest power down.
var erfinvLogF64Coeffs = []uint64{0x3FB5C5C218C775C9, 0x3FA55CF59CDC5D89, 0x3FAEFD18CF6EBB9C,
	0x3FB10682EDCB8D1B, 0x3FB3B1DD3AC7FC96, 0x3FB745CB459B54A6, 0x3FBC71C741A0669F, 0x3FC249249209112E,
	0x3FC99999999A06C1, 0x3FD5555555555535}

// erfinvLogF64 is ln(y) for a normal y in (0, 1] as __nv_erfinv inlines
// it: y = 2^e m with e even and m in [1/2, 2) (the exponent's low bit kept
// in m); ln(m) = 2 atanh(s), s = f/(m+1) with f = m - 1 from a refined
// reciprocal, corrected once by its residual; then e ln(2) added by an fma
// (one part of ln(2) only).
func (e *emitter) erfinvLogF64(y ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	lo, hi := e.wordsOfF64(y)
	ex := e.addC(e.andC(e.lshrC(hi, 20), 0x7FE), -1022)
	// e as an f64: 2^52 + 2^31 + e less 2^52 + 2^31, both from words.
	magic := e.i32c(0x43300000)
	ef := e.fsub(e.f64OfWords(e.xor(ex, e.i32c(math.MinInt32)), magic), e.f64OfWords(e.i32c(math.MinInt32), magic))
	m := e.f64OfWords(lo, e.addC(e.andC(hi, -0x7FE00001), 0x3FE00000))
	f := e.fsub(m, c(1))
	rcp := e.reciprocalLibdeviceF64(e.fadd(m, c(1)))
	q := e.fmul(f, rcp)
	// f - 2q - q f = f - q (m + 1), the residual of q.
	res := e.fmaF64(e.fneg(q), f, e.fmaF64(c(-2), q, f))
	s := e.fmaF64(res, rcp, q)
	s2 := e.fmul(s, s)
	p := e.hornerBitsF64(erfinvLogF64Coeffs, s2)
	half := e.fmaF64(e.fmul(p, s2), s, s) // atanh(s)
	return e.fmaF64(ef, e.f64Const(0x3FE62E42FEFA39EF), e.fadd(half, half))
}
