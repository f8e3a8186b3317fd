// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu -canonicalize | FileCheck %s

// FMA dot: each result register is its accumulator followed by one fma
// per k, in increasing k (Triton 3.6's order).
// CHECK-LABEL: llvm.func internal @fma
// CHECK-NEXT:    %[[K0:.+]] = llvm.intr.fma(%arg0, %arg4, %arg8) : (f32, f32, f32) -> f32
// CHECK-NEXT:    %[[K1:.+]] = llvm.intr.fma(%arg1, %arg5, %[[K0]]) : (f32, f32, f32) -> f32
// CHECK-NEXT:    %[[K2:.+]] = llvm.intr.fma(%arg2, %arg6, %[[K1]]) : (f32, f32, f32) -> f32
// CHECK-NEXT:    %[[K3:.+]] = llvm.intr.fma(%arg3, %arg7, %[[K2]]) : (f32, f32, f32) -> f32
#fma = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fma(%a: tensor<8x4xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>, %b: tensor<4x4xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>>, %c: tensor<8x4xf32, #fma>) -> tensor<8x4xf32, #fma> {
    %d = tt.dot %a, %b, %c : tensor<8x4xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>> * tensor<4x4xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>> -> tensor<8x4xf32, #fma>
    tt.return %d : tensor<8x4xf32, #fma>
  }
}

// -----

// One m16n8k16 tile: the dot operand and mma layouts hold the fragments'
// elements in fragment order, so registers go in as they are.
// CHECK-LABEL: llvm.func internal @mma
// CHECK-NEXT:    %{{.+}}:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7], [%arg8, %arg9, %arg10, %arg11], [%arg12, %arg13, %arg14, %arg15]
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mma(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

// kWidth = 4: each thread holds 4 consecutive k; as in Triton 3.6, the
// first instruction takes the first pair of each run (registers 0, 1 of
// rows g and g+8, then k + 16), the second the other pair, accumulating
// into the first's result.
// CHECK-LABEL: llvm.func internal @large_k
// CHECK-NEXT:    %[[D0:.+]]:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [%arg0, %arg1, %arg4, %arg5, %arg8, %arg9, %arg12, %arg13], [%arg16, %arg17, %arg20, %arg21], [%arg24, %arg25, %arg26, %arg27]
// CHECK-NEXT:    %{{.+}}:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [%arg2, %arg3, %arg6, %arg7, %arg10, %arg11, %arg14, %arg15], [%arg18, %arg19, %arg22, %arg23], [%[[D0]]#0, %[[D0]]#1, %[[D0]]#2, %[[D0]]#3]
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @large_k(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

// Dot operands from swizzled shared memory: A (k-major) with ldmatrix.x4,
// four per thread along K; B (n-major) with ldmatrix.x4.trans. Lane L
// gives row L & 7 of matrix L >> 3: for A, rows of 64 elements XOR the
// swizzle's phase (row 1 at 64 ^ 8 = 72, row 2 at 144, row 4 at 288), the
// matrices rows 8.. (512) and k 8.. (8); the instructions step along K by
// XOR with 16, 32, 48.
// CHECK-LABEL: llvm.func internal @operands
// CHECK-DAG:     %[[C72:.+]] = llvm.mlir.constant(72 : i32) : i32
// CHECK-DAG:     %[[C144:.+]] = llvm.mlir.constant(144 : i32) : i32
// CHECK-DAG:     %[[C288:.+]] = llvm.mlir.constant(288 : i32) : i32
// CHECK:         llvm.and %{{.+}}, %[[C72]] : i32
// CHECK:         llvm.and %{{.+}}, %[[C144]] : i32
// CHECK:         llvm.and %{{.+}}, %[[C288]] : i32
// CHECK-NEXT:    %[[A:.+]] = llvm.or disjoint %{{.+}}, %{{.+}} : i32
// CHECK:         %[[A0:.+]] = llvm.mul %[[A]], %{{.+}} : i32
// CHECK-NEXT:    %[[P0:.+]] = llvm.getelementptr %arg0[%[[A0]]]
// CHECK-NEXT:    %{{.+}}:8 = gpu.ldmatrix %[[P0]] : !llvm.ptr<3> -> f16, f16, f16, f16, f16, f16, f16, f16
// CHECK-NEXT:    llvm.xor %[[A]], %{{.+}} : i32
// CHECK-COUNT-2: gpu.ldmatrix %{{.+}} : !llvm.ptr<3> -> f16, f16, f16, f16, f16, f16, f16, f16
// CHECK:         gpu.ldmatrix %{{.+}} : !llvm.ptr<3> -> f16
// CHECK-COUNT-4: gpu.ldmatrix %{{.+}} {trans} : !llvm.ptr<3> -> f16, f16, f16, f16, f16, f16, f16, f16
// CHECK-NOT:     gpu.ldmatrix
// CHECK-NOT:     gpu.load
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @operands(%sa: !ttg.memdesc<16x64xf16, #shared, #smem>, %sb: !ttg.memdesc<64x16xf16, #shared, #smem>) -> (tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) {
    %a = ttg.local_load %sa : !ttg.memdesc<16x64xf16, #shared, #smem> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %b = ttg.local_load %sb : !ttg.memdesc<64x16xf16, #shared, #smem> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %a, %b : tensor<16x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}
