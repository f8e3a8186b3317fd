// RUN-TARGETS: sm_90 gfx942
// tl.assume's llvm.intr.assume becomes a call of @llvm.assume.
module {
  llvm.func @assume(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %pos = llvm.icmp "sgt" %n, %c0 : i32
    llvm.intr.assume %pos : i1
    %q = llvm.getelementptr %p[%n] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %z = llvm.mlir.constant(0.000000e+00 : f32) : f32
    gpu.store %q, %z : !llvm.ptr<1>, f32
    llvm.return
  }
}
