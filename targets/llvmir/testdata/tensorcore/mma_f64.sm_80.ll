target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @mma_f64(i8 addrspace(1)* %arg0, double %arg1, double %arg2, double %arg3) {
bb0:
	%0 = call { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double %arg1, double %arg2, double %arg3, double %arg3)
	%1 = extractvalue { double, double } %0, 0
	%2 = extractvalue { double, double } %0, 1
	%3 = call { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double %arg2, double %arg1, double %1, double %2)
	%4 = extractvalue { double, double } %3, 0
	%5 = extractvalue { double, double } %3, 1
	%6 = bitcast double %4 to i64
	%7 = bitcast double %5 to i64
	%8 = insertelement <2 x i64> undef, i64 %6, i32 0
	%9 = insertelement <2 x i64> %8, i64 %7, i32 1
	%10 = bitcast i8 addrspace(1)* %arg0 to <2 x i64> addrspace(1)*
	store <2 x i64> %9, <2 x i64> addrspace(1)* %10, align 16
	ret void
}

declare { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double %0, double %1, double %2, double %3)

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, double, double, double)* @mma_f64, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, double, double, double)* @mma_f64, !"maxntidx", i32 32}
