package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_sin and __nv_cos (f64) in the operations and order of
// their libdevice code (its __internal_sin_cos_kerneld, the path every
// target after sm_37 takes), so that tt's results are Triton's bits.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_sin": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.sinCosLibdeviceF64(x, false) },
		"__nv_cos": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.sinCosLibdeviceF64(x, true) },
	})
})

// sinCosF64Coeffs are libdevice's __cudart_sin_cos_coeffs: the
// polynomial P of t^2 in sin t = t + t^3 P (even quadrants of sin) and in
// cos t = 1 + t^2 P (odd ones), from the highest power down. sin's
// lowest coefficient is 0, so that both end in the same number of fmas.
var sinCosF64Coeffs = [2][7]uint64{
	{0x3DE5DB65F9785EBA, 0xBE5AE5F12CB0D246, 0x3EC71DE369ACE392, 0xBF2A01A019DB62A1,
		0x3F81111111110818, 0xBFC5555555555554, 0x0000000000000000},
	{0xBDA8FF8320FD8164, 0x3E21EEA7C1EF8528, 0xBE927E4F8E06E6D9, 0x3EFA01A019DDBCE9,
		0xBF56C16C16C15D47, 0x3FA5555555555551, 0xBFE0000000000000},
}

// sinCosLibdeviceF64 is __nv_sin (cos false) and __nv_cos: x reduced to
// the quadrant q and t = x - q pi/2 (trigReduceLibdeviceF64), q + 1 for
// cos; one polynomial chain whose coefficients q's parity selects, sin's
// t + t (t^2 P) or cos's 1 + t^2 P, negated (as -r + 0) in quadrants 2
// and 3.
func (e *emitter) sinCosLibdeviceF64(x ir.Value, cos bool) ir.Value {
	q, t := e.trigReduceLibdeviceF64(x)
	if cos {
		q = e.addC(q, 1)
	}
	return e.sinCosKernelLibdeviceF64(q, t)
}

// sinCosKernelLibdeviceF64 is libdevice's f64 sine kernel: sin(t + q
// pi/2) for a reduced t (|t| <= pi/4) and quadrant q (i32), the sine or
// cosine polynomial by q's parity, negated in quadrants 2 and 3.
func (e *emitter) sinCosKernelLibdeviceF64(q, t ir.Value) ir.Value {
	f64, i32 := e.f64(), e.i32()
	odd := e.icmp(llvm.ICmpNE, e.andC(q, 1), e.cInt(i32, 0))
	t2 := newGPU(e).rounded(gpu.FMulOp, gpu.RoundRN, false, t, t)
	coeff := func(k int) ir.Value {
		return e.selectV(odd, e.f64Const(sinCosF64Coeffs[1][k]), e.f64Const(sinCosF64Coeffs[0][k]))
	}
	p := coeff(0)
	for k := 1; k < len(sinCosF64Coeffs[0]); k++ {
		p = e.fmaF64(p, t2, coeff(k))
	}
	r := e.selectV(odd, e.fmaF64(p, t2, e.cFloat(f64, 1)), e.fmaF64(p, t, t))
	negate := e.icmp(llvm.ICmpNE, e.andC(q, 2), e.cInt(i32, 0))
	return e.selectV(negate, e.fmaF64(r, e.cFloat(f64, -1), e.cFloat(f64, 0)), r)
}
