package ttgtogpu

import (
	"math"
	"slices"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Single-precision log, log2 and tanh as Triton computes them on NVIDIA.
//
// Triton lowers math.log, math.log2 and math.tanh on f32 (and on f16 and
// bf16, widened) to calls of libdevice's __nv_logf, __nv_log2f and
// __nv_tanhf (MLIR's GPU-to-NVVM patterns, which outrank the generic
// math-to-LLVM ones): not the approximate instructions lg2.approx and
// tanh.approx (2^-22 relative error and 2^-11), which are libdevice's
// __nv_fast_log2f and what tanh(x) becomes only under fast math. The
// functions below are the same computations in the same order, so that a
// kernel's results are the bits Triton's are (checked against Triton on
// the H200, docs/CONFORMANCE.md, and in the simulator against a Go model
// of them, libm_f32_test.go):
//
//   - log and log2: a subnormal x is scaled by 2^23 first (and 23 taken
//     off the exponent). x = 2^e * m with m in [c, 2c), c = 2/3 for log
//     and 1/sqrt(2) for log2, found by integer arithmetic on the bits;
//     with f = m - 1, a polynomial in f of degree 10 (log) or 11 (log2)
//     evaluated by Horner's rule in fused multiply-adds, plus e*ln(2) or
//     e. Infinite, NaN and negative x (their bits at or above +inf's as
//     unsigned integers) give x*inf + inf: inf for +inf, NaN otherwise;
//     +-0 gives -inf.
//   - tanh: below 0.6 in magnitude an odd polynomial x + x^3 P(x^2) (P of
//     degree 3); above, 1 - 2/(1 + 2^(2|x| log2(e))) with ex2.approx and
//     rcp.approx, 1 from 9.01 on, with x's sign.
//
// libdevice picks .ftz forms of its fused multiply-adds, ex2 and rcp under
// Triton's FTZ reflect (enable_reflect_ftz, on by default). The products
// and sums of the polynomials stay normal for every input, so fma.rn and
// fma.rn.ftz give the same bits there; what differs is tanh of a
// subnormal x, which flushes to a signed zero, and that is selected
// explicitly.

// The bits of libdevice's constants, as float64 bit patterns of f32 values.
var (
	logF32Coeffs = []uint64{ // f^10 ... f^2's coefficients of log(1 + f) - f
		0xBFC0AA04E0000000, 0x3FC2073EC0000000, 0xBFBF19B980000000, 0x3FC1E52AA0000000,
		0xBFC55B1720000000, 0x3FC99DA160000000, 0xBFCFFFE440000000, 0x3FD5554F00000000,
		0xBFE0000000000000, // -1/2
	}
	log2F32Coeffs = []uint64{ // log2(1 + f) = f/ln(2) + f^2 P(f), P's from f^9 down
		0x3FB8D64FE0000000, 0xBFC58FE600000000, 0x3FC5F9E540000000, 0xBFC6E9C860000000,
		0x3FCA417E80000000, 0xBFCEC79160000000, 0x3FD277F320000000, 0xBFD7154920000000,
		0x3FDEC70940000000, 0xBFE7154760000000,
	}
	tanhF32Coeffs = []uint64{ // x^7 ... x^3's coefficients, then 0
		0x3F901E1040000000, 0xBFAAC795C0000000, 0x3FC10B2820000000, 0xBFD5553DA0000000,
	}
)

const (
	logF32Ln2      = 0x3FE62E4300000000 // ln(2) rounded to f32
	log2F32InvLn2  = 0x3FF7154760000000 // 1/ln(2) rounded to f32
	logF32Offset   = 0x3F2AAAAB         // the bits of 2/3: log's mantissa in [2/3, 4/3)
	log2F32Offset  = 0x3F3504F3         // the bits of 1/sqrt(2)
	tanhF32Split   = 0x3FE3333340000000 // 0.6: the polynomial below it
	tanhF32One     = 0x4022059680000000 // 9.01...: tanh rounds to 1 from here
	tanhF32TwoLog2 = 0x4007154760000000 // 2/ln(2)
)

// f32Const is the f32 constant whose float64 bits are bits.
func (e *emitter) f32Const(bits uint64) ir.Value {
	return e.cFloat(e.f32(), math.Float64frombits(bits))
}

// fmaF32 is a*b + c rounded once.
func (e *emitter) fmaF32(a, b, c ir.Value) ir.Value { return e.intrinsic("fma", e.f32(), a, b, c) }

// logLibdeviceF32 is __nv_logf (log2 false) or __nv_log2f (log2 true) of
// an f32 x.
func (e *emitter) logLibdeviceF32(x ir.Value, log2 bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	small := e.fcmp(llvm.FCmpOLT, x, e.cFloat(f32, 0x1p-126))
	x = e.selectV(small, e.fmul(x, e.cFloat(f32, 0x1p23)), x)
	bias := e.selectV(small, e.cFloat(f32, -23), e.cFloat(f32, 0))
	offset := int64(logF32Offset)
	if log2 {
		offset = log2F32Offset
	}
	bits := e.bitcast(x, i32)
	exp := e.and(e.sub(bits, e.cInt(i32, offset)), e.cInt(i32, -0x800000))
	m := e.bitcast(e.sub(bits, exp), f32)
	// The exponent field's bits as a number times 2^-23: exact.
	ex := e.fmaF32(e.cast("llvm.sitofp", exp, f32), e.cFloat(f32, 0x1p-23), bias)
	f := e.fsub(m, e.cFloat(f32, 1))
	var r ir.Value
	if log2 {
		p := e.horner(e.f32Coeffs(log2F32Coeffs), f)
		q := e.fmul(e.fmul(p, f), f)
		r = e.fadd(e.fmaF32(f, e.f32Const(log2F32InvLn2), q), ex)
	} else {
		p := e.horner(e.f32Coeffs(logF32Coeffs), f)
		q := e.fmaF32(e.fmul(p, f), f, f)
		r = e.fmaF32(ex, e.f32Const(logF32Ln2), q)
	}
	inf := e.cFloat(f32, math.Inf(1))
	special := e.icmp(llvm.ICmpUGE, e.bitcast(x, i32), e.cInt(i32, 0x7F800000))
	r = e.selectV(special, e.fmaF32(x, inf, inf), r)
	zero := e.fcmp(llvm.FCmpOEQ, x, e.cFloat(f32, 0))
	return e.selectV(zero, e.cFloat(f32, math.Inf(-1)), r)
}

// f32Coeffs are the f32 constants of bit patterns listed from the highest
// power down (as libdevice's Horner chains use them), lowest first for
// horner.
func (e *emitter) f32Coeffs(bits []uint64) []ir.Value {
	c := make([]ir.Value, len(bits))
	for i, b := range bits {
		c[len(bits)-1-i] = e.f32Const(b)
	}
	return c
}

// tanhLibdeviceF32 is __nv_tanhf of an f32 x; ftz is Triton's FTZ reflect.
// Its two paths are a branch, as in Triton's code (choose).
func (e *emitter) tanhLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	ax := e.intrinsic("fabs", f32, x)
	sign := func() ir.Value { return e.and(e.bitcast(x, i32), e.cInt(i32, math.MinInt32)) }
	// |x| >= 0.6: 1 - 2/(1 + e^(2|x|)), 1 from 9.01 on, x's sign.
	large := func() ir.Value {
		g := newGPU(e)
		t := g.unary("ex2_approx", e.fmul(ax, e.f32Const(tanhF32TwoLog2)), ftz)
		s := e.fmaF32(g.unary("rcp_approx", e.fadd(e.cFloat(f32, 1), t), ftz), e.cFloat(f32, -2), e.cFloat(f32, 1))
		s = e.selectV(e.fcmp(llvm.FCmpOGE, ax, e.f32Const(tanhF32One)), e.cFloat(f32, 1), s)
		return e.bitcast(e.or(e.bitcast(s, i32), sign()), f32)
	}
	// Below (and NaN): x + x^3 P(x^2).
	small := func() ir.Value {
		x2 := e.fmul(x, x)
		p := e.fmaF32(e.horner(e.f32Coeffs(tanhF32Coeffs), x2), x2, e.cFloat(f32, 0))
		r := e.fmaF32(p, x, x)
		if ftz {
			// fma.rn.ftz flushes a subnormal x: the result is a signed zero.
			sub := e.fcmp(llvm.FCmpOLT, ax, e.cFloat(f32, 0x1p-126))
			r = e.selectV(sub, e.bitcast(sign(), f32), r)
		}
		return r
	}
	return e.choose(e.fcmp(llvm.FCmpOGE, ax, e.f32Const(tanhF32Split)), f32, large, small)
}

