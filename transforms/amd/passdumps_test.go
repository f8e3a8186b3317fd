package amd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/test/passdumps"
	"github.com/ttcompiler/tt/transforms/amd"
)

// passDumps holds Triton 3.6's IR before every pass of its gfx942 pipeline
// for the seed kernels (the matmul is 128x128x64, 4 warps, num_stages=3).
const passDumps = "../../../shared/kernels/passes"

// gfx942Passes maps each pass of make_ttgir (and the AMD passes that start
// make_llir) to the way the pipeline runs it for a kernel compiled with
// numStages.
func gfx942Passes(numStages int) map[string]string {
	o := amd.DefaultOptions()
	o.NumStages = numStages
	out := map[string]string{
		"tritonamdgpu-update-async-wait-count": "tritonamdgpu-update-async-wait-count{arch-generation-name=gfx942}",
		"optimize-amd-lds-usage":               "optimize-amd-lds-usage{target-arch=gfx942 lds-limit=0}",
	}
	for _, p := range splitPipeline(amd.TTGIRPipeline(o, passmgr.Default)) {
		name := strings.TrimPrefix(p, "tt.func(")
		if i := strings.IndexAny(name, "{)"); i >= 0 {
			name = name[:i]
		}
		if _, seen := out[name]; !seen {
			out[name] = p
		}
	}
	return out
}

// splitPipeline splits a textual pipeline at its top-level commas.
func splitPipeline(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// TestPassDumps replays Triton 3.6's gfx942 pipeline on its own dumps:
// each pass from convert-triton-to-tritongpu to optimize-amd-lds-usage
// runs on the IR Triton fed it, and the result must be the IR Triton fed
// the next pass (printed with default SSA names, as the dumps drop the
// locations their names follow).
func TestPassDumps(t *testing.T) {
	if _, err := os.Stat(passDumps); err != nil {
		t.Skipf("pass dumps not found: %v", err)
	}
	checked := 0
	for _, k := range []struct {
		name      string
		numStages int
	}{{"vector_add", 2}, {"softmax", 2}, {"matmul", 3}} {
		file := k.name + ".gfx942.passes.mlir"
		secs, err := passdumps.Read(filepath.Join(passDumps, file))
		if err != nil {
			t.Fatal(err)
		}
		passes := gfx942Passes(k.numStages)
		on := false
		for i, s := range secs {
			if s.Pass == "convert-triton-to-tritongpu" {
				on = true
			}
			if s.Pass == "convert-scf-to-cf" {
				break
			}
			if !on || i+1 >= len(secs) {
				continue
			}
			if passmgr.Default.Lookup(s.Pass) == nil {
				t.Errorf("%s:%d: %s is not registered", file, s.Line, s.Pass)
				continue
			}
			pipeline, ok := passes[s.Pass]
			if !ok {
				t.Errorf("%s: no pipeline step for %s", file, s.Pass)
				continue
			}
			checked++
			t.Run(fmt.Sprintf("%s:%d:%s", file, s.Line, s.Pass), func(t *testing.T) {
				op, err := asm.ParseString(all.NewContext(), s.Text)
				if err != nil {
					t.Fatalf("input does not parse: %v", err)
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
	t.Logf("checked %d pass runs", checked)
}

// canonicalText parses IR and prints it with default SSA names.
func canonicalText(t *testing.T, text string) string {
	t.Helper()
	op, err := asm.ParseString(all.NewContext(), text)
	if err != nil {
		t.Fatalf("dump does not parse: %v", err)
	}
	return passdumps.Normalize(asm.Sprint(op, asm.PrintConfig{}))
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
