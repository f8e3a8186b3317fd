// RUN: tt-opt %s -split-input-file -reassociate-loop-addresses | FileCheck %s

// The row address of a tile loaded per iteration, gep(gep(base, (iv + 128
// + row) * 64), col): the index becomes iv*64 + (row*64 + 8192), its
// invariant part in front of the loop, and the column joins the base there;
// the second row shares iv*64 and the base.
// CHECK-LABEL: llvm.func @rows
// CHECK:         %[[R0:.+]] = llvm.mul %arg2, %{{.+}} : i32
// CHECK:         %[[K:.+]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK:         %[[I0:.+]] = llvm.add %[[R0]], %[[K]] : i32
// CHECK:         %[[R1:.+]] = llvm.mul %arg3, %{{.+}} : i32
// CHECK:         %[[I1:.+]] = llvm.add %[[R1]], %{{.+}} : i32
// CHECK:         %[[B:.+]] = llvm.getelementptr %arg0[%arg4] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK:         llvm.br ^bb1
// CHECK:       ^bb1(%[[IV:.+]]: i32):
// CHECK-NEXT:    llvm.mlir.constant(64 : i32)
// CHECK-NEXT:    %[[S:.+]] = llvm.mul %[[IV]], %{{.+}} : i32
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[X0:.+]] = llvm.add %[[S]], %[[I0]] : i32
// CHECK-NEXT:    %[[P0:.+]] = llvm.getelementptr %[[B]][%[[X0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK-NEXT:    gpu.store %[[P0]]
// CHECK-NEXT:    %[[X1:.+]] = llvm.add %[[S]], %[[I1]] : i32
// CHECK-NEXT:    %[[P1:.+]] = llvm.getelementptr %[[B]][%[[X1]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK-NEXT:    gpu.store %[[P1]]
// CHECK-NEXT:    llvm.add %[[IV]]
// CHECK-NEXT:    llvm.br ^bb1
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @rows(%base: !llvm.ptr<1>, %n: i32, %row0: i32, %row1: i32, %col: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c64 = llvm.mlir.constant(64 : i32) : i32
    %c128 = llvm.mlir.constant(128 : i32) : i32
    %v = llvm.mlir.constant(1.0 : f16) : f16
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%iv: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %a = llvm.add %iv, %c128 : i32
    %r0 = llvm.add %a, %row0 : i32
    %o0 = llvm.mul %r0, %c64 : i32
    %g0 = llvm.getelementptr %base[%o0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %p0 = llvm.getelementptr %g0[%col] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    gpu.store %p0, %v : !llvm.ptr<1>, f16
    %r1 = llvm.add %a, %row1 : i32
    %o1 = llvm.mul %r1, %c64 : i32
    %g1 = llvm.getelementptr %base[%o1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %p1 = llvm.getelementptr %g1[%col] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    gpu.store %p1, %v : !llvm.ptr<1>, f16
    %next = llvm.add %iv, %c64 : i32
    llvm.br ^bb1(%next : i32)
  ^bb3:
    llvm.return
  }
}

// -----

// Nothing to gain: an index that is already variant + invariant, a GEP
// whose other index varies too, and code outside any loop stay as they are.
// CHECK-LABEL: llvm.func @keep
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[X:.+]] = llvm.add %{{.+}}, %arg2 : i32
// CHECK-NEXT:    %[[G:.+]] = llvm.getelementptr %arg0[%[[X]]]
// CHECK-NEXT:    %[[P:.+]] = llvm.getelementptr %[[G]][%{{.+}}]
// CHECK-NEXT:    gpu.store %[[P]]
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @keep(%base: !llvm.ptr<1>, %n: i32, %row: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %v = llvm.mlir.constant(1.0 : f16) : f16
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%iv: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %x = llvm.add %iv, %row : i32
    %g = llvm.getelementptr %base[%x] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %p = llvm.getelementptr %g[%iv] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    gpu.store %p, %v : !llvm.ptr<1>, f16
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next : i32)
  ^bb3:
    llvm.return
  }
}

// -----

// Subtraction, shifts and the i64 indices of shared memory linearize too:
// ((iv - row) - 5) << 3 = iv*8 + (row*-8 - 40); the constant GEP stays
// outermost.
// CHECK-LABEL: llvm.func @shift
// CHECK:         %[[M8:.+]] = llvm.mlir.constant(-8 : i64) : i64
// CHECK:         %[[I:.+]] = llvm.mul %arg2, %[[M8]] : i64
// CHECK:         %[[M40:.+]] = llvm.mlir.constant(-40 : i64) : i64
// CHECK:         %[[J:.+]] = llvm.add %[[I]], %[[M40]] : i64
// CHECK:       ^bb1(%[[IV:.+]]: i64):
// CHECK-NEXT:    %[[C8:.+]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT:    %[[S:.+]] = llvm.mul %[[IV]], %[[C8]] : i64
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[X:.+]] = llvm.add %[[S]], %[[J]] : i64
// CHECK-NEXT:    %[[G:.+]] = llvm.getelementptr %arg0[%[[X]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK-NEXT:    %[[P:.+]] = llvm.getelementptr %[[G]][16]
// CHECK-NEXT:    gpu.store %[[P]]
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @shift(%base: !llvm.ptr<3>, %n: i64, %row: i64) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c3 = llvm.mlir.constant(3 : i64) : i64
    %c5 = llvm.mlir.constant(5 : i64) : i64
    %v = llvm.mlir.constant(1.0 : f32) : f32
    llvm.br ^bb1(%c0 : i64)
  ^bb1(%iv: i64):
    %go = llvm.icmp "slt" %iv, %n : i64
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %a = llvm.sub %iv, %row : i64
    %b = llvm.sub %a, %c5 : i64
    %x = llvm.shl %b, %c3 : i64
    %g = llvm.getelementptr %base[%x] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
    %p = llvm.getelementptr %g[16] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
    gpu.store %p, %v : !llvm.ptr<3>, f32
    %next = llvm.add %iv, %c1 : i64
    llvm.br ^bb1(%next : i64)
  ^bb3:
    llvm.return
  }
}

