target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bits(i8 addrspace(1)* %arg0, i32 %arg1, i64 %arg2, i32 %arg3) {
bb0:
	%0 = call i32 @llvm.ctlz.i32(i32 %arg1, i1 false)
	%1 = call i64 @llvm.ctlz.i64(i64 %arg2, i1 false)
	%2 = trunc i64 %1 to i32
	%3 = call i32 @llvm.bitreverse.i32(i32 %arg1)
	%4 = call i32 asm "bfind.shiftamt.u32 $0, $1;", "=r,r"(i32 %3)
	%5 = call i32 asm "bfind.s64 $0, $1;", "=r,l"(i64 %arg2)
	%6 = call i32 asm "bfind.shiftamt.s32 $0, $1;", "=r,r"(i32 %arg3)
	%7 = call i32 asm "bfind.u64 $0, $1;", "=r,l"(i64 %arg2)
	%8 = call i32 @llvm.nvvm.sad.i(i32 %0, i32 %2, i32 %4)
	%9 = call i32 @llvm.nvvm.sad.ui(i32 %8, i32 %5, i32 %6)
	%10 = add i32 %9, %7
	%11 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %10, i32 addrspace(1)* %11, align 4
	ret void
}

declare i32 @llvm.ctlz.i32(i32 %0, i1 %1)

declare i64 @llvm.ctlz.i64(i64 %0, i1 %1)

declare i32 @llvm.bitreverse.i32(i32 %0)

declare i32 @llvm.nvvm.sad.i(i32 %0, i32 %1, i32 %2)

declare i32 @llvm.nvvm.sad.ui(i32 %0, i32 %1, i32 %2)

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, i32, i64, i32)* @bits, !"kernel", i32 1}
