// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu --verify-diagnostics

// tt.multicast_cluster and tt.cluster_peer need the module's clusters of
// CTAs (tt.cta-cluster); a peer arrival needs clusters of exactly two.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_cluster(%in: !tt.tensordesc<tensor<64x128xf16, #shared>>, %k: i32, %go: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // expected-error @+1 {{tt.multicast_cluster needs the module's clusters of CTAs (tt.cta-cluster of 2 or more, without ttg.num-ctas)}}
    ttng.async_tma_copy_global_to_local %in[%k, %k] %buf, %bar, %go {tt.multicast_cluster} : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"tt.cta-cluster" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @four(%go: i1) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // expected-error @+1 {{tt.cluster_peer needs the module's clusters of two CTAs (tt.cta-cluster = 2, without ttg.num-ctas)}}
    ttng.arrive_barrier %bar, 1, %go {tt.cluster_peer} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ampere() {
    // expected-error @+1 {{cluster}}
    ttng.cluster_arrive {relaxed = false}
    tt.return
  }
}
