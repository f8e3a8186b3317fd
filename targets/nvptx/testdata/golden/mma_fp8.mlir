// ARCH: sm_89
// ARCH: sm_90
// fp8 mma.sync (sm_89+): e4m3/e5m2 bytes in i8 values, f32 and f16
// accumulators; the PTX version follows (8.4, 8.7 for f16).
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @mma_fp8(%out: !llvm.ptr<1>, %x: f32) attributes {gpu.kernel} {
    %a = gpu.shared_base : !llvm.ptr<3>
    %q:16 = gpu.ldmatrix %a : !llvm.ptr<3> -> i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
    %d:4 = gpu.mma_sync m16n8k32 f32.e4m3.e5m2 [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7, %q#8, %q#9, %q#10, %q#11, %q#12, %q#13, %q#14, %q#15], [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7], [%x, %x, %x, %x]
    %h = llvm.fptrunc %d#0 : f32 to f16
    %e:4 = gpu.mma_sync m16n8k32 f16.e5m2.e5m2 [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7, %q#8, %q#9, %q#10, %q#11, %q#12, %q#13, %q#14, %q#15], [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7], [%h, %h, %h, %h]
    gpu.store %out, %e#0, %e#1, %e#2, %e#3 {space = global} : !llvm.ptr<1>, f16, f16, f16, f16
    llvm.return
  }
}
