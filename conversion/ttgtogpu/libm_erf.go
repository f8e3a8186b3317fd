package ttgtogpu

import (
	"math"
	"math/big"
	"sync"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// erf, in f64 (libdevice's __nv_erf) and, rounded from it, in f32 and the
// narrower formats (__nv_erff): straight-line code within about an ulp.
//
//	|x| < 1/2      erf(x) = x * P(x^2), P the Maclaurin series of erf(x)/x
//	               to degree 13 in x^2
//	1/2 <= |x| < 6 erf(|x|) = 1 - exp(-x^2) * g(|x|), g(a) = erfc(a) exp(a^2),
//	               a smooth function without the cancellation of erf's
//	               series; g is a degree-19 Taylor polynomial around the
//	               midpoint of the interval |x| falls in (width 1/2 up to 4,
//	               then 1), its coefficients selected by the interval
//	|x| >= 6       erf(x) = sign(x) (erfc(6) < 2^-55)
//
// g's Taylor coefficients follow from its differential equation
// g' = 2a g - 2/sqrt(pi): (n+1) t(n+1) = 2m t(n) + 2 t(n-1), from g(m)
// computed once, at 512 bits, from erf's series; exp(-x^2) takes x^2 as
// the sum of its rounding and the rounding's error.

// erfIntervals are the upper ends of g's intervals, from 1/2; the last
// ends at erfOne.
var erfIntervals = []float64{1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6}

const (
	erfSmall    = 0.5 // the Maclaurin series below
	erfOne      = 6.0 // erf is +-1 in f64 from here
	erfSmallDeg = 13  // in x^2
	erfGDeg     = 19
)

// erfTables are the polynomial coefficients, lowest degree first.
type erfTables struct {
	small []float64   // P(z), z = x^2
	mids  []float64   // the interval midpoints
	g     [][]float64 // g's Taylor coefficients at each midpoint
	tail  [][]float64 // the same at erfcTailMids (erfc only)
}

// erfcTailMids are the midpoints of g's intervals [6, 7) and [7, 8),
// where erfc (not erf, which is +-1 there) still needs g.
var erfcTailMids = []float64{6.5, 7.5}

var (
	erfOnce sync.Once
	erfTab  erfTables
)

// erfCoefficients computes the tables on first use.
func erfCoefficients() *erfTables {
	erfOnce.Do(func() {
		const prec = 512
		f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
		pi, _ := new(big.Float).SetPrec(prec).SetString(
			"3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651328230664709384460955058223172535940812848111745028410270193852110555964462294895493038196")
		twoOverSqrtPi := new(big.Float).SetPrec(prec).Quo(f(2), new(big.Float).SetPrec(prec).Sqrt(pi))
		// P: (-1)^n / (n! (2n+1)) * 2/sqrt(pi).
		fact := f(1)
		for n := 0; n <= erfSmallDeg; n++ {
			if n > 0 {
				fact.Mul(fact, f(float64(n)))
			}
			c := new(big.Float).SetPrec(prec).Quo(twoOverSqrtPi, new(big.Float).SetPrec(prec).Mul(fact, f(float64(2*n+1))))
			if n%2 == 1 {
				c.Neg(c)
			}
			v, _ := c.Float64()
			erfTab.small = append(erfTab.small, v)
		}
		lo := erfSmall
		for _, hi := range erfIntervals {
			m := (lo + hi) / 2
			lo = hi
			erfTab.mids = append(erfTab.mids, m)
			erfTab.g = append(erfTab.g, gTaylor(m, twoOverSqrtPi, prec))
		}
		for _, m := range erfcTailMids {
			erfTab.tail = append(erfTab.tail, gTaylor(m, twoOverSqrtPi, prec))
		}
	})
	return &erfTab
}

// gTaylor is g's Taylor coefficients at m to degree erfGDeg.
func gTaylor(m float64, twoOverSqrtPi *big.Float, prec uint) []float64 {
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	t := []*big.Float{bigScaledErfc(f(m), twoOverSqrtPi, prec)}
	t1 := new(big.Float).SetPrec(prec).Mul(f(2*m), t[0])
	t = append(t, t1.Sub(t1, twoOverSqrtPi))
	for n := 1; n < erfGDeg; n++ {
		next := new(big.Float).SetPrec(prec).Mul(f(2*m), t[n])
		next.Add(next, new(big.Float).SetPrec(prec).Mul(f(2), t[n-1]))
		t = append(t, next.Quo(next, f(float64(n+1))))
	}
	row := make([]float64, len(t))
	for i, c := range t {
		row[i], _ = c.Float64()
	}
	return row
}

// bigScaledErfc is erfc(a) exp(a^2) for 0 < a <= 8, from erf's Maclaurin
// series (its cancellation costs at most 52 of the prec bits).
func bigScaledErfc(a, twoOverSqrtPi *big.Float, prec uint) *big.Float {
	a2 := new(big.Float).SetPrec(prec).Mul(a, a)
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec))
	sum := new(big.Float).SetPrec(prec)
	term := new(big.Float).SetPrec(prec).Set(a) // (-1)^n a^(2n+1) / n!
	for n := 0; ; n++ {
		c := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetPrec(prec).SetInt64(int64(2*n+1)))
		sum.Add(sum, c)
		if c.Abs(c).Cmp(eps) < 0 {
			break
		}
		term.Mul(term, a2)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(int64(n+1)))
		term.Neg(term)
	}
	erfc := new(big.Float).SetPrec(prec).Sub(new(big.Float).SetPrec(prec).SetInt64(1), sum.Mul(sum, twoOverSqrtPi))
	// exp(a^2) by its series (a^2 <= 36).
	e, t := new(big.Float).SetPrec(prec).SetInt64(1), new(big.Float).SetPrec(prec).SetInt64(1)
	for n := 1; ; n++ {
		t.Mul(t, a2)
		t.Quo(t, new(big.Float).SetPrec(prec).SetInt64(int64(n)))
		e.Add(e, t)
		if t.Cmp(eps) < 0 {
			break
		}
	}
	return erfc.Mul(erfc, e)
}

