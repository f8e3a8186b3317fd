package ttgtogpu_test

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// A rank-reducing descriptor load (test_tensor_descriptor's
// matmul_kernel_rank_reducing and batched_gemm_3d_tma): the block is
// 1x32x64 of a 3-D tensor, the loaded tensor (and so the TMA buffer) is
// 32x64. The TMA copy has three coordinates for a 2-D buffer: the buffer's
// dims are the innermost ones and the batch coordinate stays as given, as
// Triton 3.6 issues it. The kernel reads batch 1 and stores it through a
// 2-D descriptor; the interpreter runs the TTIR.
const rankReducingTTIR = `
module {
  tt.func public @kernel(%In: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %Out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c2048_i64 = arith.constant 2048 : i64
    %c64_i64 = arith.constant 64 : i64
    %c1_i64 = arith.constant 1 : i64
    %in = tt.make_tensor_descriptor %In, [%c2_i32, %c32_i32, %c64_i32], [%c2048_i64, %c64_i64, %c1_i64] : <i32>, <tensor<1x32x64xsi32>>
    %out = tt.make_tensor_descriptor %Out, [%c32_i32, %c64_i32], [%c64_i64, %c1_i64] : <i32>, <tensor<32x64xsi32>>
    %v = tt.descriptor_load %in[%c1_i32, %c0_i32, %c0_i32] : !tt.tensordesc<tensor<1x32x64xsi32>> -> tensor<32x64xi32>
    tt.descriptor_store %out[%c0_i32, %c0_i32], %v : !tt.tensordesc<tensor<32x64xsi32>>, tensor<32x64xi32>
    tt.return
  }
}
`

func TestTMARankReducingLoadSim(t *testing.T) {
	m := parse(t, rankReducingTTIR)
	ref := m.Clone(nil)
	runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 capability=90 num-stages=3}")
	in := make([]int32, 2*32*64)
	for i := range in {
		in[i] = int32(i*5 + 1)
	}
	diffRefCheck(t, ref, m, "kernel", [3]int{1, 1, 1}, []diffArg{i32Buf(in), zeroBuf("i32", 32*64)}, 0, func(lowered *ir.Operation) {
		loads := ops(lowered, gpu.TMALoadOp.Name)
		if len(loads) == 0 {
			t.Fatal("no gpu.tma_load")
		}
		for _, op := range loads {
			// dst, bar, map, three coordinates, pred.
			if op.NumOperands() != 7 {
				t.Errorf("gpu.tma_load with %d operands, want 3 coordinates (7 operands)", op.NumOperands())
			}
		}
	})
}
