// ARCH: sm_90
// wgmma (sm_90a is selected): a software-pipelined loop whose
// accumulators stay in one set of registers from the loop's block
// arguments through both wgmma of an iteration, the wait that leaves one
// group in flight, and the back edge (no mov touches them); the zero
// initialization is moved in on the entry edge. Descriptors are built
// from the shared addresses.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @wgmma_loop(%out: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %stage = llvm.mlir.constant(8192 : i32) : i32
    %zero = llvm.mlir.constant(0.000000e+00 : f32) : f32
    %true = llvm.mlir.constant(true) : i1
    %smem = gpu.shared_base : !llvm.ptr<3>
    llvm.br ^header(%c0, %zero, %zero, %zero, %zero, %zero, %zero, %zero, %zero : i32, f32, f32, f32, f32, f32, f32, f32, f32)
  ^header(%i: i32, %acc0: f32, %acc1: f32, %acc2: f32, %acc3: f32, %acc4: f32, %acc5: f32, %acc6: f32, %acc7: f32):
    %more = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %more, ^body, ^exit
  ^body:
    %off = llvm.mul %i, %stage : i32
    %pa = llvm.getelementptr %smem[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    %pb = llvm.getelementptr %pa[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %pa2 = llvm.getelementptr %pa[32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %pb2 = llvm.getelementptr %pb[32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %da = gpu.wgmma_desc %pa {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    %db = gpu.wgmma_desc %pb {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    %da2 = gpu.wgmma_desc %pa2 {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    %db2 = gpu.wgmma_desc %pb2 {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    gpu.wgmma_fence
    %d:8 = gpu.wgmma m64n16k16 f32.f16.f16 %da, %db, %true, [%acc0, %acc1, %acc2, %acc3, %acc4, %acc5, %acc6, %acc7]
    %e:8 = gpu.wgmma m64n16k16 f32.f16.f16 %da2, %db2, %true, [%d#0, %d#1, %d#2, %d#3, %d#4, %d#5, %d#6, %d#7]
    gpu.wgmma_commit
    %w:8 = gpu.wgmma_wait 1, %e#0, %e#1, %e#2, %e#3, %e#4, %e#5, %e#6, %e#7 : f32, f32, f32, f32, f32, f32, f32, f32
    %i1 = llvm.add %i, %c1 : i32
    llvm.br ^header(%i1, %w#0, %w#1, %w#2, %w#3, %w#4, %w#5, %w#6, %w#7 : i32, f32, f32, f32, f32, f32, f32, f32, f32)
  ^exit:
    %r:8 = gpu.wgmma_wait 0, %acc0, %acc1, %acc2, %acc3, %acc4, %acc5, %acc6, %acc7 : f32, f32, f32, f32, f32, f32, f32, f32
    gpu.store %out, %r#0, %r#1, %r#2, %r#3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    %o4 = llvm.getelementptr %out[4] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
    gpu.store %o4, %r#4, %r#5, %r#6, %r#7 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    llvm.return
  }

  // The other forms: A in registers with f16 accumulators (packed i32),
  // bf16 with negation, tf32, fp8 and s8 (satfinite), D = A*B without C,
  // and a C that stays live after the wgmma, which is copied into D's
  // registers before a fence of the emitter's own.
  llvm.func @wgmma_forms(%out: !llvm.ptr<1>, %x: f32, %h: i32) attributes {gpu.kernel} {
    %smem = gpu.shared_base : !llvm.ptr<3>
    %false = llvm.mlir.constant(false) : i1
    %true = llvm.mlir.constant(true) : i1
    %da = gpu.wgmma_desc %smem {swizzle = 64, lbo = 16, sbo = 512} : !llvm.ptr<3> -> i64
    %db = gpu.wgmma_desc %smem {swizzle = 0, lbo = 128, sbo = 256} : !llvm.ptr<3> -> i64
    gpu.wgmma_fence
    %f:2 = gpu.wgmma m64n8k16 f16.f16.f16 [%h, %h, %h, %h], %db, %false {trans_b}
    %g:2 = gpu.wgmma m64n8k16 f16.f16.f16 [%h, %h, %h, %h], %db, %true, [%f#0, %f#1]
    %b:4 = gpu.wgmma m64n8k16 f32.bf16.bf16 %da, %db, %true, [%x, %x, %x, %x] {trans_a, neg_b}
    %t:4 = gpu.wgmma m64n8k8 f32.tf32.tf32 %da, %db, %true, [%b#0, %b#1, %b#2, %b#3]
    %q:4 = gpu.wgmma m64n8k32 f32.e4m3.e5m2 %da, %db, %true, [%t#0, %t#1, %t#2, %t#3] {neg_a}
    %s:4 = gpu.wgmma m64n8k32 s32.s8.u8 %da, %db, %false {satfinite}
    gpu.wgmma_commit
    %wg:2 = gpu.wgmma_wait 0, %g#0, %g#1 : i32, i32
    %wq:4 = gpu.wgmma_wait 0, %q#0, %q#1, %q#2, %q#3 : f32, f32, f32, f32
    %ws:4 = gpu.wgmma_wait 0, %s#0, %s#1, %s#2, %s#3 : i32, i32, i32, i32
    %sum = llvm.fadd %wq#0, %x : f32
    gpu.store %out, %sum, %wq#1, %wq#2, %wq#3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    %o4 = llvm.getelementptr %out[4] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
    gpu.store %o4, %ws#0, %ws#1, %ws#2, %ws#3 {space = global} : !llvm.ptr<1>, i32, i32, i32, i32
    %o8 = llvm.getelementptr %out[8] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
    gpu.store %o8, %wg#0, %wg#1 {space = global} : !llvm.ptr<1>, i32, i32
    llvm.return
  }
}
