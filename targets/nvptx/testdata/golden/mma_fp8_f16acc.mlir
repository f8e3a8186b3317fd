// ARCH: sm_90
// fp8 mma.sync with f16 accumulators needs PTX 8.7: the printed version
// rises to it (LLVM 19 cannot target it; targets/llvmir refuses).
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @mma_fp8_f16(%out: !llvm.ptr<1>, %b: i8, %h: f16) attributes {gpu.kernel} {
    %e:4 = gpu.mma_sync m16n8k32 f16.e5m2.e5m2 [%b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b], [%b, %b, %b, %b, %b, %b, %b, %b], [%h, %h, %h, %h]
    gpu.store %out, %e#0, %e#1, %e#2, %e#3 {space = global} : !llvm.ptr<1>, f16, f16, f16, f16
    llvm.return
  }
}
