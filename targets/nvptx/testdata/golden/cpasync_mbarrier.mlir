// ARCH: sm_80
// ARCH: sm_90
// cp.async tracked by an mbarrier instead of a wait_group: every thread
// copies 16 bytes and has the barrier (count = 128, the threads) track
// its copies with a .noinc arrival; thread 0 also tracks them with the
// counting form, under its predicate. After the phase completes a thread
// reads the bytes another thread copied.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @cpasync_mbarrier(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c127 = llvm.mlir.constant(127 : i32) : i32
    %tid = gpu.thread_id x : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %bar = gpu.shared_base : !llvm.ptr<3>
    gpu.mbarrier_init %bar, %first {count = 128} : !llvm.ptr<3>
    gpu.barrier
    %data = llvm.getelementptr %bar[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, vector<4xi32>
    %slot = llvm.add %tid, %c1 : i32
    %dst = llvm.getelementptr %bar[%slot] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, vector<4xi32>
    %src = llvm.getelementptr %in[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xi32>
    gpu.cp_async %dst, %src {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
    gpu.cp_async_mbarrier_arrive %bar, %first : !llvm.ptr<3>
    gpu.cp_async_mbarrier_arrive %bar {noinc} : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    %other = llvm.sub %c127, %tid : i32
    %rd = llvm.getelementptr %data[%other] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, vector<4xi32>
    %v:4 = gpu.load %rd {space = shared} : !llvm.ptr<3> -> i32, i32, i32, i32
    %o = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xi32>
    gpu.store %o, %v#0, %v#1, %v#2, %v#3 {space = global} : !llvm.ptr<1>, i32, i32, i32, i32
    llvm.return
  }
}
