package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_j0f, __nv_j1f, __nv_y0f and __nv_y1f in the operations
// and order of their libdevice code (the .ftz forms of its fma.rn, fabs
// and rsqrt.approx under Triton's FTZ reflect included; its plain fadd,
// fsub, fmul and fdiv (div.rn) never flush, and no product of its feeds a
// plain sum, so fp fusion changes nothing), so that tt's results on NVIDIA
// are Triton's bits. Other targets keep numeric's f64 algorithm
// (libm_bessel.go).
//
// With a = |x| (flushed under the reflect), each function is a chain of
// intervals, each a branch as in libdevice's code:
//   - up to the last zero below about 8, polynomials in a - z for a zero
//     z of the function (z in two f32 parts, subtracted in turn), times
//     the interval's other zeros' factors a - z', so that the result
//     keeps its relative accuracy next to the zeros; near 0, Y0 and Y1
//     are (2/pi) log(a) J(a) plus a series in a^2 (times a for Y1; and
//     -2/(pi a) for Y1, which is only that below 2^-126), with
//     libdevice's logf and the J function's own polynomial;
//   - beyond, Hankel's form sqrt(2/(pi a)) M(a) cos(theta(a) + offset):
//     M and theta = a + P(1/a^2)/a from polynomials in
//     w^2 = rcp.approx.ftz(a)^2, the amplitude's square root from
//     rsqrt.approx. The cosine reduces theta by sinf's reduction
//     (libm_f32.go: Cody-Waite below 105615, Payne-Hanek from there, the
//     latter in a branch only the threads with such an argument take), then
//     adds the quadrant's multiple of pi/2 and the offset (-pi/4 for J0,
//     -3pi/4 for J1 and Y0, -5pi/4 for Y1) to the reduced value and
//     reduces that sum once more by two of pi/2's three parts, ending in
//     cosf's kernel; +-inf gives 0.
// J1 is odd (and keeps x's sign where |x| < 1.34e-30, its result then
// about x/2 or 0); Y0 and Y1 are NaN for x < 0 (the bits 0x7FFFFFFF) and
// -inf at 0.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_j0f": (*emitter).j0LibdeviceF32,
		"__nv_j1f": (*emitter).j1LibdeviceF32,
		"__nv_y0f": (*emitter).y0LibdeviceF32,
		"__nv_y1f": (*emitter).y1LibdeviceF32,
	})
})

// besselF32Zero is a zero of a Bessel function as two f32 parts, the
// leading one first.
type besselF32Zero [2]uint64

// besselF32Piece is one polynomial interval: up to (and including) end,
// the function is P(a - z) (a - z), P's coefficients from the highest
// power down.
type besselF32Piece struct {
	end    uint64
	zero   besselF32Zero
	coeffs []uint64
}

// besselF32Far is the Hankel form beyond the polynomials: the amplitude's
// polynomial M(w^2) (its constant term 1), the phase correction's P(w^2)
// (times w, added to a), and the phase's offset, all from the highest
// power down.
type besselF32Far struct {
	amp, phase []uint64
	offset     uint64
}

// The constants the Hankel form shares.
const (
	besselF32SqrtTwoOverPi = 0x3FE9884540000000 // sqrt(2/pi)
	besselF32PiO2          = 0x3FF921FB60000000 // pi/2 rounded: the quadrant's phase
	besselF32TwoOverPi     = 0x3FE45F3060000000 // 2/pi
	besselF32MinusTwoOPi   = 0xBFE45F3060000000 // -2/pi
	besselF32Tiny          = 0x39B4484C00000000 // 1.34e-30: below, J1 takes x's sign
	besselF32MinNormal     = 0x3810000000000000 // 2^-126
	besselF32NaN           = 0x7FFFFFFF         // the NaN libdevice gives Y0 and Y1 of x < 0
)

