package ttgtogpu

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// amdTarget is an AMD GPU: its gfx architecture ("gfx942") and the
// wavefront size the module was laid out for, as Triton's AMD
// TargetInfo.
type amdTarget struct {
	arch      string
	wavefront int
}

// newAMDTarget reads "hip:gfxNNN" and checks the module's warp size
// against the architecture: GCN and CDNA (gfx9 and older) run 64-lane
// wavefronts only, RDNA (gfx10 and later) 32 or 64.
func newAMDTarget(module *ir.Operation, name string, lanes int) (*amdTarget, error) {
	arch := strings.TrimPrefix(name, "hip:")
	major, ok := gfxMajor(arch)
	if !ok {
		return nil, ir.Errorf(module.Loc(), "unknown AMD architecture %q in ttg.target (want gfxNNN)", arch)
	}
	switch {
	case lanes == 64:
	case lanes == 32 && major >= 10:
	case lanes == 32:
		return nil, ir.Errorf(module.Loc(), "%s runs 64-lane wavefronts, the module has 32 threads per warp (\"ttg.threads-per-warp\")", arch)
	default:
		return nil, ir.Errorf(module.Loc(), "convert-triton-gpu-to-gpu supports 32 or 64 (AMD) threads per warp, not %d", lanes)
	}
	return &amdTarget{arch: arch, wavefront: lanes}, nil
}

// gfxMajor is the major version of a gfx architecture: the digits before
// the last two characters (gfx942 -> 9, gfx90a -> 9, gfx1100 -> 11).
func gfxMajor(arch string) (int, bool) {
	v, ok := strings.CutPrefix(arch, "gfx")
	if !ok || len(v) < 3 {
		return 0, false
	}
	n, err := strconv.Atoi(v[:len(v)-2])
	return n, err == nil && n > 0
}

func (t *amdTarget) String() string { return "hip:" + t.arch }

func (t *amdTarget) warpSize() int { return t.wavefront }

// insertBarriers prepares the module as Triton's AMD conversion does
// before the barrier analysis, then runs it with membar.AMDFilter: on
// CDNA3 and CDNA4 (whose LDS loads carry alias information) local loads
// whose token comes from an async wait are marked as already synchronized,
// and every amdg.async_wait is followed by a barrier, so that the data
// other threads copied is visible after it.
func (t *amdTarget) insertBarriers(module *ir.Operation, alloc *allocation.ModuleAllocation) error {
	if t.arch == "gfx942" || t.arch == "gfx950" {
		membar.AnnotateAsyncWaitedLoads(module)
	}
	membar.BarriersAfterAMDAsyncWaits(module)
	return membar.Insert(module, alloc, membar.AMDFilter)
}

// hasSymmetricClamp: Triton's AMD lowering clamps with max and min.
func (t *amdTarget) hasSymmetricClamp() bool { return false }

// hasBF16RoundNearest: targets/llvmir turns gpu.cvt into a correctly
// rounded AMDGCN sequence.
func (t *amdTarget) hasBF16RoundNearest() bool { return true }

// hasBF16Arithmetic: CDNA3 has no bf16 VALU arithmetic; tt computes it in
// f32 (LLVM would promote it the same way).
func (t *amdTarget) hasBF16Arithmetic() bool { return false }

// contractsHalfFMA: on AMD tt leaves 16-bit multiplications and additions
// apart (not measured against Triton's AMD backend).
func (t *amdTarget) contractsHalfFMA(ir.Type) bool { return false }

// hasFP8PairConversions: tt converts fp8 element by element on AMD.
func (t *amdTarget) hasFP8PairConversions() bool { return false }

// hasPackedNarrowing: AMD narrows element by element (LLVM packs what the
// instruction set can).
func (t *amdTarget) hasPackedNarrowing() bool { return false }

// libdeviceMath: AMD has no libdevice; tt keeps the hardware's
// logarithm and tanh approximations there.
func (t *amdTarget) libdeviceMath() bool { return false }

// asyncCopySupport: AMD's copies to LDS (buffer_load ... lds,
// global_load_lds) belong to the AMD dot path, which does not exist yet.
func (t *amdTarget) asyncCopySupport() error {
	return fmt.Errorf("asynchronous copies to shared memory are not lowered for AMD targets (%s) yet", t)
}

// mmaSync: AMD GPUs multiply on MFMA or WMMA, with their own layouts
// (the AMD dot path).
func (t *amdTarget) mmaSync(a, b, d ir.Type, prec tt.InputPrecision) (mmaInstr, error) {
	return mmaInstr{}, fmt.Errorf("an nvidia_mma dot cannot run on %s: AMD targets multiply with MFMA or WMMA (amd_mfma or amd_wmma layouts, from ttgir-pipeline-amd)", t)
}

