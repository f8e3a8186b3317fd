// RUN: tt-opt %s -split-input-file -hoist-wgmma-descriptors | FileCheck %s

// The descriptor of a buffer the loop reads whole moves to the end of the
// preheader (the entry block here), users after their operands: its
// address, gpu.wgmma_desc and a k-step's offset. The descriptor of a slot
// the induction variable picks stays, and so does invariant code that
// neither feeds a descriptor nor is computed from one (a division by a
// constant, a lane-0 test).
// CHECK-LABEL: llvm.func @body
// CHECK:         %[[A:.+]] = llvm.getelementptr %arg0[%arg2]
// CHECK-NEXT:    %[[D:.+]] = gpu.wgmma_desc %[[A]]
// CHECK-NEXT:    %[[D2:.+]] = llvm.add %[[D]], %{{.+}} : i64
// CHECK-NEXT:    llvm.br ^bb1
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[S:.+]] = llvm.getelementptr %arg0[%{{.+}}]
// CHECK-NEXT:    gpu.wgmma_desc %[[S]]
// CHECK-NEXT:    llvm.sdiv %arg2, %{{.+}} : i32
// CHECK:         gpu.store %arg1, %[[D2]]
// CHECK-NEXT:    llvm.and %arg3
// CHECK-NEXT:    llvm.icmp "eq"
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @body(%smem: !llvm.ptr<3>, %out: !llvm.ptr<1>, %off: i32, %tid: i32, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %c31 = llvm.mlir.constant(31 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i64) : i64
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%iv: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb5
  ^bb2:
    %a = llvm.getelementptr %smem[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d = gpu.wgmma_desc %a {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    %d2 = llvm.add %d, %c2 : i64
    %slot = llvm.getelementptr %smem[%iv] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %ds = gpu.wgmma_desc %slot {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    %q = llvm.sdiv %off, %c3 : i32
    %x = llvm.add %iv, %q : i32
    gpu.store %out, %ds : !llvm.ptr<1>, i64
    gpu.store %out, %d2 : !llvm.ptr<1>, i64
    %lane = llvm.and %tid, %c31 : i32
    %first = llvm.icmp "eq" %lane, %c0 : i32
    llvm.cond_br %first, ^bb3, ^bb4
  ^bb3:
    gpu.store %out, %d : !llvm.ptr<1>, i64
    llvm.br ^bb4
  ^bb4:
    %next = llvm.add %x, %c1 : i32
    llvm.br ^bb1(%next : i32)
  ^bb5:
    llvm.return
  }
}

// -----

// What stays: a descriptor in a block that not every iteration runs (a
// tile's epilogue inside a fused loop: hoisted, it would hold registers
// through the whole loop), and one whose address divides by a divisor that
// could be zero or, signed, -1.
// CHECK-LABEL: llvm.func @stay
// CHECK:         llvm.br ^bb1
// CHECK:       ^bb2:
// CHECK-NEXT:    llvm.sdiv %arg2, %arg3 : i32
// CHECK-NEXT:    llvm.srem %arg2, %{{.+}} : i32
// CHECK-NEXT:    llvm.udiv %arg2, %{{.+}} : i32
// CHECK:       ^bb3:
// CHECK-NEXT:    llvm.getelementptr %arg0[%arg2]
// CHECK-NEXT:    gpu.wgmma_desc
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @stay(%smem: !llvm.ptr<3>, %n: i32, %a: i32, %b: i32, %out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %m1 = llvm.mlir.constant(-1 : i32) : i32
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%iv: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb5
  ^bb2:
    %s = llvm.sdiv %a, %b : i32
    %r = llvm.srem %a, %m1 : i32
    %u = llvm.udiv %a, %c0 : i32
    %t = llvm.add %s, %r : i32
    %t2 = llvm.add %t, %u : i32
    %p = llvm.getelementptr %smem[%t2] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d = gpu.wgmma_desc %p {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    gpu.store %out, %d : !llvm.ptr<1>, i64
    %last = llvm.icmp "eq" %iv, %n : i32
    llvm.cond_br %last, ^bb3, ^bb4
  ^bb3:
    %e = llvm.getelementptr %smem[%a] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %de = gpu.wgmma_desc %e {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    gpu.store %out, %de : !llvm.ptr<1>, i64
    llvm.br ^bb4
  ^bb4:
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next : i32)
  ^bb5:
    llvm.return
  }
}

// -----

// Only innermost loops: the outer loop's descriptor stays in it (in front
// of the inner loop, hoisted, it would live through it), the inner loop's
// goes to the inner preheader. A back edge annotated with Triton's
// disable_licm keeps its loop's code.
// CHECK-LABEL: llvm.func @nest
// CHECK:       ^bb1(%{{.+}}: i32):
// CHECK:       ^bb2:
// CHECK-NEXT:    llvm.getelementptr %arg0[%arg1]
// CHECK-NEXT:    gpu.wgmma_desc
// CHECK-NEXT:    llvm.getelementptr %arg0[%arg2]
// CHECK-NEXT:    gpu.wgmma_desc
// CHECK-NEXT:    llvm.br ^bb3
// CHECK:       ^bb4:
// CHECK-NOT:     gpu.wgmma_desc
// CHECK:         gpu.store
// CHECK-LABEL: llvm.func @annotated
// CHECK:       ^bb2:
// CHECK-NEXT:    llvm.getelementptr %arg0[%arg1]
// CHECK-NEXT:    gpu.wgmma_desc
#licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#ann = #llvm.loop_annotation<licm = #licm>
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @nest(%smem: !llvm.ptr<3>, %a: i32, %b: i32, %n: i32, %out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %go = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %go, ^bb2, ^bb6
  ^bb2:
    %p = llvm.getelementptr %smem[%a] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d = gpu.wgmma_desc %p {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    llvm.br ^bb3(%c0 : i32)
  ^bb3(%j: i32):
    %goj = llvm.icmp "slt" %j, %n : i32
    llvm.cond_br %goj, ^bb4, ^bb5
  ^bb4:
    %q = llvm.getelementptr %smem[%b] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %e = gpu.wgmma_desc %q {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    gpu.store %out, %e : !llvm.ptr<1>, i64
    %nj = llvm.add %j, %c1 : i32
    llvm.br ^bb3(%nj : i32)
  ^bb5:
    gpu.store %out, %d : !llvm.ptr<1>, i64
    %ni = llvm.add %i, %c1 : i32
    llvm.br ^bb1(%ni : i32)
  ^bb6:
    llvm.return
  }
  llvm.func @annotated(%smem: !llvm.ptr<3>, %a: i32, %b: i32, %n: i32, %out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%i: i32):
    %go = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %p = llvm.getelementptr %smem[%a] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d = gpu.wgmma_desc %p {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    gpu.store %out, %d : !llvm.ptr<1>, i64
    %ni = llvm.add %i, %c1 : i32
    llvm.br ^bb1(%ni : i32) {loop_annotation = #ann}
  ^bb3:
    llvm.return
  }
}
