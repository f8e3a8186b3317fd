package ttgtogpu_test

import (
	"testing"

	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// TestTriton36LitFiles runs Triton 3.6's lit file of
// convert-warp-specialize-to-llvm chunk by chunk (tt-opt for triton-opt):
// its input is Triton's LLVM dialect (nvvm.barrier0, unrealized casts of
// Triton types), which the pass lowers in Triton's form
// (warpspec_nvvm.go); every chunk passes.
func TestTriton36LitFiles(t *testing.T) {
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	chunks.Run(t, cfg, "../../../shared/conformance/triton-3.6-lit", []chunks.Case{
		{File: "test/Conversion/warp_specialize_to_llvm.mlir"},
	})
}
