package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_lgammaf in the operations and order of its libdevice
// code (its fma.rn, mul.rn, add.rn, fabs and floor take their .ftz forms
// under Triton's FTZ reflect; its rcp.approx is .ftz whatever the reflect;
// its plain fadd, fsub and fmul never flush), so that tt's results are
// Triton's bits.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_lgammaf": (*emitter).lgammaLibdeviceF32,
	})
})

// The polynomials of __nv_lgammaf, each from the highest power down.
var (
	// lgammaF32StirlingCoeffs: Stirling's correction in r = 1/x, the
	// first three in r^2, then one fma in r (the last coefficient, about
	// ln(2 pi)/2).
	lgammaF32StirlingCoeffs = []uint64{0x3F497CEAA0000000, 0xBF66C12A60000000, 0x3FB5555460000000, 0x3FED67F1C0000000}
	// lgammaF32RationalNum and lgammaF32RationalDen: lgamma(x) - t for
	// t = x - 3 in [0, 4.8) as their quotient; the denominator's leading
	// coefficient is 1, its next one taken off t by a subtraction.
	lgammaF32RationalNum = []uint64{0xC087671F60000000, 0xC0C81EDF00000000, 0xC0E40CAC00000000,
		0xC0E796D540000000, 0xC10175CB40000000}
	lgammaF32RationalDen = []uint64{0xC0C50C9700000000, 0xC0F6A0D0C0000000, 0xC109308CA0000000}
	// lgammaF32Near2Coeffs: lgamma(x)/t for t = x - 2, x in [1.5, 3).
	lgammaF32Near2Coeffs = []uint64{0x3F0A00FF40000000, 0xBF2CF40040000000, 0x3F41BCDF80000000,
		0xBF53BC1C40000000, 0x3F67A0B6E0000000, 0xBF7E3D6200000000, 0x3F95134500000000,
		0xBFB13E0340000000, 0x3FD4A34CC0000000, 0x3FDB0EE600000000}
	// lgammaF32Near1Coeffs: lgamma(x)/t for t = 1 - x, x in [0.7, 1.5).
	lgammaF32Near1Coeffs = []uint64{0x3FA77DEEC0000000, 0x3FBA8EAEE0000000, 0x3FBF700F20000000,
		0x3FC052B6A0000000, 0x3FC254ECA0000000, 0x3FC5AD0CE0000000, 0x3FCA8C57E0000000,
		0x3FD1514E40000000, 0x3FD9A4D480000000, 0x3FEA51A640000000, 0x3FE2788D00000000}
	// lgammaF32SmallCoeffs: (1/Gamma(x) - x)/x^2 below 0.7, so that
	// lgamma(x) = -log(x + x^2 P(x)).
	lgammaF32SmallCoeffs = []uint64{0x3F6D6390C0000000, 0xBF76690F00000000, 0xBFA6D95DE0000000,
		0x3FC56AAAA0000000, 0xBFA592D8E0000000, 0xBFE4FCDD60000000, 0x3FE2788C60000000}
)

// Bits of __nv_lgammaf's other constants (f32 values as f64 bits).
const (
	lgammaF32Stirling = 0x401F333340000000 // 7.8: Stirling's series from here
	lgammaF32Near1    = 0x3FE6666660000000 // 0.7: the series about 1 from here
	lgammaF32DenShift = 0x4070340400000000 // the rational's denominator's second coefficient, negated
	lgammaF32Tiny     = 0x3BFD83C940000000 // 1e-19: below, a negative x's lgamma is -log|x|
	lgammaF32Pi       = 0x400921FB60000000 // pi rounded to f32
	lgammaF32LogPi    = 0x3FF250D040000000 // ln(pi) rounded to f32
)

// lgammaLibdeviceF32 is __nv_lgammaf of an f32 a; ftz is Triton's FTZ
// reflect. lgamma of |a| first (lgammaPosLibdeviceF32), then for a < 0
// (and NaN) a branch, as libdevice's: +inf at the poles (|a| an integer,
// the infinities and, under the reflect, subnormals included), -log|a|
// below |a| = 1e-19, and elsewhere the reflection formula lgamma(a) =
// log(pi) - log|a sin(pi a)| - lgamma|a|, sin(pi a) from a reduction of
// 2|a| to the nearest integer n and sinf's kernel (trigFinishF32) at
// (|a| - n/2) pi in quadrant n.
func (e *emitter) lgammaLibdeviceF32(a ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	ax := e.intrinsic("fabs", f32, e.flushF32(a, ftz))
	pos := e.lgammaPosLibdeviceF32(ax, ftz)
	negative := func() ir.Value {
		// floor's .ftz form changes nothing: ax is flushed already.
		notPole := e.fcmp(llvm.FCmpUNE, ax, e.intrinsic("floor", f32, ax))
		return e.chooseOrKeep(notPole, func() ir.Value {
			tiny := e.fcmp(llvm.FCmpOLT, ax, e.f32Const(lgammaF32Tiny))
			return e.choose(tiny, f32, func() ir.Value { return e.fneg(e.logLibdeviceF32(ax, false)) }, func() ir.Value {
				return e.lgammaReflectLibdeviceF32(ax, pos, ftz)
			})
		}, c(math.Inf(1)))
	}
	return e.chooseOrKeep(e.fcmp(llvm.FCmpULT, a, c(0)), negative, pos)
}

