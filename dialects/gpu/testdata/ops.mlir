module {
  llvm.func @all_ops(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<3>, %arg2: i1, %arg3: f32, %arg4: i32, %arg5: vector<2xf16>, %arg6: i64) attributes {gpu.kernel} {
    %0 = gpu.thread_id x : i32
    %1 = gpu.block_id y : i32
    %2 = gpu.grid_dim z : i32
    %3 = gpu.block_dim x : i32
    %4 = gpu.lane_id : i32
    %5 = gpu.shared_base : !llvm.ptr<3>
    gpu.barrier
    %6 = gpu.shuffle xor %arg3, %4, %0 : f32
    %7 = gpu.shuffle up %arg4, %4, %0 : i32
    %8 = gpu.shuffle down %arg5, %4, %0 : vector<2xf16>
    %9 = gpu.shuffle idx %arg3, %4, %0 : f32
    %10 = gpu.ballot %arg2 : i32
    %11:4 = gpu.load %arg0, %arg2, %arg3, %arg3, %arg3, %arg3 {space = global, cache = cg, evict = evict_last} : !llvm.ptr<1> -> f32, f32, f32, f32
    %12 = gpu.load %arg1 {space = shared} : !llvm.ptr<3> -> i32
    %13:2 = gpu.load %arg0, %arg2 {space = global, volatile, tt.note = 1 : i32} : !llvm.ptr<1> -> vector<2xf16>, vector<2xf16>
    gpu.store %arg1, %arg2, %arg3, %arg3 {space = shared} : !llvm.ptr<3>, f32, f32
    gpu.store %arg0, %arg4 {space = global, cache = wt} : !llvm.ptr<1>, i32
    gpu.store %arg0, %arg2, %arg6 {space = global} : !llvm.ptr<1>, i64
    %14 = gpu.atomic_rmw fadd, acq_rel, gpu, %arg0, %arg3, %arg2 : !llvm.ptr<1>, f32 -> f32
    %15 = gpu.atomic_rmw max, relaxed, cta, %arg1, %arg4 : !llvm.ptr<3>, i32 -> i32
    %16 = gpu.atomic_rmw fadd, release, sys, %arg0, %arg5 : !llvm.ptr<1>, vector<2xf16> -> vector<2xf16>
    %17 = gpu.atomic_cas acquire, gpu, %arg0, %arg4, %7, %arg2 : !llvm.ptr<1>, i32 -> i32
    %18 = gpu.ex2_approx %arg3 : f32
    %19 = gpu.lg2_approx %arg3 {ftz} : f32
    %20 = gpu.rsqrt_approx %arg3 : f32
    %21 = gpu.rcp_approx %arg3 : f32
    %22 = gpu.sqrt_approx %arg3 : f32
    %23 = gpu.sin_approx %arg3 : f32
    %24 = gpu.cos_approx %arg3 : f32
    %25 = gpu.tanh_approx %arg3 : f32
    %26 = gpu.div_full %arg3, %18 : f32
    %27 = gpu.div_approx %arg3, %18 {ftz} : f32
    %28 = gpu.cvt %arg3 {rounding = rn} : f32 -> bf16
    %29 = gpu.cvt %arg3, %18 {rounding = rz, relu} : f32, f32 -> vector<2xf16>
    %30 = gpu.cvt %arg3, %18 {rounding = rn, satfinite} : f32, f32 -> vector<2xf8E4M3FN>
    %31 = gpu.cvt %30 {rounding = rn} : vector<2xf8E4M3FN> -> vector<2xf16>
    %32 = gpu.cvt %arg5 {rounding = rn, satfinite} : vector<2xf16> -> vector<2xf8E5M2>
    %33 = gpu.cvt %28 : bf16 -> f32
    %34 = gpu.mulhi %arg4, %7 {unsigned} : i32
    %35 = gpu.mulhi %arg6, %arg6 : i64
    %36 = gpu.prmt %arg4, %7, %0 : i32
    %37 = gpu.bfe %arg4, %0, %4 {unsigned} : i32
    %38 = gpu.bfe %arg6, %0, %4 : i64
    %39 = gpu.min_xorsign_abs %arg3, %18 : f32
    %40 = gpu.min_xorsign_abs %arg3, %39 {nan} : f32
    %41 = gpu.table_load %arg4 {table = array<i64: 1, -2, 9223372036854775807>} : i32 -> i64
    %42 = gpu.table_load %arg6 {table = array<i32: 7>, tt.note = 1 : i32} : i64 -> i32
    gpu.printf "hello\0A"
    gpu.printf "pid %d x %f p %p\0A", %1, %arg3, %arg0 : i32, f32, !llvm.ptr<1>
    gpu.assert %arg2, "x > 0", "kernel.py", 12 {function = "kernel"}
    llvm.return
  }
}
