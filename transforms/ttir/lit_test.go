package ttir_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms"
	_ "github.com/ttcompiler/tt/transforms/ttir"
)

// corpus is Triton's lit suite (files of various eras; MANIFEST.md).
const corpus = "../../../shared/conformance/triton-lit"

// litCase is one Triton lit file that exercises this package's passes,
// with the CHECK-LABEL blocks expected to fail and why. A file passes
// when its failures are exactly those blocks (none for most files).
type litCase struct {
	file string
	// adapt rewrites the file before it runs (nil: run as is).
	adapt func(string) string
	// failing lists the CHECK-LABEL texts whose checks fail ("" for
	// checks before any label), with the reason.
	failing map[string]string
}

// prefixUnregisteredOps gives the bare op names of a test (`"def"()`) a
// dialect prefix: tt's parser rejects names without a dot, which MLIR
// accepts under -allow-unregistered-dialect.
func prefixUnregisteredOps(s string) string {
	return regexp.MustCompile(`"([a-z_]+)"\(`).ReplaceAllString(s, `"test.$1"(`)
}

const (
	newerThan36   = "the test was added to Triton after 3.6 (absent from v3.6's copy of the file)"
	newerCombine  = newerThan36 + ": Triton 3.6's triton-combine has no such pattern"
	ieeeNot36     = newerThan36 + "; 3.6's CombineBroadcastMulReducePattern makes a tf32 dot, so `tt.dot %{{.*}}, %{{.*}}, %[[CST]] : ...` (no inputPrecision) cannot match"
	exactSplit    = "triton-loop-split splits where the comparison flips (this file's version is off by one for > and >=, and rounds a split point between iterations to mid + 1)"
	scalarSelects = "the file predates 3.6: Triton 3.6 merges only tensor selects (\"Scalars are cheap enough to predicate\"), these are scalar"
)

var litCases = []litCase{
	{file: "test/Triton/combine.mlir",
		// The file uses two later syntaxes Triton 3.6 rejects too:
		// !tt.tensordesc<1x128x64xf16> and #tt.cache_policy (only in
		// @splat_load, dropped with its checks).
		adapt: func(s string) string {
			s = strings.ReplaceAll(s, "!tt.tensordesc<1x128x64xf16>", "!tt.tensordesc<tensor<1x128x64xf16>>")
			if i, j := strings.Index(s, "// CHECK-LABEL: @splat_load\n"), strings.Index(s, "// CHECK-LABEL: @splat_load_uniform_mask"); i >= 0 && j > i {
				s = s[:i] + s[j:]
			}
			return s
		},
		failing: map[string]string{
			"@test_combine_scale_dot_add_pattern":        newerCombine + " (dot_scaled + addf)",
			"@test_canonicalize_reshape_expand_dims":     newerThan36 + ": reshape(expand_dims(x)) -> x is a later tt.reshape canonicalization",
			"@test_combine_broadcast_mul_reduce":         ieeeNot36,
			"@test_combine_broadcast_mul_reduce_reshape": newerCombine + " (broadcast of a reshape instead of expand_dims)",
			"@splat_load_uniform_mask":                   newerCombine + " (loads of splat pointers)",
		}},
	{file: "test/Triton/reorder-broadcast.mlir"},
	{file: "test/Triton/loop-invariant-code-motion.mlir", failing: map[string]string{
		"@local_alloc_speculation": newerThan36 + ": 3.6's ttg.local_alloc is not speculatable",
		"@tmem_alloc_speculation":  newerThan36 + ": 3.6's ttng.tmem_alloc is not speculatable",
	}},
	{file: "test/Triton/loop_cse.mlir", adapt: prefixUnregisteredOps},
	{file: "test/Triton/loop-unroll.mlir", failing: map[string]string{
		"": "the file predates 3.6: it marks the loop with tt.unrolled_iteration, which Triton 3.6 (tt.loop_unroll_factor) ignores",
	}},
	{file: "test/Triton/loop-split.mlir", failing: map[string]string{
		"split_kernel_sgt":    exactSplit + ": i > mid flips at mid + 1, so an addi is expected",
		"split_kernel_sge":    exactSplit + ": i >= mid flips at mid, so no `-1` is added",
		"split_kernel_step10": exactSplit + ": the split point is lb + ceildiv(mid - lb, 10) * 10, not mid + (mid % 10 != 0)",
	}},
	{file: "test/Triton/loop-unswitch.mlir"},
	{file: "test/Triton/loop-peeling.mlir", adapt: prefixUnregisteredOps},
	{file: "test/Triton/rewrite-tensor-pointer.mlir"},
	{file: "test/Triton/rewrite-tensor-descriptor-to-pointer.mlir"},
	{file: "test/TritonGPU/combine-select-if.mlir", failing: map[string]string{
		"@if_multiple_sel":      scalarSelects,
		"tt.func @users_in_if(": scalarSelects,
	}},
}

var checkError = regexp.MustCompile(`(?m)([^\s:]+\.mlir):(\d+):\d+: error: (CHECK[A-Z-]*|[a-z-]+:)`)

// failingLabels returns the CHECK-LABEL texts under which FileCheck
// reported errors in text (the check file).
func failingLabels(text, log string) []string {
	lines := strings.Split(text, "\n")
	label := regexp.MustCompile(`CHECK-LABEL:\s*(.*)$`)
	set := map[string]bool{}
	for _, m := range checkError.FindAllStringSubmatch(log, -1) {
		if !strings.Contains(m[3], "CHECK") {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		name := ""
		for i := min(n, len(lines)) - 1; i >= 0; i-- {
			if l := label.FindStringSubmatch(lines[i]); l != nil {
				name = strings.TrimSpace(l[1])
				break
			}
		}
		set[name] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestTritonLitFiles runs Triton's lit files for this package's passes
// the way lit does (tt-opt for triton-opt, FileCheck with
// --enable-var-scope), and checks that the only failing checks are the
// ones explained above.
func TestTritonLitFiles(t *testing.T) {
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("Triton lit corpus not found: %v", err)
	}
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	cfg.TempDir = t.TempDir()
	for _, c := range litCases {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			path := filepath.Join(corpus, c.file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			if c.adapt != nil {
				text = c.adapt(text)
				path = filepath.Join(t.TempDir(), filepath.Base(c.file))
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			res := cfg.RunFile(path)
			got := failingLabels(text, res.Log)
			var want []string
			for l := range c.failing {
				want = append(want, l)
			}
			sort.Strings(want)
			if res.Status == lit.Pass && len(want) == 0 {
				return
			}
			if strings.Join(got, "|") != strings.Join(want, "|") || res.Status == lit.Pass {
				t.Errorf("%s: %s; failing check blocks %q, expected %q\n%s", c.file, res.Status, got, want, res.Log)
				return
			}
			for _, l := range got {
				t.Logf("expected failure in %q: %s", l, c.failing[l])
			}
		})
	}
}
