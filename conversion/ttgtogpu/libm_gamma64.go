package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's f64 __nv_lgamma and __nv_tgamma in the operations and order
// of their libdevice code, so that tt's results are Triton's bits: plain
// fadd, fsub, fmul and fdiv where libdevice has them (contractFMA fuses a
// product into the sum it feeds, as LLVM does under Triton's fp fusion),
// fma.rn, mul.rn and add.rn, refined rcp.approx.ftz.f64 and libdevice's
// word manipulations. Their logarithms, exponentials and powers are the
// code of __nv_log, __internal_log_ext_prec, __nv_exp and
// __internal_accurate_pow that libdevice inlines (libm_log64.go,
// libm_pow64.go, libm_exp64.go). f64 code takes no FTZ reflect (the hi
// words libdevice compares as f32 values are compared with constants far
// from the subnormals, so a flush never changes the outcome).

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_lgamma": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.lgammaLibdeviceF64(x) },
		"__nv_tgamma": (*emitter).tgammaLibdeviceF64,
	})
})

// The polynomials of __nv_lgamma's lgamma of a positive argument
// (__internal_lgamma_pos), each from the highest power down.
var (
	// lgammaF64StirlingCoeffs: Stirling's correction, in r^2 (r = 1/x)
	// but for the last coefficient (about ln(2 pi)/2), taken in r.
	lgammaF64StirlingCoeffs = []uint64{0xBF5AC321034783F9, 0x3F4B68B992738FBF, 0xBF4380D01E4F7B8C,
		0x3F4A019FA29F7264, 0xBF66C16C16B2ACEC, 0x3FB5555555555545, 0x3FED67F1C864BEAE}
	// lgammaF64RationalNum and lgammaF64RationalDen: lgamma(x) - t for
	// t = x - 3 in [0, 5) as their quotient; the denominator's leading
	// coefficient is 1, its next one taken off t by a subtraction.
	lgammaF64RationalNum = []uint64{0xC0AF7040BB18FB05, 0xC1122B7730207EF3, 0xC1585A0DB81DE7D0,
		0xC18A992B8BA94677, 0xC1AAC5CB6957CC20, 0xC1BC0E2B308774BE, 0xC1C6BA13DCAE7F67, 0xC1CCF33B9C3D120C}
	lgammaF64RationalDen = []uint64{0xC10074FACE10C93F, 0xC151B662F8D75791, 0xC18EE64AB4D207F7,
		0xC1B9051687C9951A, 0xC1D2B866BF0B853D, 0xC1D4E2130E9DC133}
	// lgammaF64Near2Coeffs: lgamma(x)/t for t = x - 2, x in [1.5, 3).
	lgammaF64Near2Coeffs = []uint64{0x3E452636124338B3, 0xBE71FA71D78C0EE2, 0x3E8D111F31E61306,
		0xBEA0502BBE1B2706, 0x3EB06850B2970292, 0xBEC108474875033D, 0x3ED24ACCC62909DC, 0xBEE3CB25209E63BE,
		0x3EF581CBBC8CDC7B, 0xBF078E04B85C7597, 0x3F1A12730CF45051, 0xBF2D3FD354062012, 0x3F40B36B0B4DE323,
		0xBF538AC5C6D0317A, 0x3F67ADD6EAAB19FC, 0xBF7E404FC20E4D5B, 0x3F951322AC7DA390, 0xBFB13E001A5578A3,
		0x3FD4A34CC4A60FA3, 0x3FDB0EE6072093CF}
	// lgammaF64Near1Coeffs: lgamma(x)/t for t = 1 - x, x in [0.7, 1.5).
	lgammaF64Near1Coeffs = []uint64{0x3F881F6D2A4C4310, 0x3FA3EB504359EB88, 0x3FAE35D8DEB06317,
		0x3FAED469A8B6ECCE, 0x3FACC1B1C357BEFE, 0x3FAD7154DB67F79F, 0x3FAFCC622CF2F7BB, 0x3FB11747A4D1CC43,
		0x3FB24CE16A21B8AC, 0x3FB3B1C21A7BCB00, 0x3FB556723452ED57, 0x3FB748C00891544F, 0x3FB9A0207808CF40,
		0x3FBC80673B8AE26B, 0x3FC010B364B7E555, 0x3FC2703A1D239658, 0x3FC5B40CB1137E6E, 0x3FCA8B9C17AC4F03,
		0x3FD151322AC7CB52, 0x3FD9A4D55BEAB1D4, 0x3FEA51A6625307D6, 0x3FE2788CFC6FB619}
	// lgammaF64SmallCoeffs: (1/Gamma(x) - x)/x^2 below 0.7.
	lgammaF64SmallCoeffs = []uint64{0xBE7844988BFE6590, 0x3EA7B77CEB0625E8, 0xBE998C69C8710CC4,
		0xBEF6527A5A11CF6E, 0x3F20EC2950B1B5DE, 0xBF2C4D80C24BA278, 0xBF5315B4E8CC0D09, 0x3F7D917F15D50020,
		0xBF83B4ABB41CB6FA, 0xBFA59AF1275B7120, 0x3FC5512321A168A0, 0xBFA5815E8FDCE74C, 0xBFE4FCF4026ADD1A,
		0x3FE2788CFC6FB5C8}
)

