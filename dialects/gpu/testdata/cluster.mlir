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
}
