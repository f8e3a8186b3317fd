// RUN: tt-opt %s -convert-triton-gpu-to-gpu | FileCheck %s

// libdevice's __nv_tanhf is accurate to 2 ulps: tt evaluates it in f64 and
// rounds once, never with the tanh.approx instruction (2^-11 relative).

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @tanhf
  // CHECK-NOT: tanh_approx
  // CHECK: llvm.fpext {{.*}} : f32 to f64
  // CHECK-NOT: tanh_approx
  // CHECK: llvm.fptrunc {{.*}} : f64 to f32
  // CHECK-NOT: tanh_approx
  // CHECK: llvm.return
  tt.func public @tanhf(%x: tensor<32xf32, #blocked>, %p: tensor<32x!tt.ptr<f32>, #blocked>) {
    %y = tt.extern_elementwise %x {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked>
    tt.store %p, %y : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
