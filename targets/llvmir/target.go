package llvmir

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is a GPU target family.
type Kind int

const (
	// NVPTX is NVIDIA's PTX target (triple nvptx64-nvidia-cuda).
	NVPTX Kind = iota
	// AMDGCN is AMD's GCN/CDNA target (triple amdgcn-amd-amdhsa).
	AMDGCN
)

// Target selects the code the translation produces: the family and the
// architecture (`sm_90`, `gfx942`).
type Target struct {
	Kind Kind
	Arch string
}

// ParseTarget returns the target of an architecture name: sm_NN (NN >=
// 70, with an optional `a` suffix) for NVPTX, gfxNNN for AMDGCN.
func ParseTarget(arch string) (Target, error) {
	switch {
	case strings.HasPrefix(arch, "sm_"):
		n, err := strconv.Atoi(strings.TrimSuffix(arch[3:], "a"))
		if err != nil {
			return Target{}, fmt.Errorf("invalid NVIDIA architecture %q (want sm_NN)", arch)
		}
		if n < 70 {
			return Target{}, fmt.Errorf("architecture %q is not supported: tt needs sm_70 or newer (shfl.sync, scoped atomics)", arch)
		}
		return Target{Kind: NVPTX, Arch: arch}, nil
	case strings.HasPrefix(arch, "gfx") && len(arch) > 3:
		return Target{Kind: AMDGCN, Arch: arch}, nil
	}
	return Target{}, fmt.Errorf("unknown GPU architecture %q (want sm_NN or gfxNNN)", arch)
}

// MustTarget is ParseTarget for architecture names known to be valid.
func MustTarget(arch string) Target {
	t, err := ParseTarget(arch)
	if err != nil {
		panic(err)
	}
	return t
}

// Triple returns the LLVM target triple.
func (t Target) Triple() string {
	if t.Kind == AMDGCN {
		return "amdgcn-amd-amdhsa"
	}
	return "nvptx64-nvidia-cuda"
}

// WarpSize is the number of lanes of a warp (wavefront): 32 on NVIDIA and
// RDNA (gfx10+), 64 on GCN/CDNA (gfx9 and older).
func (t Target) WarpSize() int {
	if t.Kind == AMDGCN && !strings.HasPrefix(t.Arch, "gfx1") {
		return 64
	}
	return 32
}

// SM returns the compute capability of an NVPTX target (90 for sm_90a),
// 0 for other targets.
func (t Target) SM() int {
	if t.Kind != NVPTX {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(t.Arch, "sm_"), "a"))
	return n
}

// GFXMajor returns the major version of an AMDGCN target's gfx
// architecture, the digits before its last two characters (gfx942 and
// gfx90a: 9, gfx1100: 11); false for NVPTX or a name without one.
func (t Target) GFXMajor() (int, bool) {
	if t.Kind != AMDGCN {
		return 0, false
	}
	v, _, _ := strings.Cut(strings.TrimPrefix(t.Arch, "gfx"), ":")
	if len(v) < 3 {
		return 0, false
	}
	n, err := strconv.Atoi(v[:len(v)-2])
	return n, err == nil
}

func (t Target) String() string { return t.Triple() + " " + t.Arch }
