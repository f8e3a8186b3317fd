package ttgtogpu

import (
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_fast_logf, __nv_fast_log10f, __nv_fast_exp10f and
// __nv_fast_powf as their libdevice code has them: a few approximate
// instructions and plain f32 products, nothing else.
//
//	__nv_fast_logf(x)    = lg2.approx(x) * ln(2)
//	__nv_fast_log10f(x)  = lg2.approx(x) * log10(2)
//	__nv_fast_exp10f(x)  = ex2.approx(x * log2(10))
//	__nv_fast_powf(x, y) = ex2.approx(y * lg2.approx(x))
//
// Each constant is the f32 libdevice spells. lg2.approx and ex2.approx
// take their .ftz form under Triton's FTZ reflect (libdevice branches on
// __nvvm_reflect("__CUDA_FTZ") around each): a subnormal argument reads
// as a zero and a subnormal result becomes one, so __nv_fast_logf(1e-39)
// is -inf with the reflect and about -89.8 without. The products are
// plain fmul, which never flush. tt emits the instructions through the
// gpu dialect's fast-math ops, so the results are the hardware's
// approximations, as Triton's are; the simulator takes each as its exact
// value rounded. These are NVIDIA's: on AMD the extern table's entries
// apply.
//
// The other fast functions are right in the extern table already:
// __nv_fast_expf is the product by log2(e) and ex2.approx, __nv_exp2f,
// __nv_fast_log2f, __nv_fast_sinf and __nv_fast_cosf one instruction
// each, .ftz under the reflect; __nv_fast_tanf (libm_sinpi.go) and
// __nv_fast_fdividef (libm_rounded.go) are registered where their kin
// are.

// Bits of libdevice's f32 constants, as its IR spells them (f64 bits).
const (
	fastLn2F32   = 0x3FE62E4300000000 // ln(2)
	fastLog10of2 = 0x3FD3441360000000 // log10(2)
	fastLog2of10 = 0x400A934F00000000 // log2(10)
)

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_fast_logf": func(e *emitter, x ir.Value, ftz bool) ir.Value {
			return e.fastLogLibdeviceF32(x, fastLn2F32, ftz)
		},
		"__nv_fast_log10f": func(e *emitter, x ir.Value, ftz bool) ir.Value {
			return e.fastLogLibdeviceF32(x, fastLog10of2, ftz)
		},
		"__nv_fast_exp10f": func(e *emitter, x ir.Value, ftz bool) ir.Value {
			return newGPU(e).unary("ex2_approx", e.fmul(x, e.f32Const(fastLog2of10)), ftz)
		},
	})
	libdeviceAlgorithms["__nv_fast_powf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		g := newGPU(e)
		return g.unary("ex2_approx", e.fmul(a[1], g.unary("lg2_approx", a[0], ftz)), ftz)
	}
})

// fastLogLibdeviceF32 is lg2.approx(x) times the f32 of bits (a plain
// fmul): libdevice's fast logarithms to bases other than 2.
func (e *emitter) fastLogLibdeviceF32(x ir.Value, bits uint64, ftz bool) ir.Value {
	return e.fmul(newGPU(e).unary("lg2_approx", x, ftz), e.f32Const(bits))
}
