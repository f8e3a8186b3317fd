// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu -canonicalize | FileCheck %s

// Clusters of two CTAs (ttg.num-ctas = 2). A program is a cluster: its id
// and count are the cluster's (gpu.cluster_id, gpu.cluster_dim). The two
// CTAs split the 64 elements (CGALayout [[1]]: CTA 1 holds 32..63), so a
// thread's coordinate is its lane OR'ed with 32 times the CTA's rank in
// the cluster; each CTA stores its own half, unmasked.
// CHECK-LABEL: llvm.func @split
// CHECK-DAG:     %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG:     %[[C5:.+]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG:     %[[C31:.+]] = llvm.mlir.constant(31 : i32) : i32
// CHECK:         %[[PID:.+]] = gpu.cluster_id x : i32
// CHECK:         %[[N:.+]] = gpu.cluster_dim x : i32
// CHECK:         %[[TID:.+]] = gpu.thread_id x : i32
// CHECK:         %[[LANE:.+]] = llvm.and %[[TID]], %[[C31]] : i32
// CHECK:         %[[RANK:.+]] = gpu.cluster_block_rank : i32
// CHECK:         %[[BIT:.+]] = llvm.and %[[RANK]], %[[C1]] : i32
// CHECK:         %[[HALF:.+]] = llvm.shl %[[BIT]], %[[C5]] : i32
// CHECK:         %[[IDX:.+]] = llvm.or disjoint %[[LANE]], %[[HALF]] : i32
// CHECK:         %[[BASE:.+]] = llvm.mul %[[PID]], %[[C64]] : i32
// CHECK:         %[[ROW:.+]] = llvm.getelementptr %arg0[%[[BASE]]]
// CHECK:         %[[PTR:.+]] = llvm.getelementptr %[[ROW]][%[[IDX]]]
// CHECK:         gpu.store %[[PTR]], %[[N]] {space = global} : !llvm.ptr<1>, i32
// CHECK-NOT:     gpu.block_id
#split = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @split(%p: !tt.ptr<i32>) {
    %pid = tt.get_program_id x : i32
    %n = tt.get_num_programs x : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #split>
    %c64 = arith.constant 64 : i32
    %base = arith.muli %pid, %c64 : i32
    %q = tt.addptr %p, %base : !tt.ptr<i32>, i32
    %s = tt.splat %q : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #split>
    %a = tt.addptr %s, %r : tensor<64x!tt.ptr<i32>, #split>, tensor<64xi32, #split>
    %nv = tt.splat %n : i32 -> tensor<64xi32, #split>
    tt.store %a, %nv : tensor<64x!tt.ptr<i32>, #split>
    tt.return
  }
}


// -----

// Both CTAs hold the whole tensor (CGALayout [[0]]): each fills its own
// shared buffer (unmasked, with stmatrix: it reads it back), but only the CTA of rank 0
// stores to global memory, as Triton masks the store.
// CHECK-LABEL: llvm.func @whole
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK:         %[[RANK:.+]] = gpu.cluster_block_rank : i32
// CHECK:         %[[BIT:.+]] = llvm.and %[[RANK]], %[[C1]] : i32
// CHECK:         %[[FIRST:.+]] = llvm.icmp "eq" %[[BIT]], %[[C0]] : i32
// CHECK:         gpu.stmatrix %{{.+}}, %{{.+}} : !llvm.ptr<3>, i32
// CHECK:         gpu.barrier
// CHECK:         gpu.store %{{.+}}, %[[FIRST]], %{{.+}} {space = global} : !llvm.ptr<1>, i32

#whole = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0], CGALayout = [[0]]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @whole(%p: !tt.ptr<i32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #whole>
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #whole>
    %a = tt.addptr %s, %r : tensor<32x!tt.ptr<i32>, #whole>, tensor<32xi32, #whole>
    %buf = ttg.local_alloc %r : (tensor<32xi32, #whole>) -> !ttg.memdesc<32xi32, #shared, #smem>
    %v = ttg.local_load %buf : !ttg.memdesc<32xi32, #shared, #smem> -> tensor<32xi32, #whole>
    tt.store %a, %v : tensor<32x!tt.ptr<i32>, #whole>
    tt.return
  }
}
