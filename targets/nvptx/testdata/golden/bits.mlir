// The bit scans and the sum of absolute differences (dialects/gpu/bits.go):
// clz of both widths, bfind signed and unsigned, with and without
// .shiftamt, sad signed and unsigned with a constant operand, and
// bitreverse (brev), which libdevice's __nv_ffs feeds to bfind.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @bits(%p: !llvm.ptr<1>, %a: i32, %b: i64, %c: i32) attributes {gpu.kernel} {
    %0 = gpu.clz %a : i32
    %1 = gpu.clz %b : i64
    %r = llvm.intr.bitreverse(%a) : (i32) -> i32
    %2 = gpu.bfind %r {unsigned, shiftamt} : i32
    %3 = gpu.bfind %b : i64
    %4 = gpu.bfind %c {shiftamt} : i32
    %5 = gpu.bfind %b {unsigned} : i64
    %6 = gpu.sad %0, %1, %2 : i32
    %seven = llvm.mlir.constant(7 : i32) : i32
    %7 = gpu.sad %6, %3, %seven {unsigned} : i32
    %8 = llvm.add %7, %4 : i32
    %9 = llvm.add %8, %5 : i32
    gpu.store %p, %9 : !llvm.ptr<1>, i32
    llvm.return
  }
}
