target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @rounded(i8 addrspace(1)* %arg0, float %arg1, float %arg2, float %arg3) {
bb0:
	%0 = call float @llvm.nvvm.add.rn.f(float %arg1, float %arg2)
	%1 = call float @llvm.nvvm.add.rz.ftz.f(float %0, float %arg2)
	%2 = call float @llvm.nvvm.add.rm.f(float %1, float %arg2)
	%3 = call float @llvm.nvvm.add.rp.ftz.f(float %2, float %arg2)
	%4 = call float @llvm.nvvm.mul.rn.ftz.f(float %3, float %arg2)
	%5 = call float @llvm.nvvm.mul.rz.f(float %4, float %arg2)
	%6 = call float @llvm.nvvm.mul.rm.ftz.f(float %5, float %arg2)
	%7 = call float @llvm.nvvm.mul.rp.f(float %6, float %arg2)
	%8 = call float @llvm.nvvm.fma.rn.f(float %7, float %arg2, float %arg3)
	%9 = call float @llvm.nvvm.fma.rz.ftz.f(float %8, float %arg2, float %arg3)
	%10 = call float @llvm.nvvm.fma.rm.f(float %9, float %arg2, float %arg3)
	%11 = call float @llvm.nvvm.fma.rp.ftz.f(float %10, float %arg2, float %arg3)
	%12 = call float @llvm.nvvm.saturate.f(float %11)
	%13 = call float @llvm.nvvm.saturate.ftz.f(float %12)
	%14 = bitcast float %13 to i32
	%15 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %14, i32 addrspace(1)* %15, align 4
	ret void
}

define ptx_kernel void @rounded_f64(i8 addrspace(1)* %arg0, double %arg1, double %arg2, double %arg3) {
bb0:
	%0 = call double @llvm.nvvm.add.rn.d(double %arg1, double %arg2)
	%1 = call double @llvm.nvvm.mul.rn.d(double %0, double %arg2)
	%2 = call double @llvm.nvvm.fma.rz.d(double %1, double %arg2, double %arg3)
	%3 = bitcast double %2 to i64
	%4 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %3, i64 addrspace(1)* %4, align 8
	ret void
}

define ptx_kernel void @rounded_div(i8 addrspace(1)* %arg0, float %arg1, float %arg2) {
bb0:
	%0 = call float asm "sub.rn.f32 $0, $1, $2;", "=f,f,f"(float %arg1, float %arg2)
	%1 = call float asm "sub.rz.ftz.f32 $0, $1, $2;", "=f,f,f"(float %0, float %arg2)
	%2 = call float asm "sub.rm.f32 $0, $1, $2;", "=f,f,f"(float %1, float %arg2)
	%3 = call float asm "sub.rp.ftz.f32 $0, $1, $2;", "=f,f,f"(float %2, float %arg2)
	%4 = call float @llvm.nvvm.div.rn.ftz.f(float %3, float %arg2)
	%5 = call float @llvm.nvvm.div.rz.f(float %4, float %arg2)
	%6 = call float @llvm.nvvm.div.rm.ftz.f(float %5, float %arg2)
	%7 = call float @llvm.nvvm.div.rp.f(float %6, float %arg2)
	%8 = call float @llvm.nvvm.rcp.rn.f(float %7)
	%9 = call float @llvm.nvvm.rcp.rz.ftz.f(float %8)
	%10 = call float @llvm.nvvm.rcp.rm.f(float %9)
	%11 = call float @llvm.nvvm.rcp.rp.ftz.f(float %10)
	%12 = call float @llvm.nvvm.sqrt.rn.ftz.f(float %11)
	%13 = call float @llvm.nvvm.sqrt.rz.f(float %12)
	%14 = call float @llvm.nvvm.sqrt.rm.ftz.f(float %13)
	%15 = call float @llvm.nvvm.sqrt.rp.f(float %14)
	%16 = call float @llvm.nvvm.div.rz.f(float %15, float 3.0)
	%17 = call float asm "sub.rm.f32 $0, $1, $2;", "=f,f,f"(float %16, float 3.0)
	%18 = bitcast float %17 to i32
	%19 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %18, i32 addrspace(1)* %19, align 4
	ret void
}

