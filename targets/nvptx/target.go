package nvptx

import (
	"fmt"
	"strconv"
	"strings"
)

// Options select the PTX dialect to print.
type Options struct {
	// Arch is the GPU architecture: "sm_80", "sm_90", "sm_90a", ...
	// (also accepted: "90", "cuda:90"). Empty means sm_90. The emitter
	// upgrades sm_90 to sm_90a when the kernel uses architecture-specific
	// instructions (wgmma, setmaxnreg), as ptxas requires; an op the
	// architecture lacks (wgmma on sm_80, fp8 mma below sm_89) is a
	// located error.
	Arch string
	// PTXVersion is the `.version` to print. Empty picks the lowest
	// version that has every instruction the kernel uses, 8.0 (CUDA 12.0)
	// at least, so that the PTX loads on as many drivers as possible.
	PTXVersion string
	// ReqNTID prints `.reqntid` (the exact block size, as Triton does)
	// instead of `.maxntid` (an upper bound), letting ptxas specialize for
	// it; launches must then use exactly 32*num-warps threads.
	ReqNTID bool
	// FPFusion lets ptxas contract float multiplies and adds into fma
	// (add/sub/mul print without `.rn`), as Triton's enable_fp_fusion
	// (on by default there) does. Off, only ops whose fast-math flags
	// include `contract` may be fused.
	FPFusion bool
	// NumWarps is used for modules without a `ttg.num-warps` attribute.
	NumWarps int
	// LineInfo prints the ops' source positions as `.loc` and `.file`
	// directives (lineinfo.go), from which ptxas builds the line table
	// that profilers and nvdisasm -g read (Triton's default; its
	// TRITON_DISABLE_LINE_INFO turns it off).
	LineInfo bool
}

// Kernel is the launch metadata of one emitted entry: what a loader needs
// besides the PTX (ARCHITECTURE.md's kernel ABI).
type Kernel struct {
	Name     string // entry name (the tt.func name)
	NumWarps int    // block = 32 * NumWarps threads
	// NumCTAs is the CTAs of a cluster (ttg.num-ctas, 1 without
	// clusters); ClusterDims is the cluster shape the kernel requires,
	// (NumCTAs, 1, 1). A launch of G programs runs G.x*NumCTAs CTAs
	// along x in clusters of ClusterDims, as Triton's launcher does.
	// With tt.cta-cluster = N instead, NumCTAs is 1 and ClusterDims is
	// (N, 1, 1): each CTA is a program, and the grid's x must be a
	// multiple of N.
	NumCTAs     int
	ClusterDims [3]int
	Shared      int    // bytes of dynamic shared memory to launch with
	Target      string // the `.target` printed, e.g. "sm_90a"
}

// arch is a parsed architecture: compute capability and the `a` suffix.
type arch struct {
	sm     int
	accel  bool // sm_90a: architecture-specific features
	source string
}

func parseArch(s string) (arch, error) {
	orig := s
	if s == "" {
		s = "sm_90"
	}
	s = strings.TrimPrefix(s, "cuda:")
	s = strings.TrimPrefix(s, "sm_")
	a := arch{source: orig}
	if strings.HasSuffix(s, "a") {
		a.accel = true
		s = strings.TrimSuffix(s, "a")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 70 {
		return arch{}, fmt.Errorf("unsupported NVIDIA architecture %q (want sm_70 or newer, e.g. sm_80, sm_90)", orig)
	}
	a.sm = n
	return a, nil
}

func (a arch) target(needAccel bool) string {
	if a.accel || needAccel && a.sm >= 90 {
		return fmt.Sprintf("sm_%da", a.sm)
	}
	return fmt.Sprintf("sm_%d", a.sm)
}

func checkPTXVersion(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	major, minor, ok := strings.Cut(v, ".")
	if !ok {
		return "", fmt.Errorf("PTX version %q: want MAJOR.MINOR, e.g. 8.0", v)
	}
	if _, err := strconv.Atoi(major); err != nil {
		return "", fmt.Errorf("PTX version %q: want MAJOR.MINOR, e.g. 8.0", v)
	}
	if _, err := strconv.Atoi(minor); err != nil {
		return "", fmt.Errorf("PTX version %q: want MAJOR.MINOR, e.g. 8.0", v)
	}
	return v, nil
}