// Single-precision sin and cos as libdevice's __nv_sinf and __nv_cosf
// compute them (what Triton calls for math.sin and math.cos on NVIDIA),
// rather than sin.approx and cos.approx, whose error grows without bound
// with |x| (2^-20.5 absolute only within [-100 pi, 100 pi]).
//
// x is reduced to t = x - q pi/2 with a quadrant q:
//   - below 105615 in magnitude (Cody-Waite): q = rint(x * 2/pi), and pi/2
//     subtracted q times in three fused multiply-adds of its three f32
//     parts;
//   - from there (Payne-Hanek): the 24-bit mantissa times the 192 bits of
//     2/pi in the table, in 32-bit words with carries; the 64 bits of
//     the product from the window the exponent picks give q (its top two
//     bits, rounded by the third) and the fraction, which an f64 multiply
//     by pi/2 * 2^-62 turns into t; infinities give NaN.
// Then, with t2 = t*t, an odd quadrant (q + 1 for cos) evaluates the
// cosine polynomial 1 + t2 (-1/2 + t2 (c4 + t2 (c6 + t2 c8))) and an even
// one the sine polynomial t + t^3 (s3 + t2 (s5 + t2 s7)), negated in
// quadrants 2 and 3. math.sin and math.cos compute the huge path, as
// libdevice does, only in a block the thread branches to when one of its
// registers needs it (lowerTrigF32); the libdevice symbols called through
// tt.extern_elementwise compute both and select.

