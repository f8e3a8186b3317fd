// RUN-TARGETS: sm_90 gfx942
// Atomics of every kind, scope and semantic, predicated or not.
module {
  llvm.func @atomics(%g: !llvm.ptr<1>, %s: !llvm.ptr<3>, %p: i1, %i: i32, %l: i64, %x: f32, %d: f64) attributes {gpu.kernel} {
    %0 = gpu.atomic_rmw and, relaxed, gpu, %g, %i, %p : !llvm.ptr<1>, i32 -> i32
    %1 = gpu.atomic_rmw or, acquire, cta, %s, %i : !llvm.ptr<3>, i32 -> i32
    %2 = gpu.atomic_rmw xor, release, sys, %g, %l : !llvm.ptr<1>, i64 -> i64
    %3 = gpu.atomic_rmw add, acq_rel, gpu, %g, %i, %p : !llvm.ptr<1>, i32 -> i32
    %4 = gpu.atomic_rmw fadd, acq_rel, gpu, %g, %x, %p : !llvm.ptr<1>, f32 -> f32
    %5 = gpu.atomic_rmw fadd, relaxed, gpu, %g, %d : !llvm.ptr<1>, f64 -> f64
    %6 = gpu.atomic_rmw max, acq_rel, gpu, %g, %i : !llvm.ptr<1>, i32 -> i32
    %7 = gpu.atomic_rmw min, acq_rel, cta, %s, %l : !llvm.ptr<3>, i64 -> i64
    %8 = gpu.atomic_rmw umax, relaxed, gpu, %g, %i : !llvm.ptr<1>, i32 -> i32
    %9 = gpu.atomic_rmw umin, relaxed, gpu, %g, %i, %p : !llvm.ptr<1>, i32 -> i32
    %10 = gpu.atomic_rmw exch, acq_rel, gpu, %g, %x, %p : !llvm.ptr<1>, f32 -> f32
    %11 = gpu.atomic_cas acq_rel, gpu, %g, %i, %0, %p : !llvm.ptr<1>, i32 -> i32
    %12 = gpu.atomic_cas relaxed, cta, %s, %x, %4 : !llvm.ptr<3>, f32 -> f32
    %13 = gpu.atomic_cas acquire, sys, %g, %l, %2 : !llvm.ptr<1>, i64 -> i64
    %a = llvm.add %1, %3 : i32
    %b = llvm.add %a, %6 : i32
    %c = llvm.add %b, %8 : i32
    %e = llvm.add %c, %9 : i32
    %f = llvm.add %e, %11 : i32
    %fs = llvm.fadd %10, %12 : f32
    %ls = llvm.add %7, %13 : i64
    gpu.store %g, %f : !llvm.ptr<1>, i32
    gpu.store %g, %fs : !llvm.ptr<1>, f32
    gpu.store %g, %ls : !llvm.ptr<1>, i64
    gpu.store %g, %5 : !llvm.ptr<1>, f64
    llvm.return
  }
}
