// ARCH: sm_80
// ARCH: sm_90
// Warp MMA on elements: ldmatrix fragments of A (x4) and B (x2, trans)
// feed mma.sync; 16-bit elements are packed in pairs, 8-bit ones in
// quads; f16 accumulators are packed and unpacked.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @mma_f16(%out: !llvm.ptr<1>, %off: i32) attributes {gpu.kernel} {
    %a = gpu.shared_base : !llvm.ptr<3>
    %b = llvm.getelementptr %a[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %zero = llvm.mlir.constant(0.000000e+00 : f32) : f32
    %x:8 = gpu.ldmatrix %a : !llvm.ptr<3> -> f16, f16, f16, f16, f16, f16, f16, f16
    %y:4 = gpu.ldmatrix %b {trans} : !llvm.ptr<3> -> f16, f16, f16, f16
    %d:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [%x#0, %x#1, %x#2, %x#3, %x#4, %x#5, %x#6, %x#7], [%y#0, %y#1, %y#2, %y#3], [%zero, %zero, %zero, %zero]
    %e:4 = gpu.mma_sync m16n8k16 f16.f16.f16 [%x#0, %x#1, %x#2, %x#3, %x#4, %x#5, %x#6, %x#7], [%y#0, %y#1, %y#2, %y#3], [%x#0, %x#1, %x#2, %x#3]
    %f = llvm.fpext %e#3 : f16 to f32
    %s = llvm.fadd %d#0, %f : f32
    gpu.store %out, %s, %d#1, %d#2, %d#3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    llvm.return
  }

  llvm.func @mma_bf16_tf32(%out: !llvm.ptr<1>, %x: f32, %h: bf16) attributes {gpu.kernel} {
    %a = gpu.shared_base : !llvm.ptr<3>
    %t:4 = gpu.ldmatrix %a : !llvm.ptr<3> -> f32, f32, f32, f32
    %d:4 = gpu.mma_sync m16n8k8 f32.tf32.tf32 [%t#0, %t#1, %t#2, %t#3], [%x, %t#1], [%x, %x, %x, %x]
    %e:4 = gpu.mma_sync m16n8k16 f32.bf16.bf16 [%h, %h, %h, %h, %h, %h, %h, %h], [%h, %h, %h, %h], [%d#0, %d#1, %d#2, %d#3]
    %f0 = llvm.mlir.constant(1.000000e+00 : f16) : f16
    %g:4 = gpu.mma_sync m16n8k8 f32.f16.f16 [%f0, %f0, %f0, %f0], [%f0, %f0], [%e#0, %e#1, %e#2, %e#3]
    gpu.store %out, %g#0, %g#1, %g#2, %g#3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    llvm.return
  }

  llvm.func @mma_int8(%out: !llvm.ptr<1>, %c: i32) attributes {gpu.kernel} {
    %a = gpu.shared_base : !llvm.ptr<3>
    %q:16 = gpu.ldmatrix %a : !llvm.ptr<3> -> i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
    %d:4 = gpu.mma_sync m16n8k32 s32.s8.u8 [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7, %q#8, %q#9, %q#10, %q#11, %q#12, %q#13, %q#14, %q#15], [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7], [%c, %c, %c, %c] {satfinite}
    %e:4 = gpu.mma_sync m16n8k16 s32.s8.s8 [%q#0, %q#1, %q#2, %q#3, %q#4, %q#5, %q#6, %q#7], [%q#8, %q#9, %q#10, %q#11], [%d#0, %d#1, %d#2, %d#3]
    gpu.store %out, %e#0, %e#1, %e#2, %e#3 {space = global} : !llvm.ptr<1>, i32, i32, i32, i32
    llvm.return
  }
}
