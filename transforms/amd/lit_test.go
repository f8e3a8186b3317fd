package amd_test

import (
	"testing"

	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// corpus is Triton 3.6's own lit suite: a chunk that fails is a
// difference between tt and 3.6.
const corpus = "../../../shared/conformance/triton-3.6-lit/test/TritonGPU/amd"

// litFiles are the corpus files of the AMD passes, with their pinned
// (RUN line, chunk) failures.
var litFiles = []chunks.RunLineCase{
	{File: "accelerate-amd-matmul-mfma.mlir", Whole: true},
	{File: "accelerate-amd-matmul-fma.mlir"},
	{File: "accelerate-amd-matmul-chain-dot.mlir"},
	{File: "accelerate-amd-matmul-wmma-gen1.mlir"},
	{File: "accelerate-amd-matmul-wmma-gen2.mlir"},
	{File: "amd-optimize-epilogue.mlir"},
	{File: "amd-optimize-dot-operands.mlir"},
	{File: "amd-hoist-cvtToDotOp.mlir"},
	{File: "in-thread-transpose.mlir"},
	{File: "amd-reorder-instructions.mlir"},
	{File: "amd-range-analysis.mlir"},
	{File: "amd-fold-true-cmpi.mlir"},
	{File: "amd-update-async-wait-count.mlir"},
	{File: "amd-update-async-wait-count-without-token.mlir"},
	{File: "amd-coalesce-async-copy.mlir"},
	{File: "amd-convert-buffer-ops.mlir"},
	{File: "amd-convert-buffer-ops-small-tensor.mlir"},
	// Whole: a check of chunk 23 uses a FileCheck variable ($ATTR_0) that
	// another chunk's checks bind.
	{File: "amd-canonicalize-pointers.mlir", Whole: true},
	{File: "amd-canonicalize-pointers-dont-run-mlir-canonicalizer.mlir"},
	{File: "amd-canonicalize-pointers-no-large-tensor.mlir"},
	{File: "optimize-lds-usage.mlir"},
	{File: "accelerate-amd-matmul-mfma-gfx950.mlir", Failing: map[int]map[int]chunks.Known{
		0: chunks.PinChunks(scaledDot, 0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 13),
		1: chunks.PinChunks(scaledDot, 0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 13)}},
	{File: "accelerate-amd-matmul-mfma-decompose-scaled-dot.mlir", Failing: map[int]map[int]chunks.Known{0: chunks.PinChunks(scaledDot, 0, 1, 2)}},
	{File: "accelerate-amd-matmul-wmma-gfx1250.mlir", Failing: map[int]map[int]chunks.Known{0: chunks.PinChunks(scaledDot, 0, 1, 2, 3, 4, 5)}},
	{File: "invalid.mlir"},
	{File: "amd-block-pingpong.mlir"},
	{File: "amd-block-pingpong-chained-dots.mlir"},
	{File: "amd-stream-lds-layout-selection.mlir"},
	{File: "amd-stream-loop-assume.mlir"},
	{File: "amd-pipeline-chained-dots.mlir"},
	{File: "../loop-pipeline-combine-waits.mlir"},
	{File: "../loop-pipeline-hip.mlir", Failing: map[int]map[int]chunks.Known{0: {13: bypassLDS}, 1: {14: paddedAsync}}},
	{File: "amd-convert-buffer-ops-range-analysis.mlir"},
}

// scaledDot pins chunks of microscaled dots on gfx950 and gfx1250
// (tt.dot_scaled upcast or on scaled MFMA/WMMA, gfx950's scaled
// f8f6f4 MFMA), which tt's accelerate-matmul reports as not built.
var scaledDot = chunks.Known{Why: "microscaled dots (gfx950/gfx1250 scaled MFMA and WMMA) are not built",
	Evidence: "tt does not implement"}

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
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	// A chunk may use only some of a RUN line's prefixes.
	cfg.FileCheckOpts += " --allow-unused-prefixes"
	chunks.RunLines(t, cfg, corpus, litFiles)
}
