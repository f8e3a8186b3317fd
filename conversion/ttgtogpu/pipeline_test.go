package ttgtogpu_test

import (
	"flag"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// The lowering pipeline allocates shared memory with the vendor's pass:
// NVIDIA's -nv variant, AMD's allocate-amdgpu-shared-memory, or (while
// that is not built) the generic pass in its place. NVIDIA's first
// reschedules chained wgmma dots.
func TestPipelineAllocator(t *testing.T) {
	reg := func(names ...string) *passmgr.Registry {
		r := passmgr.NewRegistry()
		for _, n := range names {
			r.Register(&passmgr.Pass{Name: n, Anchor: "builtin.module", Build: func(*flag.FlagSet) passmgr.RunFunc {
				return func(*ir.Operation, *passmgr.State) error { return nil }
			}})
		}
		r.MarkNotBuilt("allocate-amdgpu-shared-memory", "test")
		return r
	}
	tail := ",convert-scf-to-cf," + ttgtogpu.PassName + ",canonicalize,cse,sink-to-uses"
	all := []string{"tt-pipeline-chained-dots", "allocate-shared-memory", "allocate-shared-memory-nv", "convert-scf-to-cf", ttgtogpu.PassName, "canonicalize", "cse", "sink-to-uses"}
	for _, c := range []struct {
		target string
		passes []string
		want   string
	}{
		{"", all, "tt-pipeline-chained-dots,allocate-shared-memory-nv" + tail},
		{"cuda:90", all, "tt-pipeline-chained-dots,allocate-shared-memory-nv" + tail},
		{"hip:gfx942", all, "?allocate-amdgpu-shared-memory,allocate-shared-memory" + tail},
		{"hip:gfx942", append(all, "allocate-amdgpu-shared-memory"), "allocate-amdgpu-shared-memory" + tail},
	} {
		if got := ttgtogpu.Pipeline(ttgtogpu.Options{Target: c.target}, reg(c.passes...)); got != c.want {
			t.Errorf("target %q: got %s, want %s", c.target, got, c.want)
		}
	}
}
