package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's Euclidean norms of three and four arguments and their
// reciprocals (__nv_norm3df, __nv_norm4df, __nv_rnorm3df, __nv_rnorm4df
// and the f64 __nv_norm3d ...), and the reciprocal hypotenuse
// (__nv_rhypotf, __nv_rhypot), in the operations and order of their
// libdevice code, so that tt's results are Triton's bits.
//
// The magnitudes are sorted by a min/max network (fmin/fmax, or for the
// rhypots integer min/max of their bits, NaN above inf); all are scaled
// by a power of two 2^-k chosen from the largest's exponent field (its
// low bit, or in f64 low two bits, cleared) so that the largest lands
// near 1; the scaled squares are summed smallest first, the first a plain
// product and the rest fmas; then:
//
//   - f32 norm: sqrt.approx of the sum times 2^k (Triton leaves
//     __CUDA_PREC_SQRT off, as tt's __nv_sqrtf does); the plain sum of the
//     magnitudes where that is not above the largest (zeros, NaN), +inf
//     where the largest is inf (an infinity beats a NaN).
//   - f32 rnorm and rhypot: rsqrt.approx of the sum times 2^-k; rnorm the
//     NaN sum where an argument is NaN; 0 where the largest (rhypot: the
//     smallest) is inf.
//   - f64: rsqrt.approx.ftz.f64 (libdevice's inline assembly) refined by
//     one step r + r t (3/8 t + 1/2), t = 1 - x r^2. norm multiplies the
//     sum (clamped to DBL_MAX first, so that an overflowed sum keeps a
//     nonzero root) by it and by 2^k, with the plain-sum fallback as in
//     f32, and the largest itself where that is inf or NaN; rnorm gives
//     sum + inf where the plain sum is not above 0 (+inf for zeros, NaN
//     for NaN), 0 where the largest is inf; rhypot's special cases (the
//     result inf or NaN: NaN arguments, zeros, an infinite one) sit in a
//     branch, as in libdevice.
//
// The f32 code's fabs, fmin, fmax, fma, sqrt and rsqrt take .ftz under the
// FTZ reflect (fmin and fmax see flushed operands either way); its plain
// adds and multiplies never flush. fmin and fmax on magnitudes are
// LLVM's minnum and maxnum.

var _ = registerLibm(func() {
	for name, a := range map[string]struct {
		n          int
		recip, f64 bool
	}{
		"__nv_norm3df": {3, false, false}, "__nv_norm4df": {4, false, false},
		"__nv_rnorm3df": {3, true, false}, "__nv_rnorm4df": {4, true, false},
		"__nv_norm3d": {3, false, true}, "__nv_norm4d": {4, false, true},
		"__nv_rnorm3d": {3, true, true}, "__nv_rnorm4d": {4, true, true},
	} {
		a := a
		if a.f64 {
			libdeviceAlgorithms[name] = func(e *emitter, args []ir.Value, _ bool) ir.Value { return e.normLibdeviceF64(args, a.recip) }
			externSignatures[name] = "ddddd"[4-a.n:]
		} else {
			libdeviceAlgorithms[name] = func(e *emitter, args []ir.Value, ftz bool) ir.Value {
				return e.normLibdeviceF32(args, a.recip, ftz)
			}
			externSignatures[name] = "fffff"[4-a.n:]
		}
	}
	libdeviceAlgorithms["__nv_rhypotf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value { return e.rhypotLibdeviceF32(a[0], a[1], ftz) }
	libdeviceAlgorithms["__nv_rhypot"] = func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.rhypotLibdeviceF64(a[0], a[1]) }
	externSignatures["__nv_rhypotf"], externSignatures["__nv_rhypot"] = "fff", "ddd"
})

// normSort is the min/max network of libdevice's norms over magnitudes
// mags of type t: the magnitudes from the second largest down to the
// smallest, then the largest.
func (e *emitter) normSort(mags []ir.Value) []ir.Value {
	t := mags[0].Type()
	mins := []ir.Value{e.intrinsic("minnum", t, mags[0], mags[1])}
	big := e.intrinsic("maxnum", t, mags[0], mags[1])
	for _, m := range mags[2:] {
		mins = append(mins, e.intrinsic("minnum", t, big, m))
		big = e.intrinsic("maxnum", t, big, m)
	}
	var out []ir.Value
	for i := len(mins) - 1; i >= 0; i-- {
		out = append(out, mins[i])
	}
	return append(out, big)
}