// Bits of __nv_lgamma's other constants and the high words of its splits.
const (
	lgammaF64DenShift = 0x408FF62E0BE189FE // the rational's denominator's second coefficient, negated
	lgammaF64Pi       = 0x400921FB54442D18
	lgammaF64HiThree  = 0x40080000 // 3
	lgammaF64HiEight  = 0x40200000 // 8: Stirling from here
	lgammaF64HiNear2  = 0x3FF80000 // 1.5
	lgammaF64HiNear1  = 0x3FE66666 // 0.7
	lgammaF64HiTiny   = 0x3C000000 // 2^-63: below, a negative x's lgamma is -log|x|
	gammaF64HiOneWord = 0x3FF00000 // the high word of 1.0
	gammaF64Halve     = -1         // added to an exponent: halves an f64 through its high word
)

// lgammaLibdeviceF64 is __nv_lgamma: NaN as a + a, else lgamma|a|
// (lgammaPosLibdeviceF64) and, for a negative a (its sign bit), a branch
// to +inf at the poles (|a| an integer, -inf included) and elsewhere
// log(u) with u = |a| below 2^-63 (lgamma = -log|a|) and u = pi/|a
// sin(pi a)| otherwise (lgamma = log(u) - lgamma|a|, the reflection
// formula), sin(pi a) by sinPiLibdeviceF64. Each is a branch as in
// libdevice.
func (e *emitter) lgammaLibdeviceF64(a ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	ax := e.intrinsic("fabs", f64, a)
	return e.choose(e.fcmp(llvm.FCmpOLE, ax, c(math.Inf(1))), f64, func() ir.Value {
		pos := e.lgammaPosLibdeviceF64(ax)
		return e.chooseOrKeep(e.icmpC(llvm.ICmpSLT, e.highWordOfF64(a), 0), func() ir.Value {
			notPole := e.fcmp(llvm.FCmpUNE, ax, e.intrinsic("trunc", f64, ax))
			return e.chooseOrKeep(notPole, func() ir.Value {
				axHi := e.highWordOfF64(ax)
				// sinpi of an integer would be +-0; none reaches it here.
				u := e.chooseOrKeep(e.icmpC(llvm.ICmpSGE, axHi, lgammaF64HiTiny), func() ir.Value {
					s := e.sinCosPiLibdeviceF64(ax, false)
					return e.fbin("llvm.fdiv", e.f64Const(lgammaF64Pi), e.fmul(e.intrinsic("fabs", f64, s), ax))
				}, ax)
				l := e.logLibdeviceF64(u)
				return e.selectV(e.icmpC(llvm.ICmpSLT, axHi, lgammaF64HiTiny), e.fneg(l), e.fsub(l, pos))
			}, c(math.Inf(1)))
		}, pos)
	}, func() ir.Value { return e.fadd(a, a) })
}