// -----

// A pointer the loop only advances, by a constant or an invariant stride,
// with the advanced value carried back: the loop carries the advanced
// pointer (the entry edge advances the initial one, without the loop's
// inbounds: it runs even when the loop does not), its users read the
// carried value, and the advance feeds only the back edge.
// CHECK-LABEL: llvm.func @advance
// CHECK:         %[[A0:.+]] = llvm.getelementptr %arg0[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
// CHECK:         %[[B0:.+]] = llvm.getelementptr %arg1[%arg3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK-NEXT:    llvm.br ^bb1(%{{.+}}, %[[A0]], %[[B0]] : i32, !llvm.ptr<1>, !llvm.ptr<1>)
// CHECK:       ^bb1(%[[IV:.+]]: i32, %[[A:.+]]: !llvm.ptr<1>, %[[B:.+]]: !llvm.ptr<1>):
// CHECK:       ^bb2:
// CHECK-NEXT:    gpu.store %[[A]]
// CHECK-NEXT:    gpu.store %[[B]]
// CHECK-NEXT:    %[[NEXT:.+]] = llvm.add %[[IV]]
// CHECK-NEXT:    %[[NA:.+]] = llvm.getelementptr inbounds %[[A]][64]
// CHECK-NEXT:    %[[NB:.+]] = llvm.getelementptr %[[B]][%arg3]
// CHECK-NEXT:    llvm.br ^bb1(%[[NEXT]], %[[NA]], %[[NB]] : i32, !llvm.ptr<1>, !llvm.ptr<1>)
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @advance(%a0: !llvm.ptr<1>, %b0: !llvm.ptr<1>, %n: i32, %stride: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %v = llvm.mlir.constant(1.0 : f16) : f16
    llvm.br ^bb1(%c0, %a0, %b0 : i32, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb1(%iv: i32, %a: !llvm.ptr<1>, %b: !llvm.ptr<1>):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %na = llvm.getelementptr inbounds %a[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    gpu.store %na, %v : !llvm.ptr<1>, f16
    %nb = llvm.getelementptr %b[%stride] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    gpu.store %nb, %v : !llvm.ptr<1>, f16
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next, %na, %nb : i32, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb3:
    llvm.return
  }
}

// -----

// A pointer also read before its advance, or used after the loop, stays.
// CHECK-LABEL: llvm.func @read_too
// CHECK:       ^bb2:
// CHECK-NEXT:    gpu.store %[[P:.+]], %{{.+}}
// CHECK-NEXT:    %[[Q:.+]] = llvm.getelementptr %[[P]][64]
// CHECK-NEXT:    gpu.store %[[Q]]
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @read_too(%a0: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %v = llvm.mlir.constant(1.0 : f16) : f16
    llvm.br ^bb1(%c0, %a0 : i32, !llvm.ptr<1>)
  ^bb1(%iv: i32, %a: !llvm.ptr<1>):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    gpu.store %a, %v : !llvm.ptr<1>, f16
    %na = llvm.getelementptr %a[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    gpu.store %na, %v : !llvm.ptr<1>, f16
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next, %na : i32, !llvm.ptr<1>)
  ^bb3:
    gpu.store %a, %v : !llvm.ptr<1>, f16
    llvm.return
  }
}

// -----

// Nested loops: the inner loop's index (j + i + row) * 16 becomes j*16 +
// (i*16 + row*16), the invariant part in front of the inner loop (in the
// outer loop's body), and the outer loop leaves the inner loop's GEP alone:
// one add per inner iteration.
// CHECK-LABEL: llvm.func @nested
// CHECK:       ^bb1(%[[I:.+]]: i32):
// CHECK:         %[[SI:.+]] = llvm.mul %[[I]], %{{.+}} : i32
// CHECK:         %[[SR:.+]] = llvm.mul %arg3, %{{.+}} : i32
// CHECK-NEXT:    %[[INV:.+]] = llvm.add %[[SI]], %[[SR]] : i32
// CHECK-NEXT:    llvm.cond_br
// CHECK:       ^bb2(%[[J:.+]]: i32):
// CHECK:         %[[SJ:.+]] = llvm.mul %[[J]], %{{.+}} : i32
// CHECK:       ^bb3:
// CHECK-NEXT:    %[[X:.+]] = llvm.add %[[SJ]], %[[INV]] : i32
// CHECK-NEXT:    llvm.getelementptr %arg0[%[[X]]]
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @nested(%base: !llvm.ptr<1>, %n: i32, %m: i32, %row: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %v = llvm.mlir.constant(1.0 : f16) : f16
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %go = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %go, ^bb2(%c0 : i32), ^bb5
  ^bb2(%j: i32):
    %go2 = llvm.icmp "slt" %j, %m : i32
    llvm.cond_br %go2, ^bb3, ^bb4
  ^bb3:
    %a = llvm.add %j, %i : i32
    %b = llvm.add %a, %row : i32
    %o = llvm.mul %b, %c16 : i32
    %g = llvm.getelementptr %base[%o] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    gpu.store %g, %v : !llvm.ptr<1>, f16
    %jn = llvm.add %j, %c1 : i32
    llvm.br ^bb2(%jn : i32)
  ^bb4:
    %in = llvm.add %i, %c1 : i32
    llvm.br ^bb1(%in : i32)
  ^bb5:
    llvm.return
  }
}
