// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu --verify-diagnostics

// The tensor map moves the boxes its descriptor type gives it (here the
// whole 64x128 block in each CTA, 64x64 boxes); a buffer the CTAs split
// by rows is cut in 32x64 boxes, which TMA would not write where the
// buffer's layout reads them.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#split = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mismatch(%in: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #split, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // expected-error @+1 {{the descriptor's tensor map moves [64 64] boxes with a 128-byte swizzle, the buffer !ttg.memdesc<64x128xf16, #ttg.nvmma_shared<}}
    ttng.async_tma_copy_global_to_local %in[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #split, #smem, mutable>
    tt.return
  }
}
