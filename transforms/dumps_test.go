package transforms_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// passDumps holds Triton 3.6's IR before every pass of its pipelines for
// the seed kernels.
const passDumps = "../../shared/kernels/passes"

var dumpHeader = regexp.MustCompile(`^// -----// IR Dump Before (\S+) \(([^)]+)\) \('([^']+)' operation(?:: @.*)?\) //----- //$`)

type dumpSection struct {
	display, pass, op, text string
	line                    int
}

func readDumps(t *testing.T, path string) []dumpSection {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("pass dumps not available: %v", err)
	}
	var out []dumpSection
	var cur *dumpSection
	var body strings.Builder
	flush := func() {
		if cur != nil {
			cur.text = body.String()
			out = append(out, *cur)
		}
		body.Reset()
	}
	for i, line := range strings.Split(string(data), "\n") {
		if m := dumpHeader.FindStringSubmatch(line); m != nil {
			flush()
			cur = &dumpSection{display: m[1], pass: m[2], op: m[3], line: i + 1}
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	flush()
	return out
}

// normalizeDump drops blank lines and trailing spaces, which the dumps and
// the printer place differently around the module.
func normalizeDump(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimRight(l, " ")
		if l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// myPasses are the module-level passes of Triton's pipelines that this
// package implements, with the pipeline that reproduces them.
var myPasses = map[string]string{
	"inline":            "builtin.module(inline)",
	"canonicalize":      "builtin.module(canonicalize)",
	"cse":               "builtin.module(cse)",
	"symbol-dce":        "builtin.module(symbol-dce)",
	"sccp":              "builtin.module(sccp)",
	"convert-scf-to-cf": "builtin.module(convert-scf-to-cf)",
}

// knownDumpFailures are the pass runs that do not reproduce Triton yet,
// keyed by dump file and pass, with the reason.
var knownDumpFailures = map[string]string{
	"matmul.sm90.passes.mlir:inline":   "arith.bitcast has no identity fold (bitcast x : i32 to i32 -> x), so the inlined cdiv leaves one",
	"matmul.sm80.passes.mlir:inline":   "arith.bitcast has no identity fold (bitcast x : i32 to i32 -> x), so the inlined cdiv leaves one",
	"matmul.gfx942.passes.mlir:inline": "arith.bitcast has no identity fold (bitcast x : i32 to i32 -> x), so the inlined cdiv leaves one",
}

// TestTritonPassDumps runs every module-level occurrence of this
// package's passes in Triton 3.6's pipeline dumps on the IR Triton had
// before it and compares with the IR Triton had before the next
// module-level pass.
func TestTritonPassDumps(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(passDumps, "*.passes.mlir"))
	if len(files) == 0 {
		t.Skip("no pass dumps")
	}
	total, same, exact := 0, 0, 0
	for _, f := range files {
		secs := readDumps(t, f)
		for i, s := range secs {
			pipeline, mine := myPasses[s.pass]
			if !mine || s.op != "builtin.module" {
				continue
			}
			next := -1
			for j := i + 1; j < len(secs); j++ {
				if secs[j].op == "builtin.module" {
					next = j
					break
				}
			}
			if next < 0 {
				continue
			}
			name := fmt.Sprintf("%s:%d:%s", filepath.Base(f), s.line, s.pass)
			known := knownDumpFailures[filepath.Base(f)+":"+s.pass]
			total++
			t.Run(name, func(t *testing.T) {
				ctx := all.NewContext()
				op, err := asm.ParseString(ctx, s.text)
				if err != nil {
					t.Skipf("input does not parse: %v", err)
				}
				pm, err := passmgr.Parse(passmgr.Default, pipeline)
				if err != nil {
					t.Fatal(err)
				}
				if err := pm.Run(op, &passmgr.Config{VerifyEach: true}); err != nil {
					t.Fatalf("%s failed: %v", s.pass, err)
				}
				got := normalizeDump(asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true}))
				want := normalizeDump(secs[next].text)
				if got == want {
					exact++
					same++
					return
				}
				// SSA names under --mlir-use-nameloc-as-prefix follow
				// locations, which the dumps do not show; compare the IR
				// with default names.
				wantOp, err := asm.ParseString(all.NewContext(), secs[next].text)
				if err != nil {
					t.Fatalf("expected output does not parse: %v", err)
				}
				got = normalizeDump(asm.Sprint(op, asm.PrintConfig{}))
				want = normalizeDump(asm.Sprint(wantOp, asm.PrintConfig{}))
				if got != want {
					if known != "" {
						t.Skipf("known difference: %s", known)
					}
					t.Errorf("%s differs from Triton's output (before %s):\n%s", s.pass, secs[next].pass, lineDiff(want, got))
					return
				}
				if known != "" {
					t.Errorf("now reproduces Triton: drop it from knownDumpFailures")
				}
				t.Logf("same IR, different SSA names under --mlir-use-nameloc-as-prefix")
				same++
			})
		}
	}
	t.Logf("%d/%d pass runs reproduce Triton's output (%d with identical SSA names)", same, total, exact)
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
			lo := max(0, i-3)
			var sb strings.Builder
			fmt.Fprintf(&sb, "first difference at line %d\n--- want (Triton)\n", i+1)
			for k := lo; k < min(len(w), i+6); k++ {
				fmt.Fprintf(&sb, "  %s\n", w[k])
			}
			sb.WriteString("--- got (tt)\n")
			for k := lo; k < min(len(g), i+6); k++ {
				fmt.Fprintf(&sb, "  %s\n", g[k])
			}
			return sb.String()
		}
	}
	return "(equal)"
}
