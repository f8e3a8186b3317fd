// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// A blocked layout: per-thread part (tid & 31) << 1 computed once in the
// prologue, registers OR a constant (element 64 is in register 2).
// CHECK-LABEL: llvm.func @range(%arg0: !llvm.ptr<1>) attributes {gpu.kernel}
// CHECK-NEXT:    %[[TID:.+]] = gpu.thread_id x : i32
// CHECK-NEXT:    %[[C31:.+]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT:    %[[LANE:.+]] = llvm.and %[[TID]], %[[C31]] : i32
// CHECK-NEXT:    %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    %[[R0:.+]] = llvm.shl %[[LANE]], %[[C1]] : i32
// CHECK:         %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT:    %[[C65:.+]] = llvm.mlir.constant(65 : i32) : i32
// CHECK-NEXT:    %[[R1:.+]] = llvm.or disjoint %[[R0]], %[[C1]] : i32
// CHECK-NEXT:    %[[R2:.+]] = llvm.or disjoint %[[R0]], %[[C64]] : i32
// CHECK-NEXT:    %[[R3:.+]] = llvm.or disjoint %[[R0]], %[[C65]] : i32
// CHECK-NEXT:    %[[P0:.+]] = llvm.getelementptr %arg0[%[[R0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK-NEXT:    %[[P1:.+]] = llvm.getelementptr %arg0[%[[R1]]]
// CHECK-NEXT:    %[[P2:.+]] = llvm.getelementptr %arg0[%[[R2]]]
// CHECK-NEXT:    %[[P3:.+]] = llvm.getelementptr %arg0[%[[R3]]]
// No divisibility is known: one element per store.
// CHECK-NEXT:    gpu.store %[[P0]], %[[R0]] {space = global} : !llvm.ptr<1>, i32
// CHECK-NEXT:    gpu.store %[[P1]], %[[R1]] {space = global} : !llvm.ptr<1>, i32
// CHECK-NEXT:    gpu.store %[[P2]], %[[R2]] {space = global} : !llvm.ptr<1>, i32
// CHECK-NEXT:    gpu.store %[[P3]], %[[R3]] {space = global} : !llvm.ptr<1>, i32
// CHECK-NEXT:    llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @range(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #blocked>
    %q = tt.addptr %p, %r : tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>
    tt.store %q, %r : tensor<128x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// Two warps, 2-D: the row coordinate comes from lane bits 2-4 and the
// warp bit, the column from lane bits 0-1 (shifted by the two registers
// per thread along it). expand_dims and broadcast only rename registers.
// CHECK-LABEL: llvm.func @range2d
// CHECK-NEXT:    %[[TID:.+]] = gpu.thread_id x : i32
// CHECK-NEXT:    %[[C60:.+]] = llvm.mlir.constant(60 : i32) : i32
// CHECK-NEXT:    %[[A:.+]] = llvm.and %[[TID]], %[[C60]] : i32
// CHECK-NEXT:    %[[C2:.+]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT:    %[[ROW:.+]] = llvm.lshr %[[A]], %[[C2]] : i32
// CHECK:         %[[C3:.+]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT:    %[[B:.+]] = llvm.and %[[TID]], %[[C3]] : i32
// CHECK-NEXT:    %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    %[[COL0:.+]] = llvm.shl %[[B]], %[[C1]] : i32
// CHECK-NEXT:    %[[COL1:.+]] = llvm.or disjoint %[[COL0]], %[[C1]] : i32
// CHECK-NEXT:    %[[S0:.+]] = llvm.add %[[ROW]], %[[COL0]] : i32
// CHECK-NEXT:    %[[S1:.+]] = llvm.add %[[ROW]], %[[COL1]] : i32
// CHECK-NOT:     gpu.
// CHECK:         gpu.store %{{.+}}, %[[S0]] {space = global}
// CHECK-NEXT:    gpu.store %{{.+}}, %[[S1]] {space = global}
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @range2d(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xi32, #blocked>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x8xi32, #blocked>
    %rb = tt.broadcast %r2 : tensor<16x1xi32, #blocked> -> tensor<16x8xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x8xi32, #blocked> -> tensor<16x8xi32, #blocked>
    %s = arith.addi %rb, %cb : tensor<16x8xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<16x8x!tt.ptr<i32>, #blocked>
    %q = tt.addptr %p, %s : tensor<16x8x!tt.ptr<i32>, #blocked>, tensor<16x8xi32, #blocked>
    tt.store %q, %s : tensor<16x8x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// A linear layout whose lane basis 1 is not a power of two ([3]): its
// contribution is (0 - bit) & 3, XORed in; register 1 ([4]) overlaps no
// thread bit. Lanes 3 and 4 repeat data: only lanes with those bits clear
// store.
// CHECK-LABEL: llvm.func @linear
// CHECK-NEXT:    %[[TID:.+]] = gpu.thread_id x : i32
// CHECK-NEXT:    %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    %[[B0:.+]] = llvm.and %[[TID]], %[[C1]] : i32
// CHECK-NEXT:    %[[C4:.+]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT:    %[[B2M:.+]] = llvm.and %[[TID]], %[[C4]] : i32
// CHECK-NEXT:    %[[B2:.+]] = llvm.shl %[[B2M]], %[[C1]] : i32
// CHECK-NEXT:    %[[LIN:.+]] = llvm.or disjoint %[[B0]], %[[B2]] : i32
// CHECK-NEXT:    %[[SH:.+]] = llvm.lshr %[[TID]], %[[C1]] : i32
// CHECK-NEXT:    %[[BIT:.+]] = llvm.and %[[SH]], %[[C1]] : i32
// CHECK-NEXT:    %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    %[[NEG:.+]] = llvm.sub %[[C0]], %[[BIT]] : i32
// CHECK-NEXT:    %[[C3:.+]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT:    %[[T3:.+]] = llvm.and %[[NEG]], %[[C3]] : i32
// CHECK-NEXT:    %[[R0:.+]] = llvm.xor %[[LIN]], %[[T3]] : i32
// CHECK-NEXT:    %[[C24:.+]] = llvm.mlir.constant(24 : i32) : i32
// CHECK-NEXT:    %[[FREE:.+]] = llvm.and %[[TID]], %[[C24]] : i32
// CHECK-NEXT:    %[[OWNER:.+]] = llvm.icmp "eq" %[[FREE]], %[[C0]] : i32
// CHECK-NEXT:    %[[R1:.+]] = llvm.or disjoint %[[R0]], %[[C4]] : i32
// CHECK:         gpu.store %{{.+}}, %[[OWNER]], %[[R0]] {space = global}
// CHECK-NEXT:    gpu.store %{{.+}}, %[[OWNER]], %[[R1]] {space = global}
#linear = #ttg.linear<{register = [[4]], lane = [[1], [3], [8], [0], [0]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @linear(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #linear>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #linear>
    %q = tt.addptr %p, %r : tensor<16x!tt.ptr<i32>, #linear>, tensor<16xi32, #linear>
    tt.store %q, %r : tensor<16x!tt.ptr<i32>, #linear>
    tt.return
  }
}
