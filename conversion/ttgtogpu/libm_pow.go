package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// pow, in f64 (libdevice's __nv_pow, within 2 ulps) and f32 (__nv_powf,
// 2 ulps), and the integer-exponent forms __nv_powi / __nv_powif, all
// straight-line code with C99 Annex F's special cases exactly:
//
//	pow(x, +-0) = 1 for any x, NaN included; pow(1, y) = 1 for any y
//	pow(-1, +-inf) = 1
//	pow(x, -inf) = +inf for |x| < 1, +0 for |x| > 1 (the reverse for +inf)
//	pow(+-0, y) = +-inf (y < 0 odd integer), +inf (y < 0 otherwise),
//	              +-0 (y > 0 odd integer), +0 (y > 0 otherwise)
//	pow(-inf, y) = -0, +0, -inf, +inf in the same four cases
//	pow(x, y) = NaN for a finite x < 0 and a finite non-integer y
//	pow(x, y) with x < 0 and an integer y: the sign of (-1)^y times |x|^y
//
// |x|^y = exp(y * log|x|), the steps of numeric.Pow (which the
// interpreter runs). For f64 the product must be good to about
// 2^-54 absolutely when it is as large as 745, so log|x| is computed in
// double-double arithmetic (an unevaluated sum hi + lo, about 2^-66
// relative): x = 2^e (1+f) exactly, log(1+f) = 2 atanh(s), s = f/(2+f),
// with s, s^2 and the series' leading terms carried as double-doubles and
// the small tail in plain f64; y * log|x| is split exactly into hi + lo
// by fma and exp takes lo as a correction to its reduced argument. f32
// computes the same in f64 from the plain log (f32 results need only
// 2^-30 relative) and rounds once.

// dd is a double-double: the unevaluated sum hi + lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo ir.Value }

// ddSum is a + b as a double-double, for |a| >= |b| (or a = 0).
func (e *emitter) ddSum(a, b ir.Value) dd {
	s, err := e.fastTwoSum(a, b)
	return dd{s, err}
}

// twoProd is a * b as a double-double, exactly (barring underflow). The
// rounded product is an fma with a -0 addend (the same value) so that
// contractFMA, which fuses an fmul into the fadd it feeds, cannot
// replace it by the unrounded product in the sums that follow.
func (e *emitter) twoProd(a, b ir.Value) dd {
	p := e.fmaF64(a, b, e.cFloat(a.Type(), math.Copysign(0, -1)))
	return dd{p, e.fmaF64(a, b, e.fneg(p))}
}

func (e *emitter) fneg(v ir.Value) ir.Value { return e.op1("llvm.fneg", v.Type(), []ir.Value{v}) }

// ddMul is a * b to about 2^-104 relative.
func (e *emitter) ddMul(a, b dd) dd {
	p := e.twoProd(a.hi, b.hi)
	lo := e.fmaF64(a.hi, b.lo, e.fmaF64(a.lo, b.hi, p.lo))
	return e.ddSum(p.hi, lo)
}

// ddAdd is a + b for |a| >= |b|.
func (e *emitter) ddAdd(a, b dd) dd {
	s := e.ddSum(a.hi, b.hi)
	return e.ddSum(s.hi, e.fadd(s.lo, e.fadd(a.lo, b.lo)))
}

// logDD is log(x) as a double-double for a positive finite x.
func (e *emitter) logDD(x ir.Value) dd {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	ex, f := e.logSplit(x)
	// d = 2 + f exactly, s = f / d to double-double precision.
	d := e.ddSum(c(2), f)
	sHi := e.fbin("llvm.fdiv", f, d.hi)
	res := e.fsub(e.fmaF64(e.fneg(sHi), d.hi, f), e.fmul(sHi, d.lo))
	s := dd{sHi, e.fbin("llvm.fdiv", res, d.hi)}
	z := e.ddMul(s, s)
	// Q = 1/3 + z/5 + z^2/7 + ...: the tail after 1/3 in f64 (it is below
	// 2^-5.6 of Q), 1/3 and the sum as a double-double.
	tail := c(1 / float64(2*numeric.LogDDTail+3))
	for k := numeric.LogDDTail - 1; k >= 1; k-- {
		tail = e.fmaF64(tail, z.hi, c(1/float64(2*k+3)))
	}
	q := e.ddSum(c(numeric.ThirdHi), e.fmul(tail, z.hi))
	q.lo = e.fadd(q.lo, c(numeric.ThirdLo))
	// log(1+f) = 2 (s + s z Q).
	l := e.ddAdd(s, e.ddMul(s, e.ddMul(z, q)))
	l = dd{e.fmul(l.hi, c(2)), e.fmul(l.lo, c(2))}
	// + e ln2: e*ln2Hi is exact, e*ln2Lo below 2^-32 of it.
	eln2 := e.ddSum(e.fmul(ex, c(ln2Hi)), e.fmul(ex, c(ln2Lo)))
	big := e.fcmp(llvm.FCmpOGE, e.intrinsic("fabs", f64, eln2.hi), e.intrinsic("fabs", f64, l.hi))
	a := dd{e.selectV(big, eln2.hi, l.hi), e.selectV(big, eln2.lo, l.lo)}
	b := dd{e.selectV(big, l.hi, eln2.hi), e.selectV(big, l.lo, eln2.lo)}
	return e.ddAdd(a, b)
}

