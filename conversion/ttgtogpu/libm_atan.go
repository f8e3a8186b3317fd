package ttgtogpu

import (
	"math"
	"math/big"
	"sync"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Inverse trigonometric functions and tan in f64 (libdevice's __nv_atan,
// __nv_atan2, __nv_asin, __nv_acos, __nv_tan: 2 ulps each) and, through
// f64 and one rounding, f32 (__nv_atanf ...: 2, 3, 2, 2, 4 ulps),
// straight-line.
//
// atan of q = qh + ql >= 0 (a double-double, so that atan2's quotient
// and the reciprocal below lose nothing): q > 1 is inverted,
// atan(q) = pi/2 - atan(1/q); then t in [0, 1] is reduced around the
// nearest c = j/8, atan(t) = atan(c) + atan(u), u = (t - c)/(1 + tc),
// |u| <= 1/16 (t - c is exact); atan(u) is its Taylor series to u^19 and
// atan(j/8) a double-double from a 256-bit table. The sums keep their
// rounding errors, so the result is within about half an ulp.
//
//	atan2(y, x) = +-atan(|y|/|x|) or +-(pi - atan(|y|/|x|)) for x < 0
//	              (C99's signed zeros and infinities by selects)
//	asin(x) = atan2(x, sqrt((1-x)(1+x)))   acos(x) = atan2(sqrt(...), x)
//	tan(x) = sin(r)/cos(r) or -cos(r)/sin(r) by the quadrant, r from
//	         sin's reduction (libm_trig.go)

// atanSteps is the number of reduction points j/8 on [0, 1].
const atanSteps = 8

// atanTerms is the number of terms of atan(u)'s series (|u| <= 1/16:
// u^21/21 is below 2^-88).
const atanTerms = 10

var (
	atanOnce  sync.Once
	atanTable [atanSteps + 1][2]float64 // atan(j/8) as hi, lo
	halfPiDD  [2]float64
)

// atanCoefficients computes atan(j/8) and pi/2 once, from 256-bit
// arithmetic: three argument halvings v -> v/(1 + sqrt(1 + v^2)) (atan
// halves), then the series.
func atanCoefficients() {
	atanOnce.Do(func() {
		const prec = 256
		f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
		atanBig := func(v *big.Float) *big.Float {
			v = new(big.Float).SetPrec(prec).Set(v)
			for i := 0; i < 3; i++ {
				s := new(big.Float).SetPrec(prec).Mul(v, v)
				s.Sqrt(s.Add(s, f(1)))
				v.Quo(v, s.Add(s, f(1)))
			}
			v2 := new(big.Float).SetPrec(prec).Mul(v, v)
			sum, pow := f(0), new(big.Float).SetPrec(prec).Set(v)
			for n := 0; n < 60; n++ {
				term := new(big.Float).SetPrec(prec).Quo(pow, f(float64(2*n+1)))
				if n%2 == 1 {
					term.Neg(term)
				}
				sum.Add(sum, term)
				pow.Mul(pow, v2)
			}
			return sum.Mul(sum, f(8))
		}
		split := func(v *big.Float) [2]float64 {
			hi, _ := v.Float64()
			lo, _ := new(big.Float).SetPrec(prec).Sub(v, f(hi)).Float64()
			return [2]float64{hi, lo}
		}
		for j := 0; j <= atanSteps; j++ {
			atanTable[j] = split(atanBig(f(float64(j) / atanSteps)))
		}
		halfPi := atanBig(f(1))
		halfPiDD = split(halfPi.Mul(halfPi, f(2)))
	})
}

// atanDD is atan(qh + ql) for qh >= 0 (+inf included) as a double-double.
func (e *emitter) atanDD(qh, ql ir.Value) dd {
	atanCoefficients()
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	inv := e.fcmp(llvm.FCmpOGT, qh, c(1))
	// t = 1/q as a double-double where q > 1.
	rh := e.fbin("llvm.fdiv", c(1), qh)
	rl := e.fbin("llvm.fdiv", e.fsub(e.fmaF64(e.fneg(rh), qh, c(1)), e.fmul(rh, ql)), qh)
	rl = e.selectV(e.fcmp(llvm.FCmpOEQ, qh, c(math.Inf(1))), c(0), rl)
	th := e.selectV(inv, rh, qh)
	tl := e.selectV(inv, rl, ql)
	// The nearest j/8 and atan(j/8).
	cj := e.fmul(e.intrinsic("roundeven", f64, e.fmul(th, c(atanSteps))), c(1.0/atanSteps))
	ah, al := c(atanTable[0][0]), c(atanTable[0][1])
	for j := 1; j <= atanSteps; j++ {
		at := e.fcmp(llvm.FCmpOEQ, cj, c(float64(j)/atanSteps))
		ah = e.selectV(at, c(atanTable[j][0]), ah)
		al = e.selectV(at, c(atanTable[j][1]), al)
	}
	// u = (t - c)/(1 + tc) with t - c exact, 1 + tc as a double-double
	// (1 - den is exact) and the quotient's remainder: u + ul carries u
	// to about 2^-100, tl entering to first order.
	num := e.fsub(th, cj)
	den := e.fmaF64(th, cj, c(1))
	denLo := e.fmaF64(th, cj, e.fsub(c(1), den))
	u := e.fbin("llvm.fdiv", num, den)
	rem := e.fsub(e.fmaF64(e.fneg(u), den, num), e.fmul(u, denLo))
	ul := e.fbin("llvm.fdiv", e.fadd(rem, tl), den)
	z := e.fmul(u, u)
	p := c(1 / float64(2*atanTerms-1))
	for n := atanTerms - 2; n >= 1; n-- {
		p = e.fmaF64(p, z, c(math.Pow(-1, float64(n))/float64(2*n+1)))
	}
	p = e.fmul(e.fmul(p, z), u) // atan(u) - u
	small := e.fadd(e.fsub(ul, e.fmul(ul, z)), p)
	// atan(t) = ah + u + (al + small) as a double-double.
	s := e.ddSum(ah, u)
	lo := e.fadd(s.lo, e.fadd(al, small))
	// atan(q) = pi/2 - atan(t) where inverted.
	d := e.ddSum(c(halfPiDD[0]), e.fneg(s.hi))
	dlo := e.fadd(d.lo, e.fsub(c(halfPiDD[1]), lo))
	return e.ddSum(e.selectV(inv, d.hi, s.hi), e.selectV(inv, dlo, lo))
}

// atanF64 is atan(x).
func (e *emitter) atanF64(x ir.Value) ir.Value {
	f64 := e.f64()
	a := e.atanDD(e.intrinsic("fabs", f64, x), e.cFloat(f64, 0))
	return e.nanIn(x, e.intrinsic("copysign", f64, e.fadd(a.hi, a.lo), x))
}

// atan2F64 is atan2(y, x), the angle of the point (x, y).
func (e *emitter) atan2F64(y, x ir.Value) ir.Value {
	atanCoefficients()
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	ax, ay := e.intrinsic("fabs", f64, x), e.intrinsic("fabs", f64, y)
	inf := c(math.Inf(1))
	bothInf := e.and(e.fcmp(llvm.FCmpOEQ, ax, inf), e.fcmp(llvm.FCmpOEQ, ay, inf))
	// q = |y|/|x| as a double-double (0/0 and inf/inf made 0 and 1).
	num := e.selectV(bothInf, c(1), ay)
	den := e.selectV(bothInf, c(1), ax)
	den = e.selectV(e.fcmp(llvm.FCmpOEQ, num, c(0)), c(1), den)
	qh := e.fbin("llvm.fdiv", num, den)
	ql := e.fbin("llvm.fdiv", e.fmaF64(e.fneg(qh), den, num), den)
	finite := e.and(e.fcmp(llvm.FCmpOLT, qh, inf), e.fcmp(llvm.FCmpOGT, qh, c(0x1p-1000)))
	ql = e.selectV(finite, ql, c(0))
	a := e.atanDD(qh, ql)
	// pi - a for x < 0 (-0 included).
	xNeg := e.icmpC(llvm.ICmpSLT, e.bitcast(x, e.i64()), 0)
	pi := e.ddSum(c(2*halfPiDD[0]), e.fneg(a.hi))
	piLo := e.fadd(pi.lo, e.fsub(c(2*halfPiDD[1]), a.lo))
	r := e.selectV(xNeg, e.fadd(pi.hi, piLo), e.fadd(a.hi, a.lo))
	r = e.intrinsic("copysign", f64, r, y)
	return e.selectV(e.fcmp(llvm.FCmpUNO, x, y), e.fadd(x, y), r)
}

// cosOfAsin is sqrt((1-x)(1+x)) = sqrt(1 - x^2), NaN for |x| > 1.
func (e *emitter) cosOfAsin(x ir.Value) ir.Value {
	f64 := e.f64()
	one := e.cFloat(f64, 1)
	return e.intrinsic("sqrt", f64, e.fmul(e.fsub(one, x), e.fadd(one, x)))
}

// asinF64 is asin(x).
func (e *emitter) asinF64(x ir.Value) ir.Value { return e.atan2F64(x, e.cosOfAsin(x)) }

// acosF64 is acos(x).
func (e *emitter) acosF64(x ir.Value) ir.Value { return e.atan2F64(e.cosOfAsin(x), x) }

// tanF64 is tan(x), both reductions straight-line (as trigF64).
func (e *emitter) tanF64(x ir.Value) ir.Value {
	f64 := e.f64()
	ax := e.intrinsic("fabs", f64, x)
	f := e.codyWaite(ax)
	hq, hh, hl := e.payneHanek(ax)
	q := e.selectV(f.small, f.q, hq)
	s, co := e.sinCosKernel(e.selectV(f.small, f.rh, hh), e.selectV(f.small, f.rl, hl))
	odd := e.icmpC(llvm.ICmpNE, e.andC(q, 1), 0)
	v := e.selectV(odd, e.fneg(e.fbin("llvm.fdiv", co, s)), e.fbin("llvm.fdiv", s, co))
	v = e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(f64, 0)), e.fneg(v), v)
	// Below 2^-27 tan(x) rounds to x (which keeps -0); inf and NaN give NaN.
	v = e.selectV(e.fcmp(llvm.FCmpOLT, ax, e.cFloat(f64, 0x1p-27)), x, v)
	return e.selectV(e.fcmp(llvm.FCmpOLE, ax, e.cFloat(f64, math.MaxFloat64)), v, e.fsub(x, x))
}
