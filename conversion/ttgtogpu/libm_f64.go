package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Double-precision exp, exp2, log and log2. Triton lowers f64 math to
// libdevice calls (__nv_exp, __nv_log, ...) that LLVM links from
// bitcode; PTX has no f64 transcendental instruction and tt links no
// bitcode, so these are computed here from f64 arithmetic, straight-line
// (selects, no branches), within about one ulp over the whole range, with
// IEEE special cases (NaN in, NaN out; exp overflow to +inf and underflow
// through the subnormals to 0; log of 0 is -inf, of a negative number
// NaN, of +inf +inf). sin and cos are in libm_trig.go, erf in
// libm_erf.go; the other f64 functions libdevice provides are refused
// with an error naming them (floatops.go, extern.go).
//
// exp: x = k*ln2 + r with k = rint(x/ln2) and |r| <= ln2/2, r from a
// two-constant reduction through fma; e^r by its Taylor polynomial of
// degree 13 (remainder below 1e-17); the result scaled by 2^k as two
// exact powers of two so that neither overflows before the product does.
//
// log: x = 2^e * m with m in [sqrt(2)/2, sqrt(2)) (subnormals scaled by
// 2^54 first), f = m - 1 exactly, s = f/(2+f); log(1+f) = 2 atanh(s) =
// f - s*(f - R) with R = 2s^2/3 + 2s^4/5 + ... (|s| < 0.172, ten terms),
// which keeps f, the large term, exact; log(x) = e*ln2 + log(1+f) with
// ln2 split so that e*ln2Hi is exact. log2 adds e exactly to
// log(1+f)*log2(e), so that powers of two give exact results.

// Splits of ln 2 and log2(e), from Go's exact constant arithmetic.
const (
	ln2Exact   = 0.693147180559945309417232121458176568075500134360255254120680009
	log2eExact = 1.442695040888963407359924681001892137426645954152985934135449407
	// ln2Hi is ln 2 to 32 significant bits (0x3FE62E42FEE00000): its
	// product with an exponent (at most 11 bits) is exact.
	ln2Hi = 0.693147180369123816490173339843750
	ln2Lo = ln2Exact - ln2Hi
	// ln2Near is ln 2 rounded to f64 (0x3FE62E42FEFA39EF), ln2Tail what
	// it misses; log2eHi and log2eLo the same for log2(e)
	// (0x3FF71547652B82FE). The literals are the f64 values exactly, so
	// that the differences are computed exactly.
	ln2Near  = 0.69314718055994528622676398299518041312694549560546875
	ln2Tail  = ln2Exact - ln2Near
	log2eHi  = 1.442695040888963387004650940070860087871551513671875
	log2eLo  = log2eExact - log2eHi
	sqrt2Man = 0x6a09e667f3bcd // the mantissa bits of sqrt(2) as an f64
	mantMask = 1<<52 - 1
)

func (e *emitter) f64() ir.Type { return ir.F64Type(e.ctx()) }

// fmaF64 is a*b + c rounded once.
func (e *emitter) fmaF64(a, b, c ir.Value) ir.Value { return e.intrinsic("fma", e.f64(), a, b, c) }

func (e *emitter) fsub(a, b ir.Value) ir.Value { return e.fbin("llvm.fsub", a, b) }

// clampF64 is x limited to [lo, hi]; NaN stays NaN (ordered compares).
func (e *emitter) clampF64(x ir.Value, lo, hi float64) ir.Value {
	x = e.selectV(e.fcmp(llvm.FCmpOGT, x, e.cFloat(e.f64(), hi)), e.cFloat(e.f64(), hi), x)
	return e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(e.f64(), lo)), e.cFloat(e.f64(), lo), x)
}

// expTaylor is e^r for |r| <= ln2/2: the degree-13 Taylor polynomial in
// Horner form.
func (e *emitter) expTaylor(r ir.Value) ir.Value {
	const degree = 13
	inv := make([]float64, degree+1) // inv[n] = 1/n!
	inv[0] = 1
	for n := 1; n <= degree; n++ {
		inv[n] = inv[n-1] / float64(n)
	}
	p := e.cFloat(e.f64(), inv[degree])
	for n := degree - 1; n >= 0; n-- {
		p = e.fmaF64(p, r, e.cFloat(e.f64(), inv[n]))
	}
	return p
}

