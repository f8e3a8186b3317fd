// RUN: tt-opt %s -split-input-file -tritongpu-optimize-thread-locality

// A max-reduction along the fastest dim of a loaded tile, accumulated in a
// loop: each thread keeps its 4 partial maxima per row in a 3-d
// accumulator; the cross-thread reduction runs once, after the loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_max_in_loop(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %out: tensor<32x!tt.ptr<f32>, #slice>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0xFF800000> : tensor<32xf32, #slice>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32xf32, #slice>) : i32 {
      %v = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %m = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %x = arith.maxnumf %a, %b : f32
        tt.reduce.return %x : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #slice>
      %acc2 = arith.maxnumf %acc, %m : tensor<32xf32, #slice>
      scf.yield %acc2 : tensor<32xf32, #slice>
    }
    tt.store %out, %r : tensor<32x!tt.ptr<f32>, #slice>
    tt.return
  }
}

// -----

// Not rewritten: the reduction runs along the slow dim (axis 0), and the
// sum reduction's result is not accumulated in a loop.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_candidates(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<0.0> : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>) : i32 {
      %v = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %m = "tt.reduce"(%v) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %x = arith.addf %a, %b : f32
        tt.reduce.return %x : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
      %acc2 = arith.addf %acc, %m : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
      scf.yield %acc2 : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    }
    %v2 = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%v2) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      tt.reduce.return %x : f32
    }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %r, %s : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// A reorderable reshape feeding a reduction gets a layout that keeps the
// reduced dim inside threads and is marked efficient_layout; the second
// reshape already has it and is left alone.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 8, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_then_reduce(%v: tensor<32x128xf32, #blocked>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #blocked1}>> {
    %r = tt.reshape %v allow_reorder : tensor<32x128xf32, #blocked> -> tensor<32x32x4xf32, #blocked1>
    %s = "tt.reduce"(%r) <{axis = 2 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      tt.reduce.return %x : f32
    }) : (tensor<32x32x4xf32, #blocked1>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #blocked1}>>
    %r2 = tt.reshape %v allow_reorder : tensor<32x128xf32, #blocked> -> tensor<32x32x4xf32, #blocked2>
    %s2 = "tt.reduce"(%r2) <{axis = 2 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      tt.reduce.return %x : f32
    }) : (tensor<32x32x4xf32, #blocked2>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #blocked2}>>
    %s3 = ttg.convert_layout %s2 : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #blocked2}>> -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #blocked1}>>
    %sum = arith.addf %s, %s3 : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #blocked1}>>
    tt.return %sum : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #blocked1}>>
  }
}

// -----

// A gather along axis 0 of a tile whose rows span several warps gets a
// layout with the gathered axis inside one warp.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather(%src: tensor<32x32xf32, #blocked>, %idx: tensor<32x32xi32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<32x32xf32, #blocked>, tensor<32x32xi32, #blocked>) -> tensor<32x32xf32, #blocked>
    tt.return %g : tensor<32x32xf32, #blocked>
  }
}
