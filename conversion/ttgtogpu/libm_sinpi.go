package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_sinpif, __nv_cospif, __nv_sinpi, __nv_cospi and
// __nv_fast_tanf in the operations and order of their libdevice code, so
// that tt's results are Triton's bits.
//
// sin(pi a) and cos(pi a) reduce exactly: q = rint(2a) (2a by a plain
// add in f32; in f64 by adding one to the exponent field, which is 2a
// for every a that matters), r = a - q/2 by one fma, |r| <= 1/4, then
// t = pi r as r pi_hi + (r pi_lo) in one fma. The kernel is libdevice's
// sin/cos kernel of quadrant q (q + 1 for cos): q's parity picks the sine
// or the cosine polynomial in t^2 (in f32 the first coefficients and the
// 1-or-t base by selects, as LLVM turns libdevice's one-instruction
// branches into selects; in f64 the shared __nv_sin kernel,
// sinCosKernelLibdeviceF64), negated as -r + 0 in quadrants 2 and 3.
// sinpi of an integer is a times +0 (the zero of a's sign; NaN for
// infinities); cospi sets arguments past 2^24 (f32) or about 2^53 (f64)
// to a times 0 first, which are even integers (NaN stays NaN, infinities
// become NaN). The f32 code's fma and mul take .ftz under Triton's FTZ
// reflect (the reflect also flushes cospif's |a| test); its adds, the
// multiply by pi_lo, rint and trunc never flush. f64 code has no reflect;
// libdevice's sm_35/sm_37 path (sincospi) is not Triton's.
//
// __nv_fast_tanf is sin.approx over cos.approx by div.approx, .ftz under
// the reflect.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_sinpif": func(e *emitter, x ir.Value, ftz bool) ir.Value { return e.sinCosPiLibdeviceF32(x, false, ftz) },
		"__nv_cospif": func(e *emitter, x ir.Value, ftz bool) ir.Value { return e.sinCosPiLibdeviceF32(x, true, ftz) },
		"__nv_sinpi":  func(e *emitter, x ir.Value, _ bool) ir.Value { return e.sinCosPiLibdeviceF64(x, false) },
		"__nv_cospi":  func(e *emitter, x ir.Value, _ bool) ir.Value { return e.sinCosPiLibdeviceF64(x, true) },
		"__nv_fast_tanf": func(e *emitter, x ir.Value, ftz bool) ir.Value {
			g := newGPU(e)
			return g.fast(gpu.DivApproxOp, ftz, g.unary("sin_approx", x, ftz), g.unary("cos_approx", x, ftz))
		},
	})
	for name, sig := range map[string]string{"__nv_sinpif": "ff", "__nv_cospif": "ff", "__nv_sinpi": "dd", "__nv_cospi": "dd", "__nv_fast_tanf": "ff"} {
		externSignatures[name] = sig
	}
})

// The bits of libdevice's constants: pi in two parts, and the f32
// kernel's polynomial coefficients (cosine, sine).
const (
	sinPiF32PiHi = 0x400921FB40000000
	sinPiF32PiLo = 0x3E84442D20000000
	sinPiF64PiHi = 0x400921FB54442D18
	sinPiF64PiLo = 0x3CA1A62633145C07
	// sinCosPiF32Huge is 2^24: cospif's arguments beyond are even integers.
	sinCosPiF32Huge = 0x4170000000000000
	// sinCosPiF64HugeHi is cospi's bound on its argument's high word
	// doubled (the sign shifted out): 2^53 (1 + 2^-20) and beyond.
	sinCosPiF64HugeHi = 0x86800000
)

// libdevice's f32 sin/cos kernel's polynomial coefficients: the cosine's
// first fma (the sine starts from one constant), then {cosine, sine} per
// step.
var (
	sinCosF32CosHead = [2]uint64{0x3EF9758000000000, 0xBF56C0FDA0000000}
	sinCosF32SinHead = uint64(0xBF29A82A60000000)
	sinCosF32Steps   = [][2]uint64{{0x3FA5555760000000, 0x3F8110BC80000000}, {0xBFDFFFFFE0000000, 0xBFC5555500000000}}
)

