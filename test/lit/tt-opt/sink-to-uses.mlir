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

// -----

// The words a wgmma reads from registers stay before the wgmma_fence that
// orders their writes before it; a descriptor (not a register operand of
// the fence's contract) sinks as far as the fence too.
// CHECK-LABEL: llvm.func @fence
// CHECK-DAG:     llvm.bitcast %arg1 : vector<2xf16> to i32
// CHECK-DAG:     gpu.wgmma_desc
// CHECK:         gpu.wgmma_fence
// CHECK-NEXT:    gpu.wgmma m64n8k16
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @fence(%s: !llvm.ptr<3>, %v: vector<2xf16>) attributes {gpu.kernel} {
    %w = llvm.bitcast %v : vector<2xf16> to i32
    %d = gpu.wgmma_desc %s {swizzle = 0, lbo = 128, sbo = 256} : !llvm.ptr<3> -> i64
    %false = llvm.mlir.constant(false) : i1
    gpu.wgmma_fence
    %r:4 = gpu.wgmma m64n8k16 f32.f16.f16 [%w, %w, %w, %w], %d, %false
    gpu.wgmma_commit
    %t:4 = gpu.wgmma_wait 0, %r#0, %r#1, %r#2, %r#3 : f32, f32, f32, f32
    llvm.return
  }
}

// -----

// Nothing sinks past a named barrier: the warpgroups of a
// warp-specialized consumer take turns at the tensor cores on them, and a
// value computed for the wgmma after the turn's sync stays before it (out
// of the other warpgroup's wait), as it does before an arrival.
// CHECK-LABEL: llvm.func @turns
// CHECK:         llvm.fmul %arg1, %arg1
// CHECK:         gpu.named_barrier_arrive
// CHECK-NEXT:    llvm.fadd %arg1, %arg1
// CHECK-NEXT:    gpu.named_barrier %
// CHECK-NEXT:    gpu.store %arg0
// CHECK-NEXT:    gpu.store %arg0
module attributes {"ttg.num-warps" = 8 : i32} {
  llvm.func @turns(%p: !llvm.ptr<1>, %x: f32) attributes {gpu.kernel} {
    %id = llvm.mlir.constant(14 : i32) : i32
    %n = llvm.mlir.constant(256 : i32) : i32
    %m = llvm.fmul %x, %x : f32
    gpu.named_barrier_arrive %id, %n
    %a = llvm.fadd %x, %x : f32
    gpu.named_barrier %id, %n
    gpu.store %p, %m : !llvm.ptr<1>, f32
    gpu.store %p, %a : !llvm.ptr<1>, f32
    llvm.return
  }
}

// -----

// A fused multiply-add stays in front of the next link of its chain (the
// fma that takes it as addend): two accumulators updated step by step (an
// FMA dot, k-outer) keep their interleaving, so that each step's operands
// die within the step. The chains' last links move to their stores, in
// front of the run the two stores make.
// CHECK-LABEL: llvm.func @chains
// CHECK:         %[[S0:.+]] = llvm.intr.fma(%[[A0:.+]], %[[B0:.+]], %arg1)
// CHECK-NEXT:    %[[T0:.+]] = llvm.intr.fma(%[[A0]], %[[B1:.+]], %arg2)
// CHECK-NEXT:    %[[S1:.+]] = llvm.intr.fma(%{{.+}}, %[[B0]], %[[S0]])
// CHECK-NEXT:    %[[T1:.+]] = llvm.intr.fma(%{{.+}}, %[[B1]], %[[T0]])
// CHECK-NEXT:    gpu.store %arg0, %[[S1]]
// CHECK-NEXT:    gpu.store %arg0, %[[T1]]
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @chains(%p: !llvm.ptr<1>, %acc0: f32, %acc1: f32) attributes {gpu.kernel} {
    %a0 = gpu.load %p : !llvm.ptr<1> -> f32
    %a1 = gpu.load %p : !llvm.ptr<1> -> f32
    %b0 = gpu.load %p : !llvm.ptr<1> -> f32
    %b1 = gpu.load %p : !llvm.ptr<1> -> f32
    %s0 = llvm.intr.fma(%a0, %b0, %acc0) : (f32, f32, f32) -> f32
    %t0 = llvm.intr.fma(%a0, %b1, %acc1) : (f32, f32, f32) -> f32
    %s1 = llvm.intr.fma(%a1, %b0, %s0) : (f32, f32, f32) -> f32
    %t1 = llvm.intr.fma(%a1, %b1, %t0) : (f32, f32, f32) -> f32
    gpu.store %p, %s1 : !llvm.ptr<1>, f32
    gpu.store %p, %t1 : !llvm.ptr<1>, f32
    llvm.return
  }
}

// -----

// A run of stores (a tile's registers, as one tt.store lowers) stays a
// run: each register's computation sinks to the run, not between its
// stores, and keeps its order. A store after an op with effects starts
// a run of its own, and nothing moves past that op.
// CHECK-LABEL: llvm.func @store_runs
// CHECK:         gpu.barrier
// CHECK-NEXT:    %[[A:.+]] = llvm.intr.log2(%arg1) : (f32) -> f32
// CHECK-NEXT:    %[[A2:.+]] = llvm.fmul %[[A]], %arg1 : f32
// CHECK-NEXT:    %[[B:.+]] = llvm.intr.log2(%arg2) : (f32) -> f32
// CHECK-NEXT:    %[[B2:.+]] = llvm.fmul %[[B]], %arg2 : f32
// CHECK-NEXT:    gpu.store %arg0, %[[A2]]
// CHECK-NEXT:    gpu.store %arg0, %[[B2]]
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    %[[C:.+]] = llvm.fadd %arg1, %arg2 : f32
// CHECK-NEXT:    gpu.store %arg0, %[[C]]
// CHECK-NEXT:    llvm.return
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @store_runs(%p: !llvm.ptr<1>, %x: f32, %y: f32) attributes {gpu.kernel} {
    %a = llvm.intr.log2(%x) : (f32) -> f32
    %b = llvm.intr.log2(%y) : (f32) -> f32
    %c = llvm.fadd %x, %y : f32
    gpu.barrier
    %a2 = llvm.fmul %a, %x : f32
    %b2 = llvm.fmul %b, %y : f32
    gpu.store %p, %a2 : !llvm.ptr<1>, f32
    gpu.store %p, %b2 : !llvm.ptr<1>, f32
    gpu.barrier
    gpu.store %p, %c : !llvm.ptr<1>, f32
    llvm.return
  }
}
