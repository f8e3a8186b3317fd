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
	%11 = bitcast float %10 to i32
	%12 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %11, i32 addrspace(1)* %12, align 4
	%13 = sext i32 %arg3 to i64
	%14 = sext i32 %arg4 to i64
	%15 = mul i64 %13, %14
	%16 = lshr i64 %15, 32
	%17 = trunc i64 %16 to i32
	%18 = zext i32 %17 to i64
	%19 = zext i32 %arg4 to i64
	%20 = mul i64 %18, %19
	%21 = lshr i64 %20, 32
	%22 = trunc i64 %21 to i32
	%23 = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %22, i32 %arg4, i32 %arg3)
	%24 = call i32 asm "bfe.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %23, i32 3, i32 5)
	%25 = call i32 asm "bfe.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %24, i32 3, i32 5)
	%26 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %25, i32 addrspace(1)* %26, align 4
	%27 = call i64 asm "mul.hi.u64 $0, $1, $2;", "=l,l,l"(i64 %arg5, i64 %arg5)
	%28 = call i64 asm "bfe.s64 $0, $1, $2, $3;", "=l,l,r,r"(i64 %27, i32 3, i32 5)
	%29 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %28, i64 addrspace(1)* %29, align 8
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