// lgammaPosLibdeviceF64 is libdevice's __internal_lgamma_pos of a = |x|
// (not NaN), in five ranges by a's high word, each a branch as in
// libdevice:
//   - from 8: Stirling, (a - 1/2) log(a) - a + S(1/a) as h (a - 1/2) +
//     S and h (a - 1/2) - a by two fmas, h = log(a)/2 (through the
//     exponent), then summed; +inf stays +inf;
//   - [3, 8): t + N(t)/D(t), t = a - 3;
//   - [1.5, 3): (a - 2) P(a - 2);
//   - [0.7, 1.5): (1 - a) P(1 - a);
//   - below: -log(a + a^2 P(a)).
func (e *emitter) lgammaPosLibdeviceF64(a ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	hi := e.highWordOfF64(a)
	from := func(word int64) ir.Value { return e.icmpC(llvm.ICmpSGE, hi, word) }
	stirling := func() ir.Value {
		r := e.reciprocalLibdeviceF64(a)
		n := len(lgammaF64StirlingCoeffs) - 1
		s := e.hornerBitsF64(lgammaF64StirlingCoeffs[:n], e.fmul(r, r))
		s = e.fmaF64(s, r, e.f64Const(lgammaF64StirlingCoeffs[n]))
		h := e.addToExponentF64(e.logLibdeviceF64(a), e.i32c(gammaF64Halve))
		y := e.fsub(a, c(0.5))
		t := e.fadd(e.fmaF64(h, y, e.fneg(a)), e.fmaF64(h, y, s))
		return e.selectV(e.fcmp(llvm.FCmpOEQ, a, c(math.Inf(1))), a, t)
	}
	rational := func() ir.Value {
		t := e.fsub(a, c(3))
		num := e.hornerBitsF64(lgammaF64RationalNum, t)
		den := e.fsub(t, e.f64Const(lgammaF64DenShift))
		for _, k := range lgammaF64RationalDen {
			den = e.fmaF64(den, t, e.f64Const(k))
		}
		return e.fadd(e.fbin("llvm.fdiv", num, den), t)
	}
	near2 := func() ir.Value {
		t := e.fsub(a, c(2))
		return e.fmul(e.hornerBitsF64(lgammaF64Near2Coeffs, t), t)
	}
	near1 := func() ir.Value {
		t := e.fsub(c(1), a)
		return e.fmul(e.hornerBitsF64(lgammaF64Near1Coeffs, t), t)
	}
	small := func() ir.Value {
		p := e.hornerBitsF64(lgammaF64SmallCoeffs, a)
		return e.fneg(e.logLibdeviceF64(e.fmaF64(e.fmul(p, a), a, a)))
	}
	return e.choose(from(lgammaF64HiThree), f64, func() ir.Value {
		return e.choose(from(lgammaF64HiEight), f64, stirling, rational)
	}, func() ir.Value {
		return e.choose(from(lgammaF64HiNear2), f64, near2, func() ir.Value {
			return e.choose(from(lgammaF64HiNear1), f64, near1, small)
		})
	})
}

// The polynomials of __nv_tgamma, each from the highest power down.
var (
	// tgammaF64Coeffs: 1/Gamma(1 + t) for t in [-1/2, 1/2].
	tgammaF64Coeffs = []uint64{0x3E381B4960FCF5C9, 0xBE8AF7049AE8A594, 0x3EB301D46D4B22F5,
		0xBEB50272AEED0FC4, 0xBEF51CE1A40516F8, 0x3F20C8AA7419084C, 0xBF2C3650196BAD8A, 0xBF531711365A3E26,
		0x3F7D919C52A7DF35, 0xBF83B4AF28386F4D, 0xBFA59AF103C37B4D, 0x3FC5512320B439EF, 0xBFA5815E8FA26F4F,
		0xBFE4FCF4026AFA2B, 0x3FE2788CFC6FB619, 0x3FF0000000000000}
	// tgammaF64StirlingCoeffs: Stirling's series S, Gamma(x) = sqrt(2
	// pi) x^(x - 1/2) e^-x (1 + r S(r)), r = 1/x.
	tgammaF64StirlingCoeffs = []uint64{0xBF64BEE47C38A637, 0x3F73C25DA81303D5, 0xBF6B7C37A96CFC72,
		0x3F35A85ABDE1E324, 0x3F4A8B28F07B3F05, 0xBF0A15D1D45A282F, 0xBF4367D3468CB5BE, 0x3F12471B0E9F1005,
		0x3F49B1004744D5C4, 0xBF2E13CE69AB4B7F, 0xBF65F7268ECF8A01, 0x3F6C71C71C71ACE0, 0x3FB5555555555556}
)

// Bits of __nv_tgamma's other constants, and its splits: the high words
// of its thresholds, which libdevice compares read as f32 values.
const (
	tgammaF64Sqrt2Pi      = 0x40040D931FF62706 // sqrt(2 pi), in two parts
	tgammaF64Sqrt2PiLo    = 0xBCAA6A0D6F814637
	tgammaF64SqrtHalfPi   = 0x3FF40D931FF62706 // sqrt(pi/2), in two parts
	tgammaF64SqrtHalfPiLo = 0xBC9A6A0D6F814637
	tgammaF64Overflow     = 0x406573FAE561F648 // 171.62...: Gamma overflows from here
	tgammaF64NaN          = 0xFFF8000000000000 // the poles' NaN
	tgammaF64HiFour       = 0x40100000         // 4: Stirling from here
	tgammaF64HiNegFour    = 0xC0100000         // -4: reflection from here down
	tgammaF64HiNegFloor   = 0xC0672000         // -185: +-0 from here down
	tgammaF64HiNegSplit   = 0xC061E400         // -143.125: the power in two halves from here down
)

