package ttgtogpu

import (
	"fmt"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// nvidiaTarget is an NVIDIA GPU: its compute capability (90 for sm_90)
// and the PTX ISA version the output may use (times ten: 84 for 8.4), as
// Triton's NVIDIA TargetInfo. Warps have 32 threads.
type nvidiaTarget struct {
	capability int
	ptxVersion int
}

// newNVIDIATarget takes the capability and PTX version from the options,
// else from ttg.target (sm_80 when the module names none) and the
// capability's default PTX version.
func newNVIDIATarget(module *ir.Operation, name string, lanes int, opts Options) (*nvidiaTarget, error) {
	switch lanes {
	case 32:
	case 64:
		return nil, ir.Errorf(module.Loc(), "64 threads per warp needs an AMD target (ttg.target \"hip:...\"), the module's is %q", name)
	default:
		return nil, ir.Errorf(module.Loc(), "NVIDIA warps have 32 threads, the module has %d (\"ttg.threads-per-warp\")", lanes)
	}
	t := &nvidiaTarget{capability: opts.ComputeCapability, ptxVersion: opts.PTXVersion}
	if t.capability == 0 {
		t.capability = ttg.ComputeCapability(name)
	}
	if t.capability == 0 {
		t.capability = 80
	}
	if t.ptxVersion == 0 {
		t.ptxVersion = defaultPTXVersion(t.capability)
	}
	return t, nil
}

// defaultPTXVersion is the PTX ISA version (times ten) the lowering
// assumes when none is given: one that every instruction the capability
// has can be written in.
func defaultPTXVersion(cc int) int {
	switch {
	case cc >= 100:
		return 86
	case cc >= 90:
		return 80
	case cc >= 89:
		return 78
	}
	return 70
}

func (t *nvidiaTarget) String() string { return fmt.Sprintf("cuda:%d", t.capability) }

func (t *nvidiaTarget) warpSize() int { return 32 }

// insertBarriers runs the barrier analysis as Triton 3.6's NVIDIA
// conversion does (no filter: its test pass alone uses
// membar.NVIDIAFilter), except between ops that tt's
// tt-mbarrier-async-copies ordered with mbarriers (on no other op).
func (t *nvidiaTarget) insertBarriers(module *ir.Operation, alloc *allocation.ModuleAllocation) error {
	return membar.Insert(module, alloc, membar.MBarrierOrderedFilter)
}

// hasSymmetricClamp: min.xorsign.abs is sm_90's.
func (t *nvidiaTarget) hasSymmetricClamp() bool { return t.capability >= 90 }

// hasBF16RoundNearest: cvt.rn.bf16.f32 is sm_80's.
func (t *nvidiaTarget) hasBF16RoundNearest() bool { return t.capability >= 80 }

// hasBF16Arithmetic: fma.rn.bf16 is sm_80's, add/sub/mul.rn.bf16 sm_90's.
func (t *nvidiaTarget) hasBF16Arithmetic() bool { return t.capability >= 80 }

// contractsHalfFMA: f16 always (sm_53's fma.rn.f16), bf16 where its fma is
// an instruction.
func (t *nvidiaTarget) contractsHalfFMA(ty ir.Type) bool {
	return isKind(ty, ir.F16) || isKind(ty, ir.BF16) && t.hasBF16Arithmetic()
}

// hasFP8PairConversions: the fp8 pair conversions are sm_89's.
func (t *nvidiaTarget) hasFP8PairConversions() bool { return t.capability >= 89 }

// hasPackedNarrowing: cvt.rn.f16x2.f32 and cvt.rn.bf16x2.f32 are sm_80's.
func (t *nvidiaTarget) hasPackedNarrowing() bool { return t.capability >= 80 }

// libdeviceMath: Triton links libdevice on NVIDIA.
func (t *nvidiaTarget) libdeviceMath() bool { return true }

// asyncCopySupport: cp.async is sm_80's.
func (t *nvidiaTarget) asyncCopySupport() error {
	if t.capability < 80 {
		return fmt.Errorf("asynchronous copies (cp.async) need sm_80 or later, the target is sm_%d", t.capability)
	}
	return nil
}

// mmaSync: the instructions of sm_80 (f16, bf16, tf32, s8), fp8 from
// sm_89, as Triton 3.6's Ampere table.
func (t *nvidiaTarget) mmaSync(a, b, d ir.Type, prec tt.InputPrecision) (mmaInstr, error) {
	if t.capability < 80 {
		return mmaInstr{}, fmt.Errorf("mma.sync dots need sm_80 or later (Triton 3.6 falls back to FMA below), the target is sm_%d", t.capability)
	}
	in, err := mmaSyncTypes(a, b, d, prec)
	if err != nil {
		return mmaInstr{}, err
	}
	if in.types.D == gpu.MMAF64 && t.capability == 90 {
		// Hopper's f64 tensor cores take m16n8k16 (Triton 3.6's
		// "HopperF64" path); other targets repeat Ampere's m8n8k4.
		in.shape = gpu.Shape{M: 16, N: 8, K: 16}
	}
	form, err := gpu.MMASyncForm(in.shape, in.types, in.satfinite)
	if err != nil {
		return mmaInstr{}, err
	}
	if t.capability < form.MinSM {
		return mmaInstr{}, fmt.Errorf("mma.sync %s %s needs sm_%d, the target is sm_%d (accelerate-matmul promotes fp8 operands to f16 below sm_89)",
			in.shape, in.types, form.MinSM, t.capability)
	}
	return in, nil
}

// hasLdMatrix: ldmatrix is sm_75's.
func (t *nvidiaTarget) hasLdMatrix() bool { return t.capability >= 75 }

// hasStMatrix: stmatrix is sm_90's.
func (t *nvidiaTarget) hasStMatrix() bool { return t.capability >= 90 }

// sharedInstrs: Triton's NVIDIA rule for the capability.
func (t *nvidiaTarget) sharedInstrs() linearlayout.SharedInstrs {
	return linearlayout.NvidiaSharedInstrs(t.capability)
}

// scratchSizes: allocate-shared-memory-nv's for the capability.
func (t *nvidiaTarget) scratchSizes() allocation.ScratchSizeFunc {
	return allocation.NvidiaScratchSize(t.capability)
}

// warpgroupMMA: wgmma exists on sm_90 (sm_90a) only; Blackwell (sm_100
// and later) replaced it with tcgen05 (the nvidia_mma v5 path), and
// earlier GPUs have mma.sync (v2), for which accelerate-matmul must not
// choose the v3 layout.
// clusters: thread block clusters are Hopper's (sm_90).
func (t *nvidiaTarget) clusters() error {
	if t.capability < 90 {
		return fmt.Errorf("clusters of CTAs need sm_90 or newer, the target is sm_%d", t.capability)
	}
	return nil
}

func (t *nvidiaTarget) warpgroupMMA() error {
	switch {
	case t.capability == 90:
		return nil
	case t.capability > 90:
		return fmt.Errorf("wgmma (nvidia_mma v3) exists on sm_90 only; sm_%d multiplies with tcgen05 (nvidia_mma v5), which convert-triton-gpu-to-gpu does not lower", t.capability)
	}
	return fmt.Errorf("wgmma (nvidia_mma v3) needs sm_90, the target is sm_%d (its dots use mma.sync, nvidia_mma v2)", t.capability)
}

// mbarriers: Triton's barrier ops use expect_tx and try_wait, which are
// sm_90's.
func (t *nvidiaTarget) mbarriers() error {
	if t.capability >= 90 {
		return nil
	}
	return fmt.Errorf("mbarriers with transaction counts need sm_90, the target is sm_%d", t.capability)
}

// asyncProxy: TMA (cp.async.bulk.tensor) and fence.proxy.async are
// sm_90's.
func (t *nvidiaTarget) asyncProxy() error {
	if t.capability >= 90 {
		return nil
	}
	return fmt.Errorf("the async proxy (TMA, fence.proxy.async) needs sm_90, the target is sm_%d", t.capability)
}

// mfma: MFMA is AMD's matrix instruction.
func (t *nvidiaTarget) mfma(*ttg.AMDMfmaEncoding, ir.Type, ir.Type, ir.Type, tt.InputPrecision) (mfmaInstr, error) {
	return mfmaInstr{}, fmt.Errorf("an amd_mfma dot cannot run on %s: MFMA is AMD's", t)
}