// J0 up to 8: P(a - z1) (a - z1) (a - z2) (a - z3) for its first three
// zeros.
var (
	j0F32Zeros = [3]besselF32Zero{{0x40033D1520000000, 0x3E7D2E3660000000},
		{0x4016148F60000000, 0xBE734F46E0000000}, {0x40214EB560000000, 0x3E9999BDA0000000}}
	j0F32Coeffs = []uint64{0xBCD6771CE0000000, 0xBD35953660000000, 0x3D87E1C300000000, 0xBD9A82F020000000,
		0xBDFD21E700000000, 0x3E04060B60000000, 0x3E6F2E2860000000, 0x3E1EEDF0A0000000, 0xBED6DBF8C0000000,
		0xBEDECCB920000000, 0x3F33C5BD60000000, 0x3F495C6680000000, 0xBF7DD54360000000, 0xBF9B4EE8E0000000}
	j0F32Far = besselF32Far{
		amp:    []uint64{0x400ADFD260000000, 0xBFE076F840000000, 0x3FBA767E60000000, 0xBFAFFFF6C0000000, 0x3FF0000000000000},
		phase:  []uint64{0x3FF23C0120000000, 0xBFCA4825A0000000, 0x3FB0A9DA20000000, 0xBFBFFFFFE0000000},
		offset: 0xBFE921FB60000000, // -pi/4
	}
)

// J1 up to 8: P(a - z1) (a - z2) (a - z1) a for its first two zeros.
var (
	j1F32Zeros  = [2]besselF32Zero{{0x400EA75580000000, 0xBE74A121E0000000}, {0x401C0FF600000000, 0xBE88971B60000000}}
	j1F32Coeffs = []uint64{0x3D35E68C60000000, 0x3D7037E840000000, 0xBDBC43D820000000, 0xBDEBBBDFE0000000,
		0x3E336193A0000000, 0x3E5D022E60000000, 0xBEA1F1B900000000, 0xBEC3CCA7A0000000, 0x3F059B38A0000000,
		0x3F1F3D6200000000, 0xBF5D9D7380000000, 0xBF64EDFFA0000000, 0x3FA0E73260000000}
	j1F32Far = besselF32Far{
		amp:    []uint64{0xC0105966E0000000, 0x3FE7FEFD20000000, 0xBFC8B175C0000000, 0x3FC7FFF160000000, 0x3FF0000000000000},
		phase:  []uint64{0xBFF9477440000000, 0x3FD72295A0000000, 0xBFC4FE5D80000000, 0x3FD7FFFFA0000000},
		offset: 0xC002D97C80000000, // -3pi/4
	}
)

// Y0: the log form up to its first zero, then three intervals around its
// zeros, then Hankel's form.
var (
	y0F32LogEnd = uint64(0x3FDC982EC0000000) // 0.8936, Y0's first zero rounded
	y0F32Series = []uint64{0x3E7B7CB580000000, 0xBEE3E936C0000000, 0x3F41A62000000000, 0xBF9075B1C0000000, 0x3FC6BBCB40000000, 0xBFB2E4D6A0000000}
	y0F32Pieces = []besselF32Piece{
		{0x3FFECF5F00000000, besselF32Zero{0x3FEC982EC0000000, 0xBE4CAFA060000000}, []uint64{0x3F9BB91660000000,
			0xBFC04AE980000000, 0x3FCFE59920000000, 0xBFD17E5360000000, 0x3FCB79D260000000, 0xBFC7189FE0000000,
			0x3FC84EE9A0000000, 0xBFCA4B9640000000, 0x3FCC1E87A0000000, 0xBFCCF228A0000000, 0x3FCC3A4940000000,
			0xBFDF7E35A0000000, 0x3FEC243760000000}},
		{0x40161663C0000000, besselF32Zero{0x400FA95340000000, 0x3E7B30AD40000000}, []uint64{0xBE893BA7E0000000,
			0xBE8BC4C0E0000000, 0xBED0AE0C80000000, 0x3F0AA8C200000000, 0x3F2959DAE0000000, 0xBF61E34180000000,
			0xBF7C0FE5C0000000, 0x3FADF6D6A0000000, 0x3FAA09BE20000000, 0xBFD9C34260000000}},
		{0x40214EF300000000, besselF32Zero{0x401C581DC0000000, 0x3E739C8400000000}, []uint64{0x3EA219D7C0000000,
			0x3EC53B4D80000000, 0xBF080A9800000000, 0xBF22631560000000, 0x3F61D32420000000, 0x3F6B2E9AA0000000,
			0xBFA8969AE0000000, 0xBF95AEF320000000, 0x3FD334CCA0000000}},
	}
	y0F32Far = besselF32Far{
		amp:    []uint64{0xBFD98D3E60000000, 0x3FBA1ABE00000000, 0xBFAFFF0AA0000000, 0x3FF0000000000000},
		phase:  []uint64{0x3FF199AC20000000, 0xBFCA1A6380000000, 0x3FB0A8F060000000, 0xBFBFFFFF60000000},
		offset: 0xC002D97C80000000, // -3pi/4
	}
)

