// RUN: tt-opt %s -split-input-file -reassociate-loop-addresses | FileCheck %s
// RUN: tt-opt %s -split-input-file -reassociate-loop-addresses=induction-offsets=off | FileCheck %s --check-prefix=OFF

// The software pipeliner's per-stage copies of a row offset: the loop
// computes (iv + 32) + row, the next iteration's iv plus the row, and
// shifts the copies one stage down each iteration (%s0 <- %s1 <- %s2 <-
// new); the prologue passed base + row, base + 32 + row and base + 64 +
// row with iv starting at base + 64. Each copy is iv plus an invariant
// (its entry value minus iv's: row - 64, row - 32, row): the copies are
// dropped from the header and %s0, the one the loop reads, is iv +
// (entry(s0) - entry(iv)).
// CHECK-LABEL: llvm.func @stages
// CHECK:         %[[K:.+]] = llvm.sub %{{.+}}, %[[E:.+]] : i32
// CHECK-NEXT:    llvm.br ^bb1(%[[E]] : i32)
// CHECK:       ^bb1(%[[IV:.+]]: i32):
// CHECK-NEXT:    %[[S0:.+]] = llvm.add %[[IV]], %[[K]] : i32
// CHECK:         llvm.icmp "sge" %[[S0]], %{{.+}} : i32
// CHECK:         llvm.br ^bb1(%{{.+}} : i32)
// OFF-LABEL: llvm.func @stages
// OFF:         ^bb1(%{{.+}}: i32, %{{.+}}: i32, %{{.+}}: i32, %{{.+}}: i32):
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @stages(%out: !llvm.ptr<1>, %n: i32, %base: i32, %row: i32, %lim: i32) attributes {gpu.kernel} {
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %c64 = llvm.mlir.constant(64 : i32) : i32
    %t = llvm.mlir.constant(1 : i8) : i8
    %f = llvm.mlir.constant(0 : i8) : i8
    %e0 = llvm.add %base, %row : i32
    %b1 = llvm.add %base, %c32 : i32
    %e1 = llvm.add %b1, %row : i32
    %iv0 = llvm.add %base, %c64 : i32
    %e2 = llvm.add %iv0, %row : i32
    llvm.br ^bb1(%iv0, %e0, %e1, %e2 : i32, i32, i32, i32)
  ^bb1(%iv: i32, %s0: i32, %s1: i32, %s2: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %m = llvm.icmp "sge" %s0, %lim : i32
    %v = llvm.select %m, %t, %f : i1, i8
    %p = llvm.getelementptr %out[%iv] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
    gpu.store %p, %v : !llvm.ptr<1>, i8
    %next = llvm.add %iv, %c32 : i32
    %new = llvm.add %next, %row : i32
    llvm.br ^bb1(%next, %s1, %s2, %new : i32, i32, i32, i32)
  ^bb3:
    llvm.return
  }
}

// -----

// Not offsets of the induction variable: copies whose entry values do not
// fit the recurrence (%e1 is base + 33 + row where iv starting at base +
// 64 needs base + 32 + row, and %s0 follows it), and one carried through
// a multiplication, stay carried.
// CHECK-LABEL: llvm.func @not_offsets
// CHECK:       ^bb1(%{{.+}}: i32, %{{.+}}: i32, %{{.+}}: i32, %{{.+}}: i32):
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @not_offsets(%out: !llvm.ptr<1>, %n: i32, %base: i32, %row: i32, %lim: i32) attributes {gpu.kernel} {
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %c33 = llvm.mlir.constant(33 : i32) : i32
    %c64 = llvm.mlir.constant(64 : i32) : i32
    %t = llvm.mlir.constant(1 : i8) : i8
    %f = llvm.mlir.constant(0 : i8) : i8
    %e0 = llvm.add %base, %row : i32
    %b1 = llvm.add %base, %c33 : i32
    %e1 = llvm.add %b1, %row : i32
    %iv0 = llvm.add %base, %c64 : i32
    llvm.br ^bb1(%iv0, %e0, %e1, %base : i32, i32, i32, i32)
  ^bb1(%iv: i32, %s0: i32, %s1: i32, %g: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %m = llvm.icmp "sge" %s0, %lim : i32
    %m2 = llvm.icmp "sge" %g, %lim : i32
    %mm = llvm.and %m, %m2 : i1
    %v = llvm.select %mm, %t, %f : i1, i8
    %p = llvm.getelementptr %out[%iv] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
    gpu.store %p, %v : !llvm.ptr<1>, i8
    %next = llvm.add %iv, %c32 : i32
    %new = llvm.add %next, %row : i32
    %g2 = llvm.mul %g, %c2 : i32
    llvm.br ^bb1(%next, %s1, %new, %g2 : i32, i32, i32, i32)
  ^bb3:
    llvm.return
  }
}

// -----

// A loop whose back edge is a conditional branch (the latch tests and
// either loops or leaves, passing the exit block a value of its own): the
// copies are dropped from the cond_br's loop operands, the exit's operand
// stays.
// CHECK-LABEL: llvm.func @latch_cond_br
// CHECK:         %[[K:.+]] = llvm.sub %{{.+}}, %[[E:.+]] : i32
// CHECK-NEXT:    llvm.br ^bb1(%[[E]] : i32)
// CHECK:       ^bb1(%[[IV:.+]]: i32):
// CHECK-NEXT:    %[[S0:.+]] = llvm.add %[[IV]], %[[K]] : i32
// CHECK:         llvm.cond_br %{{.+}}, ^bb1(%{{.+}} : i32), ^bb2(%[[S0]] : i32)
// CHECK:       ^bb2(%{{.+}}: i32):
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @latch_cond_br(%out: !llvm.ptr<1>, %n: i32, %base: i32, %row: i32) attributes {gpu.kernel} {
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %e0 = llvm.add %base, %row : i32
    %iv0 = llvm.add %base, %c32 : i32
    %e1 = llvm.add %iv0, %row : i32
    llvm.br ^bb1(%iv0, %e0, %e1 : i32, i32, i32)
  ^bb1(%iv: i32, %s0: i32, %s1: i32):
    %p = llvm.getelementptr %out[%iv] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %p, %s0 : !llvm.ptr<1>, i32
    %next = llvm.add %iv, %c32 : i32
    %new = llvm.add %next, %row : i32
    %go = llvm.icmp "slt" %next, %n : i32
    llvm.cond_br %go, ^bb1(%next, %s1, %new : i32, i32, i32), ^bb2(%s0 : i32)
  ^bb2(%last: i32):
    gpu.store %out, %last : !llvm.ptr<1>, i32
    llvm.return
  }
}
