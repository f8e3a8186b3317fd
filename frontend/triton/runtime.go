package triton

import (
	"math/big"
	"strconv"
	"strings"
)

// GPUTarget is the GPU that host code sees through
// triton.runtime.driver.active.get_current_target(): kernel files pick
// their autotuning configurations by it (is_cuda(), is_hip()).
type GPUTarget struct {
	// Backend is "cuda" or "hip".
	Backend string
	// Arch is the compute capability (90) on CUDA, the gfx name on HIP.
	Arch string
	// WarpSize is 32 on NVIDIA, 64 on CDNA.
	WarpSize int
}

// DefaultTarget is an H100's.
var DefaultTarget = GPUTarget{Backend: "cuda", Arch: "90", WarpSize: 32}

// TargetOf is the GPUTarget of an architecture name: sm_80, sm_90a,
// gfx942 (64-lane wavefronts on gfx9, 32 on RDNA's gfx10+).
func TargetOf(arch string) GPUTarget {
	if strings.HasPrefix(arch, "gfx") {
		ws := 64 // CDNA: gfx90a, gfx942, gfx950
		if len(arch) >= len("gfx1000") {
			ws = 32 // RDNA: gfx10xx, gfx11xx, gfx12xx
		}
		return GPUTarget{Backend: "hip", Arch: arch, WarpSize: ws}
	}
	cc := strings.TrimSuffix(strings.TrimPrefix(arch, "sm_"), "a")
	return GPUTarget{Backend: "cuda", Arch: cc, WarpSize: 32}
}

// object is the GPUTarget as host code sees it: backend, arch (an int on
// CUDA) and warp_size.
func (t GPUTarget) object() Object {
	var arch Object = t.Arch
	if n, err := strconv.Atoi(t.Arch); err == nil && t.Backend == "cuda" {
		arch = big.NewInt(int64(n))
	}
	return &Class{Name: "GPUTarget", Attrs: map[string]Object{
		"backend": t.Backend, "arch": arch, "warp_size": big.NewInt(int64(t.WarpSize)),
	}}
}

// runtimeNamespace is triton.runtime: the active driver answers
// get_current_target(); the rest of it is the host's (Opaque).
func runtimeNamespace(l *loader) *Namespace {
	active := &Namespace{Name: "triton.runtime.driver.active", Host: true, Members: map[string]Object{
		"get_current_target": &Builtin{Name: "get_current_target", Host: func(args []Object, kws []kwArg) (Object, error) {
			return l.target.object(), nil
		}},
	}}
	driver := &Namespace{Name: "triton.runtime.driver", Host: true, Members: map[string]Object{"active": active}}
	return &Namespace{Name: "triton.runtime", Host: true, Members: map[string]Object{"driver": driver}}
}
