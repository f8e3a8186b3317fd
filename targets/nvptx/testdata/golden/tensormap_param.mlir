// ARCH: sm_90
// A tensor map passed by value (a `!tt.tensordesc` kernel parameter): a
// 128-byte, 64-byte aligned .param array whose generic address the
// kernel takes (grid-constant: cvta.param) and hands to TMA, next to
// ordinary scalar parameters.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @desc_param(%map: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %x: i32, %y: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %tid = gpu.thread_id x : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %smem = gpu.shared_base : !llvm.ptr<3>
    %bar = llvm.getelementptr %smem[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.mbarrier_init %bar, %first {count = 1} : !llvm.ptr<3>
    gpu.barrier
    gpu.mbarrier_arrive_expect_tx %bar, %first {tx = 16384} : !llvm.ptr<3>
    gpu.tma_load %smem, %bar, %map[%x, %y], %first : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    llvm.return
  }
}
