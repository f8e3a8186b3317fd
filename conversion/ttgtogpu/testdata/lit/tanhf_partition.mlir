// RUN: tt-opt %s -tritongpu-allocate-warp-groups -allocate-shared-memory-nv -convert-triton-gpu-to-gpu | FileCheck %s

// libdevice's tanhf in a partition of ttg.warp_specialize: the partition's
// region stays one block until convert-warp-specialize-to-llvm, so the
// two paths are computed and selected there rather than branched
// (emitter.choose; tanhf.mlir has the branch in a function body).
// CHECK-LABEL: llvm.func @tanh_partition
// CHECK:       partition0(
// CHECK:         %[[BIG:.+]] = llvm.fcmp "oge"
// CHECK-NOT:     llvm.cond_br
// CHECK:         gpu.ex2_approx
// CHECK-NOT:     llvm.cond_br
// CHECK:         %[[Y:.+]] = llvm.select %[[BIG]], %{{.+}}, %{{.+}} : i1, f32
// CHECK-NEXT:    gpu.store %{{.+}}, %{{.+}}, %[[Y]]
// CHECK-NEXT:    ttg.warp_return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tanh_partition(%arg0: !tt.ptr<f32>, %x: f32) {
    ttg.warp_specialize(%arg0, %x)
    default {
      ttg.warp_yield
    }
    partition0(%p: !tt.ptr<f32>, %y: f32) num_warps(1) {
      %t = math.tanh %y : f32
      tt.store %p, %t : !tt.ptr<f32>
      ttg.warp_return
    } : (!tt.ptr<f32>, f32) -> ()
    tt.return
  }
}
