// RUN: tt-opt %s -split-input-file -triton-nvidia-optimize-tmem-layouts -triton-nvidia-interleave-tmem -verify-diagnostics | FileCheck %s

// Triton 3.6's tensor-memory passes run for every NVIDIA target; tt has no
// tensor-memory lowering, so they leave kernels without tensor memory as
// they are and refuse kernels with it.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @plain
  // CHECK-NEXT: %[[C:.*]] = arith.constant dense<1.000000e+00>
  // CHECK-NEXT: tt.store %arg0, %[[C]]
  tt.func @plain(%p: tensor<128x4x!tt.ptr<f32>, #blocked>) {
    %c = arith.constant dense<1.0> : tensor<128x4xf32, #blocked>
    tt.store %p, %c : tensor<128x4x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{triton-nvidia-optimize-tmem-layouts: Blackwell tensor memory (sm_100) is not supported by tt}}
  tt.func @acc(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    tt.return
  }
}
