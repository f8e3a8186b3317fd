package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_tanf in the operations and order of its libdevice code
// (the .ftz forms under Triton's FTZ reflect included), so that tt's
// results are Triton's bits. It shares __nv_sinf's argument reduction
// (libm_f32.go): Cody-Waite below 105615, Payne-Hanek from there, the
// latter in a branch that only threads holding such an argument take, as
// in libdevice's code.

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_tanf"] = unaryAlgorithm((*emitter).tanLibdeviceF32)
})

// tanF32Coeffs is P of __nv_tanf's tan(t) = t + t^3 P(t^2), from the
// highest power down.
var tanF32Coeffs = []uint64{0x3F83200000000000, 0x3F6AC00000000000, 0x3F98E00000000000,
	0x3FAB600000000000, 0x3FC1128700000000, 0x3FD5555100000000}

// tanF32Identity is the one |t| (4.9097e-4) at which libdevice returns the
// reduced argument itself rather than the polynomial's value.
const tanF32Identity = 0x3F40168780000000

// tanLibdeviceF32 is __nv_tanf of an f32 x; ftz is Triton's FTZ reflect.
// x is reduced to t = x - q pi/2; tan(t) is the odd polynomial
// t + t^3 P(t^2) on |t| <= pi/4, and an odd quadrant q takes
// -1/tan(t) = tan(t + pi/2) by rcp.approx instead.
func (e *emitter) tanLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	x = e.flushF32(x, ftz)
	huge := e.fcmp(llvm.FCmpOGE, e.intrinsic("fabs", f32, x), e.cFloat(f32, trigF32Huge))
	pair := func(q, t ir.Value) []ir.Value { return []ir.Value{q, t} }
	reduced := e.chooseValues(huge, []ir.Type{i32, f32},
		func() []ir.Value { return pair(e.trigHugeF32(x)) },
		func() []ir.Value { return pair(e.trigCodyWaiteF32(x)) })
	q, t := reduced[0], reduced[1]
	t2 := e.fmul(t, t)
	p := e.fmaChainF32(tanF32Coeffs, t2, ftz)
	t3 := e.mulRNF32(t2, t, ftz)
	r := e.fmaRN(p, t3, t, ftz)
	// The reduced t is never subnormal: comparing |t| needs no flush.
	r = e.selectV(e.fcmp(llvm.FCmpOEQ, e.intrinsic("fabs", f32, t), e.f32Const(tanF32Identity)), t, r)
	odd := e.icmp(llvm.ICmpNE, e.and(q, e.cInt(i32, 1)), e.cInt(i32, 0))
	// libdevice's rcp is inline PTX, rcp.approx.ftz whatever the reflect.
	return e.selectV(odd, newGPU(e).unary("rcp_approx", e.fneg(r), true), r)
}

// fmaChainF32 is libdevice's Horner chain of f32 constants (their f64
// bits, listed from the highest power down) in x: c0 x + c1, then
// (.) x + c2, ..., each a fma.rn (.ftz when ftz).
func (e *emitter) fmaChainF32(coeffs []uint64, x ir.Value, ftz bool) ir.Value {
	p := e.f32Const(coeffs[0])
	for _, c := range coeffs[1:] {
		p = e.fmaRN(p, x, e.f32Const(c), ftz)
	}
	return p
}
