package nvidia_test

import (
	"testing"

	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// corpus36 is Triton 3.6's own lit suite: a chunk that fails is a
// difference between tt and 3.6.
const corpus36 = "../../../shared/conformance/triton-3.6-lit"

var lit36Cases = []chunks.Case{
	{File: "test/TritonGPU/fence-inserstion.mlir"},
	{File: "test/TritonNvidiaGPU/mma_lowering.mlir"},
	{File: "test/TritonNvidiaGPU/optimize_descriptor_encoding.mlir"},
}

// TestTriton36LitFiles runs Triton 3.6's lit files of this package's
// passes chunk by chunk (tt-opt for triton-opt) and checks that exactly
// the pinned chunks fail, each for its reason.
func TestTriton36LitFiles(t *testing.T) {
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	chunks.Run(t, cfg, corpus36, lit36Cases)
}
