// RUN-TARGETS: sm_90
// Fast math on f16, bf16 and f64 (NVPTX).
module {
  llvm.func @math_wide(%g: !llvm.ptr<1>, %h: f16, %b: bf16, %d: f64) attributes {gpu.kernel} {
    %0 = gpu.ex2_approx %h : f16
    %1 = gpu.tanh_approx %0 : f16
    %2 = gpu.ex2_approx %b : bf16
    %3 = gpu.tanh_approx %2 : bf16
    %4 = gpu.rcp_approx %d : f64
    %5 = gpu.rsqrt_approx %4 : f64
    %6 = gpu.rsqrt_approx %5 {ftz} : f64
    gpu.store %g, %1, %1 : !llvm.ptr<1>, f16, f16
    gpu.store %g, %3 : !llvm.ptr<1>, bf16
    gpu.store %g, %6 : !llvm.ptr<1>, f64
    llvm.return
  }
}
