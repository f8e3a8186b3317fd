package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// log1p, expm1, log10 and exp10 in f64 (libdevice's __nv_log1p, ...: 1
// ulp for log1p, expm1 and log10, 1 for exp10) and, through f64 and one
// rounding, f32 (__nv_log1pf ...: 1, 1, 2, 2 ulps), straight-line, with
// the double-double log and exp of libm_pow.go (numeric.Log1p, Log10
// and Exp10 are the same steps in Go, which the interpreter runs):
//
//	log1p(x) = log(u) + c/u, u = 1 + x rounded, c its rounding error
//	log10(x) = log(x) * log10(e), log(x) a double-double
//	exp10(x) = e^(x ln10), the product a double-double
//	expm1(x) = 2^k expm1(r) + (2^k - 1), x = k ln2 + r, |r| <= ln2/2,
//	           expm1(r) = r + r^2 P(r) (Taylor, degree 17); e^x beyond 40
//	           (where e^x - 1 rounds to e^x), -1 below -45

// throughF64 computes fn on f64 values: f64 arguments directly, f32 and
// narrower formats widened, the result rounded once to res. Integer
// arguments are passed as they are.
func (e *emitter) throughF64(res ir.Type, args []ir.Value, fn func(a []ir.Value) ir.Value) ir.Value {
	if isF64(res) {
		return fn(args)
	}
	wide := make([]ir.Value, len(args))
	for i, v := range args {
		wide[i] = v
		if _, ok := v.Type().(*ir.FloatType); ok && !isF64(v.Type()) {
			wide[i] = e.op1("llvm.fpext", e.f64(), []ir.Value{e.extToF32(v)})
		}
	}
	r := fn(wide)
	if isF32(res) {
		return e.op1("llvm.fptrunc", res, []ir.Value{r})
	}
	return e.truncFromF32(e.op1("llvm.fptrunc", e.f32(), []ir.Value{r}), res)
}

// nanIn returns x where x is NaN, else r.
func (e *emitter) nanIn(x, r ir.Value) ir.Value { return e.selectV(e.fcmp(llvm.FCmpUNO, x, x), x, r) }

// log1pF64 is log(1+x).
func (e *emitter) log1pF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	u := e.fadd(c(1), x)
	big := e.fcmp(llvm.FCmpOGT, x, c(1))
	a, b := e.selectV(big, x, c(1)), e.selectV(big, c(1), x)
	errU := e.fsub(b, e.fsub(u, a)) // (1 + x) - u exactly
	// log's argument kept positive and finite for the values the selects
	// below replace.
	safe := e.selectV(e.fcmp(llvm.FCmpOGT, u, c(0)), u, c(1))
	safe = e.selectV(e.fcmp(llvm.FCmpOEQ, safe, c(math.Inf(1))), c(1), safe)
	l := e.logDD(safe)
	r := e.fadd(l.hi, e.fadd(l.lo, e.fbin("llvm.fdiv", errU, safe)))
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, x, c(math.Inf(1))), x, r)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, x, c(-1)), c(math.Inf(-1)), r)
	r = e.selectV(e.fcmp(llvm.FCmpOLT, x, c(-1)), c(math.NaN()), r)
	return e.nanIn(x, r)
}

// log10F64 is log10(x).
func (e *emitter) log10F64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	safe := e.selectV(e.fcmp(llvm.FCmpOGT, x, c(0)), x, c(1))
	safe = e.selectV(e.fcmp(llvm.FCmpOEQ, safe, c(math.Inf(1))), c(1), safe)
	l := e.logDD(safe)
	r := e.fmaF64(l.hi, c(numeric.Log10eHi), e.fmaF64(l.hi, c(numeric.Log10eLo), e.fmul(l.lo, c(numeric.Log10eHi))))
	return e.logSpecial(x, r)
}

// exp10F64 is 10^x.
func (e *emitter) exp10F64(x ir.Value) ir.Value {
	p := e.twoProd(x, e.cFloat(e.f64(), numeric.Ln10Hi))
	lo := e.fmaF64(x, e.cFloat(e.f64(), numeric.Ln10Lo), p.lo)
	return e.nanIn(x, e.expDD(p.hi, lo))
}

// expm1Degree is the degree of expm1's Taylor polynomial on |r| <= ln2/2.
const expm1Degree = 17

// expm1F64 is e^x - 1.
func (e *emitter) expm1F64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	xc := e.clampF64(x, -45, 40)
	k := e.intrinsic("roundeven", f64, e.fmul(xc, c(log2eHi)))
	nk := e.fneg(k)
	r := e.fmaF64(nk, c(ln2Near), xc) // exact
	rlo := e.fmul(nk, c(ln2Tail))
	// P(r) = 1/2! + r/3! + ... + r^15/17!
	inv := 1.0
	coef := make([]float64, expm1Degree+1) // coef[n] = 1/n!
	for n := range coef {
		if n > 0 {
			inv /= float64(n)
		}
		coef[n] = inv
	}
	p := c(coef[expm1Degree])
	for n := expm1Degree - 1; n >= 2; n-- {
		p = e.fmaF64(p, r, c(coef[n]))
	}
	em := e.fmaF64(e.fmul(r, r), p, r)
	// expm1(r + rlo) = expm1(r) + rlo e^r.
	em = e.fmaF64(rlo, e.fadd(em, c(1)), em)
	scale := e.pow2F64(e.cast("llvm.fptosi", k, e.i32()))
	res := e.fmaF64(scale, em, e.fsub(scale, c(1)))
	res = e.selectV(e.fcmp(llvm.FCmpOGT, x, c(40)), e.expF64(x), res)
	res = e.selectV(e.fcmp(llvm.FCmpOLT, x, c(-45)), c(-1), res)
	return e.nanIn(x, res)
}
