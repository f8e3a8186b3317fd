package amd_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/passmgr/testpasses"
	_ "github.com/ttcompiler/tt/transforms/all" // every pass the pipeline names
	"github.com/ttcompiler/tt/transforms/amd"
)

// allAMDPasses are the passes of Triton 3.6's AMD make_ttgir.
var allAMDPasses = []string{
	"convert-triton-to-tritongpu", "tritongpu-coalesce", "tritongpu-F32DotTC", "tritongpu-remove-layout-conversions",
	"tritongpu-optimize-thread-locality", "tritonamdgpu-accelerate-matmul", "tritonamdgpu-optimize-epilogue",
	"tritonamdgpu-optimize-dot-operands", "tritonamdgpu-hoist-layout-conversions", "tritongpu-fuse-nested-loops",
	"canonicalize", "triton-licm", "tritonamdgpu-schedule-loops", "tritonamdgpu-pipeline",
	"tritongpu-reduce-data-duplication", "tritonamdgpu-in-thread-transpose", "tritonamdgpu-reorder-instructions",
	"tritonamdgpu-block-pingpong", "tritonamdgpu-canonicalize-pointers", "tritonamdgpu-convert-buffer-ops",
	"tritonamdgpu-fold-true-cmpi", "cse", "symbol-dce", "tritonamdgpu-update-async-wait-count",
}

// passOrder is the pass names of Triton's gfx942 dumps from
// convert-triton-to-tritongpu to the end of make_ttgir.
func TestAMDTTGIRPipelineOrder(t *testing.T) {
	got := passmgr.StepsText(testpasses.NopRegistry(allAMDPasses...), amd.TTGIRSteps(amd.DefaultOptions()))
	want := strings.Join([]string{
		"convert-triton-to-tritongpu{target=hip:gfx942 num-warps=4 threads-per-warp=64 num-ctas=1}",
		"tritongpu-coalesce", "tritongpu-F32DotTC{emu-tf32=false}", "tritongpu-remove-layout-conversions",
		"tritongpu-optimize-thread-locality",
		"tritonamdgpu-accelerate-matmul{gfx-arch=gfx942 matrix-instruction-size=0 kPack=1}",
		"tritongpu-remove-layout-conversions", "tritonamdgpu-optimize-epilogue",
		"tritonamdgpu-optimize-dot-operands{gfx-arch=gfx942}", "tritonamdgpu-hoist-layout-conversions",
		"tritongpu-fuse-nested-loops", "canonicalize", "triton-licm", "canonicalize",
		"tritonamdgpu-schedule-loops{num_stages=2}", "tritonamdgpu-pipeline{use_async_copy=false use_pingpong=true}",
		"canonicalize", "tritongpu-remove-layout-conversions", "tritongpu-reduce-data-duplication",
		"tritonamdgpu-in-thread-transpose", "tritongpu-remove-layout-conversions",
		"tritonamdgpu-reorder-instructions", "tritonamdgpu-block-pingpong{num-stages=2}",
		"tritonamdgpu-canonicalize-pointers", "canonicalize", "tritonamdgpu-convert-buffer-ops{gfx-arch=gfx942}",
		"tritonamdgpu-fold-true-cmpi", "canonicalize", "cse", "symbol-dce",
		"tritonamdgpu-update-async-wait-count{gfx-arch=gfx942}",
	}, ",")
	if got != want {
		t.Errorf("gfx942 pipeline\n got  %s\n want %s", got, want)
	}
	// The same sequence as Triton's dumps, pass for pass.
	for _, k := range []string{"vector_add", "softmax"} {
		dump := readDump(t, k)
		var names []string
		for _, p := range strings.Split(got, ",") {
			if i := strings.IndexByte(p, '{'); i >= 0 {
				p = p[:i]
			}
			names = append(names, p)
		}
		if dn := dump.passesBetween("convert-triton-to-tritongpu", "optimize-amd-lds-usage"); !slices.Equal(dn, names) {
			t.Errorf("%s: Triton's dump runs\n %v\nthe pipeline\n %v", k, dn, names)
		}
	}

	// RDNA: 32 threads per warp, no in-thread transpose or ping-pong; three
	// stages: no ping-pong on gfx942 either.
	o := amd.DefaultOptions()
	o.Arch = "gfx1100"
	got = passmgr.StepsText(testpasses.NopRegistry(allAMDPasses...), amd.TTGIRSteps(o))
	for _, absent := range []string{"in-thread-transpose", "block-pingpong", "use_pingpong=true"} {
		if strings.Contains(got, absent) {
			t.Errorf("gfx1100 pipeline has %s: %s", absent, got)
		}
	}
	if !strings.Contains(got, "threads-per-warp=32") || !strings.Contains(got, "target=hip:gfx1100") {
		t.Errorf("gfx1100 pipeline: %s", got)
	}
	o = amd.DefaultOptions()
	o.NumStages = 3
	if got = passmgr.StepsText(testpasses.NopRegistry(allAMDPasses...), amd.TTGIRSteps(o)); strings.Contains(got, "block-pingpong") {
		t.Errorf("3-stage pipeline has block-pingpong: %s", got)
	}

	// With some passes not built, those are ?placeholders at their place.
	reg := testpasses.NopRegistry("convert-triton-to-tritongpu", "tritongpu-coalesce", "cse")
	for _, p := range allAMDPasses {
		if reg.Lookup(p) == nil {
			reg.MarkNotBuilt(p, "test")
		}
	}
	got = passmgr.StepsText(reg, amd.TTGIRSteps(amd.DefaultOptions()))
	if want := "convert-triton-to-tritongpu{target=hip:gfx942 num-warps=4 threads-per-warp=64 num-ctas=1},tritongpu-coalesce," +
		"?tritongpu-F32DotTC{emu-tf32=false},?tritongpu-remove-layout-conversions,"; !strings.HasPrefix(got, want) {
		t.Errorf("partial pipeline\n got  %s\n want %s...", got, want)
	}
	if want := ",?canonicalize,cse,?symbol-dce,?tritonamdgpu-update-async-wait-count{gfx-arch=gfx942}"; !strings.HasSuffix(got, want) {
		t.Errorf("partial pipeline\n got  %s\n want ...%s", got, want)
	}
}

func TestWarpSize(t *testing.T) {
	for arch, want := range map[string]int{"gfx942": 64, "gfx90a": 64, "gfx950": 64, "gfx908": 64, "gfx1100": 32, "gfx1030": 32, "gfx1250": 32} {
		if got := amd.WarpSize(arch); got != want {
			t.Errorf("WarpSize(%s) = %d, want %d", arch, got, want)
		}
	}
}

// The named pipeline parses with its options.
func TestAMDPipelineRegistered(t *testing.T) {
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module(ttgir-pipeline-amd{num-warps=8 arch=gfx942})")
	if err != nil {
		t.Fatal(err)
	}
	s := pm.String()
	for _, want := range []string{"target=hip:gfx942", "num-warps=8", "threads-per-warp=64", "tritongpu-coalesce", "tritongpu-remove-layout-conversions"} {
		if !strings.Contains(s, want) {
			t.Errorf("pipeline %s lacks %s", s, want)
		}
	}
}
