// ARCH: sm_89
// ARCH: sm_90
// fp8 mma.sync (sm_89+, PTX 8.4): e4m3/e5m2 bytes in i8 values, f32
// accumulators.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @mma_fp8(%out: !llvm.ptr<1>, %x: f32) attributes {gpu.kernel} {
    %a = gpu.shared_base : !llvm.ptr<3>
    %q:16 = gpu.ldmatrix %a : !llvm.ptr<3> -> i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
    %d:4 = gpu.mma_sync m16n8k32 f32.e4m3.e5m2 [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7, %q#8, %q#9, %q#10, %q#11, %q#12, %q#13, %q#14, %q#15], [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7], [%x, %x, %x, %x]
    %e:4 = gpu.mma_sync m16n8k32 f32.e5m2.e4m3 [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7, %q#8, %q#9, %q#10, %q#11, %q#12, %q#13, %q#14, %q#15], [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7], [%d#0, %d#1, %d#2, %d#3]
    gpu.store %out, %e#0, %e#1, %e#2, %e#3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    llvm.return
  }
}
