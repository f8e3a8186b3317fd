// RUN-TARGETS: sm_90
// Every gpu.cvt form (NVPTX).
module {
  llvm.func @cvt(%g: !llvm.ptr<1>, %x: f32, %y: f32, %d: f64, %h2: vector<2xf16>) attributes {gpu.kernel} {
    %0 = gpu.cvt %x {rounding = rn} : f32 -> bf16
    %1 = gpu.cvt %x {rounding = rz, relu} : f32 -> f16
    %2 = gpu.cvt %d {rounding = rn} : f64 -> f32
    %3 = gpu.cvt %d {rounding = rm, ftz} : f64 -> f32
    %4 = gpu.cvt %0 : bf16 -> f32
    %5 = gpu.cvt %1 : f16 -> f32
    %6 = gpu.cvt %x : f32 -> f64
    %7 = gpu.cvt %x, %y {rounding = rn} : f32, f32 -> vector<2xbf16>
    %8 = gpu.cvt %x, %y {rounding = rn, satfinite} : f32, f32 -> vector<2xf16>
    %9 = gpu.cvt %x, %y {rounding = rn, satfinite} : f32, f32 -> vector<2xf8E4M3FN>
    %10 = gpu.cvt %h2 {rounding = rn, satfinite, relu} : vector<2xf16> -> vector<2xf8E5M2>
    %11 = gpu.cvt %9 {rounding = rn} : vector<2xf8E4M3FN> -> vector<2xf16>
    %bits = llvm.bitcast %h2 : vector<2xf16> to i32
    %lo = llvm.trunc %bits : i32 to i16
    %12 = gpu.cvt %lo {rounding = rn, fp8 = e4m3} : i16 -> vector<2xf16>
    %13 = gpu.cvt %x, %y {rounding = rn, satfinite, fp8 = e5m2} : f32, f32 -> i16
    %s = llvm.fadd %2, %3 : f32
    %s2 = llvm.fadd %s, %4 : f32
    %s3 = llvm.fadd %s2, %5 : f32
    gpu.store %g, %s3 : !llvm.ptr<1>, f32
    gpu.store %g, %6 : !llvm.ptr<1>, f64
    gpu.store %g, %7 : !llvm.ptr<1>, vector<2xbf16>
    gpu.store %g, %8 : !llvm.ptr<1>, vector<2xf16>
    gpu.store %g, %9 : !llvm.ptr<1>, vector<2xf8E4M3FN>
    gpu.store %g, %10 : !llvm.ptr<1>, vector<2xf8E5M2>
    gpu.store %g, %11 : !llvm.ptr<1>, vector<2xf16>
    gpu.store %g, %12 : !llvm.ptr<1>, vector<2xf16>
    gpu.store %g, %13 : !llvm.ptr<1>, i16
    llvm.return
  }
}
