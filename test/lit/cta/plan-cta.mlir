// RUN: tt-opt %s -split-input-file -triton-nvidia-gpu-plan-cta | FileCheck %s
//
// triton-nvidia-gpu-plan-cta (Triton 3.6's CTA planning) on 2-CTA clusters:
// the tiling comes from the dot, else the reductions, else the first store,
// and spreads through loads, elementwise ops, loops and branches.

// A 128x128 dot result is split by columns (each CTA keeps 128 rows, 64
// columns): the accumulator, the loop carrying it and B get [[0, 1]]; A
// is not split (every CTA loads all of it, [[0, 0]]). The loads rebuild
// their blocked layouts for the per-CTA shape.
// CHECK-DAG: #[[$ACC:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[0, 1\]\]}}}>
// CHECK-DAG: #[[$A:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[0, 0\]\]}}}>
// CHECK-DAG: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[0, 1\]\]}}}>
// CHECK-LABEL: @dot_in_loop
// CHECK: arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[$ACC]]>
// CHECK: tt.splat {{.*}} -> tensor<128x32x!tt.ptr<f16>, #[[$A]]>
// CHECK: tt.splat {{.*}} -> tensor<32x128x!tt.ptr<f16>, #[[$B]]>
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #[[$ACC]]>)
// CHECK-NEXT: tt.load {{.*}} : tensor<128x32x!tt.ptr<f16>, #[[$A]]>
// CHECK-NEXT: tt.load {{.*}} : tensor<32x128x!tt.ptr<f16>, #[[$B]]>
// CHECK-NEXT: ttg.convert_layout {{.*}} -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$ACC]]}>>
// CHECK-NEXT: ttg.convert_layout {{.*}} -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$ACC]]}>>
// CHECK-NEXT: tt.dot {{.*}} -> tensor<128x128xf32, #[[$ACC]]>
// CHECK-NEXT: scf.yield {{.*}} : tensor<128x128xf32, #[[$ACC]]>
// CHECK: tt.store {{.*}} : tensor<128x128x!tt.ptr<f32>, #[[$ACC]]>
// CHECK-NOT: unrealized_conversion_cast
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_in_loop(%a_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %c_ptr: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %pa = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>, #blocked1>
    %pb = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>, #blocked2>
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc_i = %zero) -> (tensor<128x128xf32, #blocked>) : i32 {
      %a = tt.load %pa : tensor<128x32x!tt.ptr<f16>, #blocked1>
      %b = tt.load %pb : tensor<32x128x!tt.ptr<f16>, #blocked2>
      %ad = ttg.convert_layout %a : tensor<128x32xf16, #blocked1> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %bd = ttg.convert_layout %b : tensor<32x128xf16, #blocked2> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %d = tt.dot %ad, %bd, %acc_i : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
      scf.yield %d : tensor<128x128xf32, #blocked>
    }
    %p = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.store %p, %acc : tensor<128x128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A 256x64 dot is split by rows (128 rows of 64 columns per CTA: a
// 128-row chunk leaves N at 64 columns); B is not split.
// CHECK-DAG: #[[$ACC:.*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[1, 0\]\]}}}>
// CHECK-DAG: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[0, 0\]\]}}}>
// CHECK-LABEL: @dot_rows
// CHECK: tt.load {{.*}} : tensor<32x64x!tt.ptr<f16>, #[[$B]]>
// CHECK: tt.dot {{.*}} -> tensor<256x64xf32, #[[$ACC]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_rows(%a_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %c_ptr: !tt.ptr<f32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<256x64xf32, #blocked>
    %pa = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<256x32x!tt.ptr<f16>, #blocked1>
    %pb = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #blocked2>
    %a = tt.load %pa : tensor<256x32x!tt.ptr<f16>, #blocked1>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f16>, #blocked2>
    %ad = ttg.convert_layout %a : tensor<256x32xf16, #blocked1> -> tensor<256x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %bd = ttg.convert_layout %b : tensor<32x64xf16, #blocked2> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %ad, %bd, %zero : tensor<256x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<256x64xf32, #blocked>
    %p = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<256x64x!tt.ptr<f32>, #blocked>
    tt.store %p, %d : tensor<256x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A reduction over rows keeps the CTAs on the columns (no reduction
// across CTAs); the stored 1-D result keeps its layout behind a convert.
// CHECK-DAG: #[[$SRC:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[0, 1\]\]}}}>
// CHECK-DAG: #[[$OUT:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[1\]\]}}}>
// CHECK-LABEL: @reduce_axis0
// CHECK: tt.load {{.*}} : tensor<64x128x!tt.ptr<f32>, #[[$SRC]]>
// CHECK: tt.reduce
// CHECK: (tensor<64x128xf32, #[[$SRC]]>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #[[$SRC]]}>>
// CHECK: ttg.convert_layout {{.*}} -> tensor<128xf32, #[[$OUT]]>
// CHECK: tt.store {{.*}} : tensor<128x!tt.ptr<f32>, #[[$OUT]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_axis0(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>, #blocked>
    %x = tt.load %p : tensor<64x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.addf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<64x128xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %c = ttg.convert_layout %s : tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<128xf32, #blocked1>
    %q = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked1>
    tt.store %q, %c : tensor<128x!tt.ptr<f32>, #blocked1>
    tt.return
  }
}

// -----

