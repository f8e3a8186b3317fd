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
    %2 = gpu.fsub %1, %arg1 {rounding = rm} : f64
    %3 = gpu.fdiv %2, %arg1 {rounding = rp} : f64
    %4 = gpu.frcp %3 {rounding = rn} : f64
    %5 = gpu.fsqrt %4 {rounding = rz} : f64
    llvm.return %5 : f64
  }
  llvm.func @h(%arg0: f32, %arg1: f32) -> f32 {
    %0 = gpu.fsub %arg0, %arg1 {rounding = rn, ftz} : f32
    %1 = gpu.fdiv %0, %arg1 {rounding = rz} : f32
    %2 = gpu.frcp %1 {rounding = rm, ftz} : f32
    %3 = gpu.fsqrt %2 {rounding = rp} : f32
    llvm.return %3 : f32
  }
}