// tgammaF64Steps are the high words of the magnitudes past which the
// recurrence takes one more step: 3.5, 2.5, 1.5 and 0.5 (for a positive
// argument the last only moves t).
var tgammaF64Steps = []uint32{0x400C0000, 0x40040000, 0x3FF80000, 0x3FE00000}

// tgammaLibdeviceF64 is __nv_tgamma, its ranges branches as in
// libdevice (by a's high word read as an f32, h below):
//   - [0, 4): Gamma(a) = s/P(t), P = 1/Gamma(1 + t), t = a - k in
//     [-1/2, 1/2) and s = (a - 1) ... (a - k) the recurrence's product
//     (one fma a step); below 1/2 (t = a, s = 1) the divisor is a P(a);
//   - from 4: Stirling (tgammaStirlingLibdeviceF64), +inf from 171.62;
//   - (-4, 0): 1/(s P(t)), s = a (a + 1) ... up to t in [-1/2, 1/2);
//   - (-185, -4]: the reflection formula (tgammaReflectLibdeviceF64);
//   - below: +-0 with the sign of Gamma, by the parity of floor(a);
//   - NaN at the negative integers (and -inf), a + a for NaN.
func (e *emitter) tgammaLibdeviceF64(a ir.Value, ftz bool) ir.Value {
	f64, f32 := e.f64(), e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	h := e.highWordAsF32(a)
	word := func(w uint32) ir.Value { return e.cFloat(f32, float64(math.Float32frombits(w))) }
	positive := func() ir.Value {
		return e.choose(e.fcmp(llvm.FCmpOLT, h, word(tgammaF64HiFour)), f64, func() ir.Value {
			// s = (a - 1)(a - 2)... one fma a step: s (t - 1), s = 1 first.
			s, t := c(1), a
			for _, w := range tgammaF64Steps[:3] {
				past := e.fcmp(llvm.FCmpOGE, h, word(w))
				s = e.selectV(past, e.fmaF64(t, s, e.fneg(s)), s)
				t = e.selectV(past, e.fsub(t, c(1)), t)
			}
			half := e.fcmp(llvm.FCmpOGE, h, word(tgammaF64Steps[3]))
			t = e.selectV(half, e.fsub(t, c(1)), t)
			p := e.hornerBitsF64(tgammaF64Coeffs, t)
			p = e.selectV(half, p, e.fmul(p, a))
			return e.fbin("llvm.fdiv", s, p)
		}, func() ir.Value { return e.tgammaStirlingLibdeviceF64(a, ftz) })
	}
	negative := func() ir.Value {
		notPole := e.fcmp(llvm.FCmpUNE, a, e.intrinsic("trunc", f64, a))
		return e.chooseOrKeep(notPole, func() ir.Value {
			return e.choose(e.fcmp(llvm.FCmpOGT, h, word(tgammaF64HiNegFour)), f64, func() ir.Value {
				// s = a (a + 1)... one fma a step: s (t + 1), s = t = a first.
				s, t := a, a
				for _, w := range tgammaF64Steps {
					past := e.fcmp(llvm.FCmpOLE, h, word(w|0x80000000))
					s = e.selectV(past, e.fmaF64(t, s, s), s)
					t = e.selectV(past, e.fadd(t, c(1)), t)
				}
				return e.fbin("llvm.fdiv", c(1), e.fmul(s, e.hornerBitsF64(tgammaF64Coeffs, t)))
			}, func() ir.Value {
				return e.choose(e.fcmp(llvm.FCmpOGT, h, word(tgammaF64HiNegFloor)), f64, func() ir.Value {
					return e.tgammaReflectLibdeviceF64(a, h, ftz)
				}, func() ir.Value {
					// Gamma's sign: - where floor(a) is odd.
					fl := e.intrinsic("floor", f64, a)
					odd := e.fsub(fl, e.fmul(c(2), e.intrinsic("floor", f64, e.fmul(c(0.5), fl))))
					return e.selectV(e.fcmp(llvm.FCmpOEQ, odd, c(1)), c(math.Copysign(0, -1)), c(0))
				})
			})
		}, e.f64Const(tgammaF64NaN))
	}
	return e.choose(e.fcmp(llvm.FCmpOGE, a, c(0)), f64, positive, func() ir.Value {
		return e.chooseOrKeep(e.fcmp(llvm.FCmpOLT, a, c(0)), negative, e.fadd(a, a))
	})
}

