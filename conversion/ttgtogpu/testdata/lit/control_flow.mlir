// RUN: tt-opt %s -split-input-file --pass-pipeline='builtin.module(convert-scf-to-cf,convert-triton-gpu-to-gpu)' | FileCheck %s

// A loop carrying a tensor: after convert-scf-to-cf its block arguments
// expand to one per register, and branches pass every register.
// CHECK-LABEL: llvm.func internal @loop(%arg0: i32, %arg1: f32, %arg2: f32) -> !llvm.struct<(f32, f32)>
// CHECK:         llvm.br ^bb1(%{{.+}}, %arg1, %arg2 : i32, f32, f32)
// CHECK-NEXT:  ^bb1(%[[I:.+]]: i32, %[[A0:.+]]: f32, %[[A1:.+]]: f32):
// CHECK-NEXT:    %[[C:.+]] = llvm.icmp "slt" %[[I]], %arg0 : i32
// CHECK-NEXT:    llvm.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[D0:.+]] = llvm.fadd %[[A0]], %[[A0]] : f32
// CHECK-NEXT:    %[[D1:.+]] = llvm.fadd %[[A1]], %[[A1]] : f32
// CHECK-NEXT:    %[[N:.+]] = llvm.add %[[I]], %{{.+}} : i32
// CHECK-NEXT:    llvm.br ^bb1(%[[N]], %[[D0]], %[[D1]] : i32, f32, f32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[U:.+]] = llvm.mlir.undef : !llvm.struct<(f32, f32)>
// CHECK-NEXT:    %[[V0:.+]] = llvm.insertvalue %[[A0]], %[[U]][0]
// CHECK-NEXT:    %[[V1:.+]] = llvm.insertvalue %[[A1]], %[[V0]][1]
// CHECK-NEXT:    llvm.return %[[V1]] : !llvm.struct<(f32, f32)>
// CHECK-LABEL: llvm.func @kernel(%arg0: !llvm.ptr<1>, %arg1: i32) attributes {gpu.kernel}
// CHECK-NEXT:    %[[L0:.+]] = gpu.load %arg0 {space = global} : !llvm.ptr<1> -> f32
// CHECK-NEXT:    %[[L1:.+]] = gpu.load %arg0 {space = global} : !llvm.ptr<1> -> f32
// CHECK-NEXT:    %[[R:.+]] = llvm.call @loop(%arg1, %[[L0]], %[[L1]]) : (i32, f32, f32) -> !llvm.struct<(f32, f32)>
// CHECK-NEXT:    %[[R0:.+]] = llvm.extractvalue %[[R]][0]
// CHECK-NEXT:    %[[R1:.+]] = llvm.extractvalue %[[R]][1]
// CHECK-NEXT:    gpu.store %arg0, %[[R0]] {space = global} : !llvm.ptr<1>, f32
// CHECK-NEXT:    gpu.store %arg0, %[[R1]] {space = global} : !llvm.ptr<1>, f32
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @loop(%n: i32, %v: tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (tensor<64xf32, #blocked>) : i32 {
      %d = arith.addf %acc, %acc : tensor<64xf32, #blocked>
      scf.yield %d : tensor<64xf32, #blocked>
    }
    tt.return %r : tensor<64xf32, #blocked>
  }
  tt.func public @kernel(%p: !tt.ptr<f32>, %n: i32) {
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %v = tt.load %s : tensor<64x!tt.ptr<f32>, #blocked>
    %w = tt.call @loop(%n, %v) : (i32, tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    tt.store %s, %w : tensor<64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Triton's disable_licm: the loops' llvm.loop_annotation reaches their
// back-edge llvm.br / llvm.cond_br (scf.for's and scf.while's latch, and
// a do-while's looping cond_br) as loop_annotation; unannotated branches
// get none.
// CHECK: #loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>
// CHECK: #loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
// CHECK-LABEL: llvm.func @annotated
// CHECK:         llvm.cond_br %{{.+}}, ^bb2, ^bb3{{$}}
// CHECK:         llvm.br ^bb1(%{{.+}}, %{{.+}} : i32, i32) {loop_annotation = #loop_annotation}
// CHECK:         llvm.cond_br %{{.+}}, ^bb4(%{{.+}} : i32), ^bb5 {loop_annotation = #loop_annotation}
// CHECK-NOT:     loop_annotation
// CHECK:         llvm.return
#licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#la = #llvm.loop_annotation<licm = #licm>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @annotated(%p: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %s = arith.addi %acc, %i : i32
      scf.yield %s : i32
    } {llvm.loop_annotation = #la}
    %w = scf.while (%b = %r) : (i32) -> i32 {
      %m = arith.addi %b, %c1 : i32
      %cc = arith.cmpi slt, %m, %n : i32
      scf.condition(%cc) %m : i32
    } do {
    ^bb0(%d: i32):
      scf.yield %d : i32
    } attributes {llvm.loop_annotation = #la}
    %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> (i32) : i32 {
      %s = arith.addi %acc, %i : i32
      scf.yield %s : i32
    }
    tt.store %p, %v : !tt.ptr<i32>
    tt.return
  }
}