// The bits of libdevice's constants for sin and cos.
var (
	trigF32TwoOverPi = uint64(0x3FE45F3060000000)
	trigF32PiO2      = []uint64{0xBFF921FB40000000, 0xBE74442D00000000, 0xBCF84698A0000000} // -pi/2 in three parts
	trigF32PiO2Huge  = uint64(0x3BF921FB54442D19)                                           // pi/2 * 2^-62, f64
	// 192 bits of 2/pi in 32-bit words, the least significant first
	// (libdevice's __cudart_i2opi_f).
	trigF32TwoOverPiWords = []uint32{0x3C439041, 0xDB629599, 0xF534DDC0, 0xFC2757D1, 0x4E441529, 0xA2F9836E}
)

const trigF32Huge = 105615.0

// sinCosLibdeviceF32 is __nv_sinf (cos false) or __nv_cosf (cos true) of
// an f32 x; ftz is Triton's FTZ reflect. Straight-line: both reductions
// computed and the one that applies selected (the math ops branch to the
// huge one instead, lowerTrigF32).
func (e *emitter) sinCosLibdeviceF32(x ir.Value, cos, ftz bool) ir.Value {
	x = e.flushF32(x, ftz)
	q, t := e.trigCodyWaiteF32(x)
	hq, ht := e.trigHugeF32(x)
	huge := e.fcmp(llvm.FCmpOGE, e.intrinsic("fabs", e.f32(), x), e.cFloat(e.f32(), trigF32Huge))
	return e.trigFinishF32(e.selectV(huge, hq, q), e.selectV(huge, ht, t), cos)
}

// flushF32 is x as libdevice's .ftz operations see it under the FTZ
// reflect: a subnormal becomes a zero of its sign.
func (e *emitter) flushF32(x ir.Value, ftz bool) ir.Value {
	if !ftz {
		return x
	}
	f32, i32 := e.f32(), e.i32()
	sign := e.and(e.bitcast(x, i32), e.cInt(i32, math.MinInt32))
	sub := e.fcmp(llvm.FCmpOLT, e.intrinsic("fabs", f32, x), e.cFloat(f32, 0x1p-126))
	return e.selectV(sub, e.bitcast(sign, f32), x)
}

// trigCodyWaiteF32 reduces x below trigF32Huge: the quadrant and t.
func (e *emitter) trigCodyWaiteF32(x ir.Value) (q, t ir.Value) {
	return e.codyWaiteF32(x, trigF32PiO2)
}

