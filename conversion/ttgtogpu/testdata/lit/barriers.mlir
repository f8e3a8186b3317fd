// RUN: tt-opt %s -split-input-file --pass-pipeline='builtin.module(convert-scf-to-cf,convert-triton-gpu-to-gpu)' | FileCheck %s

// Barriers between ops come from the barrier analysis (analysis/membar,
// run by the conversion over the allocation), each op's lowering adds only
// the ones inside its own accesses. Two reductions across warps: each
// writes its partials, waits, combines them, waits and reads the result
// (its own two barriers); the second one's scratch is the first one's, so
// the analysis puts one barrier in front of it (sunk past its register
// work to its first write). Nothing before the first write of the kernel,
// nothing after the last read.
// CHECK-LABEL: llvm.func @two
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.store %{{.+}} {space = shared}
// CHECK-NOT:     gpu.{{load|store}}
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.load %{{.+}} {space = shared}
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.store %{{.+}} {space = shared}
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.load %{{.+}} {space = shared}
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.shuffle
// CHECK-NOT:     gpu.{{load|store}}
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.store %{{.+}} {space = shared}
// CHECK-NOT:     gpu.{{load|store}}
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.load %{{.+}} {space = shared}
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.store %{{.+}} {space = shared}
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.load %{{.+}} {space = shared}
// CHECK-NOT:     gpu.barrier
// CHECK:         llvm.return
#L = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two(%x: tensor<128xf32, #L>, %p: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #L>) -> f32
    %t = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.maxnumf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #L>) -> f32
    %u = arith.addf %s, %t : f32
    tt.store %p, %u : !tt.ptr<f32>
    tt.return
  }
}

// -----

// A buffer written before a loop, read and rewritten in it, read after it.
// local_alloc and local_store only write (stmatrix on sm_90), local_load
// only reads (ldmatrix): the analysis puts a barrier before every read of
// data other threads wrote (after the initial store, and around the back
// edge) and before every write over data other threads read.
// CHECK-LABEL: llvm.func @local
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.stmatrix %{{.+}} : !llvm.ptr<3>, f32
// CHECK-NOT:     gpu.barrier
// CHECK:       ^bb2:
// CHECK-NOT:     gpu.{{load|store|ldmatrix|stmatrix}}
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.ldmatrix %{{.+}} : !llvm.ptr<3> -> f32
// CHECK-NOT:     gpu.{{load|store|ldmatrix|stmatrix}}
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.stmatrix %{{.+}} : !llvm.ptr<3>, f32
// CHECK-NOT:     gpu.barrier
// CHECK:       ^bb3:
// CHECK-NOT:     gpu.{{load|store|ldmatrix|stmatrix}}
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.ldmatrix %{{.+}} : !llvm.ptr<3> -> f32
// CHECK-NOT:     gpu.barrier
// CHECK:         llvm.return
#L = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @local(%x: tensor<128xf32, #L>, %q: tensor<128x!tt.ptr<f32>, #L>, %n: i32) {
    %a = ttg.local_alloc %x : (tensor<128xf32, #L>) -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %v = ttg.local_load %a : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #L>
      %w = arith.addf %v, %v : tensor<128xf32, #L>
      ttg.local_store %w, %a : tensor<128xf32, #L> -> !ttg.memdesc<128xf32, #shared, #smem, mutable>
    }
    %u = ttg.local_load %a : !ttg.memdesc<128xf32, #shared, #smem, mutable> -> tensor<128xf32, #L>
    tt.store %q, %u : tensor<128x!tt.ptr<f32>, #L>
    tt.return
  }
}

// -----

// After allocate-shared-memory the conversion places scratch at the
// recorded allocation.offset, not where it would choose itself.
// CHECK: ttg.shared = 1024 : i32
// CHECK-LABEL: llvm.func @recorded
// CHECK:         %[[BASE:.+]] = gpu.shared_base : !llvm.ptr<3>
// CHECK:         %[[SCRATCH:.+]] = llvm.getelementptr %[[BASE]][512]
// CHECK:         gpu.store %{{.+}} {space = shared}
// CHECK:         gpu.load %[[SCRATCH]] {space = shared}
#L = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 1024 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @recorded(%x: tensor<128xf32, #L>, %p: !tt.ptr<f32>) {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) {allocation.offset = 512 : i32} : (tensor<128xf32, #L>) -> f32
    tt.store %p, %s : !tt.ptr<f32>
    tt.return
  }
}
