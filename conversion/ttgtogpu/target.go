package ttgtogpu

import (
	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// target is what the lowering asks of the vendor it lowers for, in the
// spirit of Triton's TargetInfoBase: every choice that differs between
// NVIDIA and AMD goes through it, so patterns never test the vendor
// themselves. nvidiaTarget (target_nvidia.go) and amdTarget
// (target_amd.go) implement it.
type target interface {
	// String is the target as ttg.target spells it ("cuda:90",
	// "hip:gfx942"), for diagnostics.
	String() string
	// warpSize is the number of lanes of a warp (an AMD wavefront).
	warpSize() int
	// insertBarriers runs the shared-memory barrier analysis (package
	// membar) over the module with the vendor's preparation and filter.
	insertBarriers(module *ir.Operation, alloc *allocation.ModuleAllocation) error
	// hasSymmetricClamp reports whether a clamp to [-h, h] is one
	// instruction (sm_90's min.xorsign.abs); Triton then lowers the clips
	// it recognizes to it.
	hasSymmetricClamp() bool
	// hasBF16RoundNearest reports whether rounding f32 to the nearest
	// bf16 is one gpu.cvt; else it is done with integer operations.
	hasBF16RoundNearest() bool
	// hasBF16Arithmetic reports whether add, sub and mul of bf16 stay
	// bf16 ops for the code generator to select (sm_90's add/sub/mul.bf16,
	// sm_80's one fma.rn.bf16 each, as LLVM's NVPTX backend selects them for
	// Triton); else they are computed in f32 and rounded back. Either way
	// the result is the correctly rounded one.
	hasBF16Arithmetic() bool
	// contractsHalfFMA reports whether a multiplication of 16-bit floats
	// of type t feeding an addition becomes one fma (contractFMA), as
	// LLVM fuses them for Triton where the fma is an instruction of the
	// type: NVIDIA's fma.rn.f16, and fma.rn.bf16 from sm_80 on (seen in
	// Triton 3.6's PTX of x * 0.75 + y on an H200).
	contractsHalfFMA(t ir.Type) bool
	// hasFP8PairConversions reports whether a pair of 8-bit floats widens
	// to f16, and two f32 round to a pair of 8-bit floats, in one gpu.cvt
	// (cvt.rn.f16x2.e4m3x2, cvt.rn.satfinite.e4m3x2.f32 and their e5m2
	// forms, sm_89).
	hasFP8PairConversions() bool
	// hasPackedNarrowing reports whether two f32 round to a packed pair of
	// f16 or bf16 in one gpu.cvt (rn and rz).
	hasPackedNarrowing() bool
	// libdeviceMath reports whether the target links libdevice in
	// Triton (NVIDIA): then the math ops Triton lowers to libdevice calls
	// (math.log, log2, tanh and erf on f32 and narrower; the f64 math ops)
	// and the __nv_* externs are computed as libdevice computes them
	// (libm_*f.go, libm_*64.go, libdeviceAlgorithms), and sin and cos,
	// which follow libdevice's algorithm on every target, flush
	// subnormals under Triton's FTZ reflect. Elsewhere tt keeps the
	// approximate instructions and its own f64 algorithms.
	libdeviceMath() bool
	// asyncCopySupport says why the target cannot lower
	// ttg.async_copy_global_to_local and its commit groups and waits
	// (nil: cp.async and cp.async.wait_group).
	asyncCopySupport() error
	// mmaSync returns the mma.sync instruction that multiplies A by B
	// into D for these element types (an nvidia_mma version 2 dot), or
	// why the target has none.
	mmaSync(a, b, d ir.Type, prec tt.InputPrecision) (mmaInstr, error)
	// mfma returns the MFMA instruction of a dot with an amd_mfma result
	// of layout enc and these element types, or why the target has none.
	mfma(enc *ttg.AMDMfmaEncoding, a, b, d ir.Type, prec tt.InputPrecision) (mfmaInstr, error)
	// hasLdMatrix reports whether shared memory loads may use ldmatrix
	// (16-bit transposed only: ldmatrix.b8 is sm_100's).
	hasLdMatrix() bool
	// hasStMatrix reports whether shared memory stores may use stmatrix
	// (sm_90).
	hasStMatrix() bool
	// sharedInstrs is the rule that lays out the shared memory of a
	// layout conversion (and sizes its scratch): Triton's NVIDIA rule,
	// which weighs ldmatrix and stmatrix, or its generic one (AMD).
	sharedInstrs() linearlayout.SharedInstrs
	// scratchSizes sizes the scratch buffers of the allocation the
	// lowering follows: the vendor's allocate-shared-memory pass's.
	scratchSizes() allocation.ScratchSizeFunc
	// warpgroupMMA says why the target cannot run Hopper's warpgroup
	// matrix multiply (ttng.warp_group_dot, the nvidia_mma v3 layout);
	// nil when it can (sm_90 only).
	warpgroupMMA() error
	// mbarriers says why the target has no shared-memory mbarriers
	// with transaction counts (ttng.init_barrier and its family, as
	// Triton emits them: sm_90); nil when it has.
	mbarriers() error
	// asyncProxy says why the target has no async proxy for shared
	// memory (TMA copies through tensor maps, fence.proxy.async: sm_90
	// and later); nil when it has.
	asyncProxy() error
	// clusters says why the target cannot run a program as a cluster of
	// CTAs (ttg.num-ctas > 1: cluster launches and the %clusterid and
	// %cluster_ctarank registers, sm_90 and later); nil when it can.
	clusters() error
}

// targetOf returns the target of a module from its ttg.target ("cuda:NN",
// "hip:gfxNNN"; none means NVIDIA) and the conversion's options, checked
// against the module's warp size.
func targetOf(module *ir.Operation, opts Options) (target, error) {
	name := ttg.Target(module)
	lanes := ttg.ThreadsPerWarp(module)
	switch {
	case ttg.IsHIP(name):
		if opts.ComputeCapability != 0 || opts.PTXVersion != 0 {
			return nil, ir.Errorf(module.Loc(), "compute-capability and ptx-version apply to NVIDIA targets; the module's ttg.target is %q", name)
		}
		return newAMDTarget(module, name, lanes)
	case name == "" || ttg.IsCUDA(name):
		return newNVIDIATarget(module, name, lanes, opts)
	}
	return nil, ir.Errorf(module.Loc(), "unknown ttg.target %q (want \"cuda:NN\" or \"hip:gfxNNN\")", name)
}