// Y1: -2/(pi a) below 2^-126, the log form up to 1.698, three intervals
// around its zeros, then Hankel's form.
var (
	y1F32LogEnd = uint64(0x3FFB2D5880000000) // 1.698
	y1F32Series = []uint64{0x3E428C5980000000, 0xBEB0A4FB40000000, 0x3F12C7D2A0000000, 0xBF6835B960000000, 0x3FABD39760000000, 0xBFC9186620000000}
	y1F32Pieces = []besselF32Piece{
		{0x400E81DDC0000000, besselF32Zero{0x400193BEE0000000, 0xBE76401B80000000}, []uint64{0xBEF13C53A0000000,
			0x3F20C95100000000, 0xBF3E1561A0000000, 0x3F51EC2040000000, 0xBF658E08A0000000, 0x3F7E6BBEE0000000,
			0xBF73A12F80000000, 0xBFA0D2D140000000, 0xBFBE56FBE0000000, 0x3FE0AA4840000000}},
		{0x401C0D26E0000000, besselF32Zero{0x4015B7FE40000000, 0x3E8D0F6060000000}, []uint64{0x3E57CAFA00000000,
			0xBEA11482C0000000, 0xBEC7F14280000000, 0x3F084FC040000000, 0x3F23376380000000, 0xBF61BE3FA0000000,
			0xBF710A3120000000, 0x3FAA15D820000000, 0x3FA00B9F80000000, 0xBFD5C7C560000000}},
		{0x4024585C60000000, besselF32Zero{0x40213127A0000000, 0x3E9CC2D360000000}, []uint64{0x3EA19E7060000000,
			0x3EC05205C0000000, 0xBF06EBEE20000000, 0xBF1B3F5500000000, 0x3F607A3340000000, 0x3F63CE6DA0000000,
			0xBFA6395CA0000000, 0xBF902B36C0000000, 0x3FD15F9940000000}},
	}
	y1F32Far = besselF32Far{
		amp:    []uint64{0x3FE4CFEC00000000, 0xBFC8957200000000, 0x3FC7FFD7E0000000, 0x3FF0000000000000},
		phase:  []uint64{0xBFFC9C3560000000, 0x3FD76E7560000000, 0xBFC4FF6DC0000000, 0x3FD7FFFFE0000000},
		offset: 0xC00F6A7A20000000, // -5pi/4
	}
)

// besselAbsF32 is fabs as libdevice's __nv_fabsf: a subnormal becomes +0
// under the reflect.
func (e *emitter) besselAbsF32(x ir.Value, ftz bool) ir.Value {
	return e.flushF32(e.intrinsic("fabs", e.f32(), x), ftz)
}

// besselLessZeroF32 is a - z, z's parts subtracted one after the other.
func (e *emitter) besselLessZeroF32(a ir.Value, z besselF32Zero) ir.Value {
	return e.fsub(e.fsub(a, e.f32Const(z[0])), e.f32Const(z[1]))
}

// besselAtMostF32 is a <= the constant of bits end (false for NaN).
func (e *emitter) besselAtMostF32(a ir.Value, end uint64) ir.Value {
	return e.fcmp(llvm.FCmpOLE, a, e.f32Const(end))
}

// besselPiecesF32 is the chain of branches over pieces (a <= each one's
// end in turn) that ends in rest.
func (e *emitter) besselPiecesF32(a ir.Value, pieces []besselF32Piece, ftz bool, rest func() ir.Value) ir.Value {
	if len(pieces) == 0 {
		return rest()
	}
	p := pieces[0]
	return e.choose(e.besselAtMostF32(a, p.end), e.f32(), func() ir.Value {
		d := e.besselLessZeroF32(a, p.zero)
		return e.fmul(e.fmaChainF32(p.coeffs, d, ftz), d)
	}, func() ir.Value { return e.besselPiecesF32(a, pieces[1:], ftz, rest) })
}

