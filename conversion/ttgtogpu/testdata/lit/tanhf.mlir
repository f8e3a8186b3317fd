// RUN: tt-opt %s -convert-triton-gpu-to-gpu | FileCheck %s

// libdevice's __nv_tanhf, as Triton calls it (libm_f32.go): below 0.6 an
// odd polynomial in fused multiply-adds, above 1 - 2/(1 + 2^(2|x|/ln 2))
// with the .ftz ex2 and rcp approximations under the FTZ reflect, the sign
// put back; never the tanh.approx instruction (2^-11 relative). The two
// paths are the two arms of a branch on |x| >= 0.6, as in Triton's code: a
// thread computes only the one its value takes.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @tanhf
  // CHECK-NOT: tanh_approx
  // CHECK-DAG: %[[SPLIT:.+]] = llvm.mlir.constant(6.000000e-01 : f32) : f32
  // CHECK:     %[[AX:.+]] = llvm.intr.fabs(%{{.+}}) : (f32) -> f32
  // CHECK:     %[[BIG:.+]] = llvm.fcmp "oge" %[[AX]], %[[SPLIT]] : f32
  // CHECK-NEXT: llvm.cond_br %[[BIG]], ^[[LARGE:.+]], ^[[SMALL:.+]]
  // CHECK:     ^[[LARGE]]:
  // CHECK:     gpu.ex2_approx %{{.+}} {ftz} : f32
  // CHECK:     gpu.rcp_approx %{{.+}} {ftz} : f32
  // CHECK:     llvm.br ^[[JOIN:.+]](%{{.+}} : f32)
  // CHECK:     ^[[SMALL]]:
  // CHECK-COUNT-5: llvm.intr.fma
  // CHECK:     llvm.br ^[[JOIN]](%{{.+}} : f32)
  // CHECK:     ^[[JOIN]](%[[Y:.+]]: f32):
  // CHECK-NEXT: gpu.store %{{.+}}, %[[Y]]
  // CHECK-NOT: tanh_approx
  // CHECK: llvm.return
  tt.func public @tanhf(%x: tensor<32xf32, #blocked>, %p: tensor<32x!tt.ptr<f32>, #blocked>) {
    %y = tt.extern_elementwise %x {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked>
    tt.store %p, %y : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
