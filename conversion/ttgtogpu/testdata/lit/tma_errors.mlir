// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu --verify-diagnostics

// Triton's mbarriers (expect_tx, try_wait) are sm_90's.

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm80() {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // expected-error @+1 {{mbarriers with transaction counts need sm_90, the target is sm_80}}
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// A tensor map made in the kernel lives in global scratch memory that
// tritongpu-global-scratch-memory-allocation places; without its offset
// the lowering stops where the memory is allocated.

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @in_kernel(%x: !tt.ptr<f32>, %n: i32, %s: i64) {
    %c16 = arith.constant 16 : i32
    %c1 = arith.constant 1 : i32
    // expected-error @+1 {{has no ttg.global_scratch_memory_offset: run tritongpu-global-scratch-memory-allocation before the lowering}}
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %p, %x, [%c16, %c16], [%n, %n], [%s], [%c1, %c1] {elem_type = 7 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
    tt.return
  }
}

// -----

// A function other than the kernel takes its global scratch from its
// caller when tritongpu-global-scratch-memory-allocation gave it a size;
// without one (the pass did not run on it) there is none to take.

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.global_scratch_memory_size = 128 : i32, ttg.global_scratch_memory_alignment = 128 : i32} {
  tt.func private @helper() {
    // expected-error @+1 {{the function has no ttg.global_scratch_memory_size: run tritongpu-global-scratch-memory-allocation before the lowering}}
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 0 : i32} : !tt.ptr<i8>
    tt.return
  }
  tt.func public @kernel() {
    tt.call @helper() : () -> ()
    tt.return
  }
}

// -----

// TMA writes boxes row-major; a transposed nvmma buffer is not that.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @transposed(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>) {
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // expected-error @+1 {{TMA cannot copy}}
    ttng.async_tma_copy_local_to_global %d[%c0, %c0] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A descriptor parameter needs the nvmma_shared block layout the TTGIR
// pipeline gives it (the tensor map's swizzle comes from it).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{a tensor descriptor parameter needs an nvmma_shared block layout}}
  tt.func public @unencoded(%d: !tt.tensordesc<tensor<64x64xf16>>) {
    tt.return
  }
}
