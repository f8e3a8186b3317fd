// RUN: tt-opt %s -split-input-file -reassociate-loop-addresses | FileCheck %s
// RUN: tt-opt %s -split-input-file -reassociate-loop-addresses=stepped-pointers=off | FileCheck %s --check-prefix=STEPOFF
// RUN: not tt-opt %s -split-input-file -reassociate-loop-addresses=stepped-pointers=maybe 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: reassociate-loop-addresses: stepped-pointers must be on or off, got "maybe"

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

// -----

// Stepped pointers (loopstep.go): sixteen pointers of one base, each
// loaded and advanced by 64 elements an iteration, as an element-by-element
// tile load lowers. They become one i64 offset (0 on entry, +64 on the back
// edge) added to the base once an iteration, and each load reads the base
// plus its own 32-bit index: no pointer is carried. A pointer read twice
// (the first: a load and a store) gets its address at the top of the header.
// STEPOFF-LABEL: llvm.func @stepped_base
// STEPOFF:       ^bb1(%{{.+}}: i32, %{{[^,]+}}: !llvm.ptr<1>,
// CHECK-LABEL: llvm.func @stepped_base
// CHECK:         %[[STEP:.+]] = llvm.mlir.constant(64 : i64) : i64
// CHECK:         %[[ZERO:.+]] = llvm.mlir.constant(0 : i64) : i64
// CHECK:         llvm.br ^bb1(%{{.+}}, %[[ZERO]] : i32, i64)
// CHECK:       ^bb1(%{{.+}}: i32, %[[O:.+]]: i64):
// CHECK-NEXT:    %[[MOVED:.+]] = llvm.getelementptr %arg0[%[[O]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK-NEXT:    %[[A0:.+]] = llvm.getelementptr %[[MOVED]][%arg2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK:       ^bb2:
// CHECK:         gpu.load %[[A0]]
// CHECK:         %[[A1:.+]] = llvm.getelementptr %[[MOVED]][%arg3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK-NEXT:    gpu.load %[[A1]]
// CHECK:         %[[A15:.+]] = llvm.getelementptr %[[MOVED]][%arg17] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
// CHECK-NEXT:    gpu.load %[[A15]]
// CHECK:         gpu.store %[[A0]]
// CHECK-NOT:     llvm.getelementptr
// CHECK:         %[[NEXT:.+]] = llvm.add %[[O]], %[[STEP]] : i64
// CHECK-NEXT:    llvm.br ^bb1(%{{.+}}, %[[NEXT]] : i32, i64)
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @stepped_base(%base: !llvm.ptr<1>, %n: i32, %x0: i32, %x1: i32, %x2: i32, %x3: i32, %x4: i32, %x5: i32, %x6: i32, %x7: i32, %x8: i32, %x9: i32, %x10: i32, %x11: i32, %x12: i32, %x13: i32, %x14: i32, %x15: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %e0 = llvm.getelementptr %base[%x0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e1 = llvm.getelementptr %base[%x1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e2 = llvm.getelementptr %base[%x2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e3 = llvm.getelementptr %base[%x3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e4 = llvm.getelementptr %base[%x4] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e5 = llvm.getelementptr %base[%x5] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e6 = llvm.getelementptr %base[%x6] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e7 = llvm.getelementptr %base[%x7] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e8 = llvm.getelementptr %base[%x8] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e9 = llvm.getelementptr %base[%x9] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e10 = llvm.getelementptr %base[%x10] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e11 = llvm.getelementptr %base[%x11] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e12 = llvm.getelementptr %base[%x12] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e13 = llvm.getelementptr %base[%x13] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e14 = llvm.getelementptr %base[%x14] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e15 = llvm.getelementptr %base[%x15] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    llvm.br ^bb1(%c0, %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8, %e9, %e10, %e11, %e12, %e13, %e14, %e15 : i32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb1(%iv: i32, %p0: !llvm.ptr<1>, %p1: !llvm.ptr<1>, %p2: !llvm.ptr<1>, %p3: !llvm.ptr<1>, %p4: !llvm.ptr<1>, %p5: !llvm.ptr<1>, %p6: !llvm.ptr<1>, %p7: !llvm.ptr<1>, %p8: !llvm.ptr<1>, %p9: !llvm.ptr<1>, %p10: !llvm.ptr<1>, %p11: !llvm.ptr<1>, %p12: !llvm.ptr<1>, %p13: !llvm.ptr<1>, %p14: !llvm.ptr<1>, %p15: !llvm.ptr<1>):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %acc0 = llvm.mlir.constant(0.0 : f16) : f16
    %v0 = gpu.load %p0 {space = global} : !llvm.ptr<1> -> f16
    %acc1 = llvm.fadd %acc0, %v0 : f16
    %v1 = gpu.load %p1 {space = global} : !llvm.ptr<1> -> f16
    %acc2 = llvm.fadd %acc1, %v1 : f16
    %v2 = gpu.load %p2 {space = global} : !llvm.ptr<1> -> f16
    %acc3 = llvm.fadd %acc2, %v2 : f16
    %v3 = gpu.load %p3 {space = global} : !llvm.ptr<1> -> f16
    %acc4 = llvm.fadd %acc3, %v3 : f16
    %v4 = gpu.load %p4 {space = global} : !llvm.ptr<1> -> f16
    %acc5 = llvm.fadd %acc4, %v4 : f16
    %v5 = gpu.load %p5 {space = global} : !llvm.ptr<1> -> f16
    %acc6 = llvm.fadd %acc5, %v5 : f16
    %v6 = gpu.load %p6 {space = global} : !llvm.ptr<1> -> f16
    %acc7 = llvm.fadd %acc6, %v6 : f16
    %v7 = gpu.load %p7 {space = global} : !llvm.ptr<1> -> f16
    %acc8 = llvm.fadd %acc7, %v7 : f16
    %v8 = gpu.load %p8 {space = global} : !llvm.ptr<1> -> f16
    %acc9 = llvm.fadd %acc8, %v8 : f16
    %v9 = gpu.load %p9 {space = global} : !llvm.ptr<1> -> f16
    %acc10 = llvm.fadd %acc9, %v9 : f16
    %v10 = gpu.load %p10 {space = global} : !llvm.ptr<1> -> f16
    %acc11 = llvm.fadd %acc10, %v10 : f16
    %v11 = gpu.load %p11 {space = global} : !llvm.ptr<1> -> f16
    %acc12 = llvm.fadd %acc11, %v11 : f16
    %v12 = gpu.load %p12 {space = global} : !llvm.ptr<1> -> f16
    %acc13 = llvm.fadd %acc12, %v12 : f16
    %v13 = gpu.load %p13 {space = global} : !llvm.ptr<1> -> f16
    %acc14 = llvm.fadd %acc13, %v13 : f16
    %v14 = gpu.load %p14 {space = global} : !llvm.ptr<1> -> f16
    %acc15 = llvm.fadd %acc14, %v14 : f16
    %v15 = gpu.load %p15 {space = global} : !llvm.ptr<1> -> f16
    %acc16 = llvm.fadd %acc15, %v15 : f16
    gpu.store %p0, %acc16 : !llvm.ptr<1>, f16
    %t0 = llvm.getelementptr %p0[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t1 = llvm.getelementptr %p1[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t2 = llvm.getelementptr %p2[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t3 = llvm.getelementptr %p3[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t4 = llvm.getelementptr %p4[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t5 = llvm.getelementptr %p5[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t6 = llvm.getelementptr %p6[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t7 = llvm.getelementptr %p7[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t8 = llvm.getelementptr %p8[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t9 = llvm.getelementptr %p9[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t10 = llvm.getelementptr %p10[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t11 = llvm.getelementptr %p11[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t12 = llvm.getelementptr %p12[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t13 = llvm.getelementptr %p13[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t14 = llvm.getelementptr %p14[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t15 = llvm.getelementptr %p15[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next, %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14, %t15 : i32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb3:
    llvm.return
  }
}

// -----

// Sixteen pointers of no common base, advanced by an invariant i32 stride:
// one offset, the stride sign-extended in front of the loop, each load
// reading its entry pointer plus the offset.
// CHECK-LABEL: llvm.func @stepped_stride
// CHECK:         %[[S:.+]] = llvm.sext %arg1 : i32 to i64
// CHECK:         llvm.br ^bb1(%{{.+}}, %{{.+}} : i32, i64)
// CHECK:       ^bb1(%{{.+}}: i32, %[[O:.+]]: i64):
// CHECK-NEXT:    %[[A0:.+]] = llvm.getelementptr %arg2[%[[O]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK:         gpu.load %[[A0]]
// CHECK:         %[[A1:.+]] = llvm.getelementptr %arg3[%[[O]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
// CHECK-NEXT:    gpu.load %[[A1]]
// CHECK:         %[[NEXT:.+]] = llvm.add %[[O]], %[[S]] : i64
// CHECK-NEXT:    llvm.br ^bb1(%{{.+}}, %[[NEXT]] : i32, i64)
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @stepped_stride(%n: i32, %s: i32, %q0: !llvm.ptr<1>, %q1: !llvm.ptr<1>, %q2: !llvm.ptr<1>, %q3: !llvm.ptr<1>, %q4: !llvm.ptr<1>, %q5: !llvm.ptr<1>, %q6: !llvm.ptr<1>, %q7: !llvm.ptr<1>, %q8: !llvm.ptr<1>, %q9: !llvm.ptr<1>, %q10: !llvm.ptr<1>, %q11: !llvm.ptr<1>, %q12: !llvm.ptr<1>, %q13: !llvm.ptr<1>, %q14: !llvm.ptr<1>, %q15: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^bb1(%c0, %q0, %q1, %q2, %q3, %q4, %q5, %q6, %q7, %q8, %q9, %q10, %q11, %q12, %q13, %q14, %q15 : i32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb1(%iv: i32, %p0: !llvm.ptr<1>, %p1: !llvm.ptr<1>, %p2: !llvm.ptr<1>, %p3: !llvm.ptr<1>, %p4: !llvm.ptr<1>, %p5: !llvm.ptr<1>, %p6: !llvm.ptr<1>, %p7: !llvm.ptr<1>, %p8: !llvm.ptr<1>, %p9: !llvm.ptr<1>, %p10: !llvm.ptr<1>, %p11: !llvm.ptr<1>, %p12: !llvm.ptr<1>, %p13: !llvm.ptr<1>, %p14: !llvm.ptr<1>, %p15: !llvm.ptr<1>):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %acc0 = llvm.mlir.constant(0.0 : f16) : f16
    %v0 = gpu.load %p0 {space = global} : !llvm.ptr<1> -> f16
    %acc1 = llvm.fadd %acc0, %v0 : f16
    %v1 = gpu.load %p1 {space = global} : !llvm.ptr<1> -> f16
    %acc2 = llvm.fadd %acc1, %v1 : f16
    %v2 = gpu.load %p2 {space = global} : !llvm.ptr<1> -> f16
    %acc3 = llvm.fadd %acc2, %v2 : f16
    %v3 = gpu.load %p3 {space = global} : !llvm.ptr<1> -> f16
    %acc4 = llvm.fadd %acc3, %v3 : f16
    %v4 = gpu.load %p4 {space = global} : !llvm.ptr<1> -> f16
    %acc5 = llvm.fadd %acc4, %v4 : f16
    %v5 = gpu.load %p5 {space = global} : !llvm.ptr<1> -> f16
    %acc6 = llvm.fadd %acc5, %v5 : f16
    %v6 = gpu.load %p6 {space = global} : !llvm.ptr<1> -> f16
    %acc7 = llvm.fadd %acc6, %v6 : f16
    %v7 = gpu.load %p7 {space = global} : !llvm.ptr<1> -> f16
    %acc8 = llvm.fadd %acc7, %v7 : f16
    %v8 = gpu.load %p8 {space = global} : !llvm.ptr<1> -> f16
    %acc9 = llvm.fadd %acc8, %v8 : f16
    %v9 = gpu.load %p9 {space = global} : !llvm.ptr<1> -> f16
    %acc10 = llvm.fadd %acc9, %v9 : f16
    %v10 = gpu.load %p10 {space = global} : !llvm.ptr<1> -> f16
    %acc11 = llvm.fadd %acc10, %v10 : f16
    %v11 = gpu.load %p11 {space = global} : !llvm.ptr<1> -> f16
    %acc12 = llvm.fadd %acc11, %v11 : f16
    %v12 = gpu.load %p12 {space = global} : !llvm.ptr<1> -> f16
    %acc13 = llvm.fadd %acc12, %v12 : f16
    %v13 = gpu.load %p13 {space = global} : !llvm.ptr<1> -> f16
    %acc14 = llvm.fadd %acc13, %v13 : f16
    %v14 = gpu.load %p14 {space = global} : !llvm.ptr<1> -> f16
    %acc15 = llvm.fadd %acc14, %v14 : f16
    %v15 = gpu.load %p15 {space = global} : !llvm.ptr<1> -> f16
    %acc16 = llvm.fadd %acc15, %v15 : f16
    gpu.store %p0, %acc16 : !llvm.ptr<1>, f16
    %t0 = llvm.getelementptr %p0[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t1 = llvm.getelementptr %p1[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t2 = llvm.getelementptr %p2[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t3 = llvm.getelementptr %p3[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t4 = llvm.getelementptr %p4[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t5 = llvm.getelementptr %p5[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t6 = llvm.getelementptr %p6[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t7 = llvm.getelementptr %p7[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t8 = llvm.getelementptr %p8[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t9 = llvm.getelementptr %p9[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t10 = llvm.getelementptr %p10[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t11 = llvm.getelementptr %p11[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t12 = llvm.getelementptr %p12[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t13 = llvm.getelementptr %p13[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t14 = llvm.getelementptr %p14[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %t15 = llvm.getelementptr %p15[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next, %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14, %t15 : i32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb3:
    llvm.return
  }
}

// -----

// Fifteen pointers advanced alike stay carried (a vectorized tile's few
// pointers keep the form ptxas handles best), and so do sixteen of which
// one's advanced pointer is read in the loop too: fifteen is too few.
// CHECK-LABEL: llvm.func @stepped_few
// CHECK:       ^bb1(%{{.+}}: i32, %{{[^,]+}}: !llvm.ptr<1>,
// CHECK-NOT:     i64
// CHECK-LABEL: llvm.func @stepped_read
// CHECK:       ^bb1(%{{.+}}: i32, %{{[^,]+}}: !llvm.ptr<1>,
// CHECK-NOT:     : i64
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @stepped_few(%base: !llvm.ptr<1>, %n: i32, %x0: i32, %x1: i32, %x2: i32, %x3: i32, %x4: i32, %x5: i32, %x6: i32, %x7: i32, %x8: i32, %x9: i32, %x10: i32, %x11: i32, %x12: i32, %x13: i32, %x14: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %e0 = llvm.getelementptr %base[%x0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e1 = llvm.getelementptr %base[%x1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e2 = llvm.getelementptr %base[%x2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e3 = llvm.getelementptr %base[%x3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e4 = llvm.getelementptr %base[%x4] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e5 = llvm.getelementptr %base[%x5] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e6 = llvm.getelementptr %base[%x6] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e7 = llvm.getelementptr %base[%x7] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e8 = llvm.getelementptr %base[%x8] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e9 = llvm.getelementptr %base[%x9] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e10 = llvm.getelementptr %base[%x10] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e11 = llvm.getelementptr %base[%x11] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e12 = llvm.getelementptr %base[%x12] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e13 = llvm.getelementptr %base[%x13] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e14 = llvm.getelementptr %base[%x14] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    llvm.br ^bb1(%c0, %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8, %e9, %e10, %e11, %e12, %e13, %e14 : i32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb1(%iv: i32, %p0: !llvm.ptr<1>, %p1: !llvm.ptr<1>, %p2: !llvm.ptr<1>, %p3: !llvm.ptr<1>, %p4: !llvm.ptr<1>, %p5: !llvm.ptr<1>, %p6: !llvm.ptr<1>, %p7: !llvm.ptr<1>, %p8: !llvm.ptr<1>, %p9: !llvm.ptr<1>, %p10: !llvm.ptr<1>, %p11: !llvm.ptr<1>, %p12: !llvm.ptr<1>, %p13: !llvm.ptr<1>, %p14: !llvm.ptr<1>):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %acc0 = llvm.mlir.constant(0.0 : f16) : f16
    %v0 = gpu.load %p0 {space = global} : !llvm.ptr<1> -> f16
    %acc1 = llvm.fadd %acc0, %v0 : f16
    %v1 = gpu.load %p1 {space = global} : !llvm.ptr<1> -> f16
    %acc2 = llvm.fadd %acc1, %v1 : f16
    %v2 = gpu.load %p2 {space = global} : !llvm.ptr<1> -> f16
    %acc3 = llvm.fadd %acc2, %v2 : f16
    %v3 = gpu.load %p3 {space = global} : !llvm.ptr<1> -> f16
    %acc4 = llvm.fadd %acc3, %v3 : f16
    %v4 = gpu.load %p4 {space = global} : !llvm.ptr<1> -> f16
    %acc5 = llvm.fadd %acc4, %v4 : f16
    %v5 = gpu.load %p5 {space = global} : !llvm.ptr<1> -> f16
    %acc6 = llvm.fadd %acc5, %v5 : f16
    %v6 = gpu.load %p6 {space = global} : !llvm.ptr<1> -> f16
    %acc7 = llvm.fadd %acc6, %v6 : f16
    %v7 = gpu.load %p7 {space = global} : !llvm.ptr<1> -> f16
    %acc8 = llvm.fadd %acc7, %v7 : f16
    %v8 = gpu.load %p8 {space = global} : !llvm.ptr<1> -> f16
    %acc9 = llvm.fadd %acc8, %v8 : f16
    %v9 = gpu.load %p9 {space = global} : !llvm.ptr<1> -> f16
    %acc10 = llvm.fadd %acc9, %v9 : f16
    %v10 = gpu.load %p10 {space = global} : !llvm.ptr<1> -> f16
    %acc11 = llvm.fadd %acc10, %v10 : f16
    %v11 = gpu.load %p11 {space = global} : !llvm.ptr<1> -> f16
    %acc12 = llvm.fadd %acc11, %v11 : f16
    %v12 = gpu.load %p12 {space = global} : !llvm.ptr<1> -> f16
    %acc13 = llvm.fadd %acc12, %v12 : f16
    %v13 = gpu.load %p13 {space = global} : !llvm.ptr<1> -> f16
    %acc14 = llvm.fadd %acc13, %v13 : f16
    %v14 = gpu.load %p14 {space = global} : !llvm.ptr<1> -> f16
    %acc15 = llvm.fadd %acc14, %v14 : f16
    gpu.store %p0, %acc15 : !llvm.ptr<1>, f16
    %t0 = llvm.getelementptr %p0[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t1 = llvm.getelementptr %p1[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t2 = llvm.getelementptr %p2[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t3 = llvm.getelementptr %p3[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t4 = llvm.getelementptr %p4[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t5 = llvm.getelementptr %p5[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t6 = llvm.getelementptr %p6[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t7 = llvm.getelementptr %p7[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t8 = llvm.getelementptr %p8[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t9 = llvm.getelementptr %p9[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t10 = llvm.getelementptr %p10[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t11 = llvm.getelementptr %p11[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t12 = llvm.getelementptr %p12[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t13 = llvm.getelementptr %p13[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t14 = llvm.getelementptr %p14[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next, %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14 : i32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb3:
    llvm.return
  }
  llvm.func @stepped_read(%base: !llvm.ptr<1>, %n: i32, %x0: i32, %x1: i32, %x2: i32, %x3: i32, %x4: i32, %x5: i32, %x6: i32, %x7: i32, %x8: i32, %x9: i32, %x10: i32, %x11: i32, %x12: i32, %x13: i32, %x14: i32, %x15: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %e0 = llvm.getelementptr %base[%x0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e1 = llvm.getelementptr %base[%x1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e2 = llvm.getelementptr %base[%x2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e3 = llvm.getelementptr %base[%x3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e4 = llvm.getelementptr %base[%x4] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e5 = llvm.getelementptr %base[%x5] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e6 = llvm.getelementptr %base[%x6] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e7 = llvm.getelementptr %base[%x7] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e8 = llvm.getelementptr %base[%x8] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e9 = llvm.getelementptr %base[%x9] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e10 = llvm.getelementptr %base[%x10] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e11 = llvm.getelementptr %base[%x11] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e12 = llvm.getelementptr %base[%x12] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e13 = llvm.getelementptr %base[%x13] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e14 = llvm.getelementptr %base[%x14] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    %e15 = llvm.getelementptr %base[%x15] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    llvm.br ^bb1(%c0, %e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7, %e8, %e9, %e10, %e11, %e12, %e13, %e14, %e15 : i32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb1(%iv: i32, %p0: !llvm.ptr<1>, %p1: !llvm.ptr<1>, %p2: !llvm.ptr<1>, %p3: !llvm.ptr<1>, %p4: !llvm.ptr<1>, %p5: !llvm.ptr<1>, %p6: !llvm.ptr<1>, %p7: !llvm.ptr<1>, %p8: !llvm.ptr<1>, %p9: !llvm.ptr<1>, %p10: !llvm.ptr<1>, %p11: !llvm.ptr<1>, %p12: !llvm.ptr<1>, %p13: !llvm.ptr<1>, %p14: !llvm.ptr<1>, %p15: !llvm.ptr<1>):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %acc0 = llvm.mlir.constant(0.0 : f16) : f16
    %v0 = gpu.load %p0 {space = global} : !llvm.ptr<1> -> f16
    %acc1 = llvm.fadd %acc0, %v0 : f16
    %v1 = gpu.load %p1 {space = global} : !llvm.ptr<1> -> f16
    %acc2 = llvm.fadd %acc1, %v1 : f16
    %v2 = gpu.load %p2 {space = global} : !llvm.ptr<1> -> f16
    %acc3 = llvm.fadd %acc2, %v2 : f16
    %v3 = gpu.load %p3 {space = global} : !llvm.ptr<1> -> f16
    %acc4 = llvm.fadd %acc3, %v3 : f16
    %v4 = gpu.load %p4 {space = global} : !llvm.ptr<1> -> f16
    %acc5 = llvm.fadd %acc4, %v4 : f16
    %v5 = gpu.load %p5 {space = global} : !llvm.ptr<1> -> f16
    %acc6 = llvm.fadd %acc5, %v5 : f16
    %v6 = gpu.load %p6 {space = global} : !llvm.ptr<1> -> f16
    %acc7 = llvm.fadd %acc6, %v6 : f16
    %v7 = gpu.load %p7 {space = global} : !llvm.ptr<1> -> f16
    %acc8 = llvm.fadd %acc7, %v7 : f16
    %v8 = gpu.load %p8 {space = global} : !llvm.ptr<1> -> f16
    %acc9 = llvm.fadd %acc8, %v8 : f16
    %v9 = gpu.load %p9 {space = global} : !llvm.ptr<1> -> f16
    %acc10 = llvm.fadd %acc9, %v9 : f16
    %v10 = gpu.load %p10 {space = global} : !llvm.ptr<1> -> f16
    %acc11 = llvm.fadd %acc10, %v10 : f16
    %v11 = gpu.load %p11 {space = global} : !llvm.ptr<1> -> f16
    %acc12 = llvm.fadd %acc11, %v11 : f16
    %v12 = gpu.load %p12 {space = global} : !llvm.ptr<1> -> f16
    %acc13 = llvm.fadd %acc12, %v12 : f16
    %v13 = gpu.load %p13 {space = global} : !llvm.ptr<1> -> f16
    %acc14 = llvm.fadd %acc13, %v13 : f16
    %v14 = gpu.load %p14 {space = global} : !llvm.ptr<1> -> f16
    %acc15 = llvm.fadd %acc14, %v14 : f16
    %v15 = gpu.load %p15 {space = global} : !llvm.ptr<1> -> f16
    %acc16 = llvm.fadd %acc15, %v15 : f16
    gpu.store %p0, %acc16 : !llvm.ptr<1>, f16
    %t0 = llvm.getelementptr %p0[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t1 = llvm.getelementptr %p1[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t2 = llvm.getelementptr %p2[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t3 = llvm.getelementptr %p3[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t4 = llvm.getelementptr %p4[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t5 = llvm.getelementptr %p5[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t6 = llvm.getelementptr %p6[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t7 = llvm.getelementptr %p7[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t8 = llvm.getelementptr %p8[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t9 = llvm.getelementptr %p9[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t10 = llvm.getelementptr %p10[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t11 = llvm.getelementptr %p11[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t12 = llvm.getelementptr %p12[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t13 = llvm.getelementptr %p13[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t14 = llvm.getelementptr %p14[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    %t15 = llvm.getelementptr %p15[64] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    gpu.store %t1, %acc16 : !llvm.ptr<1>, f16
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next, %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7, %t8, %t9, %t10, %t11, %t12, %t13, %t14, %t15 : i32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>)
  ^bb3:
    llvm.return
  }
}
