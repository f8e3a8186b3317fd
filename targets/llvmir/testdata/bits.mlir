// RUN-TARGETS: sm_90 gfx942
// The bit scans and the sum of absolute differences: llvm.ctlz for clz on
// both targets; bfind as PTX inline assembly on NVPTX, ctlz arithmetic on
// AMDGCN; sad as NVVM's intrinsics, or integer arithmetic on AMDGCN.
module {
  llvm.func @bits(%g: !llvm.ptr<1>, %a: i32, %b: i64, %c: i32) attributes {gpu.kernel} {
    %0 = gpu.clz %a : i32
    %1 = gpu.clz %b : i64
    %r = llvm.intr.bitreverse(%a) : (i32) -> i32
    %2 = gpu.bfind %r {unsigned, shiftamt} : i32
    %3 = gpu.bfind %b : i64
    %4 = gpu.bfind %c {shiftamt} : i32
    %5 = gpu.bfind %b {unsigned} : i64
    %6 = gpu.sad %0, %1, %2 : i32
    %7 = gpu.sad %6, %3, %4 {unsigned} : i32
    %8 = llvm.add %7, %5 : i32
    gpu.store %g, %8 : !llvm.ptr<1>, i32
    llvm.return
  }
}
