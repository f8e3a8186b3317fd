package pipeliner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/pipeliner"
)

// passDumps holds Triton 3.6's IR before every pass of its sm_90, sm_80
// and gfx942 pipelines for the seed kernels (the matmul is 128x128x64 with
// num_stages=3).
const passDumps = "../../../shared/kernels/passes"

var dumpHeader = regexp.MustCompile(`^// -----// IR Dump Before \S+ \(([^)]+)\) \('([^']+)' operation(?:: @.*)?\) //----- //$`)

const internalHeader = "// -----// SoftwarePipeliner internal IR Dump After: "

// dumpSection is the IR Triton printed before one pass, with the
// pipeliner's internal dumps (LowerLoops, ExpandLoops) that followed it.
type dumpSection struct {
	pass, op, text string
	line           int
	internal       map[string]string
}

func readDumps(t *testing.T, path string) []*dumpSection {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("pass dumps not available: %v", err)
	}
	var out []*dumpSection
	var cur *dumpSection
	var body strings.Builder
	inner := ""
	flush := func() {
		if cur == nil {
			return
		}
		if inner != "" {
			cur.internal[inner] = body.String()
		} else {
			cur.text = body.String()
		}
		body.Reset()
	}
	for i, line := range strings.Split(string(data), "\n") {
		if m := dumpHeader.FindStringSubmatch(line); m != nil {
			flush()
			inner = ""
			cur = &dumpSection{pass: m[1], op: m[2], line: i + 1, internal: map[string]string{}}
			out = append(out, cur)
			continue
		}
		if strings.HasPrefix(line, internalHeader) {
			flush()
			inner = strings.TrimPrefix(line, internalHeader)
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	flush()
	return out
}

// canonicalText parses IR and prints it with default SSA names, so that
// dumps printed with and without name locations and aliases compare.
func canonicalText(t *testing.T, text string) string {
	t.Helper()
	op, err := asm.ParseString(all.NewContext(), text)
	if err != nil {
		t.Fatalf("dump does not parse: %v", err)
	}
	return normalize(asm.Sprint(op, asm.PrintConfig{}))
}

func normalize(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimRight(l, " "); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
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
			secs := readDumps(t, filepath.Join(passDumps, file))
			for i, s := range secs {
				pipeline, ok := ourPasses[s.pass]
				if !ok || i+1 >= len(secs) {
					continue
				}
				count++
				name := fmt.Sprintf("%s:%d:%s", file, s.line, s.pass)
				t.Run(name, func(t *testing.T) {
					ctx := all.NewContext()
					op, err := asm.ParseString(ctx, s.text)
					if err != nil {
						t.Fatalf("input does not parse: %v", err)
					}
					if s.pass == "tritongpu-pipeline" {
						internal += checkInternalSteps(t, op, s)
						compareDump(t, op, secs[i+1].text)
						return
					}
					pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+pipeline+")")
					if err != nil {
						t.Fatal(err)
					}
					if err := pm.Run(op, &passmgr.Config{VerifyEach: true}); err != nil {
						t.Fatalf("%s failed: %v", s.pass, err)
					}
					compareDump(t, op, secs[i+1].text)
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
func checkInternalSteps(t *testing.T, op *ir.Operation, s *dumpSection) int {
	t.Helper()
	var dump strings.Builder
	if err := pipeliner.Pipeline(op, 3, nil, &dump); err != nil {
		t.Fatalf("tritongpu-pipeline: %v", err)
	}
	got := map[string]string{}
	for _, part := range strings.Split(dump.String(), internalHeader)[1:] {
		step, text, _ := strings.Cut(part, "\n")
		got[step] = text
	}
	n := 0
	for step, want := range s.internal {
		text, ok := got[step]
		if !ok {
			t.Errorf("no %s dump", step)
			continue
		}
		if g, w := canonicalText(t, text), canonicalText(t, want); g != w {
			t.Errorf("after %s:\n%s", step, lineDiff(w, g))
		}
		n++
	}
	return n
}

// compareDump checks op against the dump text Triton printed next.
func compareDump(t *testing.T, op *ir.Operation, want string) {
	t.Helper()
	if normalize(asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})) == normalize(want) {
		return
	}
	if got := normalize(asm.Sprint(op, asm.PrintConfig{})); got != canonicalText(t, want) {
		t.Errorf("differs from Triton:\n%s", lineDiff(canonicalText(t, want), got))
	}
}

// lineDiff shows the first differing lines of want and got.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\n--- Triton: %s\n--- tt:     %s", i+1, a, b)
		}
	}
	return "(equal)"
}
