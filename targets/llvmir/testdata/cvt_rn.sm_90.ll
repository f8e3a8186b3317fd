target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @cvt_rn(i8 addrspace(1)* %arg0, float %arg1, float %arg2) {
bb0:
	%0 = call i16 asm "cvt.rn.bf16.f32 $0, $1;", "=h,f"(float %arg1)
	%1 = call i16 asm "cvt.rn.f16.f32 $0, $1;", "=h,f"(float %arg1)
	%2 = bitcast i16 %1 to half
	%3 = zext i16 %0 to i32
	%4 = shl i32 %3, 16
	%5 = bitcast i32 %4 to float
	%6 = fpext half %2 to float
	%7 = call i32 asm "cvt.rn.bf16x2.f32 $0, $1, $2;", "=r,f,f"(float %arg2, float %arg1)
	%8 = bitcast i32 %7 to <2 x i16>
	%9 = call i32 asm "cvt.rn.f16x2.f32 $0, $1, $2;", "=r,f,f"(float %arg2, float %arg1)
	%10 = bitcast i32 %9 to <2 x half>
	%11 = fadd float %5, %6
	%12 = bitcast float %11 to i32
	%13 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %12, i32 addrspace(1)* %13, align 4
	%14 = bitcast <2 x i16> %8 to i32
	%15 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %14, i32 addrspace(1)* %15, align 4
	%16 = bitcast <2 x half> %10 to i32
	%17 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %16, i32 addrspace(1)* %17, align 4
	ret void
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, float, float)* @cvt_rn, !"kernel", i32 1}