// logSplit is logParts' reduction alone: x = 2^e (1+f), e as an f64 and
// f exact, 1+f in [sqrt(2)/2, sqrt(2)).
func (e *emitter) logSplit(x ir.Value) (exp, f ir.Value) {
	f64, i64 := e.f64(), e.i64()
	sub := e.fcmp(llvm.FCmpOLT, x, e.cFloat(f64, 0x1p-1022))
	xs := e.selectV(sub, e.fmul(x, e.cFloat(f64, 0x1p54)), x)
	bits := e.bitcast(xs, i64)
	biased := e.andC(e.lshrC(bits, 52), 0x7ff)
	mant := e.andC(bits, mantMask)
	big := e.icmp(llvm.ICmpUGT, mant, e.cInt(i64, sqrt2Man))
	mbits := e.or(mant, e.selectV(big, e.cInt(i64, 1022<<52), e.cInt(i64, 1023<<52)))
	ex := e.sub(biased, e.selectV(sub, e.cInt(i64, 1023+54), e.cInt(i64, 1023)))
	ex = e.add(ex, e.zext(big, i64))
	return e.cast("llvm.sitofp", ex, f64), e.fsub(e.bitcast(mbits, f64), e.cFloat(f64, 1))
}

// expDD is e^(hi + lo) for |lo| tiny against hi; lo is ignored where hi
// is beyond the overflow or underflow bounds (and so may be NaN there).
func (e *emitter) expDD(hi, lo ir.Value) ir.Value {
	f64 := e.f64()
	inRange := e.and(e.fcmp(llvm.FCmpOGT, hi, e.cFloat(f64, -746)), e.fcmp(llvm.FCmpOLT, hi, e.cFloat(f64, 710)))
	lo = e.selectV(inRange, lo, e.cFloat(f64, 0))
	xc := e.clampF64(hi, -746, 710)
	k := e.intrinsic("roundeven", f64, e.fmul(xc, e.cFloat(f64, log2eHi)))
	nk := e.fneg(k)
	r := e.fmaF64(nk, e.cFloat(f64, ln2Near), xc)
	r = e.fadd(e.fmaF64(nk, e.cFloat(f64, ln2Tail), r), lo)
	return e.scaleF64(e.expTaylor(r), e.cast("llvm.fptosi", k, e.i32()))
}

// powMagnitude is |x|^y for a positive finite ax, in f64 to within about
// an ulp (precise) or to about 2^-44 relative (for f32 results).
func (e *emitter) powMagnitude(ax, y ir.Value, precise bool) ir.Value {
	if !precise {
		ex, l1p := e.logParts(ax)
		l := e.fmaF64(ex, e.cFloat(e.f64(), ln2Hi), e.fmaF64(ex, e.cFloat(e.f64(), ln2Lo), l1p))
		return e.expF64(e.fmul(y, l))
	}
	l := e.logDD(ax)
	p := e.twoProd(y, l.hi)
	return e.expDD(p.hi, e.fmaF64(y, l.lo, p.lo))
}

// powF64 is pow(x, y) on f64 values with the special cases above.
func (e *emitter) powF64(x, y ir.Value, precise bool) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	inf := c(math.Inf(1))
	ax := e.intrinsic("fabs", f64, x)
	ay := e.intrinsic("fabs", f64, y)
	yNeg := e.fcmp(llvm.FCmpOLT, y, c(0))
	r := e.powMagnitude(ax, y, precise)
	// |x| = 0 or inf: 0 or inf by the sign of y.
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, ax, c(0)), e.selectV(yNeg, inf, c(0)), r)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, ax, inf), e.selectV(yNeg, c(0), inf), r)
	// y = +-inf: inf or 0 by |x| against 1 (|x| = 1 is 1).
	grows := e.xor(e.fcmp(llvm.FCmpOGT, ax, c(1)), yNeg)
	yInf := e.selectV(grows, inf, c(0))
	yInf = e.selectV(e.fcmp(llvm.FCmpOEQ, ax, c(1)), c(1), yInf)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, ay, inf), yInf, r)
	// The sign: negative for a negative x (-0 and -inf included) and an
	// odd integer y; NaN for a finite negative x and a non-integer y.
	isInt := e.fcmp(llvm.FCmpOEQ, e.intrinsic("trunc", f64, y), y)
	half := e.fmul(y, c(0.5))
	odd := e.and(isInt, e.fcmp(llvm.FCmpONE, e.intrinsic("trunc", f64, half), half))
	xNeg := e.icmpC(llvm.ICmpSLT, e.bitcast(x, e.i64()), 0)
	r = e.selectV(e.and(xNeg, odd), e.fneg(r), r)
	negFinite := e.and(e.fcmp(llvm.FCmpOLT, x, c(0)), e.fcmp(llvm.FCmpONE, x, c(math.Inf(-1))))
	r = e.selectV(e.and(negFinite, e.xor(isInt, e.cInt(e.i1(), 1))), c(math.NaN()), r)
	// NaN in, NaN out, but for y = 0 and x = 1 (1 then).
	r = e.selectV(e.fcmp(llvm.FCmpUNO, x, y), e.fadd(x, y), r)
	one := e.or(e.fcmp(llvm.FCmpOEQ, y, c(0)), e.fcmp(llvm.FCmpOEQ, x, c(1)))
	return e.selectV(one, c(1), r)
}

// powAny is pow on f64 directly and on narrower formats through f64 and
// one rounding; an integer exponent (powi) converts exactly to f64.
func (e *emitter) powAny(x, y ir.Value, res ir.Type) ir.Value {
	if _, ok := y.Type().(*ir.FloatType); !ok {
		y = e.cast("llvm.sitofp", y, e.f64())
	}
	return e.throughF64(res, []ir.Value{x, y}, func(a []ir.Value) ir.Value { return e.powF64(a[0], a[1], isF64(res)) })
}
