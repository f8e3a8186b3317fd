package interp

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// A few results of Triton kernels depend on the GPU they were compiled for
// where Triton leaves them undefined or lowers an op differently per
// backend. The interpreter follows the target the IR names (TTGIR's
// "ttg.target" and "ttg.threads-per-warp") and, for TTIR, which names
// none, NVIDIA sm_90: the GPU the repository's cases were recorded on.

// warpLanes is the number of lanes of a warp (a wavefront on AMD) for the
// module around op.
func warpLanes(op *ir.Operation) uint64 {
	m := ttg.ModuleOf(op)
	if m != nil && m.Attr(ttg.AttrThreadsPerWarp) != nil {
		return uint64(ttg.ThreadsPerWarp(m))
	}
	if strings.HasPrefix(ttg.Target(m), "hip:") {
		return 64
	}
	return 32
}

// cudaCapability is the compute capability of the NVIDIA target around op
// (90 for TTIR, which names none), or false on another vendor's.
func cudaCapability(op *ir.Operation) (int, bool) {
	t := ttg.Target(ttg.ModuleOf(op))
	if t == "" {
		return 90, true
	}
	cc, ok := strings.CutPrefix(t, "cuda:")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(cc)
	return n, err == nil
}

// clipsWithXorsign reports whether the target lowers symmetric clamps to
// min.xorsign.abs: NVIDIA from sm_90 on (and TTIR, taken as sm_90).
func clipsWithXorsign(op *ir.Operation) bool {
	cc, ok := cudaCapability(op)
	return ok && cc >= 90
}

// contractsHalf reports whether a multiplication of 16-bit floats of
// format f feeding an addition is one fma on the target around op, as the
// lowering fuses them (conversion/ttgtogpu's contractsHalfFMA, after LLVM
// for Triton): f16 on NVIDIA, bf16 from sm_80 on.
func contractsHalf(op *ir.Operation, f *numeric.Format) bool {
	cc, ok := cudaCapability(op)
	return ok && (f == numeric.F16 || f == numeric.BF16 && cc >= 80)
}
