// Every gpu dialect op (docs/LOWERING.md's table).
module attributes {"ttg.num-warps" = 8 : i32, ttg.shared = 4096 : i32} {
  llvm.func @ids_and_warps(%p: !llvm.ptr<1>, %w: i32) attributes {gpu.kernel} {
    %t = gpu.thread_id x : i32
    %b = gpu.block_id y : i32
    %g = gpu.grid_dim z : i32
    %n = gpu.block_dim x : i32
    %l = gpu.lane_id : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %s0 = gpu.shuffle xor %t, %c16, %c32 : i32
    %s1 = gpu.shuffle up %s0, %c1, %c32 : i32
    %s2 = gpu.shuffle down %s1, %c1, %c16 : i32
    %s3 = gpu.shuffle idx %s2, %l, %w : i32
    %f = llvm.bitcast %s3 : i32 to f32
    %fs = gpu.shuffle xor %f, %c1, %c32 : f32
    %h = llvm.bitcast %s3 : i32 to vector<2xf16>
    %hs = gpu.shuffle xor %h, %c1, %c32 : vector<2xf16>
    %hi = llvm.bitcast %hs : vector<2xf16> to i32
    %pred = llvm.icmp "slt" %b, %g : i32
    %m = gpu.ballot %pred : i32
    gpu.barrier
    %x0 = llvm.add %m, %n : i32
    %x1 = llvm.add %x0, %hi : i32
    %fi = llvm.bitcast %fs : f32 to i32
    %x2 = llvm.add %x1, %fi : i32
    gpu.store %p, %x2 : !llvm.ptr<1>, i32
    llvm.return
  }

  llvm.func @memory(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %m: i1) attributes {gpu.kernel} {
    %ninf = llvm.mlir.constant(0xFF800000 : f32) : f32
    %a:4 = gpu.load %p, %m, %ninf, %ninf, %ninf, %ninf {evict = evict_last} : !llvm.ptr<1> -> f32, f32, f32, f32
    %b:2 = gpu.load %q {cache = cg} : !llvm.ptr<1> -> i64, i64
    %f = llvm.mlir.constant(false) : i1
    %c = gpu.load %q, %f : !llvm.ptr<1> -> i32
    %d:2 = gpu.load %q, %m {volatile} : !llvm.ptr<1> -> vector<2xf16>, vector<2xf16>
    %e:4 = gpu.load %p, %m : !llvm.ptr<1> -> i8, i8, i8, i8
    %smem = gpu.shared_base : !llvm.ptr<3>
    gpu.store %smem, %m, %a#0, %a#1, %a#2, %a#3 : !llvm.ptr<3>, f32, f32, f32, f32
    gpu.store %q, %b#0, %b#1 {cache = cs} : !llvm.ptr<1>, i64, i64
    gpu.store %q, %m, %d#0, %d#1 {evict = evict_first} : !llvm.ptr<1>, vector<2xf16>, vector<2xf16>
    gpu.store %p, %m, %e#0, %e#1, %e#2, %e#3 : !llvm.ptr<1>, i8, i8, i8, i8
    gpu.store %p, %c : !llvm.ptr<1>, i32
    llvm.return
  }

  llvm.func @atomics(%p: !llvm.ptr<1>, %m: i1, %x: i32, %f: f32, %h: f16) attributes {gpu.kernel} {
    %0 = gpu.atomic_rmw add, relaxed, gpu, %p, %x, %m : !llvm.ptr<1>, i32 -> i32
    %1 = gpu.atomic_rmw fadd, acq_rel, gpu, %p, %f, %m : !llvm.ptr<1>, f32 -> f32
    %2 = gpu.atomic_rmw umin, acquire, cta, %p, %0 : !llvm.ptr<1>, i32 -> i32
    %3 = gpu.atomic_rmw exch, release, sys, %p, %2, %m : !llvm.ptr<1>, i32 -> i32
    %4 = gpu.atomic_rmw fadd, relaxed, gpu, %p, %h, %m : !llvm.ptr<1>, f16 -> f16
    %hh = llvm.bitcast %x : i32 to vector<2xf16>
    %5 = gpu.atomic_rmw fadd, relaxed, gpu, %p, %hh, %m : !llvm.ptr<1>, vector<2xf16> -> vector<2xf16>
    %6 = gpu.atomic_cas acq_rel, gpu, %p, %3, %x, %m : !llvm.ptr<1>, i32 -> i32
    %7 = gpu.atomic_rmw max, relaxed, gpu, %p, %6 : !llvm.ptr<1>, i32 -> i32
    %w = llvm.bitcast %5 : vector<2xf16> to i32
    %s = llvm.add %7, %w : i32
    gpu.store %p, %s : !llvm.ptr<1>, i32
    gpu.store %p, %1 : !llvm.ptr<1>, f32
    gpu.store %p, %4 : !llvm.ptr<1>, f16
    llvm.return
  }