// mfma picks the MFMA instruction of an amd_mfma dot: the layout's
// instruction shape, with the element types of its operands as Triton's
// MFMA table (dialects/amdgpu) chooses them. f32 operands run the xf32
// form when the dot allows TF32 and the target is CDNA3 (Triton's
// allowXF32); fp8 operands are CDNA3's FNUZ types (gfx942's fp8 and bf8).
// On gfx950 (CDNA4) the f16 dots take the double-rate forms that
// accelerate-matmul picks there (32x32x16, 16x16x32); its bf16, i8 and
// OCP fp8 forms are not modelled, and such dots are refused here.
func (t *amdTarget) mfma(enc *ttg.AMDMfmaEncoding, a, b, d ir.Type, prec tt.InputPrecision) (mfmaInstr, error) {
	switch t.arch {
	case "gfx90a", "gfx942", "gfx950":
	default:
		return mfmaInstr{}, fmt.Errorf("MFMA dots are lowered for CDNA2, CDNA3 and CDNA4 (gfx90a, gfx942, gfx950), not %s", t.arch)
	}
	if len(enc.InstrShape) < 2 {
		return mfmaInstr{}, fmt.Errorf("the amd_mfma layout has no instruction shape")
	}
	shape := gpu.Shape{M: enc.InstrShape[0], N: enc.InstrShape[1]}
	if len(enc.InstrShape) > 2 {
		shape.K = enc.InstrShape[2]
	}
	elem := func(x ir.Type) gpu.MFMAType {
		switch {
		case isF16(x):
			return gpu.MFMAF16
		case isBF16(x):
			return gpu.MFMABF16
		case isF32(x):
			if prec == tt.PrecisionTF32 && t.arch == "gfx942" {
				return gpu.MFMAXF32
			}
			return gpu.MFMAF32
		case ir.IsInteger(x, 8):
			return gpu.MFMAI8
		}
		if ft, ok := x.(*ir.FloatType); ok {
			switch ft.Kind {
			case ir.F8E4M3FNUZ:
				return gpu.MFMAFP8
			case ir.F8E5M2FNUZ:
				return gpu.MFMABF8
			}
		}
		return gpu.MFMAInvalid
	}
	types := gpu.MFMATypes{A: elem(a), B: elem(b), D: gpu.MFMAF32}
	if ir.IsInteger(d, 32) {
		types.D = gpu.MFMAI32
	} else if !isF32(d) {
		return mfmaInstr{}, fmt.Errorf("MFMA accumulates in f32 or i32, the dot's result is %s", asm.TypeString(d))
	}
	if types.A == gpu.MFMAInvalid || types.B == gpu.MFMAInvalid {
		return mfmaInstr{}, fmt.Errorf("no MFMA multiplies %s by %s", asm.TypeString(a), asm.TypeString(b))
	}
	form, err := gpu.MFMAFormOf(shape, types)
	if err != nil {
		return mfmaInstr{}, err
	}
	if form.GFX950 && t.arch != "gfx950" {
		return mfmaInstr{}, fmt.Errorf("mfma %s %s is CDNA4's (gfx950); the target is %s", shape, types, t.arch)
	}
	if form.GFX942 && t.arch == "gfx90a" {
		return mfmaInstr{}, fmt.Errorf("mfma %s %s is CDNA3's; the target is %s", shape, types, t.arch)
	}
	return mfmaInstr{shape: shape, types: types, form: form}, nil
}

// hasLdMatrix: AMD has no ldmatrix (ds_read_b64_tr_b16 is the AMD dot
// path's).
func (t *amdTarget) hasLdMatrix() bool { return false }

// hasStMatrix: nor stmatrix.
func (t *amdTarget) hasStMatrix() bool { return false }

// sharedInstrs: Triton's generic rule (AMDAllocationAnalysisScratchSizeFn
// for conversions not marked for padding, which tt does not lower).
func (t *amdTarget) sharedInstrs() linearlayout.SharedInstrs { return linearlayout.SharedInstrs{} }

// scratchSizes: allocate-amdgpu-shared-memory's, the generic sizes.
func (t *amdTarget) scratchSizes() allocation.ScratchSizeFunc { return allocation.DefaultScratchSize }

// warpgroupMMA: wgmma is NVIDIA's; AMD dots use MFMA or WMMA.
// clusters: AMD targets launch no clusters of workgroups.
func (t *amdTarget) clusters() error {
	return fmt.Errorf("clusters of CTAs are NVIDIA's (sm_90), the target is %s", t)
}

func (t *amdTarget) warpgroupMMA() error {
	return fmt.Errorf("wgmma (nvidia_mma v3) is NVIDIA's, the target is %s", t)
}

// mbarriers: NVIDIA's; AMD synchronizes with s_barrier and s_waitcnt.
func (t *amdTarget) mbarriers() error {
	return fmt.Errorf("mbarriers are NVIDIA's, the target is %s", t)
}

// asyncProxy: TMA and proxy fences are NVIDIA's.
func (t *amdTarget) asyncProxy() error {
	return fmt.Errorf("the async proxy (TMA, fence.proxy.async) is NVIDIA's, the target is %s", t)
}
