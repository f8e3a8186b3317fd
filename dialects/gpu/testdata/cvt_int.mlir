module {
  llvm.func @f(%arg0: f32, %arg1: f64, %arg2: i32, %arg3: i64) -> f32 {
    %0 = gpu.cvt %arg0 {rounding = rm, ftz} : f32 -> i32
    %1 = gpu.cvt %arg0 {rounding = rn, ftz, unsigned} : f32 -> i64
    %2 = gpu.cvt %arg1 {rounding = rz, unsigned} : f64 -> i32
    %3 = gpu.cvt %arg1 {rounding = rp} : f64 -> i64
    %4 = gpu.cvt %arg2 {rounding = rz} : i32 -> f32
    %5 = gpu.cvt %arg2 {rounding = rn, unsigned} : i32 -> f64
    %6 = gpu.cvt %arg3 {rounding = rp, unsigned} : i64 -> f32
    %7 = gpu.cvt %arg3 {rounding = rm, my.tag} : i64 -> f64
    %8 = gpu.cvt %arg1 {rounding = rp, ftz} : f64 -> f32
    llvm.return %4 : f32
  }
}