// tgammaStirlingSeries is 1 + r S(r) times v, r = 1/x: Stirling's
// correction applied as v + (r S(r)) v.
func (e *emitter) tgammaStirlingSeries(x, v ir.Value) ir.Value {
	r := e.reciprocalLibdeviceF64(x)
	return e.fmaF64(e.fmul(e.hornerBitsF64(tgammaF64StirlingCoeffs, r), r), v, v)
}

// tgammaStirlingLibdeviceF64 is __nv_tgamma from a = 4 on (+inf
// included): e^((a - 1/2) log(a) - a) as a double-double exponent hi +
// lo (log(a) by __internal_log_ext_prec, the product and the sums in
// double-double), e^hi by __nv_exp's code corrected by e^hi lo, times
// sqrt(2 pi) in two parts and Stirling's series; +inf from 171.62.
func (e *emitter) tgammaStirlingLibdeviceF64(a ir.Value, ftz bool) ir.Value {
	f64 := e.f64()
	lnHi, lnLo := e.powLogLibdeviceF64(a)
	y := e.fsub(a, e.cFloat(f64, 0.5))
	p := e.mulRNF64(lnHi, y)
	pErr := e.fmaF64(lnLo, y, e.fmaF64(lnHi, y, e.fneg(p)))
	s, sLo := e.twoSumF64(p, pErr)
	// (s + sLo) - a: d = s - a and what it rounded off, then summed.
	d := e.fsub(s, a)
	hi, lo := e.twoSumF64(d, e.fadd(e.fsub(e.fsub(s, d), a), sLo))
	z := e.expLibdeviceF64(hi, ftz)
	w := e.fmaF64(lo, z, z)
	w = e.fmaF64(w, e.f64Const(tgammaF64Sqrt2Pi), e.fmul(w, e.f64Const(tgammaF64Sqrt2PiLo)))
	r := e.tgammaStirlingSeries(a, w)
	return e.selectV(e.fcmp(llvm.FCmpOGE, a, e.f64Const(tgammaF64Overflow)), e.cFloat(f64, math.Inf(1)), r)
}

// tgammaReflectLibdeviceF64 is __nv_tgamma for a in (-185, -4], not an
// integer, h its high word as an f32: with x = |a|, Gamma(a) = pi/(x
// sin(pi a) Gamma(x)), Gamma(x) by Stirling, so Gamma(a) = e^x sqrt(pi/2)
// / (x sin(pi a) (1 + r S(r))) x^-(x - 1/2) (pi/(sqrt(2 pi)) = sqrt(pi/2)),
// e^x by __nv_exp's reduction and polynomial (2^k, k < 267, added
// through a power of two built from words), x^-(x - 1/2) by
// __internal_accurate_pow; from x = 143.125 the power is taken twice with
// half the exponent, so that neither factor underflows.
func (e *emitter) tgammaReflectLibdeviceF64(a, h ir.Value, ftz bool) ir.Value {
	f64, f32 := e.f64(), e.f32()
	x := e.intrinsic("fabs", f64, a)
	den := e.fmul(e.tgammaStirlingSeries(x, e.sinCosPiLibdeviceF64(a, false)), x)
	k, r := e.exp64Reduce(x, exp64Log2eBits, exp64Ln2HiNegBits, exp64Ln2LoNegBits)
	ex := e.fmul(e.exp64Poly(r), e.f64OfWords(e.i32c(0), e.addC(e.shlC(k, 20), gammaF64HiOneWord)))
	num := e.fmaF64(ex, e.f64Const(tgammaF64SqrtHalfPi), e.fmul(e.f64Const(tgammaF64SqrtHalfPiLo), ex))
	q := e.fbin("llvm.fdiv", num, den)
	y := e.fsub(x, e.cFloat(f64, 0.5))
	split := e.fcmp(llvm.FCmpOLE, h, e.cFloat(f32, float64(math.Float32frombits(tgammaF64HiNegSplit))))
	y = e.selectV(split, e.addToExponentF64(y, e.i32c(gammaF64Halve)), y)
	pw := e.powAbsLibdeviceF64(x, e.fneg(y), ftz)
	q = e.selectV(split, e.fmul(q, pw), q)
	return e.fmul(q, pw)
}
