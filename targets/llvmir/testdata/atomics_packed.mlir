// RUN-TARGETS: sm_90
// Packed and 16-bit float atomics (NVPTX only: LLVM 14's atomicrmw has no
// vector operands).
module {
  llvm.func @packed(%g: !llvm.ptr<1>, %h2: vector<2xf16>, %b2: vector<2xbf16>, %h: f16, %b: bf16, %p: i1) attributes {gpu.kernel} {
    %0 = gpu.atomic_rmw fadd, relaxed, gpu, %g, %h2, %p : !llvm.ptr<1>, vector<2xf16> -> vector<2xf16>
    %1 = gpu.atomic_rmw fadd, relaxed, gpu, %g, %b2 : !llvm.ptr<1>, vector<2xbf16> -> vector<2xbf16>
    %2 = gpu.atomic_rmw fadd, relaxed, gpu, %g, %h : !llvm.ptr<1>, f16 -> f16
    %3 = gpu.atomic_rmw fadd, relaxed, gpu, %g, %b : !llvm.ptr<1>, bf16 -> bf16
    %4 = gpu.atomic_cas relaxed, gpu, %g, %h, %2 : !llvm.ptr<1>, f16 -> f16
    gpu.store %g, %0 : !llvm.ptr<1>, vector<2xf16>
    gpu.store %g, %1 : !llvm.ptr<1>, vector<2xbf16>
    gpu.store %g, %3 : !llvm.ptr<1>, bf16
    gpu.store %g, %4 : !llvm.ptr<1>, f16
    llvm.return
  }
}