// lgammaReflectLibdeviceF32 is __nv_lgammaf's reflection for a negative
// non-integer a of magnitude ax >= 1e-19 whose lgamma|a| is pos.
// sin(pi t), t = ax - n/2 in [-1/4, 1/4], is sinf's kernel: libdevice
// inlines it with mul.rn for t^2 and the .ftz fmas under the reflect,
// where trigFinishF32 has fmul and plain fmas; those give the same bits
// here: t pi is 0 or at least 3e-19, so t^2 stays normal, and the only
// subnormal a flush could meet is sin's t^3 for t below 2^-42, whose
// product with the polynomial is far below half an ulp of the t it is
// added to. |sin| (its .ftz fabs likewise: never subnormal) times ax is
// at least 3e-38, never subnormal either.
func (e *emitter) lgammaReflectLibdeviceF32(ax, pos ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	n := e.intrinsic("roundeven", f32, e.fmul(c(2), ax))
	// NaN's quadrant is 0, as cvt.rzi gives it (fptosi of NaN would be
	// poison in LLVM IR); the result is NaN whatever the quadrant.
	q := e.cast("llvm.fptosi", e.selectV(e.fcmp(llvm.FCmpUNO, n, n), c(0), n), i32)
	t := e.fmaRN(e.fneg(n), c(0.5), ax, ftz)
	s := e.trigFinishF32(q, e.fmul(t, e.f32Const(lgammaF32Pi)), false)
	l := e.logLibdeviceF32(e.fmul(e.intrinsic("fabs", f32, s), ax), false)
	return e.fmaRN(e.fsub(e.f32Const(lgammaF32LogPi), l), c(1), e.fneg(pos), ftz)
}

// lgammaPosLibdeviceF32 is libdevice's lgamma of ax = |a| (flushed under
// ftz), in five ranges, each a branch as in libdevice:
//   - from 7.8: Stirling, (ax - 1/2) log(ax) - ax + S(1/ax) with the
//     product as (log(ax)/2 (ax - 1/2)) and the sum ordered to keep the
//     large terms apart; +inf stays +inf;
//   - [3, 7.8): t + N(t)/D(t), t = ax - 3, the quotient by rcp.approx;
//   - [1.5, 3): (ax - 2) P(ax - 2);
//   - [0.7, 1.5): (1 - ax) P(1 - ax);
//   - below (and NaN): -log(ax + ax^2 P(ax)).
//
// libdevice's log is its accurate logf (logLibdeviceF32): its fmas never
// meet a subnormal operand or result, so their .ftz forms change nothing.
func (e *emitter) lgammaPosLibdeviceF32(ax ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	g := newGPU(e)
	above := func(v float64) ir.Value { return e.fcmp(llvm.FCmpOGE, ax, c(v)) }
	stirling := func() ir.Value {
		r := g.unary("rcp_approx", ax, true)
		s := e.fmaChainF32(lgammaF32StirlingCoeffs[:3], e.fmul(r, r), ftz)
		s = e.fmaRN(s, r, e.f32Const(lgammaF32StirlingCoeffs[3]), ftz)
		h := e.mulRNF32(e.fmul(c(0.5), e.logLibdeviceF32(ax, false)), e.fsub(ax, c(0.5)), ftz)
		t := e.fadd(e.fsub(h, ax), e.addRNF32(h, s, ftz))
		return e.selectV(e.fcmp(llvm.FCmpOEQ, ax, c(math.Inf(1))), ax, t)
	}
	rational := func() ir.Value {
		t := e.fsub(ax, c(3))
		num := e.fmaChainF32(lgammaF32RationalNum, t, ftz)
		den := e.fsub(t, e.f32Const(lgammaF32DenShift))
		for _, k := range lgammaF32RationalDen {
			den = e.fmaRN(den, t, e.f32Const(k), ftz)
		}
		return e.fmaRN(num, g.unary("rcp_approx", den, true), t, ftz)
	}
	near2 := func() ir.Value {
		t := e.fsub(ax, c(2))
		return e.fmul(e.fmaChainF32(lgammaF32Near2Coeffs, t, ftz), t)
	}
	near1 := func() ir.Value {
		t := e.fsub(c(1), ax)
		return e.fmul(e.fmaChainF32(lgammaF32Near1Coeffs, t, ftz), t)
	}
	small := func() ir.Value {
		p := e.fmaChainF32(lgammaF32SmallCoeffs, ax, ftz)
		return e.fneg(e.logLibdeviceF32(e.fmaRN(e.fmul(p, ax), ax, ax, ftz), false))
	}
	return e.choose(above(3), f32, func() ir.Value {
		return e.choose(e.fcmp(llvm.FCmpOGE, ax, e.f32Const(lgammaF32Stirling)), f32, stirling, rational)
	}, func() ir.Value {
		return e.choose(above(1.5), f32, near2, func() ir.Value {
			return e.choose(e.fcmp(llvm.FCmpOGE, ax, e.f32Const(lgammaF32Near1)), f32, near1, small)
		})
	})
}
