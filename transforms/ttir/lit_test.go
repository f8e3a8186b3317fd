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
	ieeeNot36     = newerThan36 + "; 3.6's CombineBroadcastMulReducePattern makes a tf32 dot (`inputPrecision = tf32`), the later one an ieee dot, so `tt.dot %{{.*}}, %{{.*}}, %[[CST]] : ...` cannot match"
	exactSplit    = "triton-loop-split is not in Triton 3.6; this file's version of the pass (triton-lang/triton 26d85b21) splits `>` one iteration late and `>=` one early (mid and mid - 1 instead of mid + 1 and mid) and moves a split point between iterations to mid + 1, running iterations the loop did not; tt splits where the comparison flips, as triton-ext's corrected pass (pass/LoopSplit) does"
	scalarSelects = "the file predates 3.6: Triton 3.6 merges only tensor selects (\"Scalars are cheap enough to predicate\"), these are scalar"
	preserveOp    = "tt.preserve is an op added to Triton after 3.6; Triton 3.6's parser rejects it too (\"custom op 'tt.preserve' is unknown\", triton-3.6-print/status.json)"
)

var litCases = []litCase{
	{file: "test/Triton/combine.mlir",
		// The file writes descriptor types in the late-2025 spelling
		// !tt.tensordesc<1x128x64xf16>, also in its CHECK lines; Triton
		// 3.6 spells it !tt.tensordesc<tensor<1x128x64xf16>> (and rejects
		// the file at the other spelling), so the file is run in 3.6's.
		adapt: func(s string) string {
			return strings.ReplaceAll(s, "!tt.tensordesc<1x128x64xf16>", "!tt.tensordesc<tensor<1x128x64xf16>>")
		},
		failing: map[string]string{
			"@test_combine_scale_dot_add_pattern":        newerCombine + " (addf(dot_scaled(a, b, 0), d) -> dot_scaled(a, b, d))",
			"@test_canonicalize_reshape_expand_dims":     newerThan36 + ": reshape(expand_dims(x)) -> x is a later tt.reshape canonicalization (3.6 folds only reshape(reshape), reshape(splat) and constants)",
			"@test_combine_broadcast_mul_reduce":         ieeeNot36,
			"@test_combine_broadcast_mul_reduce_reshape": newerCombine + " (broadcast of a reshape instead of expand_dims)",
			"@splat_load":              newerCombine + " (a load of a splat pointer becomes a scalar load and a splat); the file also writes the cache policy as the later #tt.cache_policy attribute, which 3.6 does not have (tt reads it and prints 3.6's `cacheModifier = cg evictionPolicy = evict_first`)",
			"@splat_load_uniform_mask": newerCombine + " (a load of a splat pointer with a splat mask becomes a scalar masked load and a splat)",
		}},
	{file: "test/Triton/reorder-broadcast.mlir"},
	{file: "test/Triton/loop-invariant-code-motion.mlir", failing: map[string]string{
		"@local_alloc_speculation": newerThan36 + ": 3.6's ttg.local_alloc is not speculatable",
		"@tmem_alloc_speculation":  newerThan36 + ": 3.6's ttng.tmem_alloc is not speculatable",
	}},
	{file: "test/Triton/loop_cse.mlir", adapt: prefixUnregisteredOps},
	{file: "test/Triton/loop-unroll.mlir", failing: map[string]string{
		"": "the file predates 3.6: it comes from a draft of the unroller (triton-lang/triton 04d2c5df) that read tt.unrolled_iteration; the pass as merged (PR #4645, September 2024) and Triton 3.6 read tt.loop_unroll_factor, so the loop is left alone",
	}},
	{file: "test/Triton/loop-split.mlir", failing: map[string]string{
		"split_kernel_sgt":    exactSplit + ": i > mid flips at mid + 1, so tt adds 1 where the file expects no arith.addi",
		"split_kernel_sge":    exactSplit + ": i >= mid flips at mid, so tt adds no -1",
		"split_kernel_step10": exactSplit + ": tt rounds the clamped point to lb + ceildivui(mid - lb, 10) * 10, where the file expects mid + zext(mid % 10 != 0)",
	}},
	{file: "test/Triton/loop-unswitch.mlir"},
	{file: "test/Triton/debug_preserve.mlir", failing: map[string]string{
		"@test_preserve_basic":           preserveOp,
		"@test_preserve_different_types": preserveOp,
	}},
	{file: "test/Triton/loop-peeling.mlir", adapt: prefixUnregisteredOps},
	{file: "test/Triton/rewrite-tensor-pointer.mlir"},
	{file: "test/Triton/rewrite-tensor-descriptor-to-pointer.mlir"},
	{file: "test/TritonGPU/combine-select-if.mlir", failing: map[string]string{
		"@if_multiple_sel":      scalarSelects,
		"tt.func @users_in_if(": scalarSelects,
	}},
}

// checkError matches the errors that make a lit file fail, located in
// the file: FileCheck's (a CHECK directive that did not hold) and
// --verify-diagnostics' (an unexpected diagnostic, or an expected one
// that was not produced).
var checkError = regexp.MustCompile(`(?m)([^\s:]+\.mlir):(\d+):\d+: error: (CHECK[A-Z-]*|unexpected [a-z]+:|expected [a-z]+ "|[a-z-]+:)`)

// failingLabels returns the CHECK-LABEL texts under which FileCheck or
// --verify-diagnostics reported errors in text (the test file).
func failingLabels(text, log string) []string {
	lines := strings.Split(text, "\n")
	label := regexp.MustCompile(`CHECK-LABEL:\s*(.*)$`)
	set := map[string]bool{}
	for _, m := range checkError.FindAllStringSubmatch(log, -1) {
		if !strings.Contains(m[3], "CHECK") && !strings.Contains(m[3], "expected ") {
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
