// Clusters of CTAs (ttg.num-ctas = 4): the entry requires clusters of four
// (.explicitcluster, .reqnctapercluster 4), and reads where its CTA stands:
// the cluster's id and count, the CTA's id and rank in it, the cluster's
// extent and size. Thread 0 of the CTA of rank 0 stores its cluster id.
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32} {
  llvm.func @cluster_ids(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %t = gpu.thread_id x : i32
    %c = gpu.cluster_id x : i32
    %n = gpu.cluster_dim y : i32
    %i = gpu.cluster_block_id z : i32
    %e = gpu.cluster_dim_blocks x : i32
    %r = gpu.cluster_block_rank : i32
    %s = gpu.cluster_num_blocks : i32
    %0 = llvm.or %t, %r : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %lead = llvm.icmp "eq" %0, %c0 : i32
    %1 = llvm.add %c, %n : i32
    %2 = llvm.add %1, %i : i32
    %3 = llvm.add %2, %e : i32
    %4 = llvm.add %3, %s : i32
    gpu.store %p, %lead, %4 {space = global} : !llvm.ptr<1>, i32
    llvm.return
  }
}
