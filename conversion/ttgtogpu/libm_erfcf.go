package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_erfcf in the operations and order of its libdevice
// code (the .ftz forms under Triton's FTZ reflect included), so that tt's
// results are Triton's bits.

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_erfcf"] = unaryAlgorithm((*emitter).erfcLibdeviceF32)
})

// erfcxF32Coeffs is __nv_erfcf's polynomial in t = (a - 4)/(a + 4), from
// the highest power down: erfc(a) e^(a^2) (1 + 2a) for a >= 0.
var erfcxF32Coeffs = []uint64{0x3F4D341220000000, 0x3F7CDC0B60000000, 0xBF903F6960000000,
	0x3FA2A6E760000000, 0xBFB10F8B40000000, 0x3FB8043AA0000000, 0xBFB9DA8480000000,
	0x3FB16E9BC0000000, 0x3F8F7E2E00000000, 0xBFC1DF1A80000000, 0x3FF3BA5920000000}

const erfcF32Zero = 0x40241C2900000000 // 10.055: erfc is 0 beyond

// erfcLibdeviceF32 is __nv_erfcf of an f32 x; ftz is Triton's FTZ reflect.
// With a = |x|: erfc(a) = erfcx(a) e^(-a^2), where erfcx(a) = P(t)/(1 + 2a)
// with t = (a - 4)/(a + 4); each quotient is rcp.approx's, corrected by
// one step from its residual. e^(-a^2) is 2^j ex2.approx(r) with j the
// truncated -a^2 log2(e) (at least -126) and r the rest, times 1 + the
// rounding error of -a^2. 0 beyond 10.055, and 2 - erfc(a) for x < 0.
func (e *emitter) erfcLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	bits := func(b uint32) ir.Value { return c(float64(math.Float32frombits(b))) }
	g := newGPU(e)
	a := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	erfcx := e.erfcxKernelF32(a, ftz) // libm_erfcinv.go
	// e^(-a^2): the exponent j, clamped to -126, in a float.
	na2 := e.fmul(e.fneg(a), a)
	j := e.intrinsic("trunc", f32, e.mulRNF32(na2, bits(expKernelLog2E), ftz))
	j = e.selectV(e.fcmp(llvm.FCmpOGT, e.intrinsic("fabs", f32, j), c(126)), e.intrinsic("copysign", f32, c(126), j), j)
	r := e.fmaRN(j, bits(expKernelLn2Hi|1<<31), na2, ftz)
	r = e.fmaRN(j, bits(expKernelLn2Lo), r, ftz)
	const magic = 12582912 // 1.5 * 2^23: j + 127 lands in the low mantissa bits
	scale := e.bitcast(e.shl(e.bitcast(e.fadd(j, c(magic+127)), i32), e.cInt(i32, 23)), f32)
	// ex2.approx.ftz whatever the reflect, as libdevice writes it.
	head := e.fmul(g.unary("ex2_approx", e.fmul(r, bits(expKernelLog2E)), true), scale)
	exp := e.fmaRN(head, e.fmaRN(e.fneg(a), a, e.fneg(na2), ftz), head, ftz)
	v := e.fmul(erfcx, exp)
	v = e.selectV(e.fcmp(llvm.FCmpOGT, a, e.f32Const(erfcF32Zero)), c(0), v)
	return e.selectV(e.fcmp(llvm.FCmpOLT, x, c(0)), e.fsub(c(2), v), v)
}
