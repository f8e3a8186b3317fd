package amd_test

import (
	"testing"

	"github.com/ttcompiler/tt/test/passdumps"
)

// TestMatmulTTGIR: shared/kernels/amd's f16 matmul (Triton's TTIR for
// gfx942) through ttir-pipeline-amd and ttgir-pipeline-amd is Triton's
// TTGIR op for op: the transposed 32x32x8 MFMA layout with kWidth 4, the
// A tile transposed in registers (in-thread-transpose's linear layout)
// before its swizzled LDS staging, and no pipelining or buffer ops (the
// loop's masked loads on pointers without a 32-bit range stay as they
// are, as in Triton).
func TestMatmulTTGIR(t *testing.T) {
	passdumps.CheckCompile(t, shared+"amd/amd_matmul_f16.ttir", shared+"amd/amd_matmul_f16.ttgir",
		"builtin.module(ttir-pipeline-amd,ttgir-pipeline-amd{num-warps=4 arch=gfx942 num-stages=2})",
		"#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>",
		"kWidth = 4", "(tensor<128x64xf16, #linear>) -> !ttg.memdesc<128x64xf16, #shared")
}
