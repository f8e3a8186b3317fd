// RUN-TARGETS: sm_90
// The f32 ops with an explicit rounding mode: NVVM's add, mul and fma
// intrinsics in every mode, with and without ftz, saturate, and the f64
// forms (.d); div, rcp and sqrt in every mode (llvm.nvvm.div.rz.ftz.f,
// llvm.nvvm.sqrt.rp.d), and sub as inline PTX (NVVM has no intrinsic).
module {
  llvm.func @rounded(%g: !llvm.ptr<1>, %a: f32, %b: f32, %c: f32) attributes {gpu.kernel} {
    %0 = gpu.fadd %a, %b {rounding = rn} : f32
    %1 = gpu.fadd %0, %b {rounding = rz, ftz} : f32
    %2 = gpu.fadd %1, %b {rounding = rm} : f32
    %3 = gpu.fadd %2, %b {rounding = rp, ftz} : f32
    %4 = gpu.fmul %3, %b {rounding = rn, ftz} : f32
    %5 = gpu.fmul %4, %b {rounding = rz} : f32
    %6 = gpu.fmul %5, %b {rounding = rm, ftz} : f32
    %7 = gpu.fmul %6, %b {rounding = rp} : f32
    %8 = gpu.fma %7, %b, %c {rounding = rn} : f32
    %9 = gpu.fma %8, %b, %c {rounding = rz, ftz} : f32
    %10 = gpu.fma %9, %b, %c {rounding = rm} : f32
    %11 = gpu.fma %10, %b, %c {rounding = rp, ftz} : f32
    %12 = gpu.saturate %11 : f32
    %13 = gpu.saturate %12 {ftz} : f32
    gpu.store %g, %13 : !llvm.ptr<1>, f32
    llvm.return
  }
  llvm.func @rounded_f64(%p: !llvm.ptr<1>, %a: f64, %b: f64, %c: f64) attributes {gpu.kernel} {
    %0 = gpu.fadd %a, %b {rounding = rn} : f64
    %1 = gpu.fmul %0, %b {rounding = rn} : f64
    %2 = gpu.fma %1, %b, %c {rounding = rz} : f64
    gpu.store %p, %2 : !llvm.ptr<1>, f64
    llvm.return
  }
  llvm.func @rounded_div(%p: !llvm.ptr<1>, %a: f32, %b: f32) attributes {gpu.kernel} {
    %0 = gpu.fsub %a, %b {rounding = rn} : f32
    %1 = gpu.fsub %0, %b {rounding = rz, ftz} : f32
    %2 = gpu.fsub %1, %b {rounding = rm} : f32
    %3 = gpu.fsub %2, %b {rounding = rp, ftz} : f32
    %4 = gpu.fdiv %3, %b {rounding = rn, ftz} : f32
    %5 = gpu.fdiv %4, %b {rounding = rz} : f32
    %6 = gpu.fdiv %5, %b {rounding = rm, ftz} : f32
    %7 = gpu.fdiv %6, %b {rounding = rp} : f32
    %8 = gpu.frcp %7 {rounding = rn} : f32
    %9 = gpu.frcp %8 {rounding = rz, ftz} : f32
    %10 = gpu.frcp %9 {rounding = rm} : f32
    %11 = gpu.frcp %10 {rounding = rp, ftz} : f32
    %12 = gpu.fsqrt %11 {rounding = rn, ftz} : f32
    %13 = gpu.fsqrt %12 {rounding = rz} : f32
    %14 = gpu.fsqrt %13 {rounding = rm, ftz} : f32
    %15 = gpu.fsqrt %14 {rounding = rp} : f32
    %three = llvm.mlir.constant(3.0 : f32) : f32
    %16 = gpu.fdiv %15, %three {rounding = rz} : f32
    %17 = gpu.fsub %16, %three {rounding = rm} : f32
    gpu.store %p, %17 : !llvm.ptr<1>, f32
    llvm.return
  }
  llvm.func @rounded_div_f64(%p: !llvm.ptr<1>, %a: f64, %b: f64, %c: f64) attributes {gpu.kernel} {
    %0 = gpu.fadd %a, %b {rounding = rp} : f64
    %1 = gpu.fsub %0, %b {rounding = rz} : f64
    %2 = gpu.fmul %1, %b {rounding = rm} : f64
    %3 = gpu.fma %2, %b, %c {rounding = rp} : f64
    %4 = gpu.fdiv %3, %b {rounding = rn} : f64
    %5 = gpu.fdiv %4, %b {rounding = rz} : f64
    %6 = gpu.frcp %5 {rounding = rm} : f64
    %7 = gpu.frcp %6 {rounding = rn} : f64
    %8 = gpu.fsqrt %7 {rounding = rp} : f64
    %9 = gpu.fsqrt %8 {rounding = rn} : f64
    gpu.store %p, %9 : !llvm.ptr<1>, f64
    llvm.return
  }
}
