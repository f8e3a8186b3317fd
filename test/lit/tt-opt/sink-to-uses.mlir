// RUN: tt-opt %s -split-input-file -sink-to-uses | FileCheck %s

// Pure ops move down to their first user, their operands with them; ops
// with effects stay, and so do values used in another block.

// CHECK-LABEL: llvm.func @sink
// CHECK:         %[[L:.+]] = gpu.load %arg0
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    %[[A:.+]] = llvm.add %arg1, %arg1 : i32
// CHECK-NEXT:    %[[B:.+]] = llvm.mul %[[A]], %arg1 : i32
// CHECK-NEXT:    %[[C:.+]] = llvm.add %[[B]], %[[L]] : i32
// CHECK-NEXT:    gpu.store %arg0, %[[C]]
// CHECK-NEXT:    %[[D:.+]] = llvm.sub %arg1, %[[B]] : i32
// CHECK-NEXT:    llvm.br ^bb1(%[[D]] : i32)
// CHECK:       ^bb1(%{{.+}}: i32):
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @sink(%p: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {
    %a = llvm.add %x, %x : i32
    %b = llvm.mul %a, %x : i32
    %d = llvm.sub %x, %b : i32
    %l = gpu.load %p : !llvm.ptr<1> -> i32
    gpu.barrier
    %c = llvm.add %b, %l : i32
    gpu.store %p, %c : !llvm.ptr<1>, i32
    llvm.br ^bb1(%d : i32)
  ^bb1(%v: i32):
    llvm.return
  }
}

// -----

// A value used in a loop body stays in front of the loop.
// CHECK-LABEL: llvm.func @loop
// CHECK-NEXT:    %[[K:.+]] = llvm.mul %arg1, %arg1 : i32
// CHECK-NEXT:    llvm.br ^bb1
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @loop(%p: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {
    %k = llvm.mul %x, %x : i32
    llvm.br ^bb1
  ^bb1:
    gpu.store %p, %k : !llvm.ptr<1>, i32
    llvm.br ^bb1
  }
}
