// RUN-TARGETS: sm_90
// The SM a CTA runs on and the number of SM ids (%smid, %nsmid), as a
// persistent kernel reads them (AMDGCN refuses both: errors_test.go).
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @sm_ids(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %t = gpu.thread_id x : i32
    %b = gpu.block_id x : i32
    %g = gpu.grid_dim x : i32
    %s = gpu.sm_id : i32
    %n = gpu.num_sm_ids : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %lead = llvm.icmp "eq" %t, %c0 : i32
    %ps = llvm.getelementptr %out[%b] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %ps, %lead, %s {space = global} : !llvm.ptr<1>, i32
    %pn = llvm.getelementptr %out[%g] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %pn, %lead, %n {space = global} : !llvm.ptr<1>, i32
    llvm.return
  }
}
