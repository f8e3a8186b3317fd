package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's arithmetic with an explicit rounding mode: __nv_fadd_rz,
// __nv_dsqrt_ru and their kin are each one PTX instruction (add.rz.f32,
// sqrt.rp.f64), the f32 ones in their .ftz form under Triton's FTZ
// reflect, the f64 ones never; tt emits the same instruction through the
// gpu dialect's rounded ops (gpu.fadd, gpu.fsub, gpu.fmul, gpu.fma,
// gpu.fdiv, gpu.frcp, gpu.fsqrt), which ptxas never contracts. The _rd
// and _ru suffixes are PTX's .rm and .rp. __nv_saturatef is cvt.sat
// (gpu.saturate), __nv_fast_fdividef div.approx, __nv_rcp64h f64
// rcp.approx.ftz (the instruction's only form); __nv_frsqrt_rn is a
// sequence (rsqrtRNLibdeviceF32).
//
// These are NVIDIA's instructions: on AMD targets the rounded ops are
// refused with a located error when the kernel is translated; the
// functions tt already computed there (__nv_fmaf_rn, __nv_fdiv_rn,
// __nv_fsqrt_rn, __nv_ddiv_rn, __nv_dsqrt_rn) keep their portable form.

var _ = registerLibm(func() {
	modes := map[string]gpu.Rounding{"rn": gpu.RoundRN, "rz": gpu.RoundRZ, "rd": gpu.RoundRM, "ru": gpu.RoundRP}
	ops := []struct {
		f32, f64 string // the symbols less their mode suffix
		def      *ir.OpDef
		arity    int
	}{
		{"__nv_fadd_", "__nv_dadd_", gpu.FAddOp, 2},
		{"__nv_fsub_", "__nv_dsub_", gpu.FSubOp, 2},
		{"__nv_fmul_", "__nv_dmul_", gpu.FMulOp, 2},
		{"__nv_fmaf_", "__nv_fma_", gpu.FMAOp, 3},
		{"__nv_fdiv_", "__nv_ddiv_", gpu.FDivOp, 2},
		{"__nv_frcp_", "__nv_drcp_", gpu.FRcpOp, 1},
		{"__nv_fsqrt_", "__nv_dsqrt_", gpu.FSqrtOp, 1},
	}
	for suffix, r := range modes {
		for _, o := range ops {
			registerRounded(o.f32+suffix, o.def, r, true, o.arity)
			registerRounded(o.f64+suffix, o.def, r, false, o.arity)
		}
	}
	libdeviceAlgorithms["__nv_saturatef"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return newGPU(e).rounded(gpu.SaturateOp, gpu.RoundNone, ftz, a[0])
	}
	libdeviceAlgorithms["__nv_fast_fdividef"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return newGPU(e).fast(gpu.DivApproxOp, ftz, a[0], a[1])
	}
	libdeviceAlgorithms["__nv_rcp64h"] = func(e *emitter, a []ir.Value, _ bool) ir.Value {
		return newGPU(e).fast(gpu.RcpApproxOp, true, a[0])
	}
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_frsqrt_rn": (*emitter).rsqrtRNLibdeviceF32,
	})
	for name, sig := range map[string]string{"__nv_saturatef": "ff", "__nv_fast_fdividef": "fff", "__nv_rcp64h": "dd", "__nv_frsqrt_rn": "ff"} {
		externSignatures[name] = sig
	}
})

// registerRounded registers a libdevice symbol computed by one rounded op
// of arity operands in mode r, f32 (.ftz under the reflect) or f64.
func registerRounded(name string, def *ir.OpDef, r gpu.Rounding, f32 bool, arity int) {
	libdeviceAlgorithms[name] = func(e *emitter, a []ir.Value, ftz bool) ir.Value {
		return newGPU(e).rounded(def, r, ftz && f32, a...)
	}
	letter := "d"
	if f32 {
		letter = "f"
	}
	sig := ""
	for i := 0; i <= arity; i++ {
		sig += letter
	}
	externSignatures[name] = sig
}

// rsqrtRNLibdeviceF32 is __nv_frsqrt_rn, 1/sqrt(x) correctly rounded:
// for a positive normal x (subnormals scaled by 2^24 first, unless
// flushed), x = m 2^2k with m in [0.5, 2); rsqrt.approx of m, refined by
// one step on the residual 1 - r^2 m (computed to about 48 bits as r^2's
// rounding error and r^2 m, each through an exact fma), y = r + r d (1/2
// + 3/8 d), and 2^-k added to y's exponent field. Zeros, negatives,
// infinities, NaN (and subnormals under ftz, which the approximation
// flushes) take rsqrt.approx.ftz directly, as libdevice does: ±inf for
// ±0, NaN below zero, +0 for +inf.
func (e *emitter) rsqrtRNLibdeviceF32(a ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	g := newGPU(e)
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	fma := func(a, b, c ir.Value) ir.Value { return g.rounded(gpu.FMAOp, gpu.RoundRN, ftz, a, b, c) }
	x := a
	var tiny ir.Value // |a| below the smallest normal, without the reflect
	if !ftz {
		tiny = e.fcmp(llvm.FCmpOLT, e.intrinsic("fabs", f32, a), c(0x1p-126))
		x = e.selectV(tiny, e.fmul(a, c(0x1p24)), a)
	}
	xb := e.bitcast(x, i32)
	normal := e.icmpC(llvm.ICmpULT, e.addC(xb, -0x800000), 0x7F000000) // positive, normal, finite
	mb := e.or(e.andC(xb, 0xFFFFFF), e.i32c(0x3F000000))               // the last exponent bit kept: [0.5, 2)
	m := e.bitcast(mb, f32)
	t := e.sub(mb, xb) // 2k - (m's exponent - x's) in exponent-field units, even
	if !ftz {
		t = e.selectV(tiny, e.addC(t, 24<<23), t)
	}
	r := g.fast(gpu.RsqrtApproxOp, true, m)
	r2 := e.fmul(r, r)
	negM := e.fneg(m)
	lo := fma(r, r, e.fneg(r2))   // r^2 - r2, exact
	hi := fma(r2, negM, c(1))     // 1 - r2 m
	d := fma(lo, negM, hi)        // 1 - r^2 m
	k := fma(c(0.375), d, c(0.5)) // 1/2 + 3/8 d
	y := fma(k, e.fmul(d, r), r)  // r (1 + d/2 + 3d^2/8)
	scaled := e.add(e.bitcast(y, i32), e.ashr(t, e.i32c(1)))
	return e.selectV(normal, e.bitcast(scaled, f32), g.fast(gpu.RsqrtApproxOp, true, x))
}
