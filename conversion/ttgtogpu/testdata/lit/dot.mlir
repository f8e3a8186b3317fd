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

// -----

// f64 on sm_80 (Triton 3.6's Ampere f64 path): each 16x8 tile is two
// m8n8k4, rows g (accumulators 0, 1) and g+8 (2, 3), per 4 k, each
// chained on its own accumulators. A's registers are rows g, g+8 then
// k + 4, k + 8; B's k + 4, k + 8.
// CHECK-LABEL: llvm.func internal @mma_f64_sm80
// CHECK-NEXT:    %[[U0:.+]]:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%arg0], [%arg8], [%arg12, %arg13]
// CHECK-NEXT:    %[[L0:.+]]:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%arg1], [%arg8], [%arg14, %arg15]
// CHECK-NEXT:    %[[U1:.+]]:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%arg2], [%arg9], [%[[U0]]#0, %[[U0]]#1]
// CHECK-NEXT:    %[[L1:.+]]:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%arg3], [%arg9], [%[[L0]]#0, %[[L0]]#1]
// CHECK-NEXT:    %[[U2:.+]]:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%arg4], [%arg10], [%[[U1]]#0, %[[U1]]#1]
// CHECK-NEXT:    %[[L2:.+]]:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%arg5], [%arg10], [%[[L1]]#0, %[[L1]]#1]
// CHECK-NEXT:    %[[U3:.+]]:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%arg6], [%arg11], [%[[U2]]#0, %[[U2]]#1]
// CHECK-NEXT:    %[[L3:.+]]:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%arg7], [%arg11], [%[[L2]]#0, %[[L2]]#1]
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mma_f64_sm80(%a: tensor<16x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf64, #mma>) -> tensor<16x8xf64, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf64, #mma>
    tt.return %d : tensor<16x8xf64, #mma>
  }
}

// -----

// f64 on sm_90 (3.6's "HopperF64" path): one m16n8k16 per 16x8 tile and
// 16 k, the registers in fragment order.
// CHECK-LABEL: llvm.func internal @mma_f64_sm90
// CHECK-NEXT:    %{{.+}}:4 = gpu.mma_sync m16n8k16 f64.f64.f64 [%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7], [%arg8, %arg9, %arg10, %arg11], [%arg12, %arg13, %arg14, %arg15]
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mma_f64_sm90(%a: tensor<16x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf64, #mma>) -> tensor<16x8xf64, #mma> {
    %d = tt.dot %a, %b, %c : tensor<16x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf64, #mma>
    tt.return %d : tensor<16x8xf64, #mma>
  }
}
