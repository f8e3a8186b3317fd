package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_powf in the operations and order of its libdevice code,
// so that tt's results are Triton's bits. ftz is Triton's FTZ reflect: it
// picks the .ftz forms of libdevice's fma, mul.rn, add.rn and fabs; the
// rcp.approx and ex2.approx it writes with .ftz keep it either way, and its
// plain fadd, fsub and fmul never flush. Triton's PTX (3.6, either
// reflect) keeps mul.rn and add.rn as such and fuses the plain products
// into the plain sums they feed, as contractFMA does here. (__nv_fast_powf
// is other code, ex2.approx of y lg2.approx(x): libm_fast.go.)

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_powf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return e.powLibdeviceF32(a[0], a[1], ftz)
	}
})

// The f64 spellings of powf's f32 constants in libdevice's IR.
const (
	powF32Sqrt2 = 0x3FF6A09E60000000 // sqrt(2) rounded: the reduced mantissa's upper bound
	powF32Ln2Hi = 0x3FE62E4000000000 // ln(2)'s leading 16 bits: times an exponent, exact
	powF32Ln2Lo = 0x3EB7F7D1C0000000 // ln(2) less powF32Ln2Hi
	powF32HugeY = 0x46FED09BE0000000 // |y| above this is scaled by 2^-13 first
)

// powLogF32Coeffs is the series of log m - u in u^3 (u = 2(m-1)/(m+1)),
// as a polynomial in u^2 from the highest power down: about 1/448, 1/80,
// 1/12.
var powLogF32Coeffs = []uint64{0x3F631E1FC0000000, 0x3F8995EC60000000, 0x3FB55557A0000000}

// The bits of the constants of libdevice's exponential kernel.
const (
	expKernelLog2E = 0x3FB8AA3B // log2(e) rounded
	expKernelLn2Hi = 0x3F317218 // ln(2) rounded
	expKernelLn2Lo = 0x3102E308 // ln(2)'s f32 rounding less ln(2): -(ln(2) - expKernelLn2Hi)
	powF32HiEdge   = 0x42B17218 // 88.72284, ln(2^128) rounded: y log|x|'s high part is moved off it
)

// mulRNF32 is mul.rn of f32 values, .ftz when ftz (libdevice's __nv_fmul_rn).
func (e *emitter) mulRNF32(a, b ir.Value, ftz bool) ir.Value {
	return newGPU(e).rounded(gpu.FMulOp, gpu.RoundRN, ftz, a, b)
}

// addRNF32 is add.rn of f32 values, .ftz when ftz (libdevice's __nv_fadd_rn).
func (e *emitter) addRNF32(a, b ir.Value, ftz bool) ir.Value {
	return newGPU(e).rounded(gpu.FAddOp, gpu.RoundRN, ftz, a, b)
}

// powLogF32 is libdevice's extended-precision log of powf's |x| (ax: a
// non-negative f32, flushed under ftz), an unevaluated sum hi + lo: ax =
// 2^k m with m in (sqrt(1/2), sqrt(2)] (subnormals scaled by 2^24 first
// unless ftz), log m = u + u^3 P(u^2) with u = 2(m-1)/(m+1) from
// rcp.approx plus a correction for u's rounding, summed in two floats, and
// k ln(2) added with ln(2) in two parts.
func (e *emitter) powLogF32(ax ir.Value, ftz bool) (hi, lo ir.Value) {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	bias := c(-127)
	if !ftz {
		sub := e.fcmp(llvm.FCmpOLT, ax, c(0x1p-126))
		ax = e.selectV(sub, e.fmul(ax, c(0x1p24)), ax)
		bias = e.selectV(sub, c(-127-24), bias)
	}
	bits := e.bitcast(ax, i32)
	m := e.bitcast(e.or(e.and(bits, e.cInt(i32, 0x7FFFFF)), e.cInt(i32, 0x3F800000)), f32)
	k := e.fadd(bias, e.cast("llvm.sitofp", e.lshr(bits, e.cInt(i32, 23)), f32))
	above := e.fcmp(llvm.FCmpOGT, m, e.f32Const(powF32Sqrt2))
	m = e.selectV(above, e.fmul(m, c(0.5)), m)
	k = e.selectV(above, e.fadd(k, c(1)), k)
	f := e.fsub(m, c(1))
	rcp := newGPU(e).unary("rcp_approx", e.fadd(m, c(1)), true)
	twoF := e.fmul(c(2), f)
	u := e.fmul(twoF, rcp)
	u2 := e.fmul(u, u)
	p := e.f32Const(powLogF32Coeffs[0])
	for _, coef := range powLogF32Coeffs[1:] {
		p = e.fmaRN(p, u2, e.f32Const(coef), ftz)
	}
	p = e.mulRNF32(e.mulRNF32(p, u2, ftz), u, ftz)
	// (2f - u (m+1)) / (m+1) = (2 (f - u) - u f) / (m+1): what u misses.
	corr := e.fmaRN(e.fneg(u), f, e.fmul(c(2), e.fsub(f, u)), ftz)
	corr = e.mulRNF32(rcp, corr, ftz)
	s, t := e.fastTwoSum(u, p)
	hi, lo = e.fastTwoSum(s, e.fadd(t, corr))
	kHi := e.mulRNF32(k, e.f32Const(powF32Ln2Hi), ftz)
	kLo := e.mulRNF32(k, e.f32Const(powF32Ln2Lo), ftz)
	s, t = e.fastTwoSum(kHi, hi)
	return e.fastTwoSum(s, e.fadd(e.fadd(t, lo), kLo))
}

