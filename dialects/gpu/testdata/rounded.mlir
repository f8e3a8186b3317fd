module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @f(%arg0: f32, %arg1: f32, %arg2: f32) -> f32 {
    %0 = gpu.fadd %arg0, %arg1 {rounding = rz, ftz} : f32
    %1 = gpu.fmul %0, %arg1 {rounding = rn} : f32
    %2 = gpu.fma %1, %arg1, %arg2 {rounding = rm, ftz} : f32
    %3 = gpu.saturate %2 {ftz} : f32
    %4 = gpu.saturate %3 : f32
    llvm.return %4 : f32
  }
  llvm.func @g(%arg0: f64, %arg1: f64) -> f64 {
    %0 = gpu.fadd %arg0, %arg1 {rounding = rn} : f64
    %1 = gpu.fma %0, %arg1, %arg0 {rounding = rz} : f64
    llvm.return %1 : f64
  }
}
