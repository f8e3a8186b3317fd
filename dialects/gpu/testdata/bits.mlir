module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @f(%arg0: i32, %arg1: i64, %arg2: i32) -> i32 {
    %0 = gpu.clz %arg0 : i32
    %1 = gpu.clz %arg1 : i64
    %2 = gpu.bfind %arg0 {unsigned, shiftamt} : i32
    %3 = gpu.bfind %arg1 : i64
    %4 = gpu.bfind %arg0 {shiftamt} : i32
    %5 = gpu.sad %0, %1, %2 : i32
    %6 = gpu.sad %5, %3, %4 {unsigned} : i32
    llvm.return %6 : i32
  }
}
