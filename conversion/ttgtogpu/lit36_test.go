package ttgtogpu_test

import (
	"testing"

	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// nvvmForm pins a chunk of Triton's convert-warp-specialize-to-llvm test:
// its input is Triton's LLVM dialect after its own conversion (nvvm.barrier0
// to rewrite, and nvvm.read.ptx.sreg.tid.x, nvvm.shfl.sync, llvm.switch,
// llvm.nvvm.barrier.cta.sync.all and nvvm.setmaxregister expected), while
// tt's pass lowers tt's per-thread kernels (gpu.kernel, gpu.barrier,
// gpu.named_barrier, gpu.setmaxnreg, a compare chain for the switch) and
// refuses the NVVM form with a located error. The same structure is checked
// on tt's own IR by TestWarpSpecializePTX and the simulator tests.
var nvvmForm = chunks.Known{
	Why:      "the input is Triton's NVVM/LLVM form (nvvm.barrier0, llvm.switch expected); tt's pass lowers tt's gpu-dialect kernels",
	Evidence: "Triton's NVVM form is not implemented",
}

// TestTriton36LitFiles runs Triton 3.6's lit file of
// convert-warp-specialize-to-llvm chunk by chunk (tt-opt for triton-opt)
// and checks that exactly the pinned chunks fail, each for its reason.
func TestTriton36LitFiles(t *testing.T) {
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	failing := map[int]chunks.Known{}
	for i := 0; i < 11; i++ {
		failing[i] = nvvmForm
	}
	chunks.Run(t, cfg, "../../../shared/conformance/triton-3.6-lit", []chunks.Case{
		{File: "test/Conversion/warp_specialize_to_llvm.mlir", Failing: failing},
	})
}
