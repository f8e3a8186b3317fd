// ARCH: sm_80
// f64 mma.sync: Ampere's m8n8k4 (one A and one B element per lane, two
// accumulators), chained through its results.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @mma_f64(%out: !llvm.ptr<1>, %a: f64, %b: f64, %c: f64) attributes {gpu.kernel} {
    %d:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%a], [%b], [%c, %c]
    %e:2 = gpu.mma_sync m8n8k4 f64.f64.f64 [%b], [%a], [%d#0, %d#1]
    gpu.store %out, %e#0, %e#1 {space = global} : !llvm.ptr<1>, f64, f64
    llvm.return
  }
}
