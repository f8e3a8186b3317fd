// ARCH: sm_80
// ARCH: sm_90
// cp.async: masked elements zero-filled through src-size (as Triton's
// masked loads), a predicated copy, groups committed and waited for, then
// a barrier before the shared data is read.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @async_copy(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %tid = gpu.thread_id x : i32
    %smem = gpu.shared_base : !llvm.ptr<3>
    %off = llvm.mul %tid, %c16 : i32
    %dst = llvm.getelementptr %smem[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %src = llvm.getelementptr %in[%off] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
    %inb = llvm.icmp "slt" %tid, %n : i32
    %size = llvm.select %inb, %c16, %c0 : i1, i32
    gpu.cp_async %dst, %src, %size {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>, i32
    gpu.cp_async_commit
    %dst2 = llvm.getelementptr %dst[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.cp_async %dst2, %src, %inb {cache = ca, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>, i1
    gpu.cp_async %dst2, %src, %c0, %inb {cache = ca, size = 8} : !llvm.ptr<3>, !llvm.ptr<1>, i32, i1
    gpu.cp_async_commit
    gpu.cp_async_wait 1
    gpu.cp_async_wait all
    gpu.barrier
    %v:4 = gpu.load %dst {space = shared} : !llvm.ptr<3> -> f32, f32, f32, f32
    %o = llvm.getelementptr %out[%off] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
    gpu.store %o, %v#0, %v#1, %v#2, %v#3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    llvm.return
  }
}