// codyWaiteF32 is q = rint(x 2/pi) and t = x - q pi/2 with -pi/2 in the
// f32 parts negPiO2 (the first two of trigF32PiO2 where libdevice's Bessel
// functions re-reduce their phase), one fma each.
func (e *emitter) codyWaiteF32(x ir.Value, negPiO2 []uint64) (q, t ir.Value) {
	f32, i32 := e.f32(), e.i32()
	qf := e.intrinsic("roundeven", f32, e.fmul(x, e.f32Const(trigF32TwoOverPi)))
	// A NaN's quadrant is 0, as libdevice's cvt.rni gives it (fptosi of
	// a NaN would be poison in LLVM IR). Arguments too large for an i32
	// take the huge path.
	qf = e.selectV(e.fcmp(llvm.FCmpUNO, qf, qf), e.cFloat(f32, 0), qf)
	q = e.cast("llvm.fptosi", qf, i32)
	t = x
	for _, c := range negPiO2 {
		t = e.fmaF32(e.cast("llvm.sitofp", q, f32), e.f32Const(c), t)
	}
	return q, t
}

// trigFinishF32 is sin(t + q pi/2) (cos: q + 1) from the reduced t:
// libdevice's kernel without the FTZ reflect's .ftz forms, which change
// no bit of its callers' results.
func (e *emitter) trigFinishF32(q, t ir.Value, cos bool) ir.Value {
	if cos {
		q = e.add(q, e.cInt(e.i32(), 1))
	}
	return e.sinCosKernelLibdeviceF32(q, t, false)
}

// trigHugeF32 is the Payne-Hanek reduction of an f32 x with |x| >= 105615:
// the quadrant and the reduced argument; for smaller x the values are to
// be discarded.
func (e *emitter) trigHugeF32(x ir.Value) (q, t ir.Value) {
	f32, i32, i64 := e.f32(), e.i32(), e.i64()
	bits := e.bitcast(x, i32)
	sign := e.and(bits, e.cInt(i32, math.MinInt32))
	exp := e.sub(e.and(e.lshr(bits, e.cInt(i32, 23)), e.cInt(i32, 255)), e.cInt(i32, 128))
	m := e.zext(e.or(e.shl(bits, e.cInt(i32, 8)), e.cInt(i32, math.MinInt32)), i64)
	// The mantissa times 2/pi, word by word with the carry: exact.
	words := make([]ir.Value, len(trigF32TwoOverPiWords)+1)
	carry := e.cInt(i64, 0)
	for k, w := range trigF32TwoOverPiWords {
		p := e.add(e.mul(e.cInt(i64, int64(w)), m), carry)
		words[k] = e.trunc(p, i32)
		carry = e.lshr(p, e.cInt(i64, 32))
	}
	words[len(words)-1] = e.trunc(carry, i32)
	word := func(i ir.Value) ir.Value {
		v := e.cInt(i32, 0)
		for k := len(words) - 1; k >= 0; k-- {
			v = e.selectV(e.icmp(llvm.ICmpEQ, i, e.cInt(i32, int64(k))), words[k], v)
		}
		return v
	}
	idx := e.sub(e.cInt(i32, 4), e.lshr(exp, e.cInt(i32, 5)))
	shift := e.zext(e.and(exp, e.cInt(i32, 31)), i64)
	pair := func(hi, lo ir.Value) ir.Value {
		return e.or(e.shl(e.zext(hi, i64), e.cInt(i64, 32)), e.zext(lo, i64))
	}
	high := func(v ir.Value) ir.Value { return e.trunc(e.lshr(v, e.cInt(i64, 32)), i32) }
	w0, w1, w2 := word(idx), word(e.add(idx, e.cInt(i32, 1))), word(e.add(idx, e.cInt(i32, 2)))
	hi := high(e.shl(pair(w2, w1), shift))
	lo := high(e.shl(pair(w1, w0), shift))
	// The top two bits are the quadrant, rounded by the third; the
	// fraction keeps the rest, complemented (and the sign flipped) when
	// rounded up.
	f := e.shl(pair(hi, lo), e.cInt(i64, 2))
	hi2 := high(f)
	up := e.lshr(hi2, e.cInt(i32, 31))
	q = e.add(e.lshr(hi, e.cInt(i32, 30)), up)
	q = e.selectV(e.icmp(llvm.ICmpNE, sign, e.cInt(i32, 0)), e.sub(e.cInt(i32, 0), q), q)
	flip := e.icmp(llvm.ICmpNE, up, e.cInt(i32, 0))
	f = e.selectV(flip, e.xor(f, e.cInt(i64, -1)), f)
	neg := e.selectV(flip, e.xor(sign, e.cInt(i32, math.MinInt32)), sign)
	t = e.cast("llvm.fptrunc", e.fmul(e.cast("llvm.sitofp", f, e.f64()), e.cFloat(e.f64(), math.Float64frombits(trigF32PiO2Huge))), f32)
	t = e.selectV(e.icmp(llvm.ICmpNE, neg, e.cInt(i32, 0)), e.fneg(t), t)
	// Infinities: x * 0, NaN, in quadrant 0.
	inf := e.fcmp(llvm.FCmpOEQ, e.intrinsic("fabs", f32, x), e.cFloat(f32, math.Inf(1)))
	return e.selectV(inf, e.cInt(i32, 0), q), e.selectV(inf, e.fmul(x, e.cFloat(f32, 0)), t)
}

