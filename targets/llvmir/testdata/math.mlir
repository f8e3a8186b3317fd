// RUN-TARGETS: sm_90 gfx942
// Fast math on f32 and the integer helpers.
module {
  llvm.func @math(%g: !llvm.ptr<1>, %x: f32, %y: f32, %i: i32, %j: i32, %l: i64) attributes {gpu.kernel} {
    %0 = gpu.ex2_approx %x : f32
    %1 = gpu.ex2_approx %0 {ftz} : f32
    %2 = gpu.lg2_approx %1 : f32
    %3 = gpu.rsqrt_approx %2 {ftz} : f32
    %4 = gpu.rcp_approx %3 : f32
    %5 = gpu.sqrt_approx %4 : f32
    %6 = gpu.sin_approx %5 : f32
    %7 = gpu.cos_approx %6 {ftz} : f32
    %8 = gpu.tanh_approx %7 : f32
    %9 = gpu.div_full %8, %y : f32
    %d = gpu.div_approx %9, %y : f32
    %n = gpu.min_xorsign_abs %d, %y : f32
    %10 = gpu.min_xorsign_abs %n, %y {nan} : f32
    gpu.store %g, %10 : !llvm.ptr<1>, f32
    %11 = gpu.mulhi %i, %j : i32
    %12 = gpu.mulhi %11, %j {unsigned} : i32
    %13 = gpu.prmt %12, %j, %i : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %c5 = llvm.mlir.constant(5 : i32) : i32
    %14 = gpu.bfe %13, %c3, %c5 : i32
    %15 = gpu.bfe %14, %c3, %c5 {unsigned} : i32
    gpu.store %g, %15 : !llvm.ptr<1>, i32
    %16 = gpu.mulhi %l, %l {unsigned} : i64
    %17 = gpu.bfe %16, %c3, %c5 : i64
    gpu.store %g, %17 : !llvm.ptr<1>, i64
    llvm.return
  }
}
