package ttgtogpu_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"

	_ "github.com/ttcompiler/tt/transforms/amd"
)

// gpuTarget is a target the differential tests compile for: NVIDIA sm_90
// (32-lane warps) and AMD gfx942 (64-lane wavefronts). The lowering and
// the simulator are the same; the TTIR and TTGIR pipelines, and so the
// layouts, differ.
type gpuTarget struct {
	name   string
	lanes  int    // threads per warp
	target string // ttg.target
	ttir   string // the TTIR pipeline
	ttgir  string // the TTGIR pipeline, with a %d for num-warps
}

var (
	sm90   = gpuTarget{"sm_90", 32, "cuda:90", "ttir-pipeline{capability=90}", "ttgir-pipeline{num-warps=%d capability=90}"}
	gfx942 = gpuTarget{"gfx942", 64, "hip:gfx942", "ttir-pipeline-amd", "ttgir-pipeline-amd{num-warps=%d arch=gfx942}"}
	// gfx950 is CDNA4, whose f16 dots take the double-rate MFMAs.
	gfx950 = gpuTarget{"gfx950", 64, "hip:gfx950", "ttir-pipeline-amd", "ttgir-pipeline-amd{num-warps=%d arch=gfx950}"}
	// sm80 is the mma.sync target of the dot tests.
	sm80 = gpuTarget{"sm_80", 32, "cuda:80", "ttir-pipeline{capability=80}", "ttgir-pipeline{num-warps=%d capability=80}"}

	allTargets = []gpuTarget{sm90, gfx942}
)

// pipeline is the TTIR-to-TTGIR pipeline for numWarps warps.
func (g gpuTarget) pipeline(numWarps int) string {
	return g.ttir + "," + fmt.Sprintf(g.ttgir, numWarps)
}

// pipelineStages is the pipeline for numWarps warps and numStages
// software-pipelining stages (the TTGIR pipelines' num-stages option).
func (g gpuTarget) pipelineStages(numWarps, numStages int) string {
	return strings.TrimSuffix(g.pipeline(numWarps), "}") + fmt.Sprintf(" num-stages=%d}", numStages)
}

// header is the module attributes of hand-written TTGIR for the target.
func (g gpuTarget) header(numWarps int) string {
	return fmt.Sprintf(`module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = %d : i32, ttg.target = %q, "ttg.threads-per-warp" = %d : i32}`,
		numWarps, g.target, g.lanes)
}

// forTargets runs f as a subtest per target.
func forTargets(t *testing.T, f func(t *testing.T, tg gpuTarget)) {
	t.Helper()
	for _, tg := range allTargets {
		t.Run(tg.name, func(t *testing.T) { f(t, tg) })
	}
}

// ttirKernelFor parses TTIR and runs the target's TTIR and TTGIR
// pipelines; the result must carry the target's warp size.
func ttirKernelFor(t *testing.T, tg gpuTarget, src string, numWarps int) *ir.Operation {
	t.Helper()
	m := parse(t, src)
	runPipeline(t, m, tg.pipeline(numWarps))
	if a, ok := m.Attr("ttg.threads-per-warp").(*ir.IntegerAttr); !ok || int(a.Int()) != tg.lanes {
		t.Fatalf("%s pipeline left ttg.threads-per-warp = %v", tg.name, m.Attr("ttg.threads-per-warp"))
	}
	return m
}
