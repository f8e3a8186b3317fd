// RUN: tt-opt %s --tritongpu-pipeline=num-stages=3 | FileCheck %s

// A pipelined wgmma loop (scheduled, before
// tritongpu-pipeline) of a 2-CTA cluster whose dot reads A from
// registers (A is scaled after its load): B's buffer is split over the
// CTAs (CGALayout = [[0, 1]]).
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%a: tensor<128x64x!tt.ptr<f16>, #blocked1> {tt.contiguity = dense<[1, 8]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>}, %b: tensor<64x128x!tt.ptr<f16>, #blocked> {tt.contiguity = dense<[1, 8]> : tensor<2xi32>, tt.divisibility = dense<[16, 16]> : tensor<2xi32>}, %c: tensor<128x128x!tt.ptr<f32>, #mma>, %arg3: i32) {
    %cst_0 = arith.constant dense<64> : tensor<128x64xi32, #blocked1>
    %cst_1 = arith.constant dense<8192> : tensor<64x128xi32, #blocked>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %31:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c64_i32 iter_args(%arg5 = %cst_3, %arg6 = %a, %arg7 = %b) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>)  : i32 {
      %33 = tt.load %arg6 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>
      %34 = ttg.convert_layout %33 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %35 = tt.load %arg7 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>
      %36 = ttg.local_alloc %35 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %37 = arith.addf %34, %34 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %38 = ttng.warp_group_dot %37, %36, %arg5 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      %39 = tt.addptr %arg6, %cst_0 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
      %40 = tt.addptr %arg7, %cst_1 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
      scf.yield %38, %39, %40 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.store %c, %31#0 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// The RS wgmma stays whole: no subslice of B's buffer
// (TestSplitRSDotLeavesClusterBuffersWhole).
// CHECK: scf.for
// CHECK-NOT: ttg.memdesc_subslice
// CHECK: ttng.warp_group_dot
// CHECK-NOT: ttng.warp_group_dot {{.*}}!ttg.memdesc
// CHECK: scf.yield
