// ARCH: sm_80
// ARCH: sm_90
// mbarrier on its own (sm_80): init by one thread, arrive, a predicated
// phase wait (test_wait with a backoff before sm_90, try_wait after), a
// wait with a suspend time (try_wait's suspendTimeHint on sm_90; nothing
// before), and invalidation.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @mbarrier(%out: !llvm.ptr<1>, %phase: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %tid = gpu.thread_id x : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %bar = gpu.shared_base : !llvm.ptr<3>
    gpu.mbarrier_init %bar, %first {count = 128} : !llvm.ptr<3>
    gpu.barrier
    gpu.mbarrier_arrive %bar : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %phase, %first : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %c0 {suspend_ns = 10000000 : i64} : !llvm.ptr<3>
    gpu.barrier
    gpu.mbarrier_inval %bar, %first : !llvm.ptr<3>
    gpu.store %out, %tid {space = global} : !llvm.ptr<1>, i32
    llvm.return
  }
}
