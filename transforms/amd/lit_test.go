package amd_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// corpus is Triton 3.6's own lit suite: a chunk that fails is a
// difference between tt and 3.6.
const corpus = "../../../shared/conformance/triton-3.6-lit/test/TritonGPU/amd"

// allChunks pins every chunk of a RUN line.
const allChunks = -1

// litFile is a corpus file of the AMD passes. failing maps a RUN line
// (from 0) to its failing chunks (allChunks: every one) and why. A whole
// file (one using split-file, whose parts cross `// -----`) runs as one.
type litFile struct {
	path    string
	whole   bool
	failing map[int]map[int]chunks.Known
}

var litFiles = []litFile{
	{path: "accelerate-amd-matmul-mfma.mlir", whole: true},
	{path: "accelerate-amd-matmul-fma.mlir"},
	{path: "accelerate-amd-matmul-chain-dot.mlir"},
	{path: "accelerate-amd-matmul-wmma-gen1.mlir"},
	{path: "accelerate-amd-matmul-wmma-gen2.mlir"},
	{path: "amd-optimize-epilogue.mlir"},
	{path: "amd-optimize-dot-operands.mlir"},
	{path: "amd-hoist-cvtToDotOp.mlir"},
	{path: "in-thread-transpose.mlir"},
	{path: "amd-reorder-instructions.mlir"},
	{path: "amd-range-analysis.mlir"},
	{path: "amd-fold-true-cmpi.mlir"},
	{path: "amd-update-async-wait-count.mlir"},
	{path: "amd-update-async-wait-count-without-token.mlir"},
	{path: "amd-coalesce-async-copy.mlir"},
	{path: "amd-convert-buffer-ops.mlir"},
	{path: "amd-convert-buffer-ops-small-tensor.mlir"},
	{path: "amd-canonicalize-pointers.mlir", failing: map[int]map[int]chunks.Known{0: {9: whileInvariants, 19: whileInvariants, 23: globalVar}}},
	{path: "amd-canonicalize-pointers-dont-run-mlir-canonicalizer.mlir"},
	{path: "amd-canonicalize-pointers-no-large-tensor.mlir"},
	{path: "optimize-lds-usage.mlir"},
	{path: "accelerate-amd-matmul-mfma-gfx950.mlir", failing: map[int]map[int]chunks.Known{
		0: chunksOf(scaledDot, 0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 13),
		1: chunksOf(scaledDot, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 13)}},
	{path: "accelerate-amd-matmul-mfma-decompose-scaled-dot.mlir", failing: map[int]map[int]chunks.Known{0: chunksOf(scaledDot, 0, 1, 2)}},
	{path: "accelerate-amd-matmul-wmma-gfx1250.mlir", failing: map[int]map[int]chunks.Known{0: chunksOf(scaledDot, 0, 1, 2, 3, 4, 5)}},
	{path: "invalid.mlir"},
	{path: "amd-block-pingpong.mlir"},
	{path: "amd-block-pingpong-chained-dots.mlir"},
	{path: "amd-stream-lds-layout-selection.mlir"},
	{path: "amd-stream-loop-assume.mlir"},
	{path: "amd-pipeline-chained-dots.mlir"},
	{path: "../loop-pipeline-combine-waits.mlir"},
	{path: "../loop-pipeline-hip.mlir", failing: map[int]map[int]chunks.Known{0: {13: bypassLDS}, 1: {14: paddedAsync}}},
	{path: "amd-convert-buffer-ops-range-analysis.mlir", failing: map[int]map[int]chunks.Known{0: {9: mergeBlocks, 18: mergeBlocks}}},
}

// mergeBlocks pins chunks whose expected output has two identical
// successor blocks merged: MLIR's greedy driver merges identical blocks
// after the rewrites (its aggressive region simplification), tt's does
// not merge blocks.
var mergeBlocks = chunks.Known{Why: "MLIR's greedy driver merges identical blocks; tt's does not",
	Evidence: "cf.cond_br %[[VAL_"}

// whileInvariants pins chunks whose expected output has scf.while
// arguments that pass through unchanged removed (MLIR's scf.while
// canonicalizations RemoveLoopInvariantArgsFromBeforeBlock and
// RemoveLoopInvariantValueYielded), which tt's canonicalize lacks.
var whileInvariants = chunks.Known{Why: "tt's canonicalize keeps loop-invariant scf.while arguments",
	Evidence: "= scf.while ("}

