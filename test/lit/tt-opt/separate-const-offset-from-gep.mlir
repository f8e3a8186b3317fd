// RUN: tt-opt %s -split-input-file -separate-const-offset-from-gep -cse | FileCheck %s

// A tile's offsets, pid*1024 + ((tid & 127) << 2 | c) per register: the
// thread's offset pid*1024 + ((tid & 127) << 2) is made once (the add of
// the first register), every register's offset is that or its constant,
// and its address the shared address plus the constant.
// CHECK-LABEL: llvm.func @tile
// CHECK:         %[[X:.+]] = llvm.add %{{.+}}, %[[T:.+]] : i32
// CHECK-NEXT:    %[[A:.+]] = llvm.getelementptr %arg0[%[[X]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK:         gpu.store %[[A]]
// CHECK:         %[[O1:.+]] = llvm.or disjoint %[[X]], %{{.+}} : i32
// CHECK-NEXT:    %[[A1:.+]] = llvm.getelementptr %[[A]][1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK-NEXT:    %[[M1:.+]] = llvm.icmp "slt" %[[O1]], %arg1
// CHECK-NEXT:    gpu.store %[[A1]], %[[M1]]
// CHECK:         %[[O2:.+]] = llvm.or disjoint %[[X]], %{{.+}} : i32
// CHECK-NEXT:    %[[A2:.+]] = llvm.getelementptr %[[A]][515] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK-NEXT:    %[[M2:.+]] = llvm.icmp "slt" %[[O2]], %arg1
// CHECK-NEXT:    gpu.store %[[A2]], %[[M2]]
// CHECK-NOT:     llvm.add
// CHECK:         llvm.return
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @tile(%base: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %pid = gpu.block_id x : i32
    %c1024 = llvm.mlir.constant(1024 : i32) : i32
    %p = llvm.mul %pid, %c1024 : i32
    %tid = gpu.thread_id x : i32
    %c127 = llvm.mlir.constant(127 : i32) : i32
    %t0 = llvm.and %tid, %c127 : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %t = llvm.shl %t0, %c2 : i32
    %i0 = llvm.add %p, %t : i32
    %a0 = llvm.getelementptr %base[%i0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %m0 = llvm.icmp "slt" %i0, %n : i32
    %v = llvm.mlir.constant(1.0 : f32) : f32
    gpu.store %a0, %m0, %v {space = global} : !llvm.ptr<1>, f32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %r1 = llvm.or disjoint %t, %c1 : i32
    %i1 = llvm.add %p, %r1 : i32
    %a1 = llvm.getelementptr %base[%i1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %m1 = llvm.icmp "slt" %i1, %n : i32
    gpu.store %a1, %m1, %v {space = global} : !llvm.ptr<1>, f32
    %c515 = llvm.mlir.constant(515 : i32) : i32
    %r2 = llvm.or disjoint %t, %c515 : i32
    %i2 = llvm.add %p, %r2 : i32
    %a2 = llvm.getelementptr %base[%i2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %m2 = llvm.icmp "slt" %i2, %n : i32
    gpu.store %a2, %m2, %v {space = global} : !llvm.ptr<1>, f32
    llvm.return
  }
}

// -----

// Where a carry may cross, nothing changes: an add of a value whose low
// bits are unknown (%arg1 + (t | 1): t + 1 may carry into the bits of
// %arg1), an or whose constant may overlap the other operand (%arg1 | 1 is
// not %arg1 + 1), and a constant reaching the index's sign bit (x |
// 0x80000000 sign-extends to x - 2^31, not x + 2^31).
// CHECK-LABEL: llvm.func @keep
// CHECK:         %[[I0:.+]] = llvm.add %arg1, %{{.+}} : i32
// CHECK-NEXT:    llvm.getelementptr %arg0[%[[I0]]]
// CHECK:         %[[I1:.+]] = llvm.or %arg1, %{{.+}} : i32
// CHECK-NEXT:    llvm.getelementptr %arg0[%[[I1]]]
// CHECK:         %[[I2:.+]] = llvm.or disjoint %{{.+}}, %{{.+}} : i32
// CHECK-NEXT:    llvm.getelementptr %arg0[%[[I2]]]
// CHECK-NOT:     llvm.getelementptr %{{.+}}[{{[0-9-]+}}]
// CHECK:         llvm.return
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @keep(%base: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %v = llvm.mlir.constant(1.0 : f32) : f32
    %tid = gpu.thread_id x : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %t = llvm.shl %tid, %c2 : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %r = llvm.or disjoint %t, %c1 : i32
    %i0 = llvm.add %n, %r : i32
    %a0 = llvm.getelementptr %base[%i0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    gpu.store %a0, %v : !llvm.ptr<1>, f32
    %i1 = llvm.or %n, %c1 : i32
    %a1 = llvm.getelementptr %base[%i1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    gpu.store %a1, %v : !llvm.ptr<1>, f32
    %top = llvm.mlir.constant(-2147483648 : i32) : i32
    %i2 = llvm.or disjoint %t, %top : i32
    %a2 = llvm.getelementptr %base[%i2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    gpu.store %a2, %v : !llvm.ptr<1>, f32
    llvm.return
  }
}

// -----

// 64-bit indices and nested ors: ((r << 8) | 4) + ((tid << 16) | 1), the
// two ors' bits apart, takes out 5, and the rebuilt add of the two rests
// is the index of the first GEP.
// CHECK-LABEL: llvm.func @wide
// CHECK:         %[[X:.+]] = llvm.add %{{.+}}, %{{.+}} : i64
// CHECK:         %[[A:.+]] = llvm.getelementptr %arg0[%[[X]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
// CHECK-NEXT:    gpu.store %[[A]]
// CHECK:         %[[A1:.+]] = llvm.getelementptr %[[A]][5] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f16
// CHECK-NEXT:    gpu.store %[[A1]]
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @wide(%base: !llvm.ptr<3>, %r32: i32) attributes {gpu.kernel} {
    %c255 = llvm.mlir.constant(255 : i32) : i32
    %rm = llvm.and %r32, %c255 : i32
    %r = llvm.zext %rm : i32 to i64
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %rs = llvm.shl %r, %c8 : i64
    %tid32 = gpu.thread_id x : i32
    %c127 = llvm.mlir.constant(127 : i32) : i32
    %tm = llvm.and %tid32, %c127 : i32
    %tid = llvm.zext %tm : i32 to i64
    %c16 = llvm.mlir.constant(16 : i64) : i64
    %ts = llvm.shl %tid, %c16 : i64
    %x = llvm.add %rs, %ts : i64
    %v = llvm.mlir.constant(1.0 : f16) : f16
    %a0 = llvm.getelementptr %base[%x] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
    gpu.store %a0, %v : !llvm.ptr<3>, f16
    %c4 = llvm.mlir.constant(4 : i64) : i64
    %ro = llvm.or %rs, %c4 : i64
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %to = llvm.or disjoint %ts, %c1 : i64
    %i1 = llvm.add %ro, %to : i64
    %a1 = llvm.getelementptr %base[%i1] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
    gpu.store %a1, %v : !llvm.ptr<3>, f16
    llvm.return
  }
}