// normScaleF32 is libdevice's f32 scale for the largest magnitude big:
// 2^-k and 2^k, k from big's exponent field with its low bit cleared.
func (e *emitter) normScaleF32(big ir.Value) (down, up ir.Value) {
	f32, i32 := e.f32(), e.i32()
	const one = 0x3F800000
	k := e.addC(e.sub(e.andC(e.bitcast(big, i32), -0x2000000), e.cInt(i32, one)), 0x800000)
	return e.bitcast(e.sub(e.cInt(i32, one), k), f32), e.bitcast(e.addC(k, one), f32)
}

// normSquaresF32 sums the squares of the scaled sorted magnitudes: a
// plain product, then fma.rn.
func (e *emitter) normSquaresF32(sorted []ir.Value, down ir.Value, ftz bool) ir.Value {
	x := e.fmul(sorted[0], down)
	sum := e.fmul(x, x)
	for _, m := range sorted[1:] {
		x := e.fmul(m, down)
		sum = e.fmaRN(x, x, sum, ftz)
	}
	return sum
}

// normLibdeviceF32 is __nv_norm3df and __nv_norm4df (recip false) and
// __nv_rnorm3df and __nv_rnorm4df of args.
func (e *emitter) normLibdeviceF32(args []ir.Value, recip, ftz bool) ir.Value {
	f32 := e.f32()
	inf := e.cFloat(f32, math.Inf(1))
	mags := make([]ir.Value, len(args))
	for i, a := range args {
		mags[i] = e.intrinsic("fabs", f32, e.flushF32(a, ftz))
	}
	// The plain sum: (a + b) + c, or ((a + b) + d) + c.
	sum := e.fadd(mags[0], mags[1])
	if len(mags) == 4 {
		sum = e.fadd(sum, mags[3])
	}
	sum = e.fadd(sum, mags[2])
	sorted := e.normSort(mags)
	big := sorted[len(sorted)-1]
	down, up := e.normScaleF32(big)
	squares := e.normSquaresF32(sorted, down, ftz)
	g := newGPU(e)
	atInf := e.fcmp(llvm.FCmpOEQ, big, inf)
	if recip {
		r := e.fmul(g.unary("rsqrt_approx", squares, ftz), down)
		r = e.selectV(e.fcmp(llvm.FCmpUNO, sum, sum), sum, r)
		return e.selectV(atInf, e.cFloat(f32, 0), r)
	}
	r := e.fmul(g.unary("sqrt_approx", squares, ftz), up)
	r = e.selectV(e.fcmp(llvm.FCmpOGT, sum, big), r, sum)
	return e.selectV(atInf, inf, r)
}

// rhypotLibdeviceF32 is __nv_rhypotf: the magnitudes ordered by their
// bits, the scaled hi^2 + lo^2 in one fma, its rsqrt.approx times 2^-k;
// 0 where both are inf.
func (e *emitter) rhypotLibdeviceF32(a, b ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	magnitude := func(v ir.Value) ir.Value { return e.bitcast(e.intrinsic("fabs", f32, e.flushF32(v, ftz)), i32) }
	abits, bbits := magnitude(a), magnitude(b)
	lo := e.bitcast(e.intrinsic("smin", i32, bbits, abits), f32)
	hi := e.bitcast(e.intrinsic("smax", i32, abits, bbits), f32)
	down, _ := e.normScaleF32(hi)
	slo, shi := e.fmul(lo, down), e.fmul(hi, down)
	r := e.fmul(newGPU(e).unary("rsqrt_approx", e.fmaRN(shi, shi, e.fmul(slo, slo), ftz), ftz), down)
	return e.selectV(e.fcmp(llvm.FCmpOEQ, lo, e.cFloat(f32, math.Inf(1))), e.cFloat(f32, 0), r)
}

// normScaleF64 is libdevice's f64 scale for the largest magnitude big:
// 2^-k and 2^k from big's high word, the exponent's low two bits cleared.
func (e *emitter) normScaleF64(big ir.Value) (down, up ir.Value) {
	const one = 0x3FF00000
	k := e.addC(e.sub(e.andC(e.highWordOfF64(big), -0x400000), e.i32c(one)), 0x100000)
	zero := e.i32c(0)
	return e.f64OfWords(zero, e.sub(e.i32c(one), k)), e.f64OfWords(zero, e.addC(k, one))
}

