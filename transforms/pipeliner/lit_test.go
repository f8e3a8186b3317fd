package pipeliner_test

import (
	"testing"

	_ "github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// corpus is Triton 3.6's own lit suite.
const corpus = "../../../shared/conformance/triton-3.6-lit/test"

// nestedLoopsWhy: @nested_loops pipelines an inner loop of two iterations
// with the peeled epilogue; tt's kernel loop then runs one (two stages) or
// zero (three stages) iterations and canonicalize inlines or removes it
// (MLIR's SimplifyTrivialLoops), where Triton's expected output still
// has the loop. The cause of the difference is not found yet.
const nestedLoopsWhy = "@nested_loops: tt's one- or zero-iteration kernel loop is folded away, Triton's is not"

// litFiles are the corpus files of this package's passes, with their
// pinned (RUN line, chunk) failures.

var litFiles = []chunks.RunLineCase{
	{File: "TritonGPU/loop-pipeline.mlir", Failing: map[int]map[int]chunks.Known{
		1: {6: {Why: nestedLoopsWhy, Evidence: "AMD: expected string not found in input\n# | // AMD: scf.for"}},
		2: {6: {Why: nestedLoopsWhy, Evidence: "AMD_3_STAGES: expected string not found in input\n# | // AMD_3_STAGES: scf.for"}},
	}},
	{File: "TritonGPU/loop-pipeline-cuda.mlir"},
	{File: "TritonGPU/loop-pipeline-hopper.mlir"},
	{File: "TritonGPU/loop-pipeline-hopper-remove-wait.mlir"},
	{File: "TritonGPU/loop-pipeline-async-latencies.mlir"},
	{File: "TritonGPU/loop-pipeline-expand.mlir"},
	{File: "TritonGPU/loop-pipeline-indirect-load.mlir"},
	{File: "TritonGPU/matmul-loop-pipeline.mlir"},
	{File: "TritonGPU/matmul.mlir"},
	{File: "TritonGPU/pipeline-assign-latencies.mlir"},
	{File: "TritonGPU/pipeline-schedule-loop.mlir"},
	{File: "TritonGPU/pipeline-lower-loop.mlir"},
	{File: "TritonGPU/pipeline-loop-nest.mlir", Failing: map[int]map[int]chunks.Known{
		0: {chunks.AllChunks: {Why: "the Blackwell pipeline runs the TMEM passes tritongpu-hoist-tmem-alloc and triton-nvidia-gpu-remove-tmem-tokens, not in tt",
			Evidence: "'tritongpu-hoist-tmem-alloc' does not refer to a registered pass"}},
	}},
	{File: "TritonGPU/loop-schedule.mlir"},
	{File: "TritonGPU/fuse-nested-loops.mlir"},
	{File: "TritonGPU/samples/descriptor-matmul-pipeline.mlir"},
	{File: "TritonGPU/samples/simulated-grouped-gemm.mlir"},
	{File: "TritonGPU/loop-pipeline-blackwell.mlir", Failing: map[int]map[int]chunks.Known{
		0: {chunks.AllChunks: {Why: "the RUN line runs the Blackwell TMEM passes tritongpu-hoist-tmem-alloc and triton-nvidia-gpu-remove-tmem-tokens, not in tt",
			Evidence: "Unknown command line argument '-tritongpu-hoist-tmem-alloc'"}},
	}},
	{File: "TritonNvidiaGPU/tma_lowering.mlir"},
	{File: "TritonNvidiaGPU/membar.mlir"},
}

// TestTritonLitFiles runs Triton 3.6's lit files of the pipelining passes
// RUN line by RUN line and chunk by chunk (tt-opt for triton-opt; package
// lit/chunks: a chunk that uses none of a RUN line's FileCheck prefixes
// still runs the tools), and
// checks that exactly the pinned (RUN line, chunk) pairs fail, each for
// its reason.
func TestTritonLitFiles(t *testing.T) {
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	// A chunk may use only some of a RUN line's prefixes.
	cfg.FileCheckOpts += " --allow-unused-prefixes"
	chunks.RunLines(t, cfg, corpus, litFiles)
}
