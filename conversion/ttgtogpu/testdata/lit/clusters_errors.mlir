// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu --verify-diagnostics

// What a cluster of CTAs could only do by moving data between CTAs
// (distributed shared memory, which no Triton 3.6 multi-CTA kernel for
// Hopper needs) is refused where it happens.

#split = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_split(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #split>
    // expected-error @+1 {{tt.reduce along dim 0, which the CTAs of a cluster split (CTA bases [[32]]), would combine data of several CTAs}}
    %s = "tt.reduce"(%r) ({
    ^bb0(%x: i32, %y: i32):
      %a = arith.addi %x, %y : i32
      tt.reduce.return %a : i32
    }) {axis = 0 : i32} : (tensor<64xi32, #split>) -> i32
    tt.store %p, %s : !tt.ptr<i32>
    tt.return
  }
}

// -----

#split = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scan_split(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #split>
    // expected-error @+1 {{tt.scan along dim 0, which the CTAs of a cluster split}}
    %s = "tt.scan"(%r) ({
    ^bb0(%x: i32, %y: i32):
      %a = arith.addi %x, %y : i32
      tt.scan.return %a : i32
    }) {axis = 0 : i32, reverse = false} : (tensor<64xi32, #split>) -> tensor<64xi32, #split>
    %q = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #split>
    %a = tt.addptr %q, %r : tensor<64x!tt.ptr<i32>, #split>, tensor<64xi32, #split>
    tt.store %a, %s : tensor<64x!tt.ptr<i32>, #split>
    tt.return
  }
}

// -----

#whole = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @atomic_old_values(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #whole>
    %q = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #whole>
    %a = tt.addptr %q, %r : tensor<32x!tt.ptr<i32>, #whole>, tensor<32xi32, #whole>
    // expected-error @+1 {{the old values of an atomic whose elements several CTAs of a cluster hold would have to move between CTAs}}
    %o = tt.atomic_rmw add, relaxed, gpu, %a, %r : (tensor<32x!tt.ptr<i32>, #whole>, tensor<32xi32, #whole>) -> tensor<32xi32, #whole>
    tt.store %a, %o : tensor<32x!tt.ptr<i32>, #whole>
    tt.return
  }
}

// -----

#split = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1]]}>
#whole = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @histogram_split(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #split>
    // expected-error @+1 {{tt.histogram of a tensor the CTAs of a cluster split (CTA bases [[32]]) would have to add counts across CTAs}}
    %h = tt.histogram %r : tensor<64xi32, #split> -> tensor<32xi32, #whole>
    %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #whole>
    %q = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #whole>
    %a = tt.addptr %q, %c : tensor<32x!tt.ptr<i32>, #whole>, tensor<32xi32, #whole>
    tt.store %a, %h : tensor<32x!tt.ptr<i32>, #whole>
    tt.return
  }
}

// -----

#split = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1]]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @buffer_split_otherwise(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #split>
    // expected-error @+1 {{are split over the CTAs of a cluster differently (CTA bases [[32]] and [[0]]), which would move data between CTAs}}
    %b = ttg.local_alloc %r : (tensor<64xi32, #split>) -> !ttg.memdesc<64xi32, #shared, #smem>
    tt.return
  }
}

// -----

// expected-error @+1 {{"ttg.num-ctas" = 2: clusters of CTAs need sm_90 or newer, the target is sm_80}}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm80() {
    tt.return
  }
}

// -----

// expected-error @+1 {{"ttg.num-ctas" must be a power of two from 1 to 16, got 3}}
module attributes {"ttg.num-ctas" = 3 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @three() {
    tt.return
  }
}

// -----

#split = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1]]}>
#whole = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @convert_across_ctas(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #split>
    // expected-error @+1 {{layout conversions across the CTAs of a cluster are not supported}}
    %w = ttg.convert_layout %r : tensor<64xi32, #split> -> tensor<64xi32, #whole>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #whole>
    %q = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #whole>
    %a = tt.addptr %q, %c : tensor<64x!tt.ptr<i32>, #whole>, tensor<64xi32, #whole>
    tt.store %a, %w : tensor<64x!tt.ptr<i32>, #whole>
    tt.return
  }
}
