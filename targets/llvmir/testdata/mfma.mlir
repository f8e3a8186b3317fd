// RUN-TARGETS: gfx942
// MFMA in every form gfx942 has, the scheduling hints and the wave-group
// barrier of block ping-pong, and the raw buffer loads and stores.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  llvm.func @mfma(%out: !llvm.ptr<1>, %h: f16, %b: bf16, %f: f32, %q: i8, %c: f32, %i: i32, %p: i1) attributes {gpu.kernel} {
    %0:16 = gpu.mfma m32n32k8 f32.f16.f16 [%h, %h, %h, %h], [%h, %h, %h, %h], [%c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c]
    %1:4 = gpu.mfma m16n16k16 f32.f16.f16 [%h, %h, %h, %h], [%h, %h, %h, %h], [%c, %c, %c, %c]
    %2:16 = gpu.mfma m32n32k8 f32.bf16.bf16 [%b, %b, %b, %b], [%b, %b, %b, %b], [%c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c]
    %3:4 = gpu.mfma m16n16k16 f32.bf16.bf16 [%b, %b, %b, %b], [%b, %b, %b, %b], [%c, %c, %c, %c]
    %4:16 = gpu.mfma m32n32k2 f32.f32.f32 [%f], [%f], [%c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c, %c]
    %5:4 = gpu.mfma m16n16k8 f32.xf32.xf32 [%f, %f], [%f, %f], [%c, %c, %c, %c]
    %6:16 = gpu.mfma m32n32k16 i32.i8.i8 [%q, %q, %q, %q, %q, %q, %q, %q], [%q, %q, %q, %q, %q, %q, %q, %q], [%i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i]
    %7:4 = gpu.mfma m16n16k32 f32.fp8.bf8 [%q, %q, %q, %q, %q, %q, %q, %q], [%q, %q, %q, %q, %q, %q, %q, %q], [%c, %c, %c, %c]
    gpu.sched_barrier {mask = 0}
    gpu.sched_group_barrier {mask = 8, size = 1, group = 0}
    gpu.set_priority {priority = 1}
    gpu.cond_barrier %p
    %s = llvm.fadd %0#15, %1#3 : f32
    %s2 = llvm.fadd %s, %2#0 : f32
    %s3 = llvm.fadd %s2, %3#1 : f32
    %s4 = llvm.fadd %s3, %4#2 : f32
    %s5 = llvm.fadd %s4, %5#3 : f32
    %s6 = llvm.fadd %s5, %7#0 : f32
    llvm.store %s6, %out : f32, !llvm.ptr<1>
    %o = llvm.getelementptr %out[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
    llvm.store %6#5, %o : i32, !llvm.ptr<1>
    %bl:4 = gpu.buffer_load %out[%i], %p : !llvm.ptr<1> -> f32, f32, f32, f32
    %bh = gpu.buffer_load %out[%i], %p, %h : !llvm.ptr<1> -> f16
    %bq:2 = gpu.buffer_load %out[%i], %p, %q, %q : !llvm.ptr<1> -> i8, i8
    gpu.buffer_store %out[%i], %p, %bl#0, %bl#3 : !llvm.ptr<1>, f32, f32
    gpu.buffer_store %out[%i], %p, %bh : !llvm.ptr<1>, f16
    gpu.buffer_store %out[%i], %p, %bq#1 : !llvm.ptr<1>, i8
    llvm.return
  }
}
