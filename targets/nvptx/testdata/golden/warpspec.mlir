// ARCH: sm_90
// Warp specialization: a producer warpgroup lowers its registers and
// arrives at a named barrier, a consumer warpgroup raises its registers
// and syncs on it (sm_90a is selected for setmaxnreg). Barrier 2 is
// reached from both branches: the unaligned forms.
module attributes {"ttg.num-warps" = 8 : i32} {
  llvm.func @specialized(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c128 = llvm.mlir.constant(128 : i32) : i32
    %c256 = llvm.mlir.constant(256 : i32) : i32
    %tid = gpu.thread_id x : i32
    %producer = llvm.icmp "ult" %tid, %c128 : i32
    llvm.cond_br %producer, ^produce, ^consume
  ^produce:
    gpu.setmaxnreg dec 40
    gpu.named_barrier_arrive %c1, %c256
    gpu.named_barrier_arrive %c2, %c256 {unaligned}
    llvm.return
  ^consume:
    gpu.setmaxnreg inc 232
    gpu.named_barrier %c1, %c256
    gpu.named_barrier %tid, %c128
    gpu.named_barrier %c2, %c256 {unaligned}
    gpu.store %out, %tid {space = global} : !llvm.ptr<1>, i32
    llvm.return
  }
}
