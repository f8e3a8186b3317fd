// RUN: tt-opt %s --tritongpu-pipeline=num-stages=3 | FileCheck %s

// A pipelined wgmma loop (scheduled, before
// tritongpu-pipeline) that computes a transposed product, as a kernel
// writing tl.dot(b.T, a.T, acc.T).T does: the accumulator passes through a
// tt.trans on its way into the dot and on its way out to the yield.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[1, 0], [0, 8], [8, 0], [16, 0], [32, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 16], [0, 32]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%a: tensor<64x64x!tt.ptr<f16>, #blocked1> {tt.contiguity = dense<[1, 8]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>}, %b: tensor<64x64x!tt.ptr<f16>, #blocked1> {tt.contiguity = dense<[1, 8]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>}, %c: tensor<64x64x!tt.ptr<f32>, #linear>, %arg3: i32) {
    %cst_1 = arith.constant dense<64> : tensor<64x64xi32, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #linear>
    %22:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_2, %arg6 = %a, %arg7 = %b) -> (tensor<64x64xf32, #linear>, tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64x!tt.ptr<f16>, #blocked1>)  : i32 {
      %24 = tt.load %arg6 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %25 = tt.load %arg7 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %26 = ttg.local_alloc %24 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %27 = ttg.memdesc_trans %26 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %28 = ttg.local_alloc %25 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %29 = ttg.memdesc_trans %28 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %30 = tt.trans %arg5 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : tensor<64x64xf32, #linear> -> tensor<64x64xf32, #mma>
      %31 = ttng.warp_group_dot %29, %27, %30 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<64x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %32 = tt.trans %31 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #linear>
      %33 = tt.addptr %arg6, %cst_1 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %34 = tt.addptr %arg7, %cst_1 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      scf.yield %32, %33, %34 : tensor<64x64xf32, #linear>, tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64x!tt.ptr<f16>, #blocked1>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.store %c, %22#0 : tensor<64x64x!tt.ptr<f32>, #linear>
    tt.return
  }
}

// The loop waits for the dot after it (one wait, which leaves it in flight)
// and the transpose to the yield reads that wait's result
// (TestAsyncDotTransposedAccumulator).
// CHECK: scf.for
// CHECK-NOT: ttng.warp_group_dot_wait
// CHECK: ttng.warp_group_dot
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// CHECK-NEXT: tt.trans %[[W]]#0
