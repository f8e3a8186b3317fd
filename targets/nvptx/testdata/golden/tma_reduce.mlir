// ARCH: sm_90
// TMA reductions: a store whose elements combine with global memory. The
// combine is printed from the op's kind, the element type is the tensor
// map's (so none is printed), ranks 1, 2 and 5; the predicate guards the
// issuing thread; the reductions join the bulk group as stores do.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @tma_reduce(%map: !llvm.ptr, %x: i32, %y: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %tid = gpu.thread_id x : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %smem = gpu.shared_base : !llvm.ptr<3>
    gpu.fence_proxy_async
    gpu.barrier
    gpu.tma_reduce add %map[%x, %y], %smem, %first : !llvm.ptr, !llvm.ptr<3>
    gpu.tma_reduce xor %map[%y], %smem, %first : !llvm.ptr, !llvm.ptr<3>
    gpu.tma_reduce min %map[%x, %y, %c0, %c0, %x], %smem : !llvm.ptr, !llvm.ptr<3>
    gpu.bulk_commit
    gpu.bulk_wait 0 {read}
    llvm.return
  }
}
