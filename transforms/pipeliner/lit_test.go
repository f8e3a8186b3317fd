package pipeliner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	_ "github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// corpus is Triton 3.6's own lit suite.
const corpus = "../../../shared/conformance/triton-3.6-lit/test"

// knownFailure is a RUN line of a corpus file that fails on some chunks,
// and why.
type knownFailure struct {
	// chunks fail (nil: every chunk).
	chunks []int
	why    string
	// evidence must appear in each failing chunk's log: it shows the
	// chunk fails for that reason and not another.
	evidence string
}

// litFile is a corpus file of this package's passes; failing maps a RUN
// line (numbered from 0) to its known failure. The test fails when the set
// of failing (RUN line, chunk) pairs changes.
type litFile struct {
	path    string
	failing map[int]knownFailure
}

var litFiles = []litFile{
	{path: "TritonGPU/loop-pipeline.mlir", failing: map[int]knownFailure{
		1: {why: "the AMD stream pipeliner (tritonamdgpu-schedule-loops, tritonamdgpu-pipeline) is not in tt",
			evidence: "Unknown command line argument '-tritonamdgpu-schedule-loops"},
		2: {why: "the AMD stream pipeliner (tritonamdgpu-schedule-loops, tritonamdgpu-pipeline) is not in tt",
			evidence: "Unknown command line argument '-tritonamdgpu-schedule-loops"},
	}},
	{path: "TritonGPU/loop-pipeline-cuda.mlir"},
	{path: "TritonGPU/loop-pipeline-hopper.mlir"},
	{path: "TritonGPU/loop-pipeline-hopper-remove-wait.mlir"},
	{path: "TritonGPU/loop-pipeline-async-latencies.mlir"},
	{path: "TritonGPU/loop-pipeline-expand.mlir"},
	{path: "TritonGPU/loop-pipeline-indirect-load.mlir"},
	{path: "TritonGPU/matmul-loop-pipeline.mlir"},
	{path: "TritonGPU/matmul.mlir"},
	{path: "TritonGPU/pipeline-assign-latencies.mlir"},
	{path: "TritonGPU/pipeline-schedule-loop.mlir"},
	{path: "TritonGPU/pipeline-lower-loop.mlir"},
	{path: "TritonGPU/pipeline-loop-nest.mlir", failing: map[int]knownFailure{
		0: {why: "the Blackwell pipeline runs the TMEM passes tritongpu-hoist-tmem-alloc and triton-nvidia-gpu-remove-tmem-tokens, not in tt",
			evidence: "'tritongpu-hoist-tmem-alloc' does not refer to a registered pass"},
	}},
	{path: "TritonGPU/loop-schedule.mlir"},
	{path: "TritonGPU/fuse-nested-loops.mlir"},
	{path: "TritonGPU/samples/descriptor-matmul-pipeline.mlir"},
	{path: "TritonGPU/samples/simulated-grouped-gemm.mlir"},
	{path: "TritonGPU/loop-pipeline-blackwell.mlir", failing: map[int]knownFailure{
		0: {why: "the RUN line runs the Blackwell TMEM passes tritongpu-hoist-tmem-alloc and triton-nvidia-gpu-remove-tmem-tokens, not in tt",
			evidence: "Unknown command line argument '-tritongpu-hoist-tmem-alloc'"},
	}},
	{path: "TritonNvidiaGPU/tma_lowering.mlir"},
	{path: "TritonNvidiaGPU/membar.mlir"},
}

// TestTritonLitFiles runs Triton 3.6's lit files of the pipelining passes
// RUN line by RUN line and chunk by chunk (tt-opt for triton-opt; package
// lit/chunks: a chunk that uses none of a RUN line's FileCheck prefixes
// still runs the tools), and
// checks that exactly the pinned (RUN line, chunk) pairs fail, each for
// its reason.
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
			// A chunk may use only some of a RUN line's prefixes.
			cfg.FileCheckOpts += " --allow-unused-prefixes"
			dir := t.TempDir()
			cfg.TempDir = dir
			src := string(data)
			total, passed := 0, 0
			for r := 0; r < chunks.NumRunLines(src); r++ {
				known, isKnown := f.failing[r]
				var failed []int
				for c, chunk := range chunks.Split(chunks.WithOnlyRunLine(src, r)) {
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
					if !isKnown || (known.chunks != nil && !contains(known.chunks, c)) {
						t.Errorf("RUN line %d, chunk %d fails: %s\n%s", r, c, res.Status, res.Log)
					} else if !strings.Contains(res.Log, known.evidence) {
						t.Errorf("RUN line %d, chunk %d fails for another reason than %q:\n%s", r, c, known.why, res.Log)
					}
				}
				if !isKnown {
					continue
				}
				want := known.chunks
				if want == nil {
					for c := range chunks.Split(src) {
						want = append(want, c)
					}
				}
				sort.Ints(want)
				if fmt.Sprint(failed) != fmt.Sprint(want) {
					t.Errorf("RUN line %d: failing chunks %v, want %v (%s)", r, failed, want, known.why)
				}
			}
			t.Logf("%s: %d/%d (RUN line, chunk) runs pass", f.path, passed, total)
		})
	}
}

func contains(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
