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

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, float, float, float)* @rounded, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, double, double, double)* @rounded_f64, !"kernel", i32 1}
