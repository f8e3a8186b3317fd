package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's exact f32 functions under Triton's FTZ reflect, and its
// integer powers.
//
// ldexpf, scalbnf, logbf and ilogbf read |x| through fabs.ftz when the
// reflect is on, so a subnormal x takes the path of a zero there, with
// results no definition gives but Triton's kernels compute:
//
//	ldexpf(x, n), scalbnf(x, n)  x + x (a plain add, exact: 2x)
//	ilogbf(x)                    INT_MIN, ilogb's value for zero
//	logbf(x)                     -150: the exponent read off zero bits
//	                             (-118 less their 32 leading zeros), the
//	                             zero test on x itself failing
//
// Elsewhere they are the exact functions (libm_misc.go): libdevice's
// ldexpf multiplies by up to four exact powers of two from ex2.approx.ftz,
// and every intermediate product that could round is either the last or
// followed by factors that take the result to zero, so one rounding of
// x 2^n is its value. __nv_fmaf is fma.rn.ftz under the reflect (as
// __nv_fmaf_rn is: libm_rounded.go).
//
// __nv_powif and __nv_powi compute x^n by squaring, over |n|'s bits from
// the lowest: r = r x where the bit is set, x = x x, each product one
// rounded multiplication (mul.rn, .ftz for f32 under the reflect), and
// for n < 0 one correctly rounded division 1/r (div.rn, never .ftz). The
// products round, so the result is not pow's but up to |n| - 1 roundings
// from it (2e-6 relative at n = 249 on f32, measured on the H200), and
// that is what Triton's kernels compute. On AMD (OCML's pown) tt keeps
// pow's algorithm, within its 2 ulps.

var _ = registerLibm(func() {
	withSubnormal := func(exact func(e *emitter, a []ir.Value) ir.Value, sub func(e *emitter, x ir.Value) ir.Value) libdeviceAlgorithm {
		return func(e *emitter, a []ir.Value, ftz bool) ir.Value {
			r := exact(e, a)
			if !ftz {
				return r
			}
			return e.selectV(e.subnormalF32(a[0]), sub(e, a[0]), r)
		}
	}
	ldexp := withSubnormal(func(e *emitter, a []ir.Value) ir.Value { return e.ldexpAny(a[0], a[1], a[0].Type()) },
		func(e *emitter, x ir.Value) ir.Value { return e.fadd(x, x) })
	libdeviceAlgorithms["__nv_ldexpf"], libdeviceAlgorithms["__nv_scalbnf"] = ldexp, ldexp
	libdeviceAlgorithms["__nv_ilogbf"] = withSubnormal(func(e *emitter, a []ir.Value) ir.Value { return e.ilogbAny(a[0], e.i32()) },
		func(e *emitter, _ ir.Value) ir.Value { return e.i32c(math.MinInt32) })
	libdeviceAlgorithms["__nv_logbf"] = withSubnormal(func(e *emitter, a []ir.Value) ir.Value {
		return e.throughF64(a[0].Type(), a, func(w []ir.Value) ir.Value { return e.logbF64(w[0]) })
	}, func(e *emitter, _ ir.Value) ir.Value { return e.cFloat(e.f32(), -150) })
	registerRounded("__nv_fmaf", gpu.FMAOp, gpu.RoundRN, true, 3)
	powi := func(e *emitter, a []ir.Value, ftz bool) ir.Value { return e.powiLibdevice(a[0], a[1], ftz) }
	libdeviceAlgorithms["__nv_powif"], libdeviceAlgorithms["__nv_powi"] = powi, powi
})

// subnormalF32 is where the f32 x is subnormal (nonzero, below 2^-126 in
// magnitude): where fabs.ftz reads it as zero.
func (e *emitter) subnormalF32(x ir.Value) ir.Value {
	f32 := e.f32()
	ax := e.intrinsic("fabs", f32, x)
	return e.and(e.fcmp(llvm.FCmpOLT, ax, e.cFloat(f32, 0x1p-126)), e.fcmp(llvm.FCmpONE, ax, e.cFloat(f32, 0)))
}

// powiLibdevice is __nv_powif (an f32 x) or __nv_powi (f64): x^n by
// squaring, as above. The loop takes a trip per bit of |n| (32 at most:
// |INT_MIN| is read unsigned); its last square goes unused.
func (e *emitter) powiLibdevice(x, n ir.Value, ftz bool) ir.Value {
	t := x.Type()
	g := newGPU(e)
	mul := func(a, b ir.Value) ir.Value { return g.rounded(gpu.FMulOp, gpu.RoundRN, ftz && !isF64(t), a, b) }
	// The values: the square x^(2^k), |n| >> k, the product so far.
	out := e.whileLoop([]ir.Value{x, e.iabs(n), e.cFloat(t, 1)}, 32, func(v []ir.Value) ir.Value {
		return e.icmpC(llvm.ICmpNE, v[1], 0)
	}, func(v []ir.Value) []ir.Value {
		odd := e.icmpC(llvm.ICmpNE, e.andC(v[1], 1), 0)
		return []ir.Value{mul(v[0], v[0]), e.lshrC(v[1], 1), e.selectV(odd, mul(v[2], v[0]), v[2])}
	})
	r := out[2]
	inv := g.rounded(gpu.FDivOp, gpu.RoundRN, false, e.cFloat(t, 1), r)
	return e.selectV(e.icmpC(llvm.ICmpSLT, n, 0), inv, r)
}