// pow2F64 is 2^k for an i32 k in [-1022, 1023], built from its bits.
func (e *emitter) pow2F64(k ir.Value) ir.Value {
	bits := e.shlC(e.sext(e.addC(k, 1023), e.i64()), 52)
	return e.bitcast(bits, e.f64())
}

// scaleF64 is p * 2^k for |k| <= 2044: two exact powers of two, so that
// the result overflows or goes subnormal only in the last product.
func (e *emitter) scaleF64(p, k ir.Value) ir.Value {
	k1 := e.ashr(k, e.i32c(1))
	k2 := e.sub(k, k1)
	return e.fmul(e.fmul(p, e.pow2F64(k1)), e.pow2F64(k2))
}

// expF64 is e^x.
func (e *emitter) expF64(x ir.Value) ir.Value {
	// Beyond these bounds e^x is +inf or 0 in f64; inside, k fits scaleF64.
	xc := e.clampF64(x, -746, 710)
	k := e.intrinsic("roundeven", e.f64(), e.fmul(xc, e.cFloat(e.f64(), log2eHi)))
	nk := e.op1("llvm.fneg", e.f64(), []ir.Value{k})
	r := e.fmaF64(nk, e.cFloat(e.f64(), ln2Near), xc)
	r = e.fmaF64(nk, e.cFloat(e.f64(), ln2Tail), r)
	return e.scaleF64(e.expTaylor(r), e.cast("llvm.fptosi", k, e.i32()))
}

// exp2F64 is 2^x.
func (e *emitter) exp2F64(x ir.Value) ir.Value {
	xc := e.clampF64(x, -1080, 1030)
	k := e.intrinsic("roundeven", e.f64(), xc)
	r := e.fsub(xc, k) // exact: |r| <= 1/2
	t := e.fmaF64(r, e.cFloat(e.f64(), ln2Near), e.fmul(r, e.cFloat(e.f64(), ln2Tail)))
	return e.scaleF64(e.expTaylor(t), e.cast("llvm.fptosi", k, e.i32()))
}

// logParts splits a positive finite x into its exponent e (as an f64)
// and log(1+f) = log(m) with m in [sqrt(2)/2, sqrt(2)).
func (e *emitter) logParts(x ir.Value) (exp, log1p ir.Value) {
	f64 := e.f64()
	ex, f := e.logSplit(x)
	s := e.fbin("llvm.fdiv", f, e.fadd(e.cFloat(f64, 2), f))
	z := e.fmul(s, s)
	const terms = 10 // R = z*(2/3 + z*(2/5 + ... + z*2/21))
	R := e.cFloat(f64, 2.0/float64(2*terms+1))
	for n := terms - 1; n >= 1; n-- {
		R = e.fmaF64(R, z, e.cFloat(f64, 2.0/float64(2*n+1)))
	}
	R = e.fmul(R, z)
	log1p = e.fsub(f, e.fmul(s, e.fsub(f, R)))
	return ex, log1p
}

// logSpecial gives log and log2 their IEEE special cases.
func (e *emitter) logSpecial(x, r ir.Value) ir.Value {
	f64 := e.f64()
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, x, e.cFloat(f64, 0)), e.cFloat(f64, math.Inf(-1)), r)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, x, e.cFloat(f64, math.Inf(1))), x, r)
	r = e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(f64, 0)), e.cFloat(f64, math.NaN()), r)
	return e.selectV(e.fcmp(llvm.FCmpUNO, x, x), x, r)
}

// logF64 is the natural logarithm.
func (e *emitter) logF64(x ir.Value) ir.Value {
	ex, l := e.logParts(x)
	f64 := e.f64()
	lo := e.fmaF64(ex, e.cFloat(f64, ln2Lo), l)
	return e.logSpecial(x, e.fmaF64(ex, e.cFloat(f64, ln2Hi), lo))
}

// log2F64 is the base-2 logarithm.
func (e *emitter) log2F64(x ir.Value) ir.Value {
	ex, l := e.logParts(x)
	f64 := e.f64()
	frac := e.fmaF64(l, e.cFloat(f64, log2eHi), e.fmul(l, e.cFloat(f64, log2eLo)))
	return e.logSpecial(x, e.fadd(ex, frac))
}
