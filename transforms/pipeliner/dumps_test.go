package pipeliner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/test/passdumps"
	"github.com/ttcompiler/tt/transforms/pipeliner"
)

// passDumps holds Triton 3.6's IR before every pass of its sm_90, sm_80
// and gfx942 pipelines for the seed kernels (the matmul is 128x128x64 with
// num_stages=3).
const passDumps = "../../../shared/kernels/passes"

// canonicalText parses IR and prints it with default SSA names, so that
// dumps printed with and without name locations and aliases compare.
func canonicalText(t *testing.T, text string) string {
	t.Helper()
	op, err := asm.ParseString(all.NewContext(), text)
	if err != nil {
		t.Fatalf("dump does not parse: %v", err)
	}
	return passdumps.Normalize(asm.Sprint(op, asm.PrintConfig{}))
}

// ourPasses are this package's passes in Triton's NVIDIA pipelines, with
// the options make_ttgir gives them (num_stages=3).
var ourPasses = map[string]string{
	"tritongpu-fuse-nested-loops": "tritongpu-fuse-nested-loops",
	"nvgpu-warp-specialization":   "nvgpu-warp-specialization{num-stages=3}",
	"tritongpu-assign-latencies":  "tritongpu-assign-latencies{num-stages=3}",
	"tritongpu-schedule-loops":    "tritongpu-schedule-loops",
	"tritongpu-pipeline":          "tritongpu-pipeline{num-stages=3}",
	"triton-nvidia-tma-lowering":  "triton-nvidia-tma-lowering",
}

// TestPassDumps runs each of this package's passes on the IR Triton 3.6
// fed it when compiling the seed kernels for sm_90 and sm_80 and checks the
// result against the IR before Triton's next pass; for tritongpu-pipeline
// the IR after its internal LowerLoops and ExpandLoops steps is checked
// against Triton's internal dumps too. Printed with the same SSA names the
// texts are identical byte for byte; the dumps' names follow locations
// that the dumps leave out, so the comparison falls back to default names.
func TestPassDumps(t *testing.T) {
	if _, err := os.Stat(passDumps); err != nil {
		t.Skipf("pass dumps not found: %v", err)
	}
	count, internal := 0, 0
	for _, k := range []string{"vector_add", "softmax", "matmul"} {
		for _, arch := range []string{"sm90", "sm80"} {
			file := k + "." + arch + ".passes.mlir"
			secs, err := passdumps.Read(filepath.Join(passDumps, file))
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range secs {
				pipeline, ok := ourPasses[s.Pass]
				if !ok || i+1 >= len(secs) {
					continue
				}
				count++
				name := fmt.Sprintf("%s:%d:%s", file, s.Line, s.Pass)
				t.Run(name, func(t *testing.T) {
					ctx := all.NewContext()
					op, err := asm.ParseString(ctx, s.Text)
					if err != nil {
						t.Fatalf("input does not parse: %v", err)
					}
					if s.Pass == "tritongpu-pipeline" {
						internal += checkInternalSteps(t, op, s)
						compareDump(t, op, secs[i+1].Text)
						return
					}
					pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+pipeline+")")
					if err != nil {
						t.Fatal(err)
					}
					if err := pm.Run(op, &passmgr.Config{VerifyEach: true}); err != nil {
						t.Fatalf("%s failed: %v", s.Pass, err)
					}
					compareDump(t, op, secs[i+1].Text)
				})
			}
		}
	}
	if count != 33 || internal != 12 {
		t.Errorf("checked %d pass runs and %d internal dumps, want 33 and 12", count, internal)
	}
}

// checkInternalSteps runs tritongpu-pipeline on op, checks the IR it
// dumps after its internal steps against Triton's dumps, and returns how
// many it checked.
func checkInternalSteps(t *testing.T, op *ir.Operation, s *passdumps.Section) int {
	t.Helper()
	var dump strings.Builder
	if err := pipeliner.Pipeline(op, 3, nil, &dump, func() *axisinfo.Module { return axisinfo.Analyze(op) }); err != nil {
		t.Fatalf("tritongpu-pipeline: %v", err)
	}
	got := map[string]string{}
	for _, part := range strings.Split(dump.String(), passdumps.InternalHeader)[1:] {
		step, text, _ := strings.Cut(part, "\n")
		got[step] = text
	}
	n := 0
	for step, want := range s.Internal {
		text, ok := got[step]
		if !ok {
			t.Errorf("no %s dump", step)
			continue
		}
		if g, w := canonicalText(t, text), canonicalText(t, want); g != w {
			t.Errorf("after %s:\n%s", step, passdumps.LineDiff(w, g))
		}
		n++
	}
	return n
}

// compareDump checks op against the dump text Triton printed next.
func compareDump(t *testing.T, op *ir.Operation, want string) {
	t.Helper()
	if passdumps.Normalize(asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})) == passdumps.Normalize(want) {
		return
	}
	if got := passdumps.Normalize(asm.Sprint(op, asm.PrintConfig{})); got != canonicalText(t, want) {
		t.Errorf("differs from Triton:\n%s", passdumps.LineDiff(canonicalText(t, want), got))
	}
}