// A rank-1 reduction cannot be split: every CTA holds all of it.
// CHECK: #[[$X:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[0\]\]}}}>
// CHECK-LABEL: @reduce_rank1
// CHECK: tt.load {{.*}} : tensor<1024x!tt.ptr<f32>, #[[$X]]>
// CHECK: (tensor<1024xf32, #[[$X]]>) -> f32
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_rank1(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %x = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    tt.store %out, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// Without dots and reductions the first tensor store sets the tiling: the
// second store takes its CTA layout ([[1, 0]]); both rebuild their blocked
// layouts for the per-CTA shape (the first gets 2x2 warps). The range both stores derive from is wanted in two
// layouts: the range keeps the layout of its oldest use and a clone right
// after it takes the other.
// CHECK-DAG: #[[$S0:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0], CGALayout = {{\[\[1, 0\]\]}}}>
// CHECK-DAG: #[[$S1:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[1, 0\]\]}}}>
// CHECK-LABEL: @stores
// CHECK-NEXT: %[[R0:.*]] = tt.make_range {{.*}} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #[[$S0]]}>>
// CHECK-NEXT: %[[R1:.*]] = tt.make_range {{.*}} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #[[$S1]]}>>
// CHECK-NEXT: tt.expand_dims %[[R0]] {axis = 1 : i32}
// CHECK: tt.store {{.*}} : tensor<128x64x!tt.ptr<i32>, #[[$S0]]>
// CHECK: tt.expand_dims %[[R1]] {axis = 0 : i32}
// CHECK: tt.store {{.*}} : tensor<16x128x!tt.ptr<i32>, #[[$S1]]>
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @stores(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %r0 = ttg.convert_layout %r : tensor<128xi32, #blocked> -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %e0 = tt.expand_dims %r0 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %b0 = tt.broadcast %e0 : tensor<128x1xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
    %p0 = tt.splat %out : !tt.ptr<i32> -> tensor<128x64x!tt.ptr<i32>, #blocked1>
    tt.store %p0, %b0 : tensor<128x64x!tt.ptr<i32>, #blocked1>
    %r1 = ttg.convert_layout %r : tensor<128xi32, #blocked> -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked2}>>
    %e1 = tt.expand_dims %r1 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x128xi32, #blocked2>
    %b1 = tt.broadcast %e1 : tensor<1x128xi32, #blocked2> -> tensor<16x128xi32, #blocked2>
    %p1 = tt.splat %out : !tt.ptr<i32> -> tensor<16x128x!tt.ptr<i32>, #blocked2>
    tt.store %p1, %b1 : tensor<16x128x!tt.ptr<i32>, #blocked2>
    tt.return
  }
}

// -----

// Both branches of an scf.if feeding the store take the store's CTA
// layout; an op the planner does not know (tt.trans) keeps its own, behind
// converts, and the load feeding it is rebuilt for that CTA layout (3.6
// rebuilds every load it reaches: here 2x2 warps). The pointers, wanted in
// two layouts, are splat twice.
// CHECK-DAG: #[[$ST:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[0, 1\]\]}}}>
// CHECK-DAG: #[[$OLD:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[1, 0\]\]}}}>
// CHECK-DAG: #[[$TR:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = {{\[\[0, 1\]\]}}}>
// CHECK-DAG: #[[$RE:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0], CGALayout = {{\[\[1, 0\]\]}}}>
// CHECK-LABEL: @branches
// CHECK-NEXT: %[[P0:.*]] = tt.splat {{.*}} -> tensor<64x64x!tt.ptr<f32>, #[[$ST]]>
// CHECK-NEXT: %[[P1:.*]] = tt.splat {{.*}} -> tensor<64x64x!tt.ptr<f32>, #[[$RE]]>
// CHECK-NEXT: scf.if {{.*}} -> (tensor<64x64xf32, #[[$ST]]>)
// CHECK-NEXT: tt.load %[[P0]] : tensor<64x64x!tt.ptr<f32>, #[[$ST]]>
// CHECK-NEXT: scf.yield {{.*}} : tensor<64x64xf32, #[[$ST]]>
// CHECK: tt.load %[[P1]] : tensor<64x64x!tt.ptr<f32>, #[[$RE]]>
// CHECK-NEXT: ttg.convert_layout {{.*}} -> tensor<64x64xf32, #[[$OLD]]>
// CHECK-NEXT: tt.trans {{.*}} -> tensor<64x64xf32, #[[$TR]]>
// CHECK-NEXT: ttg.convert_layout {{.*}} -> tensor<64x64xf32, #[[$ST]]>
// CHECK-NEXT: scf.yield {{.*}} : tensor<64x64xf32, #[[$ST]]>
// CHECK: tt.store {{.*}} : tensor<64x64x!tt.ptr<f32>, #[[$ST]]>
// CHECK-NOT: unrealized_conversion_cast
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[0, 1]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @branches(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %c: i1) {
    %p = tt.splat %in : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    %v = scf.if %c -> (tensor<64x64xf32, #blocked>) {
      %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #blocked>
      scf.yield %x : tensor<64x64xf32, #blocked>
    } else {
      %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #blocked>
      %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
      %u = ttg.convert_layout %t : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
      scf.yield %u : tensor<64x64xf32, #blocked>
    }
    %w = ttg.convert_layout %v : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked2>
    %q = tt.splat %out : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked2>
    tt.store %q, %w : tensor<64x64x!tt.ptr<f32>, #blocked2>
    tt.return
  }
}
