// ARCH: sm_90
// f64 mma.sync shapes of sm_90 (PTX 7.8): m16n8k4, m16n8k8 and the
// m16n8k16 that Triton's Hopper f64 dots use, chained through their
// accumulators; m8n8k4 remains.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @mma_f64_sm90(%out: !llvm.ptr<1>, %a: f64, %b: f64, %c: f64) attributes {gpu.kernel} {
    %d:4 = gpu.mma_sync m16n8k16 f64.f64.f64 [%a, %b, %a, %b, %a, %b, %a, %b], [%b, %a, %b, %a], [%c, %c, %c, %c]
    %e:4 = gpu.mma_sync m16n8k8 f64.f64.f64 [%a, %a, %b, %b], [%b, %a], [%d#0, %d#1, %d#2, %d#3]
    %f:4 = gpu.mma_sync m16n8k4 f64.f64.f64 [%a, %b], [%a], [%e#0, %e#1, %e#2, %e#3]
    %g:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%a], [%b], [%f#0, %f#3]
    %s = llvm.fadd %f#1, %f#2 : f64
    gpu.store %out, %s, %g#0 {space = global} : !llvm.ptr<1>, f64, f64
    gpu.store %out, %g#1 {space = global} : !llvm.ptr<1>, f64
    llvm.return
  }
}
