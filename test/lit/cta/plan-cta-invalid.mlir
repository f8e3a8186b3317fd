// RUN: tt-opt %s -split-input-file -triton-nvidia-gpu-plan-cta --verify-diagnostics
//
// Modules triton-nvidia-gpu-plan-cta cannot plan: a located error, where
// Triton 3.6 asserts, reports a fatal error or builds a layout for another
// number of CTAs than the cluster's.

// 3.6 plans the tiling of one dot per function.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_dots(%p: !tt.ptr<f32>) {
    %a = arith.constant dense<1.000000e+00> : tensor<128x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b = arith.constant dense<1.000000e+00> : tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %c = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %d = tt.dot %a, %b, %c : tensor<128x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    // expected-error @+1 {{'tt.dot' op triton-nvidia-gpu-plan-cta: Triton 3.6 plans the CTA tiling of one tt.dot per function; this is another}}
    %e = tt.dot %a, %b, %d : tensor<128x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    %q = tt.splat %p : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.store %q, %e : tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// The planner expects coalesce's output: dot operands in dot_op layouts
// of a blocked result (accelerate-matmul has not run yet).
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[1, 0]], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_dot(%a: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    // expected-error @+1 {{expects dot operands in dot_op layouts of a blocked result}}
    %d = tt.dot %a, %b, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// Reducing the long dim of a 1xN tensor: 3.6 counts the CTAs left over
// twice and builds a 4-CTA layout in a 2-CTA cluster.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_row(%in: !tt.ptr<f32>) {
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<1x1024x!tt.ptr<f32>, #blocked>
    %x = tt.load %p : tensor<1x1024x!tt.ptr<f32>, #blocked>
    // expected-error @+1 {{Triton 3.6's CTA split (CTAsPerCGA [4 1]) spans 4 CTAs, the cluster has 2}}
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.addf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<1x1024xf32, #blocked>) -> tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// A reduction of a reduction's result (a slice layout): 3.6 rebuilds the
// parent layout from the sliced shape, a layout of the wrong rank.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_twice(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>, #blocked>
    %x = tt.load %p : tensor<64x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.addf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<64x128xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    // expected-error @+1 {{cannot replan the CTA layout of a tensor in a slice layout}}
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.addf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> f32
    tt.store %out, %t : !tt.ptr<f32>
    tt.return
  }
}

// -----

// Nothing to take the tiling from: 3.6 asserts "Cannot find store-like ops".
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{a function without tt.dot or tt.reduce needs a store to plan its CTA layouts by}}
  tt.func @no_store(%in: !tt.ptr<f32>) {
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A tensor function argument cannot change its layout (3.6: "Unexpected
// parent op of block argument").
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tensor_arg(%x: tensor<64x64xf32, #blocked>, %out: !tt.ptr<f32>) {
    %y = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    %q = tt.splat %out : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked1>
    // expected-error @+1 {{cannot change the layout of a block argument of tt.func}}
    tt.store %q, %y : tensor<64x64x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// Inline assembly with side effects whose result two stores want in two
// layouts would be cloned by 3.6, running it twice.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @asm_twice(%out: !tt.ptr<i32>) {
    %one = arith.constant dense<1> : tensor<64x64xi32, #blocked>
    // expected-error @+1 {{the result is wanted in two CTA layouts, and the op cannot be repeated to produce both}}
    %r = tt.elementwise_inline_asm "atom.add.u32 $0, [ctr], $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %one : tensor<64x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %q = tt.splat %out : !tt.ptr<i32> -> tensor<64x64x!tt.ptr<i32>, #blocked>
    tt.store %q, %r : tensor<64x64x!tt.ptr<i32>, #blocked>
    %c = ttg.convert_layout %r : tensor<64x64xi32, #blocked> -> tensor<64x64xi32, #blocked1>
    %q1 = tt.splat %out : !tt.ptr<i32> -> tensor<64x64x!tt.ptr<i32>, #blocked1>
    tt.store %q1, %c : tensor<64x64x!tt.ptr<i32>, #blocked1>
    tt.return
  }
}