// horner evaluates sum c[i] x^i in fused multiply-adds of x's type,
// from the highest power down: c[n-1]*x + c[n-2], then (.)*x + c[n-3], ...
func (e *emitter) horner(c []ir.Value, x ir.Value) ir.Value {
	p := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		p = e.intrinsic("fma", x.Type(), p, x, c[i])
	}
	return p
}

// erfcScaled is g(a) = erfc(a) exp(a^2) from the Taylor tables (for
// erfSmall <= a < erfOne; the last interval's polynomial beyond) and
// exp(-a^2), with a^2 taken as the sum of its rounding and the error.
func (e *emitter) erfcScaled(a ir.Value) (g, expNeg ir.Value) {
	tab := erfCoefficients()
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	// The interval's midpoint and coefficients: the first interval whose
	// upper end is above |x| (the last one for |x| beyond).
	last := len(tab.mids) - 1
	mid := c(tab.mids[last])
	coef := make([]ir.Value, erfGDeg+1)
	for k := range coef {
		coef[k] = c(tab.g[last][k])
	}
	for i := last - 1; i >= 0; i-- {
		in := e.fcmp(llvm.FCmpOLT, a, c(erfIntervals[i]))
		mid = e.selectV(in, c(tab.mids[i]), mid)
		for k := range coef {
			coef[k] = e.selectV(in, c(tab.g[i][k]), coef[k])
		}
	}
	g = e.horner(coef, e.fsub(a, mid))
	return g, e.expNegSquare(a)
}

// expNegSquare is exp(-a^2) with a^2 = hi + lo exactly.
func (e *emitter) expNegSquare(a ir.Value) ir.Value {
	f64 := e.f64()
	hi := e.fmul(a, a)
	lo := e.fmaF64(a, a, e.op1("llvm.fneg", f64, []ir.Value{hi}))
	expNeg := e.expF64(e.op1("llvm.fneg", f64, []ir.Value{hi}))
	return e.fmul(expNeg, e.fsub(e.cFloat(f64, 1), lo))
}

// erfF64 is erf(x) for an f64 x.
func (e *emitter) erfF64(x ir.Value) ir.Value {
	tab := erfCoefficients()
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	a := e.intrinsic("fabs", f64, x)

	z := e.fmul(x, x)
	var small []ir.Value
	for _, v := range tab.small {
		small = append(small, c(v))
	}
	nearZero := e.fmul(x, e.horner(small, z))

	g, expNeg := e.erfcScaled(a)
	away := e.fsub(c(1), e.fmul(expNeg, g))

	r := e.selectV(e.fcmp(llvm.FCmpOLT, a, c(erfOne)), away, c(1))
	r = e.intrinsic("copysign", f64, r, x)
	r = e.selectV(e.fcmp(llvm.FCmpOLT, a, c(erfSmall)), nearZero, r)
	return e.selectV(e.fcmp(llvm.FCmpUNO, x, x), x, r)
}

