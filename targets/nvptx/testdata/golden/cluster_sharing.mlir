// ARCH: sm_90
// Two CTAs of a cluster share a tile (tt.cta-cluster = 2: each CTA is a
// program; the entry requires clusters of two, without .explicitcluster).
// Each CTA initializes its barrier and the cluster barrier publishes the
// inits; thread 0 of each CTA expects the whole tile and multicasts its
// half to both CTAs (mask 3); every thread waits on its own CTA's barrier,
// then thread 0 tells the other CTA's barrier it is done with the tile
// (once with the default count, once with two), and the cluster barrier
// keeps both CTAs alive until every remote arrival has landed.
module attributes {"tt.cta-cluster" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  llvm.func @cluster_sharing(%map: !llvm.ptr<1>, %x: i32, %y: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c64 = llvm.mlir.constant(64 : i32) : i32
    %c8192 = llvm.mlir.constant(8192 : i32) : i32
    %tid = gpu.thread_id x : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %rank = gpu.cluster_block_rank : i32
    %other = llvm.xor %rank, %c1 : i32
    %smem = gpu.shared_base : !llvm.ptr<3>
    %full = llvm.getelementptr %smem[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %empty = llvm.getelementptr %smem[16392] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.mbarrier_init %full, %first {count = 1} : !llvm.ptr<3>
    gpu.mbarrier_init %empty, %first {count = 3} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.cluster_arrive {relaxed}
    gpu.cluster_wait
    gpu.mbarrier_arrive_expect_tx %full, %first {tx = 16384} : !llvm.ptr<3>
    %half = llvm.mul %rank, %c64 : i32
    %row = llvm.add %y, %half : i32
    %off = llvm.mul %rank, %c8192 : i32
    %dst = llvm.getelementptr %smem[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    gpu.tma_load %dst, %full, %map[%x, %row], %first {multicast = 3 : i32} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.mbarrier_wait %full, %c0 : !llvm.ptr<3>
    gpu.mbarrier_arrive_cluster %empty, %other, %first : !llvm.ptr<3>
    gpu.mbarrier_arrive_cluster %empty, %other, %first {count = 2} : !llvm.ptr<3>
    gpu.cluster_arrive
    gpu.cluster_wait
    llvm.return
  }
}