// globalVar pins a chunk whose checks use a FileCheck global variable
// ($ATTR_0) bound by another chunk's checks: it only matches when the
// file is checked whole.
var globalVar = chunks.Known{Why: "the chunk's checks use a FileCheck variable bound in another chunk",
	Evidence: "undefined variable: $ATTR_0"}

// scaledDot pins chunks of microscaled dots on gfx950 and gfx1250
// (tt.dot_scaled upcast or on scaled MFMA/WMMA, gfx950's scaled
// f8f6f4 MFMA), which tt's accelerate-matmul reports as not built.
var scaledDot = chunks.Known{Why: "microscaled dots (gfx950/gfx1250 scaled MFMA and WMMA) are not built",
	Evidence: "tt does not implement"}

// chunksOf pins the given chunks for one reason.
func chunksOf(k chunks.Known, cs ...int) map[int]chunks.Known {
	m := map[int]chunks.Known{}
	for _, c := range cs {
		m[c] = k
	}
	return m
}

// bypassLDS pins the chunk whose dot operand, preshuffled in global
// memory, Triton's schedule-loops loads straight into the layout the dot
// wants (bypassLDS: the inverse of the reshapes and transposes to the
// load, when as coalesced as the blocked load); tt stages it through LDS.
var bypassLDS = chunks.Known{Why: "tritonamdgpu-schedule-loops' bypassLDS (preshuffled gfx950 operands) is not built",
	Evidence: "SYNC: %[[load:.+]] = tt.load {{.*}} : tensor<8x2048x!tt.ptr<i8>, #linear>"}

// paddedAsync pins the chunk where gfx950 async copies stage an operand in
// a padded shared layout (composePaddedLayout); tt uses the swizzled one.
var paddedAsync = chunks.Known{Why: "padded LDS layouts for gfx950 direct-to-LDS copies are not built",
	Evidence: "ASYNC: [[PADDED_ENC:#.*]] = #ttg.padded_shared"}

// TestTritonLitFiles runs Triton 3.6's lit files of the AMD passes RUN
// line by RUN line and chunk by chunk (tt-opt for triton-opt) and checks
// that exactly the pinned (RUN line, chunk) pairs fail, each for its
// reason.
func TestTritonLitFiles(t *testing.T) {
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("Triton 3.6 lit corpus not found: %v", err)
	}
	for _, f := range litFiles {
		t.Run(f.path, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpus, f.path))
			if err != nil {
				t.Fatal(err)
			}
			cfg := lit.DefaultConfig()
			cfg.Tools["triton-opt"] = ttopt.Run
			cfg.FileCheckOpts += " --allow-unused-prefixes"
			dir := t.TempDir()
			cfg.TempDir = dir
			src := string(data)
			if f.whole {
				p := filepath.Join(dir, f.path)
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if res := cfg.RunFile(p); res.Status.IsFailure() {
					t.Errorf("fails: %s\n%s", res.Status, res.Log)
				}
				return
			}
			total, passed := 0, 0
			for r := 0; r < chunks.NumRunLines(src); r++ {
				known := f.failing[r]
				var failed []int
				parts := chunks.Split(chunks.WithOnlyRunLine(src, r))
				for c, chunk := range parts {
					p := filepath.Join(dir, fmt.Sprintf("run%d.chunk%d.mlir", r, c))
					if err := os.WriteFile(p, []byte(chunk), 0o644); err != nil {
						t.Fatal(err)
					}
					total++
					res := cfg.RunFile(p)
					if !res.Status.IsFailure() {
						passed++
						continue
					}
					failed = append(failed, c)
					k, ok := known[c]
					if !ok {
						k, ok = known[allChunks]
					}
					switch {
					case !ok:
						t.Errorf("RUN line %d, chunk %d fails: %s\n%s", r, c, res.Status, res.Log)
					case !strings.Contains(res.Log, k.Evidence):
						t.Errorf("RUN line %d, chunk %d fails for another reason than %q:\n%s", r, c, k.Why, res.Log)
					}
				}
				var want []int
				for c := range known {
					if c == allChunks {
						want = nil
						for i := range parts {
							want = append(want, i)
						}
						break
					}
					want = append(want, c)
				}
				sort.Ints(want)
				if fmt.Sprint(failed) != fmt.Sprint(want) {
					t.Errorf("RUN line %d: failing chunks %v, want %v", r, failed, want)
				}
			}
			t.Logf("%s: %d/%d (RUN line, chunk) runs pass", f.path, passed, total)
		})
	}
}
