// RUN: tt-opt %s -split-input-file --tritongpu-accelerate-matmul --verify-diagnostics
//
// Dots tritongpu-accelerate-matmul cannot place: a located error naming the
// operand or setting, never a crash (Triton 3.6 asserts or builds invalid
// IR on some of these).

// An FMA dot (sm_75 has no mma.sync path in 3.6) whose integer operands
// differ from the accumulator type: 3.6 would build an arith.extf on i8.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @int8_fma(%a: tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    // expected-remark @+2 {{Dot op using MMA for compute capability 75 has been deprecated. It falls back to the FMA path.}}
    // expected-error @+1 {{'tt.dot' op operand A: the FMA dot needs its i8 elements as i32, the accumulator's type, and no float extension gives that}}
    %d = tt.dot %a, %b, %c : tensor<64x32xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    tt.return %d : tensor<64x64xi32, #blocked>
  }
}

// -----

// The pass chooses NVIDIA instructions: a module for another target (or
// none) is refused.
// expected-error @+1 {{tritongpu-accelerate-matmul needs an NVIDIA target: the module's ttg.target is "hip:gfx942", want "cuda:<capability>"}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
}

// -----

// Blackwell's tensor-memory MMA is not implemented: a dot 3.6 would run on
// tcgen05 is refused rather than left on another path.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tcgen05(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    // expected-error @+1 {{'tt.dot' op runs on tcgen05 (MMA v5) for compute capability 100 in Triton 3.6; tt does not implement Blackwell's tensor-memory MMA}}
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}
