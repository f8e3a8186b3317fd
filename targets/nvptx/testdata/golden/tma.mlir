// ARCH: sm_90
// TMA round trip: one elected thread initializes the barrier, expects the
// box's bytes and issues the load; every thread waits for the phase, then
// the box is fenced for the async proxy and stored back through the
// tensor map, the store's reads waited for before the barrier dies.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @tma_copy(%map: !llvm.ptr<1>, %x: i32, %y: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %tid = gpu.thread_id x : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %smem = gpu.shared_base : !llvm.ptr<3>
    %bar = llvm.getelementptr %smem[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.tma_prefetch %map, %first : !llvm.ptr<1>
    gpu.mbarrier_init %bar, %first {count = 1} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.barrier
    %elect = gpu.elect_sync : i1
    %issue = llvm.and %elect, %first : i1
    gpu.mbarrier_arrive_expect_tx %bar, %issue {tx = 16384} : !llvm.ptr<3>
    gpu.tma_load %smem, %bar, %map[%x, %y], %issue : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    gpu.fence_proxy_async
    gpu.barrier
    gpu.tma_store %map[%y, %x], %smem, %issue : !llvm.ptr<1>, !llvm.ptr<3>
    gpu.bulk_commit
    gpu.bulk_wait 0 {read}
    gpu.bulk_wait 0
    gpu.barrier
    gpu.mbarrier_inval %bar, %first : !llvm.ptr<3>
    llvm.return
  }
}
