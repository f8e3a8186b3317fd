package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_tgammaf in the operations and order of its libdevice
// code (the .ftz forms under Triton's FTZ reflect included; its plain
// fadd, fsub, fmul and fdiv (div.rn) never flush), so that tt's results
// are Triton's bits.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_tgammaf": (*emitter).tgammaLibdeviceF32,
	})
})

// tgammaF32Coeffs is __nv_tgammaf's polynomial, from the highest power
// down: 1/Gamma(1 + t) for t in [-1/2, 1/2].
var tgammaF32Coeffs = []uint64{0xBF515433C0000000, 0x3F7D0D5480000000, 0xBF83C53300000000,
	0xBFA597C940000000, 0x3FC55142E0000000, 0xBFA5819760000000, 0xBFE4FCF460000000,
	0x3FE2788D00000000, 0x3FF0000000000000}

const (
	tgammaF32Split     = 0x404103D700000000 // 34.03: beyond it, Gamma takes one factor out of the loop
	tgammaF32NegFloor  = 0xC0448CCCC0000000 // -41.1: arguments below are clamped to it
	tgammaF32NegFactor = 0xC04103D700000000 // -34.03: below, six factors of the recurrence come out of the loop
)

// tgammaLibdeviceF32 is __nv_tgammaf of an f32 a; ftz is Triton's FTZ
// reflect. Both sides of 0 (a branch, as in Triton's code) bring the
// argument into [-1/2, 3/2] by Gamma's recurrence, a loop of the thread
// multiplying the factors it passes, and take 1/Gamma there from a
// polynomial:
//   - a >= 0, clamped to 36: Gamma(x) = s/P(x - 1) (x P(x) below 1/2,
//     where s = 1), the quotient a div.approx; beyond 34.03 the loop starts
//     at x - 1 and the result is multiplied by x - 1 (overflowing to +inf);
//   - a < 0 (and NaN): NaN at the poles, arguments clamped to -41.1, and
//     Gamma(x) = 1/(s P(xx)) by div.rn, s the product of the loop's
//     factors xx; below -34.03 the loop starts at x + 6 and the result is
//     divided by x (x + 1) ... (x + 5), and below -42 it is -0 where the
//     truncated argument is even (Gamma's sign there, its value
//     underflowing).
func (e *emitter) tgammaLibdeviceF32(a ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	positive := func() ir.Value {
		x := e.selectV(e.fcmp(llvm.FCmpOGT, a, c(36)), c(36), a)
		big := e.fcmp(llvm.FCmpOGT, x, e.f32Const(tgammaF32Split))
		start := e.selectV(big, e.fsub(x, c(1)), x)
		// s = (xx - 1)(xx - 2)... down to xx in (1/2, 3/2].
		loop := e.whileLoop([]ir.Value{c(1), start}, 36,
			func(v []ir.Value) ir.Value { return e.fcmp(llvm.FCmpOGT, v[1], c(1.5)) },
			func(v []ir.Value) []ir.Value {
				xx := e.fsub(v[1], c(1))
				return []ir.Value{e.fmul(v[0], xx), xx}
			})
		s, xx := loop[0], loop[1]
		half := e.fcmp(llvm.FCmpOLT, x, c(0.5))
		p := e.fmaChainF32(tgammaF32Coeffs, e.selectV(half, xx, e.fsub(xx, c(1))), ftz)
		p = e.selectV(half, e.fmul(p, x), p)
		q := newGPU(e).fast(gpu.DivApproxOp, ftz, s, p)
		return e.selectV(big, e.fmul(q, e.fsub(x, c(1))), q)
	}
	negative := func() ir.Value {
		pole := e.fcmp(llvm.FCmpOEQ, a, e.intrinsic("floor", f32, e.flushF32(a, ftz)))
		x := e.selectV(pole, c(math.NaN()), a)
		x = e.selectV(e.fcmp(llvm.FCmpOLT, x, e.f32Const(tgammaF32NegFloor)), e.f32Const(tgammaF32NegFloor), x)
		far := e.fcmp(llvm.FCmpOLT, x, e.f32Const(tgammaF32NegFactor))
		start := e.selectV(far, e.fadd(x, c(6)), x)
		// s = start (start + 1)... up to xx in [-1/2, 1/2).
		loop := e.whileLoop([]ir.Value{start, start}, 36,
			func(v []ir.Value) ir.Value { return e.fcmp(llvm.FCmpOLT, v[1], c(-0.5)) },
			func(v []ir.Value) []ir.Value {
				xx := e.fadd(v[1], c(1))
				return []ir.Value{e.fmul(v[0], xx), xx}
			})
		s, xx := loop[0], loop[1]
		r := e.fbin("llvm.fdiv", c(1), e.fmul(s, e.fmaChainF32(tgammaF32Coeffs, xx, ftz)))
		return e.chooseOrKeep(far, func() ir.Value {
			prod := x
			for k := 1; k <= 5; k++ {
				prod = e.fmul(prod, e.fadd(x, c(float64(k))))
			}
			v := e.fmul(r, e.fbin("llvm.fdiv", c(1), prod))
			i32 := e.i32()
			even := e.icmp(llvm.ICmpEQ, e.and(e.cast("llvm.fptosi", a, i32), e.cInt(i32, 1)), e.cInt(i32, 0))
			underflow := e.and(e.fcmp(llvm.FCmpOLT, a, c(-42)), even)
			return e.selectV(underflow, c(math.Copysign(0, -1)), v)
		}, r)
	}
	return e.choose(e.fcmp(llvm.FCmpOGE, a, c(0)), f32, positive, negative)
}