// besselFarF32 is the Hankel form of a > 8 (a not infinite) for the
// function of f; the outer choice makes +inf 0, as libdevice's branch
// does.
func (e *emitter) besselFarF32(a ir.Value, f *besselF32Far, ftz bool) ir.Value {
	f32 := e.f32()
	finite := e.fcmp(llvm.FCmpUNE, a, e.cFloat(f32, posInf))
	return e.chooseOrKeep(finite, func() ir.Value { return e.besselHankelF32(a, f, ftz) }, e.cFloat(f32, 0))
}

// besselHankelF32 is sqrt(2/(pi a)) M(w^2) cos(a + P(w^2) w + offset)
// with w = 1/a, in libdevice's operations (besselFarF32).
func (e *emitter) besselHankelF32(a ir.Value, f *besselF32Far, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	g := newGPU(e)
	w := g.unary("rcp_approx", a, true) // inline PTX in libdevice: .ftz whatever the reflect
	w2 := e.fmul(w, w)
	m := e.fmaChainF32(f.amp, w2, ftz)
	theta := e.fmaRN(e.fmaChainF32(f.phase, w2, ftz), w, a, ftz)
	amp := e.fmul(e.fmul(g.unary("rsqrt_approx", a, ftz), e.f32Const(besselF32SqrtTwoOverPi)), m)
	// theta mod pi/2 as sinf reduces it: Cody-Waite first, replaced by
	// Payne-Hanek in a branch where |theta| >= 105615. sinf's reductions
	// and kernel use fma.rn and mul.rn without .ftz; here that is
	// libdevice's .ftz result too: theta >= 8, and what each reduction
	// leaves is 0 or at least about 1e-8 in magnitude (an f32 of an
	// interval's granularity less a multiple of pi/2's parts), so no
	// operand, product or result is subnormal.
	q, t := e.trigCodyWaiteF32(theta)
	huge := e.fcmp(llvm.FCmpOGE, e.intrinsic("fabs", f32, theta), e.cFloat(f32, trigF32Huge))
	reduced := e.chooseValues(huge, []ir.Type{i32, f32},
		func() []ir.Value { hq, ht := e.trigHugeF32(theta); return []ir.Value{hq, ht} },
		func() []ir.Value { return []ir.Value{q, t} })
	// The quadrant's multiple of pi/2 plus the offset, added to t and
	// reduced again (two parts of pi/2), then cos of that.
	quadrant := e.cast("llvm.uitofp", e.and(reduced[0], e.cInt(i32, 3)), f32)
	shift := e.fmaRN(quadrant, e.f32Const(besselF32PiO2), e.f32Const(f.offset), ftz)
	q2, t2 := e.codyWaiteF32(e.fadd(reduced[1], shift), trigF32PiO2[:2])
	return e.fmul(amp, e.trigFinishF32(q2, t2, true))
}

// j0NearLibdeviceF32 is J0 of 0 <= a <= 8.
func (e *emitter) j0NearLibdeviceF32(a ir.Value, ftz bool) ir.Value {
	d := e.besselLessZeroF32(a, j0F32Zeros[0])
	r := e.fmul(e.fmaChainF32(j0F32Coeffs, d, ftz), d)
	r = e.fmul(r, e.besselLessZeroF32(a, j0F32Zeros[1]))
	return e.fmul(r, e.besselLessZeroF32(a, j0F32Zeros[2]))
}

// j0LibdeviceF32 is __nv_j0f of an f32 x; ftz is Triton's FTZ reflect.
func (e *emitter) j0LibdeviceF32(x ir.Value, ftz bool) ir.Value {
	a := e.besselAbsF32(x, ftz)
	return e.choose(e.fcmp(llvm.FCmpOLE, a, e.cFloat(e.f32(), 8)), e.f32(),
		func() ir.Value { return e.j0NearLibdeviceF32(a, ftz) },
		func() ir.Value { return e.besselFarF32(a, &j0F32Far, ftz) })
}

// j1NearLibdeviceF32 is J1 of 0 <= a <= 8.
func (e *emitter) j1NearLibdeviceF32(a ir.Value, ftz bool) ir.Value {
	d1 := e.besselLessZeroF32(a, j1F32Zeros[0])
	p := e.fmaChainF32(j1F32Coeffs, d1, ftz)
	return e.fmul(e.fmul(e.fmul(p, e.besselLessZeroF32(a, j1F32Zeros[1])), d1), a)
}

