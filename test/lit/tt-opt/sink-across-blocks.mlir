// RUN: tt-opt %s -split-input-file -sink-to-uses=across-blocks=on | FileCheck %s
// RUN: tt-opt %s -split-input-file -sink-to-uses | FileCheck %s --check-prefix=OFF
// RUN: not tt-opt %s -split-input-file -sink-to-uses=across-blocks=maybe 2>&1 | FileCheck %s --check-prefix=BAD

// Values made in front of a loop and used only after it (a tile's row
// indices, read by the epilogue's stores) move into the block after the
// loop, next to their users: with across-blocks=on only %base stays live
// across the loop, not the rows made from it. The row that the loop reads
// stays, and so does a sum of two variables (moving it would make both
// live across the loop instead of one).
// CHECK-LABEL: llvm.func @rows
// CHECK:         %[[BASE:.+]] = llvm.mul %arg0, %{{.+}} : i32
// CHECK:         %[[R0:.+]] = llvm.or %[[BASE]], %{{.+}} : i32
// CHECK-NEXT:    %[[SUM:.+]] = llvm.add %arg0, %arg1 : i32
// CHECK-NEXT:    llvm.br ^bb1
// CHECK:       ^bb2:
// CHECK-NEXT:    gpu.store %arg2, %[[R0]]
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[R1:.+]] = llvm.or %[[BASE]], %{{.+}} : i32
// CHECK-NEXT:    llvm.mlir.constant(2 : i32)
// CHECK-NEXT:    %[[R2:.+]] = llvm.or %[[BASE]], %{{.+}} : i32
// CHECK-NEXT:    gpu.store %arg2, %[[R1]]
// CHECK-NEXT:    gpu.store %arg2, %[[R2]]
// CHECK-NEXT:    gpu.store %arg2, %[[SUM]]
// OFF-LABEL:   llvm.func @rows
// OFF:           llvm.or
// OFF:           llvm.or
// OFF:           llvm.or
// OFF:           llvm.br ^bb1
// OFF:         ^bb3:
// OFF-NEXT:      gpu.store
// BAD: sink-to-uses: across-blocks must be on or off, got "maybe"
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @rows(%pid: i32, %n: i32, %out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c128 = llvm.mlir.constant(128 : i32) : i32
    %base = llvm.mul %pid, %c128 : i32
    %r0 = llvm.or %base, %c0 : i32
    %r1 = llvm.or %base, %c1 : i32
    %r2 = llvm.or %base, %c2 : i32
    %sum = llvm.add %pid, %n : i32
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%iv: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    gpu.store %out, %r0 : !llvm.ptr<1>, i32
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next : i32)
  ^bb3:
    gpu.store %out, %r1 : !llvm.ptr<1>, i32
    gpu.store %out, %r2 : !llvm.ptr<1>, i32
    gpu.store %out, %sum : !llvm.ptr<1>, i32
    llvm.return
  }
}

// -----

// Nothing moves into a loop: a value made before the loop and used only in
// its body stays in front of it.
// CHECK-LABEL: llvm.func @into_loop
// CHECK:         %[[X:.+]] = llvm.or %arg0, %{{.+}} : i32
// CHECK:         llvm.br ^bb1
// CHECK:       ^bb2:
// CHECK-NEXT:    gpu.store %arg2, %[[X]]
// OFF-LABEL:   llvm.func @into_loop
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @into_loop(%pid: i32, %n: i32, %out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %x = llvm.or %pid, %c1 : i32
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%iv: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    gpu.store %out, %x : !llvm.ptr<1>, i32
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next : i32)
  ^bb3:
    llvm.return
  }
}