  llvm.func @math(%p: !llvm.ptr<1>, %x: f32, %y: f32, %d: f64, %h: f16, %i: i32, %j: i64) attributes {gpu.kernel} {
    %0 = gpu.ex2_approx %x {ftz} : f32
    %1 = gpu.lg2_approx %0 : f32
    %2 = gpu.rsqrt_approx %1 {ftz} : f32
    %3 = gpu.rcp_approx %2 : f32
    %4 = gpu.sqrt_approx %3 : f32
    %5 = gpu.sin_approx %4 : f32
    %6 = gpu.cos_approx %5 : f32
    %7 = gpu.tanh_approx %6 : f32
    %8 = gpu.div_full %7, %y : f32
    %m = gpu.div_approx %8, %y {ftz} : f32
    %9 = gpu.min_xorsign_abs %m, %y : f32
    %10 = gpu.rcp_approx %d : f64
    %11 = gpu.ex2_approx %h : f16
    %t = gpu.tanh_approx %11 : f16
    %12 = gpu.min_xorsign_abs %t, %h {nan} : f16
    %13 = gpu.mulhi %i, %i {unsigned} : i32
    %14 = gpu.mulhi %j, %j : i64
    %c = llvm.mlir.constant(0x5410 : i32) : i32
    %15 = gpu.prmt %13, %i, %c : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c8 = llvm.mlir.constant(8 : i32) : i32
    %16 = gpu.bfe %15, %c4, %c8 : i32
    %17 = gpu.bfe %14, %c4, %c8 {unsigned} : i64
    gpu.store %p, %9 : !llvm.ptr<1>, f32
    gpu.store %p, %10 : !llvm.ptr<1>, f64
    gpu.store %p, %12 : !llvm.ptr<1>, f16
    gpu.store %p, %16 : !llvm.ptr<1>, i32
    gpu.store %p, %17 : !llvm.ptr<1>, i64
    llvm.return
  }

  llvm.func @conversions(%p: !llvm.ptr<1>, %x: f32, %y: f32, %d: f64, %h: f16) attributes {gpu.kernel} {
    %0 = gpu.cvt %x {rounding = rz} : f32 -> bf16
    %1 = gpu.cvt %x {rounding = rn, satfinite} : f32 -> f16
    %2 = gpu.cvt %d {rounding = rm} : f64 -> f32
    %3 = gpu.cvt %0 : bf16 -> f32
    %4 = gpu.cvt %x, %y {rounding = rn} : f32, f32 -> vector<2xbf16>
    %5 = gpu.cvt %x, %y {rounding = rn, satfinite} : f32, f32 -> vector<2xf8E4M3FN>
    %hh = llvm.bitcast %4 : vector<2xbf16> to vector<2xf16>
    %6 = gpu.cvt %hh {rounding = rn, satfinite} : vector<2xf16> -> vector<2xf8E5M2>
    %7 = gpu.cvt %5 {rounding = rn} : vector<2xf8E4M3FN> -> vector<2xf16>
    %w = llvm.bitcast %h : f16 to i16
    %8 = gpu.cvt %w {rounding = rn, fp8 = e5m2} : i16 -> vector<2xf16>
    %9 = gpu.cvt %x, %y {rounding = rn, satfinite, fp8 = e4m3} : f32, f32 -> i16
    gpu.store %p, %0 : !llvm.ptr<1>, bf16
    gpu.store %p, %1 : !llvm.ptr<1>, f16
    gpu.store %p, %2 : !llvm.ptr<1>, f32
    gpu.store %p, %3 : !llvm.ptr<1>, f32
    gpu.store %p, %6 : !llvm.ptr<1>, vector<2xf8E5M2>
    gpu.store %p, %7 : !llvm.ptr<1>, vector<2xf16>
    gpu.store %p, %8 : !llvm.ptr<1>, vector<2xf16>
    gpu.store %p, %9 : !llvm.ptr<1>, i16
    llvm.return
  }
}