// Single-precision erf as libdevice's __nv_erff computes it (what Triton
// calls for math.erf on NVIDIA): with a = |x|, below 1.00295 an odd
// polynomial x + x P(x^2) (P of degree 6 in x^2), from there
// 1 - 2^(-a - a Q(a)) (Q of degree 6 in a, ex2.approx) with x's sign. The
// two share their Horner chain. As in libdevice's code (and so in
// Triton's), a branch on a >= 1.00295 picks the chain's argument and
// coefficients, and the large path's ex2 sits in a second branch that the
// small values skip: a thread runs one side of each.
var erfF32Coeffs = [][2]uint64{ // {small, large} from the highest power down
	{0x3F163D2D40000000, 0x3EF1394780000000}, {0xBF4AE9A400000000, 0xBF3EAC1720000000},
	{0x3F755ABD40000000, 0x3F75908160000000}, {0xBF9B837CE0000000, 0xBFA1902C40000000},
	{0x3FBCE315E0000000, 0x3FC39F20C0000000}, {0xBFD8127580000000, 0x3FED526FC0000000},
	{0x3FC06EBA60000000, 0x3FE41B0840000000},
}

const erfF32Split = 0x3FF00C1FC0000000 // 1.00295...

// erfLibdeviceF32 is __nv_erff of an f32 x; ftz is Triton's FTZ reflect.
func (e *emitter) erfLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	sign := e.and(e.bitcast(x, i32), e.cInt(i32, math.MinInt32))
	ax := e.intrinsic("fabs", f32, x)
	if ftz {
		// libdevice's .ftz operations see a subnormal x as a signed zero.
		x = e.selectV(e.fcmp(llvm.FCmpOLT, ax, e.cFloat(f32, 0x1p-126)), e.bitcast(sign, f32), x)
	}
	large := e.fcmp(llvm.FCmpOGE, ax, e.f32Const(erfF32Split))
	// The chain's argument u, then its coefficients, highest power last.
	types := slices.Repeat([]ir.Type{f32}, 1+len(erfF32Coeffs))
	side := func(pick int, u func() ir.Value) func() []ir.Value {
		return func() []ir.Value {
			vals := make([]ir.Value, len(types))
			vals[0] = u()
			for k, c := range erfF32Coeffs {
				vals[len(vals)-1-k] = e.f32Const(c[pick])
			}
			return vals
		}
	}
	chain := e.chooseValues(large, types, side(1, func() ir.Value { return ax }), side(0, func() ir.Value { return e.fmul(x, x) }))
	u := chain[0]
	p := e.horner(chain[1:], u)
	m := e.selectV(large, e.fneg(u), x)
	r := e.fmaF32(p, m, m)
	return e.chooseOrKeep(large, func() ir.Value {
		away := e.fsub(e.cFloat(f32, 1), newGPU(e).unary("ex2_approx", r, ftz))
		return e.bitcast(e.or(e.bitcast(away, i32), sign), f32)
	}, r)
}
