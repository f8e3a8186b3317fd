package ttgtogpu_test

import (
	"flag"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// The lowering pipeline allocates shared memory with the vendor's pass:
// NVIDIA's -nv variant, AMD's allocate-amdgpu-shared-memory. AMD's starts,
// as make_llir does, with the async wait counts and the LDS-usage split;
// NVIDIA's with tt-pipeline-chained-dots, which reschedules chained wgmmas,
// and tt-mbarrier-async-copies, which orders cp.async rings with mbarriers.
func TestPipelineAllocator(t *testing.T) {
	reg := func(names ...string) *passmgr.Registry {
		r := passmgr.NewRegistry()
		for _, n := range names {
			r.Register(&passmgr.Pass{Name: n, Anchor: "builtin.module", Build: func(*flag.FlagSet) passmgr.RunFunc {
				return func(*ir.Operation, *passmgr.State) error { return nil }
			}})
		}
		return r
	}
	amd := "tritonamdgpu-update-async-wait-count{arch-generation-name=gfx942},optimize-amd-lds-usage{target-arch=gfx942 lds-limit=0},"
	tail := ",tritongpu-global-scratch-memory-allocation,convert-scf-to-cf," + ttgtogpu.PassName + ",canonicalize,cse,select-to-block-args,reassociate-loop-addresses,separate-const-offset-from-gep,cse,hoist-wgmma-descriptors,sink-to-uses"
	// NVIDIA's splits a turns kernel's pointer branch over two warpgroups
	// (experimental), assigns the warps of warp specialization, fences TMA
	// writes of memory the threads accessed after the allocation, and
	// lowers the dispatch loop after the conversion.
	nvTail := ",tritongpu-global-scratch-memory-allocation,triton-nvidia-gpu-proxy-fence-insertion,convert-scf-to-cf," + ttgtogpu.PassName + "," + ttgtogpu.WarpSpecializePassName + ",canonicalize,cse,select-to-block-args,reassociate-loop-addresses,separate-const-offset-from-gep,cse,hoist-wgmma-descriptors,sink-to-uses"
	all := []string{"tritonamdgpu-update-async-wait-count", "optimize-amd-lds-usage", "tt-split-pointer-tiles", "tritongpu-allocate-warp-groups", ttgtogpu.WarpSpecializePassName, "tt-pipeline-chained-dots", "tt-mbarrier-async-copies", "allocate-shared-memory", "allocate-shared-memory-nv", "allocate-amdgpu-shared-memory", "tritongpu-global-scratch-memory-allocation", "triton-nvidia-gpu-proxy-fence-insertion", "convert-scf-to-cf", ttgtogpu.PassName, "canonicalize", "cse", "select-to-block-args", "reassociate-loop-addresses", "separate-const-offset-from-gep", "hoist-wgmma-descriptors", "sink-to-uses"}
	for _, c := range []struct {
		target string
		passes []string
		want   string
	}{
		{"", all, "tt-split-pointer-tiles,tritongpu-allocate-warp-groups,tt-pipeline-chained-dots,tt-mbarrier-async-copies,allocate-shared-memory-nv" + nvTail},
		{"cuda:90", all, "tt-split-pointer-tiles,tritongpu-allocate-warp-groups,tt-pipeline-chained-dots,tt-mbarrier-async-copies,allocate-shared-memory-nv" + nvTail},
		{"hip:gfx942", all, amd + "allocate-amdgpu-shared-memory" + tail},
	} {
		if got := ttgtogpu.Pipeline(ttgtogpu.Options{Target: c.target}, reg(c.passes...)); got != c.want {
			t.Errorf("target %q: got %s, want %s", c.target, got, c.want)
		}
	}
}