// rsqrtRefinedF64 is 1/sqrt(x) as libdevice's norms refine
// rsqrt.approx.ftz.f64: r + r t (3/8 t + 1/2) with t = 1 - x r^2.
func (e *emitter) rsqrtRefinedF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	r := newGPU(e).unary("rsqrt_approx", x, true)
	t := e.fmaF64(x, e.fneg(e.mulRNF64(r, r)), c(1))
	return e.fmaF64(e.fmaF64(c(0.375), t, c(0.5)), e.mulRNF64(t, r), r)
}

// normLibdeviceF64 is __nv_norm3d and __nv_norm4d (recip false) and
// __nv_rnorm3d and __nv_rnorm4d of args.
func (e *emitter) normLibdeviceF64(args []ir.Value, recip bool) ir.Value {
	f64 := e.f64()
	inf := e.cFloat(f64, math.Inf(1))
	mags := make([]ir.Value, len(args))
	for i, a := range args {
		mags[i] = e.intrinsic("fabs", f64, a)
	}
	sum := mags[0]
	for _, m := range mags[1:] {
		sum = e.fadd(sum, m)
	}
	sorted := e.normSort(mags)
	big := sorted[len(sorted)-1]
	down, up := e.normScaleF64(big)
	x := e.fmul(sorted[0], down)
	squares := e.fmul(x, x)
	for _, m := range sorted[1:] {
		x := e.fmul(m, down)
		squares = e.fmaF64(x, x, squares)
	}
	if recip {
		r := e.fmul(e.rsqrtRefinedF64(squares), down)
		r = e.selectV(e.fcmp(llvm.FCmpOGT, sum, e.cFloat(f64, 0)), r, e.fadd(sum, inf))
		return e.selectV(e.fcmp(llvm.FCmpOEQ, big, inf), e.cFloat(f64, 0), r)
	}
	clamped := e.intrinsic("minnum", f64, squares, e.cFloat(f64, math.MaxFloat64))
	r := e.fmul(e.fmul(squares, e.rsqrtRefinedF64(clamped)), up)
	r = e.selectV(e.fcmp(llvm.FCmpOGT, sum, big), r, sum)
	notFinite := e.icmp(llvm.ICmpUGE, e.highWordOfF64(big), e.i32c(0x7FF00000))
	return e.selectV(notFinite, big, r)
}

// rhypotLibdeviceF64 is __nv_rhypot: the magnitudes ordered by their bits
// (unsigned), the scaled hi^2 + lo^2 in one fma, its refined rsqrt times
// 2^-k. Where that is inf or NaN, a branch: hi + lo for a NaN hi, else
// +inf (zeros) or 0 (hi inf); 0 where lo is inf.
func (e *emitter) rhypotLibdeviceF64(a, b ir.Value) ir.Value {
	f64, i64 := e.f64(), e.i64()
	inf := e.cFloat(f64, math.Inf(1))
	abits, bbits := e.bitcast(e.intrinsic("fabs", f64, a), i64), e.bitcast(e.intrinsic("fabs", f64, b), i64)
	lo := e.bitcast(e.intrinsic("umin", i64, bbits, abits), f64)
	hi := e.bitcast(e.intrinsic("umax", i64, abits, bbits), f64)
	down, _ := e.normScaleF64(hi)
	slo, shi := e.fmul(lo, down), e.fmul(hi, down)
	r := e.fmul(e.rsqrtRefinedF64(e.fmaF64(shi, shi, e.fmul(slo, slo))), down)
	special := e.icmp(llvm.ICmpUGE, e.highWordOfF64(r), e.i32c(0x7FF00000))
	return e.chooseOrKeep(special, func() ir.Value {
		s := e.selectV(e.fcmp(llvm.FCmpUNE, hi, inf), inf, e.cFloat(f64, 0))
		s = e.selectV(e.fcmp(llvm.FCmpUGT, hi, inf), e.fadd(hi, lo), s)
		return e.selectV(e.fcmp(llvm.FCmpOEQ, lo, inf), e.cFloat(f64, 0), s)
	}, r)
}
