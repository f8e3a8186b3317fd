// RUN: tt-opt %s -split-input-file -tritongpu-remove-layout-conversions

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f32_aligned(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg2 : i32 -> tensor<1024xi32, #blocked>
    %2 = arith.cmpi slt, %0, %1 : tensor<1024xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %4 = tt.addptr %3, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %5 = ttg.convert_layout %4 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %6 = ttg.convert_layout %2 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked1>
    %7 = tt.load %5, %6 : tensor<1024x!tt.ptr<f32>, #blocked1>
    %8 = ttg.convert_layout %7 : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    %9 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %10 = tt.addptr %9, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %11 = ttg.convert_layout %10 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %12 = ttg.convert_layout %8 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    %13 = ttg.convert_layout %2 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked1>
    tt.store %11, %12, %13 : tensor<1024x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_and_unaligned(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16>, %arg2: i32) {
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %3 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked1>
    %4 = tt.load %3 : tensor<1024x!tt.ptr<f16>, #blocked1>
    %5 = ttg.convert_layout %4 : tensor<1024xf16, #blocked1> -> tensor<1024xf16, #blocked>
    %6 = tt.splat %arg2 : i32 -> tensor<1024xi32, #blocked>
    %7 = arith.cmpi slt, %0, %6 : tensor<1024xi32, #blocked>
    %8 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %9 = tt.addptr %8, %0 : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %10 = ttg.convert_layout %9 : tensor<1024x!tt.ptr<f16>, #blocked> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %11 = ttg.convert_layout %5 : tensor<1024xf16, #blocked> -> tensor<1024xf16, #blocked>
    %12 = ttg.convert_layout %7 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked>
    tt.store %10, %11, %12 : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked5 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked6 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
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
    %15 = ttg.convert_layout %14 : tensor<64x64x!tt.ptr<f32>, #blocked4> -> tensor<64x64x!tt.ptr<f32>, #blocked5>
    %16 = tt.load %15 : tensor<64x64x!tt.ptr<f32>, #blocked5>
    %17 = ttg.convert_layout %16 : tensor<64x64xf32, #blocked5> -> tensor<64x64xf32, #blocked4>
    %18 = tt.splat %arg2 : i32 -> tensor<1x64xi32, #blocked4>
    %19 = arith.muli %6, %18 : tensor<1x64xi32, #blocked4>
    %20 = tt.broadcast %19 : tensor<1x64xi32, #blocked4> -> tensor<64x64xi32, #blocked4>
    %21 = tt.broadcast %3 : tensor<64x1xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
    %22 = ttg.convert_layout %21 : tensor<64x64xi32, #blocked2> -> tensor<64x64xi32, #blocked4>
    %23 = arith.addi %22, %20 : tensor<64x64xi32, #blocked4>
    %24 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked4>
    %25 = tt.addptr %24, %23 : tensor<64x64x!tt.ptr<f32>, #blocked4>, tensor<64x64xi32, #blocked4>
    %26 = ttg.convert_layout %25 : tensor<64x64x!tt.ptr<f32>, #blocked4> -> tensor<64x64x!tt.ptr<f32>, #blocked6>
    %27 = ttg.convert_layout %17 : tensor<64x64xf32, #blocked4> -> tensor<64x64xf32, #blocked6>
    tt.store %26, %27 : tensor<64x64x!tt.ptr<f32>, #blocked6>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @small_tensor_and_atomic(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %3 = ttg.convert_layout %2 : tensor<64x!tt.ptr<f32>, #blocked> -> tensor<64x!tt.ptr<f32>, #blocked>
    %4 = tt.load %3 : tensor<64x!tt.ptr<f32>, #blocked>
    %5 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %6 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %7 = tt.addptr %6, %5 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %cst = arith.constant dense<1.000000e+00> : tensor<1024xf32, #blocked>
    %cst_0 = arith.constant dense<true> : tensor<1024xi1, #blocked>
    %8 = ttg.convert_layout %7 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %9 = ttg.convert_layout %cst : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    %10 = ttg.convert_layout %cst_0 : tensor<1024xi1, #blocked> -> tensor<1024xi1, #blocked1>
    %11 = tt.atomic_rmw fadd, acq_rel, gpu, %8, %9, %10 : (tensor<1024x!tt.ptr<f32>, #blocked1>, tensor<1024xf32, #blocked1>, tensor<1024xi1, #blocked1>) -> tensor<1024xf32, #blocked1>
    %12 = ttg.convert_layout %11 : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    %13 = ttg.convert_layout %2 : tensor<64x!tt.ptr<f32>, #blocked> -> tensor<64x!tt.ptr<f32>, #blocked>
    %14 = ttg.convert_layout %4 : tensor<64xf32, #blocked> -> tensor<64xf32, #blocked>
    tt.store %13, %14 : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
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
      %6 = ttg.convert_layout %arg3 : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #blocked1>
      %7 = tt.load %6 : tensor<256x!tt.ptr<f32>, #blocked1>
      %8 = ttg.convert_layout %7 : tensor<256xf32, #blocked1> -> tensor<256xf32, #blocked>
      %9 = arith.addf %arg4, %8 : tensor<256xf32, #blocked>
      %10 = tt.addptr %arg3, %cst : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
      scf.yield %10, %9 : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>
    }
    %4 = ttg.convert_layout %2 : tensor<256x!tt.ptr<f32>, #blocked> -> tensor<256x!tt.ptr<f32>, #blocked1>
    %5 = ttg.convert_layout %3#1 : tensor<256xf32, #blocked> -> tensor<256xf32, #blocked1>
    tt.store %4, %5 : tensor<256x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#blocked5 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_softmax(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %2 = ttg.convert_layout %0 : tensor<32xi32, #blocked> -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %3 = tt.expand_dims %2 {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xi32, #blocked1>
    %4 = ttg.convert_layout %3 : tensor<32x1xi32, #blocked1> -> tensor<32x1xi32, #blocked2>
    %5 = ttg.convert_layout %1 : tensor<128xi32, #blocked> -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked3}>>
    %6 = tt.expand_dims %5 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked3}>> -> tensor<1x128xi32, #blocked3>
    %7 = ttg.convert_layout %6 : tensor<1x128xi32, #blocked3> -> tensor<1x128xi32, #blocked4>
    %8 = tt.splat %arg2 : i32 -> tensor<32x1xi32, #blocked2>
    %9 = arith.muli %4, %8 : tensor<32x1xi32, #blocked2>
    %10 = tt.broadcast %9 : tensor<32x1xi32, #blocked2> -> tensor<32x128xi32, #blocked2>
    %11 = ttg.convert_layout %10 : tensor<32x128xi32, #blocked2> -> tensor<32x128xi32, #blocked4>
    %12 = tt.broadcast %7 : tensor<1x128xi32, #blocked4> -> tensor<32x128xi32, #blocked4>
    %13 = arith.addi %11, %12 : tensor<32x128xi32, #blocked4>
    %14 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>, #blocked4>
    %15 = tt.addptr %14, %13 : tensor<32x128x!tt.ptr<f32>, #blocked4>, tensor<32x128xi32, #blocked4>
    %16 = ttg.convert_layout %15 : tensor<32x128x!tt.ptr<f32>, #blocked4> -> tensor<32x128x!tt.ptr<f32>, #blocked5>
    %17 = tt.load %16 : tensor<32x128x!tt.ptr<f32>, #blocked5>
    %18 = ttg.convert_layout %17 : tensor<32x128xf32, #blocked5> -> tensor<32x128xf32, #blocked4>
    %19 = "tt.reduce"(%18) <{axis = 1 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %32 = arith.maxnumf %arg3, %arg4 : f32
      tt.reduce.return %32 : f32
    }) : (tensor<32x128xf32, #blocked4>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked4}>>
    %20 = ttg.convert_layout %19 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked4}>> -> tensor<32xf32, #blocked>
    %21 = ttg.convert_layout %20 : tensor<32xf32, #blocked> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %22 = tt.expand_dims %21 {axis = 1 : i32} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<32x1xf32, #blocked1>
    %23 = ttg.convert_layout %22 : tensor<32x1xf32, #blocked1> -> tensor<32x1xf32, #blocked2>
    %24 = tt.broadcast %23 : tensor<32x1xf32, #blocked2> -> tensor<32x128xf32, #blocked2>
    %25 = ttg.convert_layout %24 : tensor<32x128xf32, #blocked2> -> tensor<32x128xf32, #blocked4>
    %26 = arith.subf %18, %25 : tensor<32x128xf32, #blocked4>
    %27 = math.exp %26 : tensor<32x128xf32, #blocked4>
    %28 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>, #blocked4>
    %29 = tt.addptr %28, %13 : tensor<32x128x!tt.ptr<f32>, #blocked4>, tensor<32x128xi32, #blocked4>
    %30 = ttg.convert_layout %29 : tensor<32x128x!tt.ptr<f32>, #blocked4> -> tensor<32x128x!tt.ptr<f32>, #blocked5>
    %31 = ttg.convert_layout %27 : tensor<32x128xf32, #blocked4> -> tensor<32x128xf32, #blocked5>
    tt.store %30, %31 : tensor<32x128x!tt.ptr<f32>, #blocked5>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @if_and_loop(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32, %arg2: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32, #blocked>
    %3 = scf.for %arg3 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg4 = %cst) -> (tensor<1024xf32, #blocked>)  : i32 {
      %6 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
      %7 = tt.load %6 : tensor<1024x!tt.ptr<f32>, #blocked1>
      %8 = ttg.convert_layout %7 : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
      %9 = scf.if %arg2 -> (tensor<1024xf32, #blocked>) {
        %11 = math.exp %8 : tensor<1024xf32, #blocked>
        scf.yield %11 : tensor<1024xf32, #blocked>
      } else {
        scf.yield %8 : tensor<1024xf32, #blocked>
      }
      %10 = arith.addf %arg4, %9 : tensor<1024xf32, #blocked>
      scf.yield %10 : tensor<1024xf32, #blocked>
    }
    %4 = ttg.convert_layout %2 : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %5 = ttg.convert_layout %3 : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1>
    tt.store %4, %5 : tensor<1024x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}
// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked5 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @column_sum(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %1 = ttg.convert_layout %0 : tensor<64xi32, #blocked> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %3 = ttg.convert_layout %2 : tensor<64x1xi32, #blocked1> -> tensor<64x1xi32, #blocked2>
    %4 = ttg.convert_layout %0 : tensor<64xi32, #blocked> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked3}>>
    %5 = tt.expand_dims %4 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked3}>> -> tensor<1x64xi32, #blocked3>
    %6 = ttg.convert_layout %5 : tensor<1x64xi32, #blocked3> -> tensor<1x64xi32, #blocked4>
    %cst = arith.constant dense<64> : tensor<64x1xi32, #blocked2>
    %7 = arith.muli %3, %cst : tensor<64x1xi32, #blocked2>
    %8 = tt.broadcast %7 : tensor<64x1xi32, #blocked2> -> tensor<64x64xi32, #blocked2>
    %9 = ttg.convert_layout %8 : tensor<64x64xi32, #blocked2> -> tensor<64x64xi32, #blocked4>
    %10 = tt.broadcast %6 : tensor<1x64xi32, #blocked4> -> tensor<64x64xi32, #blocked4>
    %11 = arith.addi %9, %10 : tensor<64x64xi32, #blocked4>
    %12 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked4>
    %13 = tt.addptr %12, %11 : tensor<64x64x!tt.ptr<f16>, #blocked4>, tensor<64x64xi32, #blocked4>
    %14 = ttg.convert_layout %13 : tensor<64x64x!tt.ptr<f16>, #blocked4> -> tensor<64x64x!tt.ptr<f16>, #blocked5>
    %15 = tt.load %14 : tensor<64x64x!tt.ptr<f16>, #blocked5>
    %16 = ttg.convert_layout %15 : tensor<64x64xf16, #blocked5> -> tensor<64x64xf16, #blocked4>
    %17 = arith.extf %16 : tensor<64x64xf16, #blocked4> to tensor<64x64xf32, #blocked4>
    %18 = "tt.reduce"(%17) <{axis = 0 : i32}> ({
    ^bb0(%arg2: f32, %arg3: f32):
      %24 = arith.addf %arg2, %arg3 : f32
      tt.reduce.return %24 : f32
    }) : (tensor<64x64xf32, #blocked4>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked4}>>
    %19 = ttg.convert_layout %18 : tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked4}>> -> tensor<64xf32, #blocked>
    %20 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %21 = tt.addptr %20, %0 : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %22 = ttg.convert_layout %21 : tensor<64x!tt.ptr<f32>, #blocked> -> tensor<64x!tt.ptr<f32>, #blocked>
    %23 = ttg.convert_layout %19 : tensor<64xf32, #blocked> -> tensor<64xf32, #blocked>
    tt.store %22, %23 : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
