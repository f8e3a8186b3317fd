// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu --verify-diagnostics

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @structured(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @+1 {{structured control flow must be lowered first (run convert-scf-to-cf before convert-triton-gpu-to-gpu)}}
    scf.for %i = %c0 to %n step %c1 : i32 {
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8(%x: tensor<32xf32, #blocked>, %p: !tt.ptr<f8E4M3FN>) {
    // expected-error @+1 {{rounding toward zero to f8E4M3FN is not supported (Triton rounds it to nearest even only)}}
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<32xf32, #blocked> -> tensor<32xf8E4M3FN, #blocked>
    %s = tt.splat %p : !tt.ptr<f8E4M3FN> -> tensor<32x!tt.ptr<f8E4M3FN>, #blocked>
    tt.store %s, %y : tensor<32x!tt.ptr<f8E4M3FN>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A symbol libdevice does not define: tt implements libdevice's functions only.
  tt.func public @extern(%x: tensor<32xf32, #blocked>, %p: !tt.ptr<f32>) {
    // expected-error @+1 {{external function '__nv_no_such_function' is not supported}}
    %y = tt.extern_elementwise %x {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_no_such_function"} : (tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    tt.store %s, %y : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// expected-error @+1 {{module needs a power-of-two "ttg.num-warps" attribute (got 3)}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 3 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dense(%p: !tt.ptr<i32>) {
    // expected-error @+1 {{non-splat tensor constant whose elements differ between threads is not supported}}
    %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]> : tensor<32xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #blocked>
    tt.store %s, %c : tensor<32x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8fnuz(%x: tensor<32xf32, #blocked>, %p: !tt.ptr<f8E4M3FNUZ>) {
    // expected-error @+1 {{'tt.fp_to_fp' on f8E4M3FNUZ is not supported (only f8E4M3FN and f8E5M2)}}
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<32xf32, #blocked> -> tensor<32xf8E4M3FNUZ, #blocked>
    %s = tt.splat %p : !tt.ptr<f8E4M3FNUZ> -> tensor<32x!tt.ptr<f8E4M3FNUZ>, #blocked>
    tt.store %s, %y : tensor<32x!tt.ptr<f8E4M3FNUZ>, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8arith(%x: tensor<32xf8E5M2, #blocked>, %p: !tt.ptr<f8E5M2>) {
    // expected-error @+1 {{'arith.addf' op on f8E5M2 is not supported (only f16, bf16, f32 and f64 floats)}}
    %y = arith.addf %x, %x : tensor<32xf8E5M2, #blocked>
    %s = tt.splat %p : !tt.ptr<f8E5M2> -> tensor<32x!tt.ptr<f8E5M2>, #blocked>
    tt.store %s, %y : tensor<32x!tt.ptr<f8E5M2>, #blocked>
    tt.return
  }
}

// -----

// expected-error @+1 {{64 threads per warp needs an AMD target (ttg.target "hip:..."), the module's is "cuda:90"}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @wave64() {
    tt.return
  }
}

// -----

// expected-error @+1 {{convert-triton-gpu-to-gpu supports 32 or 64 (AMD) threads per warp, not 16}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 16 : i32} {
  tt.func public @wave16() {
    tt.return
  }
}

// -----

// After allocate-shared-memory (ttg.shared set) every op that needs shared
// memory must carry its allocation.offset.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 16 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unallocated(%x: tensor<128xf32, #blocked>, %p: !tt.ptr<f32>) {
    // expected-error @+1 {{needs 16 bytes of shared memory but has no allocation.offset attribute (run allocate-shared-memory after the passes that add shared memory users)}}
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    tt.store %p, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 16 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @outside(%x: tensor<128xf32, #blocked>, %p: !tt.ptr<f32>) {
    // expected-error @+1 {{shared memory [8, 24) is outside the module's 16 bytes ("ttg.shared")}}
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) {allocation.offset = 8 : i32} : (tensor<128xf32, #blocked>) -> f32
    tt.store %p, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// expected-error @+1 {{gfx942 runs 64-lane wavefronts, the module has 32 threads per warp ("ttg.threads-per-warp")}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wave32() {
    tt.return
  }
}

// -----

// expected-error @+1 {{unknown ttg.target "spirv:1" (want "cuda:NN" or "hip:gfxNNN")}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "spirv:1", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unknown() {
    tt.return
  }
}

// -----

// A kernel's shared memory starts at offset 0, so a kernel that uses it
// cannot run inside another kernel's reservation.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @inner(%x: tensor<128xf32, #blocked>, %p: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    tt.store %p, %s : !tt.ptr<f32>
    tt.return
  }
  tt.func public @outer(%x: tensor<128xf32, #blocked>, %p: !tt.ptr<f32>) {
    // expected-error @+1 {{calls kernel @inner, which uses shared memory; only functions that are not kernels can use the caller's}}
    tt.call @inner(%x, %p) : (tensor<128xf32, #blocked>, !tt.ptr<f32>) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @negative_wait() {
    // expected-error @+1 {{the 'ds' count of amdg.memory_counter_wait cannot be negative (-1)}}
    amdg.memory_counter_wait load(1) ds(-1)
    tt.return
  }
}