// sinCosPiLibdeviceF32 is __nv_sinpif (cos false) or __nv_cospif.
func (e *emitter) sinCosPiLibdeviceF32(a ir.Value, cos, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	if cos {
		far := e.fcmp(llvm.FCmpOGT, e.intrinsic("fabs", f32, e.flushF32(a, ftz)), e.f32Const(sinCosPiF32Huge))
		a = e.selectV(far, e.mulRNF32(a, c(0), ftz), a)
	}
	qf := e.intrinsic("roundeven", f32, e.fadd(a, a))
	q := e.cast("llvm.fptosi", qf, i32)
	r := e.fmaRN(e.fneg(qf), c(0.5), a, ftz)
	t := e.fmaRN(r, e.f32Const(sinPiF32PiHi), e.fmul(r, e.f32Const(sinPiF32PiLo)), ftz)
	if cos {
		q = e.addC(q, 1)
	}
	z := e.sinCosKernelLibdeviceF32(q, t, ftz)
	if cos {
		return z
	}
	integral := e.fcmp(llvm.FCmpOEQ, a, e.intrinsic("trunc", f32, a))
	return e.selectV(integral, e.mulRNF32(a, c(0), ftz), z)
}

// sinCosKernelLibdeviceF32 is libdevice's f32 __internal_sin_cos_kernel:
// sin(t + q pi/2) for |t| <= pi/4, with s = t^2 by mul.rn: odd q 1 + s
// C(s), even q t + t s S(s), negated in quadrants 2 and 3.
func (e *emitter) sinCosKernelLibdeviceF32(q, t ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	// t^2 only multiplies: plain or mul.rn, the same bits.
	s := e.fmul(t, t)
	if ftz {
		s = e.mulRNF32(t, t, true)
	}
	odd := e.icmp(llvm.ICmpNE, e.andC(q, 1), e.cInt(i32, 0))
	base := e.selectV(odd, c(1), t)
	scale := e.fmaRN(s, base, c(0), ftz)
	p := e.selectV(odd, e.fmaRN(e.f32Const(sinCosF32CosHead[0]), s, e.f32Const(sinCosF32CosHead[1]), ftz), e.f32Const(sinCosF32SinHead))
	for _, step := range sinCosF32Steps {
		p = e.fmaRN(p, s, e.selectV(odd, e.f32Const(step[0]), e.f32Const(step[1])), ftz)
	}
	z := e.fmaRN(p, scale, base, ftz)
	negate := e.icmp(llvm.ICmpNE, e.andC(q, 2), e.cInt(i32, 0))
	return e.selectV(negate, e.fmaRN(z, c(-1), c(0), ftz), z)
}

// sinCosPiLibdeviceF64 is __nv_sinpi (cos false) or __nv_cospi.
func (e *emitter) sinCosPiLibdeviceF64(a ir.Value, cos bool) ir.Value {
	f64, i32, i64 := e.f64(), e.i32(), e.i64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	if cos {
		hi := e.highWordOfF64(a)
		far := e.icmp(llvm.ICmpUGT, e.add(hi, hi), e.cInt(i32, sinCosPiF64HugeHi))
		a = e.selectV(far, e.mulRNF64(a, c(0)), a)
	}
	lo, hi := e.wordsOfF64(a)
	qf := e.intrinsic("roundeven", f64, e.f64OfWords(lo, e.addC(hi, 1<<20)))
	q := e.trunc(e.cast("llvm.fptosi", qf, i64), i32)
	r := e.fmaF64(e.fneg(qf), c(0.5), a)
	t := e.fmaF64(r, e.f64Const(sinPiF64PiHi), e.fmul(r, e.f64Const(sinPiF64PiLo)))
	if cos {
		return e.sinCosKernelLibdeviceF64(e.addC(q, 1), t)
	}
	z := e.sinCosKernelLibdeviceF64(q, t)
	integral := e.fcmp(llvm.FCmpOEQ, a, e.intrinsic("trunc", f64, a))
	return e.selectV(integral, e.mulRNF64(a, c(0)), z)
}
