// ARCH: sm_90
// ldmatrix x1/x2/x4 with and without .trans, on 16-bit, 8-bit and 32-bit
// elements, and stmatrix (sm_90) writing fragments back.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @matrices(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %smem = gpu.shared_base : !llvm.ptr<3>
    %lane = gpu.lane_id : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %row = llvm.mul %lane, %c16 : i32
    %p = llvm.getelementptr %smem[%row] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %a:2 = gpu.ldmatrix %p : !llvm.ptr<3> -> bf16, bf16
    %b:4 = gpu.ldmatrix %p {trans} : !llvm.ptr<3> -> f16, f16, f16, f16
    %c:16 = gpu.ldmatrix %p : !llvm.ptr<3> -> i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
    %p2 = llvm.getelementptr %p[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %d:4 = gpu.ldmatrix %p2 : !llvm.ptr<3> -> i32, i32, i32, i32
    gpu.stmatrix %p, %b#0, %b#1, %b#2, %b#3 {trans} : !llvm.ptr<3>, f16, f16, f16, f16
    gpu.stmatrix %p, %a#1, %a#0 : !llvm.ptr<3>, bf16, bf16
    gpu.stmatrix %p, %d#0, %d#1, %d#2, %d#3 : !llvm.ptr<3>, i32, i32, i32, i32
    gpu.stmatrix %p, %c#0, %c#1, %c#2, %c#3 : !llvm.ptr<3>, i8, i8, i8, i8
    gpu.store %out, %d#0, %d#1 {space = global} : !llvm.ptr<1>, i32, i32
    llvm.return
  }
}
