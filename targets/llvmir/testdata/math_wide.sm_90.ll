target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @math_wide(i8 addrspace(1)* %arg0, half %arg1, i16 %arg2, double %arg3) {
bb0:
	%0 = bitcast half %arg1 to i16
	%1 = call i16 asm "ex2.approx.f16 $0, $1;", "=h,h"(i16 %0)
	%2 = bitcast i16 %1 to half
	%3 = bitcast half %2 to i16
	%4 = call i16 asm "tanh.approx.f16 $0, $1;", "=h,h"(i16 %3)
	%5 = bitcast i16 %4 to half
	%6 = call i16 asm "ex2.approx.ftz.bf16 $0, $1;", "=h,h"(i16 %arg2)
	%7 = call i16 asm "tanh.approx.bf16 $0, $1;", "=h,h"(i16 %6)
	%8 = call double @llvm.nvvm.rcp.approx.ftz.d(double %arg3)
	%9 = call double @llvm.nvvm.rsqrt.approx.d(double %8)
	%10 = call double asm "rsqrt.approx.ftz.f64 $0, $1;", "=d,d"(double %9)
	%11 = bitcast half %5 to i16
	%12 = bitcast half %5 to i16
	%13 = insertelement <2 x i16> undef, i16 %11, i32 0
	%14 = insertelement <2 x i16> %13, i16 %12, i32 1
	%15 = bitcast i8 addrspace(1)* %arg0 to <2 x i16> addrspace(1)*
	store <2 x i16> %14, <2 x i16> addrspace(1)* %15, align 4
	%16 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %7, i16 addrspace(1)* %16, align 2
	%17 = bitcast double %10 to i64
	%18 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %17, i64 addrspace(1)* %18, align 8
	ret void
}

declare double @llvm.nvvm.rcp.approx.ftz.d(double %0)

declare double @llvm.nvvm.rsqrt.approx.d(double %0)

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, half, i16, double)* @math_wide, !"kernel", i32 1}
