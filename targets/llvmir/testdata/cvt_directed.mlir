// RUN-TARGETS: gfx942
// Directed roundings on AMDGCN: the nearest value, stepped by one unit in
// the last place where it lies on the wrong side (rz, rm, rp), for f16,
// bf16 and f32 results and packed pairs.
module {
  llvm.func @cvt_directed(%g: !llvm.ptr<1>, %x: f32, %y: f32, %d: f64) attributes {gpu.kernel} {
    %0 = gpu.cvt %x {rounding = rz} : f32 -> f16
    %1 = gpu.cvt %x {rounding = rm} : f32 -> f16
    %2 = gpu.cvt %x {rounding = rp} : f32 -> bf16
    %3 = gpu.cvt %d {rounding = rz} : f64 -> f32
    %4 = gpu.cvt %x, %y {rounding = rz} : f32, f32 -> vector<2xbf16>
    gpu.store %g, %0 : !llvm.ptr<1>, f16
    gpu.store %g, %1 : !llvm.ptr<1>, f16
    gpu.store %g, %2 : !llvm.ptr<1>, bf16
    gpu.store %g, %3 : !llvm.ptr<1>, f32
    gpu.store %g, %4 : !llvm.ptr<1>, vector<2xbf16>
    llvm.return
  }
}
