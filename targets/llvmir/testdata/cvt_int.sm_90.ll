target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @to_int(i8 addrspace(1)* %arg0, i8 addrspace(1)* %arg1, float %arg2, double %arg3) {
bb0:
	%0 = call i32 @llvm.nvvm.f2i.rn(float %arg2)
	%1 = call i32 @llvm.nvvm.f2i.rz.ftz(float %arg2)
	%2 = call i32 @llvm.nvvm.f2ui.rm.ftz(float %arg2)
	%3 = call i32 @llvm.nvvm.f2ui.rp(float %arg2)
	%4 = call i32 @llvm.nvvm.d2i.rn(double %arg3)
	%5 = call i32 @llvm.nvvm.d2ui.rm(double %arg3)
	%6 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %0, i32 addrspace(1)* %6, align 4
	%7 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %1, i32 addrspace(1)* %7, align 4
	%8 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %2, i32 addrspace(1)* %8, align 4
	%9 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %3, i32 addrspace(1)* %9, align 4
	%10 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %4, i32 addrspace(1)* %10, align 4
	%11 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %5, i32 addrspace(1)* %11, align 4
	%12 = call i64 @llvm.nvvm.f2ll.rp.ftz(float %arg2)
	%13 = call i64 @llvm.nvvm.f2ull.rz(float %arg2)
	%14 = call i64 @llvm.nvvm.d2ll.rp(double %arg3)
	%15 = call i64 @llvm.nvvm.d2ull.rz(double %arg3)
	%16 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %12, i64 addrspace(1)* %16, align 8
	%17 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %13, i64 addrspace(1)* %17, align 8
	%18 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %14, i64 addrspace(1)* %18, align 8
	%19 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %15, i64 addrspace(1)* %19, align 8
	ret void
}

define ptx_kernel void @to_float(i8 addrspace(1)* %arg0, i8 addrspace(1)* %arg1, i32 %arg2, i64 %arg3) {
bb0:
	%0 = call float @llvm.nvvm.i2f.rn(i32 %arg2)
	%1 = call float @llvm.nvvm.ui2f.rz(i32 %arg2)
	%2 = call float @llvm.nvvm.ll2f.rm(i64 %arg3)
	%3 = call float @llvm.nvvm.ull2f.rp(i64 %arg3)
	%4 = bitcast float %0 to i32
	%5 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %4, i32 addrspace(1)* %5, align 4
	%6 = bitcast float %1 to i32
	%7 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %6, i32 addrspace(1)* %7, align 4
	%8 = bitcast float %2 to i32
	%9 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %8, i32 addrspace(1)* %9, align 4
	%10 = bitcast float %3 to i32
	%11 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %10, i32 addrspace(1)* %11, align 4
	%12 = call double @llvm.nvvm.ui2d.rn(i32 %arg2)
	%13 = call double @llvm.nvvm.ll2d.rz(i64 %arg3)
	%14 = call double @llvm.nvvm.ull2d.rm(i64 %arg3)
	%15 = bitcast double %12 to i64
	%16 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %15, i64 addrspace(1)* %16, align 8
	%17 = bitcast double %13 to i64
	%18 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %17, i64 addrspace(1)* %18, align 8
	%19 = bitcast double %14 to i64
	%20 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %19, i64 addrspace(1)* %20, align 8
	ret void
}

define ptx_kernel void @narrow(i8 addrspace(1)* %arg0, double %arg1) {
bb0:
	%0 = call float asm "cvt.rn.ftz.f32.f64 $0, $1;", "=f,d"(double %arg1)
	%1 = call float asm "cvt.rm.f32.f64 $0, $1;", "=f,d"(double %arg1)
	%2 = call float asm "cvt.rp.ftz.f32.f64 $0, $1;", "=f,d"(double %arg1)
	%3 = bitcast float %0 to i32
	%4 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %3, i32 addrspace(1)* %4, align 4
	%5 = bitcast float %1 to i32
	%6 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %5, i32 addrspace(1)* %6, align 4
	%7 = bitcast float %2 to i32
	%8 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %7, i32 addrspace(1)* %8, align 4
	ret void
}

declare i32 @llvm.nvvm.f2i.rn(float %0)

declare i32 @llvm.nvvm.f2i.rz.ftz(float %0)

declare i32 @llvm.nvvm.f2ui.rm.ftz(float %0)

declare i32 @llvm.nvvm.f2ui.rp(float %0)

declare i32 @llvm.nvvm.d2i.rn(double %0)

declare i32 @llvm.nvvm.d2ui.rm(double %0)

declare i64 @llvm.nvvm.f2ll.rp.ftz(float %0)

declare i64 @llvm.nvvm.f2ull.rz(float %0)

declare i64 @llvm.nvvm.d2ll.rp(double %0)

declare i64 @llvm.nvvm.d2ull.rz(double %0)

declare float @llvm.nvvm.i2f.rn(i32 %0)

declare float @llvm.nvvm.ui2f.rz(i32 %0)

declare float @llvm.nvvm.ll2f.rm(i64 %0)

declare float @llvm.nvvm.ull2f.rp(i64 %0)

declare double @llvm.nvvm.ui2d.rn(i32 %0)

declare double @llvm.nvvm.ll2d.rz(i64 %0)

declare double @llvm.nvvm.ull2d.rm(i64 %0)

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5}

!0 = !{void (i8 addrspace(1)*, i8 addrspace(1)*, float, double)* @to_int, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i8 addrspace(1)*, float, double)* @to_int, !"maxntidx", i32 32}
!2 = !{void (i8 addrspace(1)*, i8 addrspace(1)*, i32, i64)* @to_float, !"kernel", i32 1}
!3 = !{void (i8 addrspace(1)*, i8 addrspace(1)*, i32, i64)* @to_float, !"maxntidx", i32 32}
!4 = !{void (i8 addrspace(1)*, double)* @narrow, !"kernel", i32 1}
!5 = !{void (i8 addrspace(1)*, double)* @narrow, !"maxntidx", i32 32}
