package interp

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
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

// clipsWithXorsign reports whether the target lowers symmetric clamps to
// min.xorsign.abs: NVIDIA from sm_90 on (and TTIR, taken as sm_90).
func clipsWithXorsign(op *ir.Operation) bool {
	t := ttg.Target(ttg.ModuleOf(op))
	if t == "" {
		return true
	}
	cc, ok := strings.CutPrefix(t, "cuda:")
	if !ok {
		return false
	}
	n, err := strconv.Atoi(cc)
	return err == nil && n >= 90
}