// expKernelLibdeviceF32 is e^x for an f32 x, libdevice's exponential kernel
// (__internal_expf_kernel, here without its extra power of two): j =
// trunc(x log2(e)) (mul.rn) clamped to +-126, r = x - j ln(2) with ln(2) in
// two parts, then ex2.approx(r log2(e)) times 2^j, built from the low bits
// of j + 1.5 2^23 + 127.
func (e *emitter) expKernelLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float32) ir.Value { return e.cFloat(f32, float64(v)) }
	bits := func(b uint32) ir.Value { return c(math.Float32frombits(b)) }
	j := e.intrinsic("trunc", f32, e.mulRNF32(x, bits(expKernelLog2E), ftz))
	j = e.selectV(e.fcmp(llvm.FCmpOGT, e.intrinsic("fabs", f32, j), c(126)), e.intrinsic("copysign", f32, c(126), j), j)
	r := e.fmaRN(j, bits(expKernelLn2Hi|1<<31), x, ftz)
	r = e.fmaRN(j, bits(expKernelLn2Lo), r, ftz)
	const magic = 12582912 // 1.5 * 2^23
	scale := e.bitcast(e.shl(e.bitcast(e.fadd(j, c(magic+127)), i32), e.cInt(i32, 23)), f32)
	return e.fmul(newGPU(e).unary("ex2_approx", e.fmul(r, bits(expKernelLog2E)), true), scale)
}

// powLibdeviceF32 is __nv_powf: e^(y log|x|) with log|x| in two floats
// (powLogF32), y times it as a two-float product (y scaled by 2^-13 above
// 1e34, where it overflows regardless), e^hi (1 + lo) by the exponential
// kernel and one fma (but for an infinite e^hi), negated for x < 0 and an
// odd integer y; then C99's special cases: x = +-0 gives +-0 or +-inf by
// y's sign (the sign kept only for odd y), NaN for x < 0 and a
// non-integer y, x or y NaN gives x + y, y = +-inf gives 0, inf or 1 (x =
// -1) by |x| against 1, x = +-inf gives 0 or inf by y's sign (negated for
// -inf and odd y), and x = 1 or y = 0 gives 1. Under ftz a subnormal x
// counts as 2^-127 (its flushed bits) in the log, as libdevice has it.
func (e *emitter) powLibdeviceF32(x, y ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	abs := func(v ir.Value) ir.Value { return e.intrinsic("fabs", f32, v) }
	inf := c(math.Inf(1))
	// y is an odd integer where y - 2 trunc(y/2) is +-1.
	half := e.intrinsic("trunc", f32, e.fmul(c(0.5), y))
	odd := e.fcmp(llvm.FCmpOEQ, abs(e.fsub(y, e.fmul(c(2), half))), c(1))
	logHi, logLo := e.powLogF32(abs(e.flushF32(x, ftz)), ftz)
	ys := e.selectV(e.fcmp(llvm.FCmpOGT, abs(y), e.f32Const(powF32HugeY)), e.fmul(y, c(0x1p-13)), y)
	prod := e.mulRNF32(ys, logHi, ftz)
	err := e.fmaRN(ys, logHi, e.fneg(prod), ftz)
	err = e.fmaRN(ys, logLo, err, ftz)
	err = e.fmaRN(c(0), logHi, err, ftz)
	hi := e.addRNF32(prod, err, ftz)
	lo := e.addRNF32(e.addRNF32(prod, e.fneg(hi), ftz), err, ftz)
	edge := e.icmp(llvm.ICmpEQ, e.bitcast(hi, i32), e.cInt(i32, powF32HiEdge))
	hi = e.selectV(edge, e.cFloat(f32, float64(math.Float32frombits(powF32HiEdge-1))), hi)
	lo = e.selectV(edge, e.fadd(lo, c(0x1p-17)), lo) // the same sum, hi an ulp lower
	r := e.expKernelLibdeviceF32(hi, ftz)
	r = e.selectV(e.fcmp(llvm.FCmpUNE, r, inf), e.fmaRN(r, lo, r, ftz), r)
	xNeg := e.fcmp(llvm.FCmpOLT, x, c(0))
	r = e.selectV(e.and(xNeg, odd), e.fneg(r), r)
	// x = +-0: +0, or x itself for odd y; inf of that sign for y < 0.
	zero := e.selectV(odd, e.fadd(x, x), c(0))
	yNeg := e.fcmp(llvm.FCmpOLT, y, c(0))
	zero = e.selectV(yNeg, e.intrinsic("copysign", f32, inf, zero), zero)
	nonInteger := e.fcmp(llvm.FCmpUNE, y, e.intrinsic("trunc", f32, y))
	r = e.selectV(e.and(xNeg, nonInteger), e.bitcast(e.cInt(i32, math.MaxInt32), f32), r) // libdevice's NaN
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, x, c(0)), zero, r)
	// x = +-inf: inf for y >= 0, else 0; negated for x = -inf and odd y.
	xInf := e.selectV(e.fcmp(llvm.FCmpOGE, y, c(0)), inf, c(0))
	xInf = e.selectV(e.and(xNeg, odd), e.fneg(xInf), xInf)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, abs(x), inf), xInf, r)
	// y = +-inf: inf where |x| > 1, else 0, the other way round for y < 0;
	// 1 for x = -1.
	yInf := e.selectV(e.xor(e.fcmp(llvm.FCmpOGT, abs(x), c(1)), yNeg), inf, c(0))
	yInf = e.selectV(e.fcmp(llvm.FCmpOEQ, x, c(-1)), c(1), yInf)
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, abs(y), inf), yInf, r)
	r = e.selectV(e.fcmp(llvm.FCmpUNO, x, y), e.fadd(x, y), r)
	one := e.or(e.fcmp(llvm.FCmpOEQ, x, c(1)), e.fcmp(llvm.FCmpOEQ, y, c(0)))
	return e.selectV(one, c(1), r)
}
