// RUN: tt-opt %s -split-input-file -tritongpu-reduce-data-duplication

// FMA dot operands: both conversions from the blocked tile to the
// dot-operand layouts go through shared memory (swizzled, vec 1 for FMA);
// the conversion between two blocked layouts stays.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fma_operands(%a: tensor<32x32xf32, #blocked>, %b: tensor<32x32xf32, #blocked1>) -> (tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, tensor<32x32xf32, #blocked>) {
    %0 = ttg.convert_layout %a : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %1 = ttg.convert_layout %b : tensor<32x32xf32, #blocked1> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %2 = ttg.convert_layout %b : tensor<32x32xf32, #blocked1> -> tensor<32x32xf32, #blocked>
    tt.return %0, %1, %2 : tensor<32x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, tensor<32x32xf32, #blocked>
  }
}

// -----

// mma v2 operands of f16: swizzled layouts with 8-element vectors; the
// conversion of an f16 mma accumulator to the A operand (kWidth 2) of the
// same mma layout, with all warps along M, moves data within warps only
// (the chained-matmul shortcut) and stays.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_operands(%a: tensor<64x64xf16, #blocked>, %b: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf16, #mma>) -> (tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %1 = ttg.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %2 = ttg.convert_layout %c : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %0, %1, %2 : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}