define ptx_kernel void @rounded_div_f64(i8 addrspace(1)* %arg0, double %arg1, double %arg2, double %arg3) {
bb0:
	%0 = call double @llvm.nvvm.add.rp.d(double %arg1, double %arg2)
	%1 = call double asm "sub.rz.f64 $0, $1, $2;", "=d,d,d"(double %0, double %arg2)
	%2 = call double @llvm.nvvm.mul.rm.d(double %1, double %arg2)
	%3 = call double @llvm.nvvm.fma.rp.d(double %2, double %arg2, double %arg3)
	%4 = call double @llvm.nvvm.div.rn.d(double %3, double %arg2)
	%5 = call double @llvm.nvvm.div.rz.d(double %4, double %arg2)
	%6 = call double @llvm.nvvm.rcp.rm.d(double %5)
	%7 = call double @llvm.nvvm.rcp.rn.d(double %6)
	%8 = call double @llvm.nvvm.sqrt.rp.d(double %7)
	%9 = call double @llvm.nvvm.sqrt.rn.d(double %8)
	%10 = bitcast double %9 to i64
	%11 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %10, i64 addrspace(1)* %11, align 8
	ret void
}

declare float @llvm.nvvm.add.rn.f(float %0, float %1)

declare float @llvm.nvvm.add.rz.ftz.f(float %0, float %1)

declare float @llvm.nvvm.add.rm.f(float %0, float %1)

declare float @llvm.nvvm.add.rp.ftz.f(float %0, float %1)

declare float @llvm.nvvm.mul.rn.ftz.f(float %0, float %1)

declare float @llvm.nvvm.mul.rz.f(float %0, float %1)

declare float @llvm.nvvm.mul.rm.ftz.f(float %0, float %1)

declare float @llvm.nvvm.mul.rp.f(float %0, float %1)

declare float @llvm.nvvm.fma.rn.f(float %0, float %1, float %2)

declare float @llvm.nvvm.fma.rz.ftz.f(float %0, float %1, float %2)

declare float @llvm.nvvm.fma.rm.f(float %0, float %1, float %2)

declare float @llvm.nvvm.fma.rp.ftz.f(float %0, float %1, float %2)

declare float @llvm.nvvm.saturate.f(float %0)

declare float @llvm.nvvm.saturate.ftz.f(float %0)

declare double @llvm.nvvm.add.rn.d(double %0, double %1)

declare double @llvm.nvvm.mul.rn.d(double %0, double %1)

declare double @llvm.nvvm.fma.rz.d(double %0, double %1, double %2)

declare float @llvm.nvvm.div.rn.ftz.f(float %0, float %1)

declare float @llvm.nvvm.div.rz.f(float %0, float %1)

declare float @llvm.nvvm.div.rm.ftz.f(float %0, float %1)

declare float @llvm.nvvm.div.rp.f(float %0, float %1)

declare float @llvm.nvvm.rcp.rn.f(float %0)

declare float @llvm.nvvm.rcp.rz.ftz.f(float %0)

declare float @llvm.nvvm.rcp.rm.f(float %0)

declare float @llvm.nvvm.rcp.rp.ftz.f(float %0)

declare float @llvm.nvvm.sqrt.rn.ftz.f(float %0)

declare float @llvm.nvvm.sqrt.rz.f(float %0)

declare float @llvm.nvvm.sqrt.rm.ftz.f(float %0)

declare float @llvm.nvvm.sqrt.rp.f(float %0)

declare double @llvm.nvvm.add.rp.d(double %0, double %1)

declare double @llvm.nvvm.mul.rm.d(double %0, double %1)

declare double @llvm.nvvm.fma.rp.d(double %0, double %1, double %2)

declare double @llvm.nvvm.div.rn.d(double %0, double %1)

declare double @llvm.nvvm.div.rz.d(double %0, double %1)

declare double @llvm.nvvm.rcp.rm.d(double %0)

declare double @llvm.nvvm.rcp.rn.d(double %0)

declare double @llvm.nvvm.sqrt.rp.d(double %0)

declare double @llvm.nvvm.sqrt.rn.d(double %0)

!nvvm.annotations = !{!0, !1, !2, !3}

!0 = !{void (i8 addrspace(1)*, float, float, float)* @rounded, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, double, double, double)* @rounded_f64, !"kernel", i32 1}
!2 = !{void (i8 addrspace(1)*, float, float)* @rounded_div, !"kernel", i32 1}
!3 = !{void (i8 addrspace(1)*, double, double, double)* @rounded_div_f64, !"kernel", i32 1}
