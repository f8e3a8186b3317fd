// RUN-TARGETS: sm_90
// gpu.cvt between integers and floats, and f64 -> f32 in the directed
// roundings: the NVVM intrinsic of each form (llvm.nvvm.f2ui.rm.ftz, ...).
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @to_int(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %x: f32, %d: f64) attributes {gpu.kernel} {
    %0 = gpu.cvt %x {rounding = rn} : f32 -> i32
    %1 = gpu.cvt %x {rounding = rz, ftz} : f32 -> i32
    %2 = gpu.cvt %x {rounding = rm, ftz, unsigned} : f32 -> i32
    %3 = gpu.cvt %x {rounding = rp, unsigned} : f32 -> i32
    %4 = gpu.cvt %d {rounding = rn} : f64 -> i32
    %5 = gpu.cvt %d {rounding = rm, unsigned} : f64 -> i32
    gpu.store %p, %0 : !llvm.ptr<1>, i32
    gpu.store %p, %1 : !llvm.ptr<1>, i32
    gpu.store %p, %2 : !llvm.ptr<1>, i32
    gpu.store %p, %3 : !llvm.ptr<1>, i32
    gpu.store %p, %4 : !llvm.ptr<1>, i32
    gpu.store %p, %5 : !llvm.ptr<1>, i32
    %6 = gpu.cvt %x {rounding = rp, ftz} : f32 -> i64
    %7 = gpu.cvt %x {rounding = rz, unsigned} : f32 -> i64
    %8 = gpu.cvt %d {rounding = rp} : f64 -> i64
    %9 = gpu.cvt %d {rounding = rz, unsigned} : f64 -> i64
    gpu.store %q, %6 : !llvm.ptr<1>, i64
    gpu.store %q, %7 : !llvm.ptr<1>, i64
    gpu.store %q, %8 : !llvm.ptr<1>, i64
    gpu.store %q, %9 : !llvm.ptr<1>, i64
    llvm.return
  }
  llvm.func @to_float(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %i: i32, %l: i64) attributes {gpu.kernel} {
    %0 = gpu.cvt %i {rounding = rn} : i32 -> f32
    %1 = gpu.cvt %i {rounding = rz, unsigned} : i32 -> f32
    %2 = gpu.cvt %l {rounding = rm} : i64 -> f32
    %3 = gpu.cvt %l {rounding = rp, unsigned} : i64 -> f32
    gpu.store %p, %0 : !llvm.ptr<1>, f32
    gpu.store %p, %1 : !llvm.ptr<1>, f32
    gpu.store %p, %2 : !llvm.ptr<1>, f32
    gpu.store %p, %3 : !llvm.ptr<1>, f32
    %4 = gpu.cvt %i {rounding = rn, unsigned} : i32 -> f64
    %5 = gpu.cvt %l {rounding = rz} : i64 -> f64
    %6 = gpu.cvt %l {rounding = rm, unsigned} : i64 -> f64
    gpu.store %q, %4 : !llvm.ptr<1>, f64
    gpu.store %q, %5 : !llvm.ptr<1>, f64
    gpu.store %q, %6 : !llvm.ptr<1>, f64
    llvm.return
  }
  llvm.func @narrow(%p: !llvm.ptr<1>, %d: f64) attributes {gpu.kernel} {
    %0 = gpu.cvt %d {rounding = rn, ftz} : f64 -> f32
    %1 = gpu.cvt %d {rounding = rm} : f64 -> f32
    %2 = gpu.cvt %d {rounding = rp, ftz} : f64 -> f32
    gpu.store %p, %0 : !llvm.ptr<1>, f32
    gpu.store %p, %1 : !llvm.ptr<1>, f32
    gpu.store %p, %2 : !llvm.ptr<1>, f32
    llvm.return
  }
}
