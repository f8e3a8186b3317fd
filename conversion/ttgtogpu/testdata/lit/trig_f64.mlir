// RUN: tt-opt %s -convert-triton-gpu-to-gpu | FileCheck %s

// f64 sin and cos on AMD (on NVIDIA libdevice's own __nv_sin/__nv_cos,
// libm_sincos64.go, as Triton calls them) reduce every register by
// Cody-Waite and finish it; a thread with a finite register
// of magnitude 2^30 or more (0x41D0000000000000) branches to a block that
// reduces its registers again by Payne-Hanek (64-bit integer products of
// the mantissa and 192 bits of 2/pi), and both paths join in a block whose
// arguments are the results: one argument per register, scalars included.
// CHECK-LABEL: llvm.func internal @trig
// CHECK:         %[[LIM:.+]] = llvm.mlir.constant(0x41D0000000000000 : f64) : f64
// CHECK:         llvm.fcmp "oge" %{{.+}}, %[[LIM]] : f64
// CHECK:         llvm.fcmp "oge" %{{.+}}, %[[LIM]] : f64
// CHECK:         %[[ANY:.+]] = llvm.or %{{.+}}, %{{.+}} : i1
// CHECK-NEXT:    llvm.cond_br %[[ANY]], ^[[SLOW:.+]], ^[[JOIN:bb[0-9]+]](%{{.+}}, %{{.+}} : f64, f64)
// CHECK:       ^[[SLOW]]:
// CHECK-COUNT-4: gpu.mulhi %{{.+}} {unsigned} : i64
// CHECK:         llvm.br ^[[JOIN]](%{{.+}}, %{{.+}} : f64, f64)
// CHECK:       ^[[JOIN]](%[[S0:.+]]: f64, %[[S1:.+]]: f64):
// CHECK:         llvm.cond_br %{{.+}}, ^[[SLOW2:.+]], ^[[JOIN2:bb[0-9]+]](%{{.+}} : f64)
// CHECK:       ^[[SLOW2]]:
// CHECK-COUNT-2: gpu.mulhi
// CHECK:       ^[[JOIN2]](%[[C:.+]]: f64):
// CHECK:         llvm.insertvalue %[[S0]], %{{.+}}[0]
// CHECK-NEXT:    llvm.insertvalue %[[S1]], %{{.+}}[1]
// CHECK-NEXT:    llvm.insertvalue %[[C]], %{{.+}}[2]
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @trig(%x: tensor<64xf64, #blocked>, %y: f64) -> (tensor<64xf64, #blocked>, f64) {
    %s = math.sin %x : tensor<64xf64, #blocked>
    %c = math.cos %y : f64
    tt.return %s, %c : tensor<64xf64, #blocked>, f64
  }
}
