// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// tt's own: the CTAs of a module's clusters of two (tt.cta-cluster = 2,
// each CTA one program) fill a buffer together (tt.multicast_cluster): the
// 64x128 tile is two 64x64 boxes (128-byte swizzle); box 0 is issued by
// the CTA of rank 0, box 1 by rank 1, each multicast to both (mask 3)
// and completing on the barrier at the same offset in both. An arrival
// marked tt.cluster_peer goes to the other CTA's barrier (rank ^ 1). With
// clusters, every barrier's init is fenced for the async proxy, and
// ttng.cluster_arrive / cluster_wait become the cluster's barrier.

// CHECK-LABEL: llvm.func @multicast(
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG:     %[[BASE:.+]] = gpu.shared_base
// CHECK-DAG:     %[[BAR:.+]] = llvm.getelementptr %[[BASE]][16384]
// CHECK-DAG:     %[[PEER:.+]] = llvm.getelementptr %[[BASE]][16400]
// CHECK-DAG:     %[[RANK:.+]] = gpu.cluster_block_rank : i32
// CHECK:         gpu.mbarrier_init %[[BAR]], %{{.+}} {count = 1} : !llvm.ptr<3>
// CHECK-NEXT:    gpu.fence_mbarrier_init
// CHECK:         gpu.mbarrier_init %[[PEER]], %{{.+}} {count = 1} : !llvm.ptr<3>
// CHECK-NEXT:    gpu.fence_mbarrier_init
// CHECK-NEXT:    gpu.cluster_arrive
// CHECK-NEXT:    gpu.cluster_wait
// CHECK:         %[[OTHER:.+]] = llvm.xor %[[RANK]], %[[C1]] : i32
// CHECK:         gpu.mbarrier_arrive_cluster %[[PEER]], %[[OTHER]], %{{.+}} : !llvm.ptr<3>
// CHECK:         gpu.mbarrier_arrive_expect_tx %[[BAR]], %{{.+}} {tx = 16384}
// CHECK:         %[[R0:.+]] = llvm.icmp "eq" %[[RANK]], %[[C0]] : i32
// CHECK-NEXT:    %[[P0:.+]] = llvm.and %{{.+}}, %[[R0]] : i1
// CHECK:         gpu.tma_load %[[BASE]], %[[BAR]], %arg0[%arg1, %arg1], %[[P0]] {multicast = 3 : i32}
// CHECK:         %[[R1:.+]] = llvm.icmp "eq" %[[RANK]], %[[C1]] : i32
// CHECK-NEXT:    %[[P1:.+]] = llvm.and %{{.+}}, %[[R1]] : i1
// CHECK-NEXT:    gpu.tma_load %{{.+}}, %[[BAR]], %arg0[%{{.+}}, %arg1], %[[P1]] {multicast = 3 : i32}
// CHECK-NOT:     gpu.tma_load

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"tt.cta-cluster" = 2 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @multicast(%in: !tt.tensordesc<tensor<64x128xf16, #shared>>, %k: i32, %go: i1) {
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %peer = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %peer, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.cluster_arrive {relaxed = false}
    ttng.cluster_wait
    ttng.arrive_barrier %peer, 1, %go {tt.cluster_peer} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %in[%k, %k] %buf, %bar, %go {tt.multicast_cluster, tt.tma_one_issuer} : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    tt.return
  }
}
