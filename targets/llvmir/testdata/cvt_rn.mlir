// RUN-TARGETS: sm_90 gfx942
// The gpu.cvt forms both targets support.
module {
  llvm.func @cvt_rn(%g: !llvm.ptr<1>, %x: f32, %y: f32) attributes {gpu.kernel} {
    %0 = gpu.cvt %x {rounding = rn} : f32 -> bf16
    %1 = gpu.cvt %x {rounding = rn} : f32 -> f16
    %2 = gpu.cvt %0 : bf16 -> f32
    %3 = gpu.cvt %1 : f16 -> f32
    %4 = gpu.cvt %x, %y {rounding = rn} : f32, f32 -> vector<2xbf16>
    %5 = gpu.cvt %x, %y {rounding = rn} : f32, f32 -> vector<2xf16>
    %s = llvm.fadd %2, %3 : f32
    gpu.store %g, %s : !llvm.ptr<1>, f32
    gpu.store %g, %4 : !llvm.ptr<1>, vector<2xbf16>
    gpu.store %g, %5 : !llvm.ptr<1>, vector<2xf16>
    llvm.return
  }
}