// j1SignLibdeviceF32 gives J1(a) = r, a = |x|, x's sign: negated for
// x < 0, and below 1.34e-30 (where a subnormal x is 0 under the reflect)
// x's sign bit on r's magnitude.
func (e *emitter) j1SignLibdeviceF32(x, a, r ir.Value) ir.Value {
	f32, i32 := e.f32(), e.i32()
	r = e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(f32, 0)), e.fneg(r), r)
	sign := e.and(e.bitcast(x, i32), e.cInt(i32, -0x80000000))
	signed := e.bitcast(e.or(sign, e.and(e.bitcast(r, i32), e.cInt(i32, 0x7FFFFFFF))), f32)
	return e.selectV(e.fcmp(llvm.FCmpOLT, a, e.f32Const(besselF32Tiny)), signed, r)
}

// j1LibdeviceF32 is __nv_j1f of an f32 x; ftz is Triton's FTZ reflect.
func (e *emitter) j1LibdeviceF32(x ir.Value, ftz bool) ir.Value {
	a := e.besselAbsF32(x, ftz)
	r := e.choose(e.fcmp(llvm.FCmpOLE, a, e.cFloat(e.f32(), 8)), e.f32(),
		func() ir.Value { return e.j1NearLibdeviceF32(a, ftz) },
		func() ir.Value { return e.besselFarF32(a, &j1F32Far, ftz) })
	return e.j1SignLibdeviceF32(x, a, r)
}

// besselNaNForNegativeF32 is r, or libdevice's NaN where x < 0 (Y0 and Y1).
func (e *emitter) besselNaNForNegativeF32(x, r ir.Value) ir.Value {
	nan := e.bitcast(e.cInt(e.i32(), besselF32NaN), e.f32())
	return e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(e.f32(), 0)), nan, r)
}

// y0LibdeviceF32 is __nv_y0f of an f32 x; ftz is Triton's FTZ reflect.
// Near 0 it is (2/pi) log(a) J0(a) + S(a^2), log(a) as __nv_logf computes
// it (-inf at 0) and J0 by J0's polynomial (libdevice inlines all of
// __nv_j0f there, whose other path a <= 0.8936 never takes).
func (e *emitter) y0LibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	a := e.besselAbsF32(x, ftz)
	r := e.choose(e.besselAtMostF32(a, y0F32LogEnd), f32, func() ir.Value {
		s := e.fmaChainF32(y0F32Series, e.fmul(a, a), ftz)
		lg := e.fmul(e.f32Const(besselF32TwoOverPi), e.logLibdeviceF32(a, false))
		return e.fmaRN(lg, e.j0NearLibdeviceF32(a, ftz), s, ftz)
	}, func() ir.Value {
		return e.besselPiecesF32(a, y0F32Pieces, ftz, func() ir.Value { return e.besselFarF32(a, &y0F32Far, ftz) })
	})
	return e.besselNaNForNegativeF32(x, r)
}

// y1LibdeviceF32 is __nv_y1f of an f32 x; ftz is Triton's FTZ reflect.
// Below 2^-126 it is -(2/pi)/a by div.rn (-inf at 0); up to 1.698,
// (2/pi) (J1(a) log(a) - 1/a) + a S(a^2), log(a) as __nv_logf computes
// it and J1 as __nv_j1f (which libdevice inlines whole; its path beyond
// 8 is never taken there).
func (e *emitter) y1LibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	a := e.besselAbsF32(x, ftz)
	r := e.choose(e.fcmp(llvm.FCmpOLT, a, e.f32Const(besselF32MinNormal)), f32, func() ir.Value {
		return e.fbin("llvm.fdiv", e.f32Const(besselF32MinusTwoOPi), a)
	}, func() ir.Value {
		return e.choose(e.besselAtMostF32(a, y1F32LogEnd), f32, func() ir.Value {
			s := e.fmaChainF32(y1F32Series, e.fmul(a, a), ftz)
			j := e.j1SignLibdeviceF32(a, a, e.j1NearLibdeviceF32(a, ftz))
			v := e.fmaRN(j, e.logLibdeviceF32(a, false), e.fbin("llvm.fdiv", c(-1), a), ftz)
			return e.fmaRN(s, a, e.fmul(v, e.f32Const(besselF32TwoOverPi)), ftz)
		}, func() ir.Value {
			return e.besselPiecesF32(a, y1F32Pieces, ftz, func() ir.Value { return e.besselFarF32(a, &y1F32Far, ftz) })
		})
	})
	return e.besselNaNForNegativeF32(x, r)
}
