// RUN: tt-opt %s -split-input-file --triton-nvidia-gpu-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80
// RUN: tt-opt %s -split-input-file --triton-nvidia-gpu-fence-insertion=compute-capability=90 | FileCheck %s --check-prefix=SM90
//
// triton-nvidia-gpu-fence-insertion: the async proxy exists from sm_90 on;
// a wgmma reading a buffer written from registers through a view gets one
// fence, hoisted out of the loop that does not write it, and a second dot
// right after needs none.

// SM80-LABEL: @two_dots
// SM80-NOT: ttng.fence_async_shared
// SM90-LABEL: @two_dots
// SM90: ttng.fence_async_shared {bCluster = false}
// SM90-NEXT: scf.for
// SM90-NOT: ttng.fence_async_shared
// SM90: ttng.warp_group_dot
// SM90-NOT: ttng.fence_async_shared
// SM90: ttng.warp_group_dot
// SM90: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_dots(%arg0: tensor<64x64xf16, #blocked>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %lb: i32, %ub: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable>
    %c0 = arith.constant 0 : i32
    %view = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %arg0, %view : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    scf.for %i = %lb to %ub step %c1 : i32 {
      %a = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<1x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %a, %b, %cst : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %e = ttng.warp_group_dot %a, %b, %d : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    }
    tt.return
  }
}
