// RUN-TARGETS: gfx942
// gpu.cvt between integers and floats on AMDGCN: float -> integer as
// fptosi.sat / fptoui.sat of the value rounded to an integral float (ftz
// flushing an f32 subnormal first); integer -> float by sitofp / uitofp
// (to nearest, and exact for i32 -> f64), i32 -> f32 in the directed
// roundings through the exact f64, i64 in the directed roundings by
// stepping the nearest value where it lies on the wrong side.
module {
  llvm.func @to_int(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %x: f32, %d: f64) attributes {gpu.kernel} {
    %0 = gpu.cvt %x {rounding = rn} : f32 -> i32
    %1 = gpu.cvt %x {rounding = rm, ftz, unsigned} : f32 -> i32
    %2 = gpu.cvt %d {rounding = rz} : f64 -> i64
    %3 = gpu.cvt %d {rounding = rp, unsigned} : f64 -> i64
    gpu.store %p, %0 : !llvm.ptr<1>, i32
    gpu.store %p, %1 : !llvm.ptr<1>, i32
    gpu.store %q, %2 : !llvm.ptr<1>, i64
    gpu.store %q, %3 : !llvm.ptr<1>, i64
    llvm.return
  }
  llvm.func @to_float(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %i: i32, %l: i64) attributes {gpu.kernel} {
    %0 = gpu.cvt %i {rounding = rn} : i32 -> f32
    %1 = gpu.cvt %i {rounding = rm, unsigned} : i32 -> f32
    %2 = gpu.cvt %l {rounding = rn, unsigned} : i64 -> f32
    gpu.store %p, %0 : !llvm.ptr<1>, f32
    gpu.store %p, %1 : !llvm.ptr<1>, f32
    gpu.store %p, %2 : !llvm.ptr<1>, f32
    %3 = gpu.cvt %i {rounding = rp} : i32 -> f64
    %4 = gpu.cvt %l {rounding = rn} : i64 -> f64
    %5 = gpu.cvt %l {rounding = rz} : i64 -> f64
    %6 = gpu.cvt %l {rounding = rp, unsigned} : i64 -> f32
    gpu.store %q, %3 : !llvm.ptr<1>, f64
    gpu.store %q, %4 : !llvm.ptr<1>, f64
    gpu.store %q, %5 : !llvm.ptr<1>, f64
    gpu.store %p, %6 : !llvm.ptr<1>, f32
    llvm.return
  }
}
