// RUN: tt-opt %s -split-input-file -tritongpu-remove-layout-conversions

// A reshape whose blocked operand keeps each thread's elements under a
// blocked result (two columns per thread become two consecutive elements):
// the conversion after it is absorbed into the reshape.
#b2d = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
#b2dx = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
#b1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#b1dv = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape(%x: tensor<64x2xf32, #b2d>) -> tensor<128xf32, #b1dv> {
    %a = ttg.convert_layout %x : tensor<64x2xf32, #b2d> -> tensor<64x2xf32, #b2dx>
    %r = tt.reshape %a : tensor<64x2xf32, #b2dx> -> tensor<128xf32, #b1d>
    %c = ttg.convert_layout %r : tensor<128xf32, #b1d> -> tensor<128xf32, #b1dv>
    tt.return %c : tensor<128xf32, #b1dv>
  }
}

// -----

// Unpacking fp4 along the fastest dim doubles the elements per thread: a
// conversion of the result is rematerialized into the constant operand.
#p = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#u = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#w = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4(%o: tensor<32x64x!tt.ptr<bf16>, #w>) {
    %c = arith.constant dense<17> : tensor<32x32xi8, #p>
    %f = ttg.fp4_to_fp %c {axis = 1 : i32} : tensor<32x32xi8, #p> -> tensor<32x64xbf16, #u>
    %v = ttg.convert_layout %f : tensor<32x64xbf16, #u> -> tensor<32x64xbf16, #w>
    tt.store %o, %v : tensor<32x64x!tt.ptr<bf16>, #w>
    tt.return
  }
}

// -----

// Rematerializing a loop-carried value in another layout leaves two iter
// args with the same init and yielded values: they are merged.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @loop_args(%n: i32) -> (tensor<512xf32, #b4>, tensor<512xf32, #b1>, tensor<512xf32, #b1>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant dense<1.0> : tensor<512xf32, #b1>
    %two = arith.constant dense<2.0> : tensor<512xf32, #b4>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %one, %b = %two, %d = %one) -> (tensor<512xf32, #b1>, tensor<512xf32, #b4>, tensor<512xf32, #b1>) : i32 {
      %s = arith.addf %a, %one : tensor<512xf32, #b1>
      %t = ttg.convert_layout %s : tensor<512xf32, #b1> -> tensor<512xf32, #b4>
      %m = arith.mulf %b, %t : tensor<512xf32, #b4>
      scf.yield %s, %m, %s : tensor<512xf32, #b1>, tensor<512xf32, #b4>, tensor<512xf32, #b1>
    }
    tt.return %r#1, %r#0, %r#2 : tensor<512xf32, #b4>, tensor<512xf32, #b1>, tensor<512xf32, #b1>
  }
}
