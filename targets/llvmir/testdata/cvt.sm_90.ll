target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @cvt(i8 addrspace(1)* %arg0, float %arg1, float %arg2, double %arg3, <2 x half> %arg4) {
bb0:
	%0 = call i16 asm "cvt.rn.bf16.f32 $0, $1;", "=h,f"(float %arg1)
	%1 = call i16 asm "cvt.rz.relu.f16.f32 $0, $1;", "=h,f"(float %arg1)
	%2 = bitcast i16 %1 to half
	%3 = fptrunc double %arg3 to float
	%4 = call float asm "cvt.rm.ftz.f32.f64 $0, $1;", "=f,d"(double %arg3)
	%5 = zext i16 %0 to i32
	%6 = shl i32 %5, 16
	%7 = bitcast i32 %6 to float
	%8 = fpext half %2 to float
	%9 = fpext float %arg1 to double
	%10 = call i32 asm "cvt.rn.bf16x2.f32 $0, $1, $2;", "=r,f,f"(float %arg2, float %arg1)
	%11 = bitcast i32 %10 to <2 x i16>
	%12 = call i32 asm "cvt.rn.satfinite.f16x2.f32 $0, $1, $2;", "=r,f,f"(float %arg2, float %arg1)
	%13 = bitcast i32 %12 to <2 x half>
	%14 = call i16 asm "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,f,f"(float %arg2, float %arg1)
	%15 = bitcast i16 %14 to <2 x i8>
	%16 = bitcast <2 x half> %arg4 to i32
	%17 = call i16 asm "cvt.rn.satfinite.relu.e5m2x2.f16x2 $0, $1;", "=h,r"(i32 %16)
	%18 = bitcast i16 %17 to <2 x i8>
	%19 = bitcast <2 x i8> %15 to i16
	%20 = call i32 asm "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h"(i16 %19)
	%21 = bitcast i32 %20 to <2 x half>
	%22 = bitcast <2 x half> %arg4 to i32
	%23 = trunc i32 %22 to i16
	%24 = call i32 asm "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h"(i16 %23)
	%25 = bitcast i32 %24 to <2 x half>
	%26 = fadd float %3, %4
	%27 = fadd float %26, %7
	%28 = fadd float %27, %8
	%29 = bitcast float %28 to i32
	%30 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %29, i32 addrspace(1)* %30, align 4
	%31 = bitcast double %9 to i64
	%32 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %31, i64 addrspace(1)* %32, align 8
	%33 = bitcast <2 x i16> %11 to i32
	%34 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %33, i32 addrspace(1)* %34, align 4
	%35 = bitcast <2 x half> %13 to i32
	%36 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %35, i32 addrspace(1)* %36, align 4
	%37 = bitcast <2 x i8> %15 to i16
	%38 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %37, i16 addrspace(1)* %38, align 2
	%39 = bitcast <2 x i8> %18 to i16
	%40 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %39, i16 addrspace(1)* %40, align 2
	%41 = bitcast <2 x half> %21 to i32
	%42 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %41, i32 addrspace(1)* %42, align 4
	%43 = bitcast <2 x half> %25 to i32
	%44 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %43, i32 addrspace(1)* %44, align 4
	ret void
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, float, float, double, <2 x half>)* @cvt, !"kernel", i32 1}
