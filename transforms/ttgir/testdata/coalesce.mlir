// RUN: tt-opt %s -split-input-file -tritongpu-coalesce

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f32_aligned(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg2 : i32 -> tensor<1024xi32, #blocked>
    %2 = arith.cmpi slt, %0, %1 : tensor<1024xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %4 = tt.addptr %3, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %5 = tt.load %4, %2 : tensor<1024x!tt.ptr<f32>, #blocked>
    %6 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %7 = tt.addptr %6, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %7, %5, %2 : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_and_unaligned(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16>, %arg2: i32) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %3 = tt.load %2 : tensor<1024x!tt.ptr<f16>, #blocked>
    %4 = tt.splat %arg2 : i32 -> tensor<1024xi32, #blocked>
    %5 = arith.cmpi slt, %0, %4 : tensor<1024xi32, #blocked>
    %6 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %7 = tt.addptr %6, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %7, %3, %5 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rows_and_columns(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %1 = ttg.convert_layout %0 : tensor<64xi32, #blocked> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %3 = ttg.convert_layout %2 : tensor<64x1xi32, #blocked1> -> tensor<64x1xi32, #blocked2>
    %4 = ttg.convert_layout %0 : tensor<64xi32, #blocked> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked3}>>
    %5 = tt.expand_dims %4 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked3}>> -> tensor<1x64xi32, #blocked3>
    %6 = ttg.convert_layout %5 : tensor<1x64xi32, #blocked3> -> tensor<1x64xi32, #blocked4>
    %7 = tt.splat %arg2 : i32 -> tensor<64x1xi32, #blocked2>
    %8 = arith.muli %3, %7 : tensor<64x1xi32, #blocked2>
    %9 = tt.broadcast %8 : tensor<64x1xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
    %10 = ttg.convert_layout %9 : tensor<64x64xi32, #blocked2> -> tensor<64x64xi32, #blocked4>
    %11 = tt.broadcast %6 : tensor<1x64xi32, #blocked4> -> tensor<64x64xi32, #blocked4>
    %12 = arith.addi %10, %11 : tensor<64x64xi32, #blocked4>
    %13 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked4>
    %14 = tt.addptr %13, %12 : tensor<64x64x!tt.ptr<f32>, #blocked4>, tensor<64x64xi32, #blocked4>
    %15 = tt.load %14 : tensor<64x64x!tt.ptr<f32>, #blocked4>
    %16 = tt.splat %arg2 : i32 -> tensor<1x64xi32, #blocked4>
    %17 = arith.muli %6, %16 : tensor<1x64xi32, #blocked4>
    %18 = tt.broadcast %17 : tensor<1x64xi32, #blocked4> -> tensor<64x64xi32, #blocked4>
    %19 = tt.broadcast %3 : tensor<64x1xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
    %20 = ttg.convert_layout %19 : tensor<64x64xi32, #blocked2> -> tensor<64x64xi32, #blocked4>
    %21 = arith.addi %20, %18 : tensor<64x64xi32, #blocked4>
    %22 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked4>
    %23 = tt.addptr %22, %21 : tensor<64x64x!tt.ptr<f32>, #blocked4>, tensor<64x64xi32, #blocked4>
    tt.store %23, %15 : tensor<64x64x!tt.ptr<f32>, #blocked4>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @small_tensor_and_atomic(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %3 = tt.load %2 : tensor<64x!tt.ptr<f32>, #blocked>
    %4 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %5 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %6 = tt.addptr %5, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %cst = arith.constant dense<1.000000e+00> : tensor<1024xf32, #blocked>
    %cst_0 = arith.constant dense<true> : tensor<1024xi1, #blocked>
    %7 = tt.atomic_rmw fadd, acq_rel, gpu, %6, %cst, %cst_0 : (tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xf32, #blocked>, tensor<1024xi1, #blocked>) -> tensor<1024xf32, #blocked>
    tt.store %2, %3 : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @loop_carried_pointer(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<256> : tensor<256xi32, #blocked>
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
    %3:2 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %2, %arg4 = %cst_0) -> (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>)  : i32 {
      %4 = tt.load %arg3 : tensor<256x!tt.ptr<f32>, #blocked>
      %5 = arith.addf %arg4, %4 : tensor<256xf32, #blocked>
      %6 = tt.addptr %arg3, %cst : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      scf.yield %6, %5 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>
    }
    tt.store %2, %3#1 : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
// -----
// TMA descriptor loads and stores get up to 16-byte vectors along the last
// dim (8 f16 here: 64x64 over 128 threads is 32 elements each), whatever
// the alignment analysis says; the operand is converted even when its
// layout does not change.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @descriptors(%d: !tt.tensordesc<tensor<64x64xf16>>, %e: !tt.tensordesc<tensor<2x64xf16>>, %i: i32) {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    %c = arith.constant dense<0.000000e+00> : tensor<2x64xf16, #blocked>
    tt.descriptor_store %e[%i, %i], %c : !tt.tensordesc<tensor<2x64xf16>>, tensor<2x64xf16, #blocked>
    tt.return
  }
}
