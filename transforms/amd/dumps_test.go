package amd_test

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/amd"
)

// shared is shared/ beside the checkout; tests skip without it.
const shared = "../../../shared/kernels/"

// dump is one of Triton's pass-by-pass IR dumps: the IR before each pass.
type dump struct {
	passes []string // command-line names, in order
	irs    []string
}

var dumpHeader = regexp.MustCompile(`(?m)^// -----// IR Dump Before \S+ \(([^)]+)\) .*$`)

func readDump(t *testing.T, kernel string) *dump {
	t.Helper()
	b, err := os.ReadFile(shared + "passes/" + kernel + ".gfx942.passes.mlir")
	if err != nil {
		t.Skipf("no dump: %v", err)
	}
	text := string(b)
	d := &dump{}
	locs := dumpHeader.FindAllStringSubmatchIndex(text, -1)
	for i, m := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		d.passes = append(d.passes, text[m[2]:m[3]])
		d.irs = append(d.irs, text[m[1]:end])
	}
	return d
}

// before returns the IR before the first run of pass.
func (d *dump) before(t *testing.T, pass string) string {
	t.Helper()
	for i, p := range d.passes {
		if p == pass {
			return d.irs[i]
		}
	}
	t.Fatalf("the dump has no %s", pass)
	return ""
}

// passesBetween returns the passes from the first run of from up to (not
// including) the first run of to.
func (d *dump) passesBetween(from, to string) []string {
	var out []string
	on := false
	for _, p := range d.passes {
		if p == from {
			on = true
		}
		if p == to {
			break
		}
		if on {
			out = append(out, p)
		}
	}
	return out
}

func parse(t *testing.T, text string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(all.NewContext(), text)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return m
}

func run(t *testing.T, m *ir.Operation, pipeline string) {
	t.Helper()
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+pipeline+")")
	if err != nil {
		t.Fatalf("pipeline %q: %v", pipeline, err)
	}
	if err := pm.Run(m, passmgr.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
}

// layoutTrace describes where a module's tensors live: per op that
// computes on non-pointer tensors, its name and the layouts of those
// tensors (results, or operands of ops without results). Pointer tensors
// are left out, and amdg.buffer_load/store read as tt.load/store: Triton
// turns global accesses into buffer ops (a scalar base and per-thread
// offsets), which tt does not do yet, in the same layouts.
func layoutTrace(m *ir.Operation) []string {
	var out []string
	ir.WalkOps(m, func(op *ir.Operation) {
		vals := op.Results()
		if len(vals) == 0 {
			vals = op.Operands()
		}
		encs := map[string]bool{}
		for _, v := range vals {
			rt, ok := v.Type().(*ir.RankedTensorType)
			if !ok || rt.Encoding == nil || strings.Contains(asm.TypeString(rt.Elem), "ptr") {
				continue
			}
			encs[asm.AttrString(rt.Encoding)] = true
		}
		if len(encs) == 0 {
			return
		}
		name := strings.NewReplacer("amdg.buffer_load", "tt.load", "amdg.buffer_store", "tt.store").Replace(op.Name())
		var es []string
		for e := range encs {
			es = append(es, e)
		}
		sort.Strings(es)
		out = append(out, name+" "+strings.Join(es, " "))
	})
	return out
}

func moduleAttrs(m *ir.Operation) string {
	var parts []string
	for _, k := range []string{"ttg.num-warps", "ttg.threads-per-warp", "ttg.num-ctas", "ttg.target"} {
		a := m.Attr(k)
		if a == nil {
			parts = append(parts, k+"=<none>")
			continue
		}
		parts = append(parts, k+"="+asm.AttrString(a))
	}
	return strings.Join(parts, " ")
}

func compareLayouts(t *testing.T, got, want *ir.Operation) {
	t.Helper()
	if g, w := moduleAttrs(got), moduleAttrs(want); g != w {
		t.Errorf("module attributes\n got  %s\n want %s", g, w)
	}
	g, w := layoutTrace(got), layoutTrace(want)
	if len(w) == 0 {
		t.Fatal("Triton's TTGIR has no tensor layouts")
	}
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("layouts differ from Triton's\n got:\n  %s\n want:\n  %s\n%s", strings.Join(g, "\n  "), strings.Join(w, "\n  "), asm.Sprint(got, asm.PrintConfig{}))
	}
}

// TestLayoutsMatchTritonDumps runs Triton's own TTIR (the IR before
// convert-triton-to-tritongpu in its gfx942 dumps) through
// ttgir-pipeline-amd and compares the layouts with Triton's TTGIR at the
// end of make_ttgir.
func TestLayoutsMatchTritonDumps(t *testing.T) {
	for _, k := range []string{"vector_add", "softmax"} {
		t.Run(k, func(t *testing.T) {
			d := readDump(t, k)
			m := parse(t, d.before(t, "convert-triton-to-tritongpu"))
			run(t, m, amd.PipelineName+"{num-warps=4 arch=gfx942}")
			compareLayouts(t, m, parse(t, d.before(t, "optimize-amd-lds-usage")))
		})
	}
}

// TestLayoutsMatchTritonAMDKernels compiles shared/kernels/amd's TTIR
// (kernels without divisibility hints: one element per thread) through
// the AMD TTIR and TTGIR pipelines and compares with Triton's TTGIR.
func TestLayoutsMatchTritonAMDKernels(t *testing.T) {
	for _, k := range []string{"amd_vector_add", "amd_softmax"} {
		t.Run(k, func(t *testing.T) {
			src, err := os.ReadFile(shared + "amd/" + k + ".ttir")
			if err != nil {
				t.Skipf("%v", err)
			}
			want, err := os.ReadFile(shared + "amd/" + k + ".ttgir")
			if err != nil {
				t.Skipf("%v", err)
			}
			m := parse(t, string(src))
			run(t, m, "ttir-pipeline-amd,"+amd.PipelineName+"{num-warps=4 arch=gfx942}")
			compareLayouts(t, m, parse(t, string(want)))
		})
	}
}

// The trace tells layouts apart: the NVIDIA pipeline's 32-lane layouts do
// not pass for Triton's gfx942 ones.
func TestLayoutTraceDiscriminates(t *testing.T) {
	d := readDump(t, "softmax")
	m := parse(t, d.before(t, "convert-triton-to-tritongpu"))
	run(t, m, "ttgir-pipeline{num-warps=4}")
	want := parse(t, d.before(t, "optimize-amd-lds-usage"))
	if strings.Join(layoutTrace(m), "\n") == strings.Join(layoutTrace(want), "\n") {
		t.Error("sm_90 layouts compare equal to gfx942's")
	}
}
