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

// -----

// A ring's slots: the descriptors of slot s of two rings (buffers of 8 KB
// at 24 KB and 40 KB, and one ring at a warpgroup's offset of at most
// 16 KB past 56 KB) become the rings' first slots' descriptors, hoisted,
// plus s * 512 (the slot's bytes in 16-byte units), one product shared by
// the rings of the same slot size; the loop's 8192-byte products and
// addresses go. The k-step offsets stay in the loop, added to the rebased
// descriptor.
// CHECK-LABEL: llvm.func @ring
// CHECK:         %[[SB:.+]] = gpu.shared_base
// CHECK:         %[[K:.+]] = llvm.getelementptr %[[SB]][24576]
// CHECK:         %[[V:.+]] = llvm.getelementptr %[[SB]][40960]
// CHECK:         %[[W:.+]] = llvm.getelementptr %{{.+}}[%{{.+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK:         %[[DK:.+]] = gpu.wgmma_desc %[[K]] {swizzle = 128, lbo = 0, sbo = 1024}
// CHECK-NEXT:    %[[DV:.+]] = gpu.wgmma_desc %[[V]] {swizzle = 128, lbo = 8192, sbo = 1024}
// CHECK-NEXT:    %[[DW:.+]] = gpu.wgmma_desc %[[W]] {swizzle = 128, lbo = 0, sbo = 1024, base_offset = 1}
// CHECK-NEXT:    llvm.br ^bb1
// CHECK:       ^bb2:
// CHECK-NOT:     gpu.wgmma_desc
// CHECK-NOT:     llvm.getelementptr
// CHECK:         %[[U:.+]] = llvm.mul %{{.+}}, %{{.+}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[Z:.+]] = llvm.zext %[[U]] : i32 to i64
// CHECK-NEXT:    %[[RK:.+]] = llvm.add %[[DK]], %[[Z]] : i64
// CHECK-NEXT:    llvm.add %[[RK]], %{{.+}} : i64
// CHECK-NEXT:    %[[RV:.+]] = llvm.add %[[DV]], %[[Z]] : i64
// CHECK-NEXT:    %[[U2:.+]] = llvm.mul %{{.+}}, %{{.+}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[Z2:.+]] = llvm.zext %[[U2]] : i32 to i64
// CHECK-NEXT:    %[[RW:.+]] = llvm.add %[[DW]], %[[Z2]] : i64
// CHECK-NOT:     gpu.wgmma_desc
// CHECK:         llvm.br ^bb1
module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 98304 : i32} {
  llvm.func @ring(%out: !llvm.ptr<1>, %n: i32, %tid: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %c7 = llvm.mlir.constant(7 : i32) : i32
    %c128 = llvm.mlir.constant(128 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %c8k = llvm.mlir.constant(8192 : i32) : i32
    %c16k = llvm.mlir.constant(16384 : i32) : i32
    %sb = gpu.shared_base : !llvm.ptr<3>
    %kbase = llvm.getelementptr %sb[24576] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %vbase = llvm.getelementptr %sb[40960] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %wg = llvm.and %tid, %c128 : i32
    %wgoff = llvm.shl %wg, %c7 : i32
    %wring = llvm.getelementptr %sb[57344] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %wbase = llvm.getelementptr %wring[%wgoff] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    llvm.br ^bb1(%c0, %c0 : i32, i32)
  ^bb1(%iv: i32, %s: i32):
    %go = llvm.icmp "slt" %iv, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %off = llvm.mul %s, %c8k overflow<nsw, nuw> : i32
    %ka = llvm.getelementptr %kbase[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %kd = gpu.wgmma_desc %ka {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %kd2 = llvm.add %kd, %c2 : i64
    %va = llvm.getelementptr %vbase[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %vd = gpu.wgmma_desc %va {swizzle = 128, lbo = 8192, sbo = 1024} : !llvm.ptr<3> -> i64
    %woff = llvm.mul %s, %c16k overflow<nsw, nuw> : i32
    %wa = llvm.getelementptr %wbase[%woff] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %wd = gpu.wgmma_desc %wa {swizzle = 128, lbo = 0, sbo = 1024, base_offset = 1} : !llvm.ptr<3> -> i64
    gpu.store %out, %kd : !llvm.ptr<1>, i64
    gpu.store %out, %kd2 : !llvm.ptr<1>, i64
    gpu.store %out, %vd : !llvm.ptr<1>, i64
    gpu.store %out, %wd : !llvm.ptr<1>, i64
    %s1 = llvm.add %s, %c1 : i32
    %wrap = llvm.icmp "eq" %s1, %c3 : i32
    %sn = llvm.select %wrap, %c0, %s1 : i1, i32
    %next = llvm.add %iv, %c1 : i32
    llvm.br ^bb1(%next, %sn : i32, i32)
  ^bb3:
    llvm.return
  }
}

// -----

// What keeps its descriptor: a product without the flags that make it
// exact (it could wrap), a slot size that is not a multiple of 16 bytes, a
// base that is not shared_base plus offsets (a kernel argument, and a
// select with one), one whose offsets could exceed the kernel's shared
// memory (an index of up to 2^16 past 48 KB of a 64 KB kernel) or be
// negative (unknown indices of 32 and 64 bits, a negative constant), and a base that
// changes in the loop (its descriptor could not leave the loop: rebased,
// the loop would compute more, a zext and an add).
// CHECK-LABEL: llvm.func @keep
// CHECK:       ^bb2:
// CHECK-COUNT-9: gpu.wgmma_desc
// CHECK-NOT:     llvm.zext
// CHECK:         llvm.br ^bb1
module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 65536 : i32} {
  llvm.func @keep(%smem: !llvm.ptr<3>, %out: !llvm.ptr<1>, %n: i32, %x: i32, %y: i32, %c: i1) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c10 = llvm.mlir.constant(10 : i32) : i32
    %c8k = llvm.mlir.constant(8192 : i32) : i32
    %c24 = llvm.mlir.constant(24 : i32) : i32
    %cffff = llvm.mlir.constant(65535 : i32) : i32
    %sb = gpu.shared_base : !llvm.ptr<3>
    %base = llvm.getelementptr %sb[49152] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %xm = llvm.and %x, %cffff : i32
    %far = llvm.getelementptr %base[%xm] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %neg = llvm.getelementptr %sb[%y] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %below = llvm.getelementptr %sb[-1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %y64 = llvm.sext %y : i32 to i64
    %neg64 = llvm.getelementptr %sb[%y64] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
    %either = llvm.select %c, %base, %smem : i1, !llvm.ptr<3>
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%s: i32):
    %go = llvm.icmp "slt" %s, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %wraps = llvm.mul %s, %c8k : i32
    %a1 = llvm.getelementptr %base[%wraps] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d1 = gpu.wgmma_desc %a1 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %odd = llvm.mul %s, %c24 overflow<nsw, nuw> : i32
    %a2 = llvm.getelementptr %base[%odd] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d2 = gpu.wgmma_desc %a2 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %off = llvm.mul %s, %c8k overflow<nsw, nuw> : i32
    %a3 = llvm.getelementptr %smem[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d3 = gpu.wgmma_desc %a3 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %a4 = llvm.getelementptr %far[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d4 = gpu.wgmma_desc %a4 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %a5 = llvm.getelementptr %neg[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d5 = gpu.wgmma_desc %a5 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %a6 = llvm.getelementptr %below[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d6 = gpu.wgmma_desc %a6 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %a9 = llvm.getelementptr %neg64[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d9 = gpu.wgmma_desc %a9 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %a7 = llvm.getelementptr %either[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d7 = gpu.wgmma_desc %a7 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    %par = llvm.and %s, %c1 : i32
    %poff = llvm.shl %par, %c10 : i32
    %moving = llvm.getelementptr %sb[%poff] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %a8 = llvm.getelementptr %moving[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d8 = gpu.wgmma_desc %a8 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    gpu.store %out, %d1 : !llvm.ptr<1>, i64
    gpu.store %out, %d2 : !llvm.ptr<1>, i64
    gpu.store %out, %d3 : !llvm.ptr<1>, i64
    gpu.store %out, %d4 : !llvm.ptr<1>, i64
    gpu.store %out, %d5 : !llvm.ptr<1>, i64
    gpu.store %out, %d6 : !llvm.ptr<1>, i64
    gpu.store %out, %d7 : !llvm.ptr<1>, i64
    gpu.store %out, %d8 : !llvm.ptr<1>, i64
    gpu.store %out, %d9 : !llvm.ptr<1>, i64
    %next = llvm.add %s, %c1 : i32
    llvm.br ^bb1(%next : i32)
  ^bb3:
    llvm.return
  }
}

// -----

// Without ttg.shared the window's bound is unknown: the slot's descriptor
// stays.
// CHECK-LABEL: llvm.func @noshared
// CHECK:       ^bb2:
// CHECK-NEXT:    llvm.mul
// CHECK-NEXT:    llvm.getelementptr
// CHECK-NEXT:    gpu.wgmma_desc
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @noshared(%out: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c8k = llvm.mlir.constant(8192 : i32) : i32
    %sb = gpu.shared_base : !llvm.ptr<3>
    llvm.br ^bb1(%c0 : i32)
  ^bb1(%s: i32):
    %go = llvm.icmp "slt" %s, %n : i32
    llvm.cond_br %go, ^bb2, ^bb3
  ^bb2:
    %off = llvm.mul %s, %c8k overflow<nsw, nuw> : i32
    %a = llvm.getelementptr %sb[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %d = gpu.wgmma_desc %a {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
    gpu.store %out, %d : !llvm.ptr<1>, i64
    %next = llvm.add %s, %c1 : i32
    llvm.br ^bb1(%next : i32)
  ^bb3:
    llvm.return
  }
}
