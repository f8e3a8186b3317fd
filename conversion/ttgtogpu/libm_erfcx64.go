package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's f64 __nv_erfcx and __nv_normcdf in the operations and order
// of their libdevice code, so that tt's results are Triton's bits: both
// are built on __nv_erfc's kernel (libm_log64.go), normcdf on the whole
// of __nv_erfc, erfcx for negative arguments on __nv_exp
// (libm_exp64.go). f64 code takes no FTZ reflect; erfcx's one use of it,
// the fabs (.ftz under the reflect) of its argument's high word read as an
// f32, compares alike either way (a flushed word is below 3 as it was).

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_erfcx":   func(e *emitter, x ir.Value, _ bool) ir.Value { return e.erfcxLibdeviceF64(x) },
		"__nv_normcdf": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.normcdfLibdeviceF64(x) },
	})
})

const (
	erfcxF64InvSqrtPi = 0x3FE20DD750429B6D // 1/sqrt(pi)
	normcdfF64Clamp   = 38.5               // |x| beyond: Φ(x) is 0 or 1 in f64
	normcdfF64Hi      = 0xBFE6A09E667F3BCD // -1/sqrt(2) in two parts
	normcdfF64Lo      = 0x3C8BDD3413B26456
)

// erfcxKernelLibdeviceF64 is erfcx(a) for a >= 0, __nv_erfc's g(a) =
// P(z)/(1 + 2a) with z = (a - 4)/(a + 4): z from a refined reciprocal,
// corrected once by its residual; the quotient likewise (__nv_erfc's
// code, erfcLibdeviceF64's first half).
func (e *emitter) erfcxKernelLibdeviceF64(a ir.Value) ir.Value {
	c := func(v float64) ir.Value { return e.cFloat(e.f64(), v) }
	r := e.reciprocalLibdeviceF64(e.fadd(a, c(4)))
	z := e.fmul(e.fsub(a, c(4)), r)
	// (a - 4) - 4 z - z a = (a - 4) - z (a + 4), the residual of z.
	res := e.fmaF64(e.fneg(z), a, e.fmaF64(c(-4), e.addRNF64(z, c(1)), a))
	z = e.fmaF64(r, res, z)
	p := e.hornerBitsF64(erfcLibdeviceF64Coeffs, z)
	rd := e.reciprocalLibdeviceF64(e.fmaF64(c(2), a, c(1)))
	q := e.fmul(p, rd)
	// p - q (1 + 2a), the residual of q.
	qres := e.addRNF64(e.fmaF64(a, e.fmul(c(-2), q), p), e.fneg(q))
	return e.fmaF64(qres, rd, q)
}

// erfcxLibdeviceF64 is __nv_erfcx, erfcx(x) = e^(x^2) erfc(x). Below |x|
// = 32 (by the high word read as an f32) __nv_erfc's kernel of |x|; from
// there (NaN included) the asymptotic series 1/(x sqrt(pi)) (1 - 1/(2x^2)
// + 3/(4x^4) - 15/(8x^6) + 105/(16x^8) - 945/(32x^10)) in r = 1/x from a
// correctly rounded division. For a negative sign bit, 2 e^(x^2) -
// erfcx(|x|) with e^(x^2) as __nv_exp of x^2's rounded product, times 1 +
// the product's error; +inf where 2 e^(x^2) is. Both splits are
// branches, as in libdevice.
func (e *emitter) erfcxLibdeviceF64(x ir.Value) ir.Value {
	f64, f32 := e.f64(), e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	lo, hi := e.wordsOfF64(x)
	kernel := e.fcmp(llvm.FCmpOLT, e.intrinsic("fabs", f32, e.bitcast(hi, f32)), e.cFloat(f32, 3))
	t := e.choose(kernel, f64, func() ir.Value {
		return e.erfcxKernelLibdeviceF64(e.f64OfWords(lo, e.andC(hi, math.MaxInt32)))
	}, func() ir.Value {
		r := e.fbin("llvm.fdiv", c(1), x)
		r2 := e.fmul(r, r)
		s := e.fmaF64(c(-29.53125), r2, c(6.5625))
		for _, k := range []float64{-1.875, 0.75, -0.5, 1} {
			s = e.fmaF64(s, r2, c(k))
		}
		return e.fmul(s, e.fmul(r, e.f64Const(erfcxF64InvSqrtPi)))
	})
	return e.chooseOrKeep(e.icmpC(llvm.ICmpSLT, hi, 0), func() ir.Value {
		sq := e.fmul(x, x)
		sqErr := e.fmaF64(x, x, e.fneg(sq))
		exp := e.expLibdeviceF64(sq, false)
		twice := e.fadd(exp, exp)
		v := e.fsub(e.fmaF64(twice, sqErr, twice), t)
		return e.selectV(e.fcmp(llvm.FCmpOEQ, twice, c(math.Inf(1))), twice, v)
	}, t)
}

// normcdfLibdeviceF64 is __nv_normcdf: Φ(x) = erfc(y)/2 with y =
// -x/sqrt(2) as the rounded sum of hi = x (-1/sqrt(2))'s mul.rn product
// and lo, its error plus x times the constant's low part; x is first
// clamped to ±38.5. erfc is __nv_erfc's code; below -1 (by the high
// word: NaNs with the sign bit too), where erfc(y) is small and y's
// rounding matters, erfc(y) is corrected by its derivative -2y erfc(y)
// times y's rounding error (hi - y) + lo: a branch, as in libdevice.
func (e *emitter) normcdfLibdeviceF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	beyond := e.fcmp(llvm.FCmpOGT, e.intrinsic("fabs", f64, x), c(normcdfF64Clamp))
	a := e.selectV(beyond, e.intrinsic("copysign", f64, c(normcdfF64Clamp), x), x)
	hi := e.mulRNF64(a, e.f64Const(normcdfF64Hi))
	lo := e.fmaF64(a, e.f64Const(normcdfF64Hi), e.fneg(hi))
	lo = e.fmaF64(a, e.f64Const(normcdfF64Lo), lo)
	y := e.addRNF64(hi, lo)
	z := e.erfcLibdeviceF64(y)
	below := e.icmpC(llvm.ICmpUGT, e.highWordOfF64(a), -0x40100000) // high word above -1's
	z = e.chooseOrKeep(below, func() ir.Value {
		yErr := e.addRNF64(e.fsub(hi, y), lo)
		return e.fmaF64(e.fmul(e.fmul(c(-2), y), z), yErr, z)
	}, z)
	return e.fmul(c(0.5), z)
}
