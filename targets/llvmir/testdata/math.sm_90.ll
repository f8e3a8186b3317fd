target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @math(i8 addrspace(1)* %arg0, float %arg1, float %arg2, i32 %arg3, i32 %arg4, i64 %arg5) {
bb0:
	%0 = call float @llvm.nvvm.ex2.approx.f(float %arg1)
	%1 = call float @llvm.nvvm.ex2.approx.ftz.f(float %0)
	%2 = call float @llvm.nvvm.lg2.approx.f(float %1)
	%3 = call float @llvm.nvvm.rsqrt.approx.ftz.f(float %2)
	%4 = call float asm "rcp.approx.f32 $0, $1;", "=f,f"(float %3)
	%5 = call float @llvm.nvvm.sqrt.approx.f(float %4)
	%6 = call float @llvm.nvvm.sin.approx.f(float %5)
	%7 = call float @llvm.nvvm.cos.approx.ftz.f(float %6)
	%8 = call float asm "tanh.approx.f32 $0, $1;", "=f,f"(float %7)
	%9 = call float asm "div.full.f32 $0, $1, $2;", "=f,f,f"(float %8, float %arg2)
	%10 = call float @llvm.nvvm.div.approx.f(float %9, float %arg2)
	%11 = call float asm "min.xorsign.abs.f32 $0, $1, $2;", "=f,f,f"(float %10, float %arg2)
	%12 = call float asm "min.NaN.xorsign.abs.f32 $0, $1, $2;", "=f,f,f"(float %11, float %arg2)
	%13 = bitcast float %12 to i32
	%14 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %13, i32 addrspace(1)* %14, align 4
	%15 = sext i32 %arg3 to i64
	%16 = sext i32 %arg4 to i64
	%17 = mul i64 %15, %16
	%18 = lshr i64 %17, 32
	%19 = trunc i64 %18 to i32
	%20 = zext i32 %19 to i64
	%21 = zext i32 %arg4 to i64
	%22 = mul i64 %20, %21
	%23 = lshr i64 %22, 32
	%24 = trunc i64 %23 to i32
	%25 = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %24, i32 %arg4, i32 %arg3)
	%26 = call i32 asm "bfe.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %25, i32 3, i32 5)
	%27 = call i32 asm "bfe.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %26, i32 3, i32 5)
	%28 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %27, i32 addrspace(1)* %28, align 4
	%29 = call i64 asm "mul.hi.u64 $0, $1, $2;", "=l,l,l"(i64 %arg5, i64 %arg5)
	%30 = call i64 asm "bfe.s64 $0, $1, $2, $3;", "=l,l,r,r"(i64 %29, i32 3, i32 5)
	%31 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %30, i64 addrspace(1)* %31, align 8
	ret void
}

declare float @llvm.nvvm.ex2.approx.f(float %0)

declare float @llvm.nvvm.ex2.approx.ftz.f(float %0)

declare float @llvm.nvvm.lg2.approx.f(float %0)

declare float @llvm.nvvm.rsqrt.approx.ftz.f(float %0)

declare float @llvm.nvvm.sqrt.approx.f(float %0)

declare float @llvm.nvvm.sin.approx.f(float %0)

declare float @llvm.nvvm.cos.approx.ftz.f(float %0)

declare float @llvm.nvvm.div.approx.f(float %0, float %1)

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, float, float, i32, i32, i64)* @math, !"kernel", i32 1}
