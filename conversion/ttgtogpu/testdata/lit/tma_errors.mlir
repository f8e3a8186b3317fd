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

// -----

// cp.reduce.async.bulk.tensor has no f32 min (Triton's front end refuses
// it on sm_90 too); a hand-written one is a located error.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_f32_min(%out: !tt.tensordesc<tensor<16x32xf32, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %v: tensor<16x32xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %o = ttg.local_alloc %v : (tensor<16x32xf32, #blocked>) -> !ttg.memdesc<16x32xf32, #shared, #smem>
    // expected-error @+1 {{TMA cannot reduce (min) elements of type f32: cp.reduce.async.bulk.tensor.min takes u32, s32, u64, s64, f16 and bf16}}
    ttng.async_tma_reduce min, %out[%c0, %c0] %o : !tt.tensordesc<tensor<16x32xf32, #shared>>, !ttg.memdesc<16x32xf32, #shared, #smem>
    tt.return
  }
}

// -----

// Nor an 8-bit add.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce_i8_add(%out: !tt.tensordesc<tensor<16x128xi8, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %v: tensor<16x128xi8, #blocked>) {
    %c0 = arith.constant 0 : i32
    %o = ttg.local_alloc %v : (tensor<16x128xi8, #blocked>) -> !ttg.memdesc<16x128xi8, #shared, #smem>
    // expected-error @+1 {{TMA cannot reduce (add) elements of type i8: cp.reduce.async.bulk.tensor.add takes u32, s32, u64, f32, f16 and bf16}}
    ttng.async_tma_reduce add, %out[%c0, %c0] %o : !tt.tensordesc<tensor<16x128xi8, #shared>>, !ttg.memdesc<16x128xi8, #shared, #smem>
    tt.return
  }
}

// -----

// A rank-reducing copy whose buffer is swizzled differently from the
// descriptor's block: the tensor map's box (and swizzle) would not be the
// buffer's.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rank_reducing_swizzle(%in: !tt.tensordesc<tensor<1x8x64xf16, #shared>>, %d0: i32, %d1: i32, %d2: i32, %s0: i64, %s1: i64, %z: i32) {
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x64xf16, #shared1, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    // expected-error @+1 {{the descriptor's tensor map moves [1 8 64] boxes with a 128-byte swizzle}}
    ttng.async_tma_copy_global_to_local %in[%z, %z, %z] %buf, %bar, %true : !tt.tensordesc<tensor<1x8x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<8x64xf16, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// An arrival that tracks cp.async copies is an mbarrier op like the
// others: AMD targets have none.

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @amd_tracked() {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // expected-error @+1 {{mbarriers are NVIDIA's, the target is hip:gfx942}}
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}