// erfAny is erf for any float type: f64 directly; narrower formats as
// libdevice's __nv_erff where Triton calls it (libdevice, on NVIDIA:
// libm_f32.go), else through f64 and one rounding (within half an ulp but
// for double rounding, where __nv_erff is within 2 ulps).
func (e *emitter) erfAny(x ir.Value, t ir.Type, libdevice bool) ir.Value {
	if isF64(t) {
		return e.erfF64(x)
	}
	if libdevice {
		return e.f32Math(t, []ir.Value{x}, func(w []ir.Value) ir.Value { return e.erfLibdeviceF32(w[0], e.reflectFTZ()) })
	}
	r := e.erfF64(e.op1("llvm.fpext", e.f64(), []ir.Value{e.extToF32(x)}))
	if isF32(t) {
		return e.op1("llvm.fptrunc", t, []ir.Value{r})
	}
	return e.truncFromF32(e.op1("llvm.fptrunc", e.f32(), []ir.Value{r}), t)
}

// erfc, libdevice's __nv_erfc (4 ulps), and __nv_erfcf through f64 on AMD
// (on NVIDIA libdevice's own f32 algorithm, libm_erfcf.go):
//
//	x < 1/2    1 - erf(x) (no cancellation: the result is above 0.47)
//	x < 6      exp(-x^2) g(x) from erf's tables
//	x < 8      the same with g's Taylor polynomials at 6.5 and 7.5
//	x >= 8     g's asymptotic series 1/(x sqrt(pi)) sum (-1)^n
//	           (2n-1)!!/(2x^2)^n to n = erfcAsymTerms (the last term
//	           below 1e-19 from x = 8); 0 from 27.3 on (below 2^-1075)

// erfcAsymFrom and erfcAsymTerms bound the asymptotic series' use.
const (
	erfcAsymFrom  = 8.0
	erfcAsymTerms = 20
	erfcZero      = 27.3
)

// erfcF64 is erfc(x) = 1 - erf(x).
func (e *emitter) erfcF64(x ir.Value) ir.Value {
	tab := erfCoefficients()
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	// a: x limited to the range where the exp and polynomials are used.
	a := e.clampF64(x, erfSmall, erfcZero)
	g, expNeg := e.erfcScaled(a)
	// [6, 8): the tail polynomials.
	tailIn := e.fcmp(llvm.FCmpOLT, a, c(erfcTailMids[0]+0.5))
	mid := e.selectV(tailIn, c(erfcTailMids[0]), c(erfcTailMids[1]))
	coef := make([]ir.Value, erfGDeg+1)
	for k := range coef {
		coef[k] = e.selectV(tailIn, c(tab.tail[0][k]), c(tab.tail[1][k]))
	}
	g = e.selectV(e.fcmp(llvm.FCmpOGE, a, c(erfOne)), e.horner(coef, e.fsub(a, mid)), g)
	// [8, 27.3): the asymptotic series in w = 1/x^2.
	w := e.fbin("llvm.fdiv", c(1), e.fmul(a, a))
	asym := make([]ir.Value, erfcAsymTerms+1)
	cn := 1.0
	for n := range asym {
		if n > 0 {
			cn *= -float64(2*n-1) / 2
		}
		asym[n] = c(cn)
	}
	ga := e.fbin("llvm.fdiv", e.horner(asym, w), e.fmul(a, c(math.Sqrt(math.Pi))))
	g = e.selectV(e.fcmp(llvm.FCmpOGE, a, c(erfcAsymFrom)), ga, g)
	r := e.fmul(expNeg, g)
	r = e.selectV(e.fcmp(llvm.FCmpOGE, x, c(erfcZero)), c(0), r)
	near := e.fsub(c(1), e.erfF64(x))
	return e.nanIn(x, e.selectV(e.fcmp(llvm.FCmpOLT, x, c(erfSmall)), near, r))
}
