module attributes {"ttg.num-ctas" = 2 : i32} {
  llvm.func @cluster_ids() attributes {gpu.kernel} {
    %0 = gpu.cluster_id x : i32
    %1 = gpu.cluster_dim y : i32
    %2 = gpu.cluster_block_id z : i32
    %3 = gpu.cluster_dim_blocks x : i32
    %4 = gpu.cluster_block_rank : i32
    %5 = gpu.cluster_num_blocks : i32
    llvm.return
  }
  llvm.func @cluster_sharing(%arg0: !llvm.ptr<3>, %arg1: !llvm.ptr, %arg2: i32, %arg3: i1) attributes {gpu.kernel} {
    gpu.cluster_arrive {relaxed}
    gpu.cluster_wait
    gpu.tma_load %arg0, %arg0, %arg1[%arg2, %arg2], %arg3 {multicast = 3 : i32} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
    gpu.mbarrier_arrive_cluster %arg0, %arg2, %arg3 : !llvm.ptr<3>
    gpu.mbarrier_arrive_cluster %arg0, %arg2 {count = 2} : !llvm.ptr<3>
    gpu.cluster_arrive
    gpu.cluster_wait
    llvm.return
  }
}
