// RUN: tt-opt %s -convert-triton-gpu-to-gpu | FileCheck %s

// libdevice's __nv_erff, as Triton calls it for math.erf (libm_f32.go):
// below |x| = 1.00295 the polynomial x + x P(x^2), from there
// 1 - 2^(-a - a Q(a)) with x's sign. As in libdevice's code, and so in
// Triton's, a branch picks the Horner chain's argument and its seven
// coefficients (the join takes all eight), and the ex2 of the large path
// sits in a second branch whose other edge carries the polynomial's value
// straight to the join: a thread runs one side of each.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @erff
  // CHECK:      %[[AX:.+]] = llvm.intr.fabs(%{{.+}}) : (f32) -> f32
  // CHECK:      %[[BIG:.+]] = llvm.fcmp "oge" %[[AX]], %{{.+}} : f32
  // CHECK-NEXT: llvm.cond_br %[[BIG]], ^[[LARGE:.+]], ^[[SMALL:.+]]
  // CHECK:      ^[[LARGE]]:
  // CHECK:      llvm.br ^[[CHAIN:.+]](%[[AX]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : f32, f32, f32, f32, f32, f32, f32, f32)
  // CHECK:      ^[[SMALL]]:
  // CHECK:      %[[SQ:.+]] = llvm.fmul
  // CHECK:      llvm.br ^[[CHAIN]](%[[SQ]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : f32, f32, f32, f32, f32, f32, f32, f32)
  // CHECK:      ^[[CHAIN]](%[[U:[^:]+]]: f32,
  // CHECK-COUNT-6: llvm.intr.fma(%{{.+}}, %[[U]], %{{.+}})
  // CHECK:      %[[R:.+]] = llvm.intr.fma
  // CHECK-NEXT: llvm.cond_br %[[BIG]], ^[[AWAY:.+]], ^[[JOIN:[^(]+]](%[[R]] : f32)
  // CHECK:      ^[[AWAY]]:
  // CHECK:      gpu.ex2_approx %[[R]] {ftz} : f32
  // CHECK:      llvm.br ^[[JOIN]](%{{.+}} : f32)
  // CHECK:      ^[[JOIN]](%[[Y:.+]]: f32):
  // CHECK-NEXT: gpu.store %{{.+}}, %[[Y]]
  // CHECK:      llvm.return
  tt.func public @erff(%x: tensor<32xf32, #blocked>, %p: tensor<32x!tt.ptr<f32>, #blocked>) {
    %y = math.erf %x : tensor<32xf32, #blocked>
    tt.store %p, %y : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
