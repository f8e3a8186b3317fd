target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @mma_f64_sm90(i8 addrspace(1)* %arg0, double %arg1, double %arg2, double %arg3) {
bb0:
	%0 = call { double, double, double, double } asm "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {$0, $1, $2, $3}, {$4, $5, $6, $7, $8, $9, $10, $11}, {$12, $13, $14, $15}, {$16, $17, $18, $19};", "=d,=d,=d,=d,d,d,d,d,d,d,d,d,d,d,d,d,d,d,d,d"(double %arg1, double %arg2, double %arg1, double %arg2, double %arg1, double %arg2, double %arg1, double %arg2, double %arg2, double %arg1, double %arg2, double %arg1, double %arg3, double %arg3, double %arg3, double %arg3)
	%1 = extractvalue { double, double, double, double } %0, 0
	%2 = extractvalue { double, double, double, double } %0, 1
	%3 = extractvalue { double, double, double, double } %0, 2
	%4 = extractvalue { double, double, double, double } %0, 3
	%5 = call { double, double, double, double } asm "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=d,=d,=d,=d,d,d,d,d,d,d,d,d,d,d"(double %arg1, double %arg1, double %arg2, double %arg2, double %arg2, double %arg1, double %1, double %2, double %3, double %4)
	%6 = extractvalue { double, double, double, double } %5, 0
	%7 = extractvalue { double, double, double, double } %5, 1
	%8 = extractvalue { double, double, double, double } %5, 2
	%9 = extractvalue { double, double, double, double } %5, 3
	%10 = call { double, double, double, double } asm "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {$0, $1, $2, $3}, {$4, $5}, {$6}, {$7, $8, $9, $10};", "=d,=d,=d,=d,d,d,d,d,d,d,d"(double %arg1, double %arg2, double %arg1, double %6, double %7, double %8, double %9)
	%11 = extractvalue { double, double, double, double } %10, 0
	%12 = extractvalue { double, double, double, double } %10, 1
	%13 = extractvalue { double, double, double, double } %10, 2
	%14 = extractvalue { double, double, double, double } %10, 3
	%15 = call { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double %arg1, double %arg2, double %11, double %14)
	%16 = extractvalue { double, double } %15, 0
	%17 = extractvalue { double, double } %15, 1
	%18 = fadd double %12, %13
	%19 = bitcast double %18 to i64
	%20 = bitcast double %16 to i64
	%21 = insertelement <2 x i64> undef, i64 %19, i32 0
	%22 = insertelement <2 x i64> %21, i64 %20, i32 1
	%23 = bitcast i8 addrspace(1)* %arg0 to <2 x i64> addrspace(1)*
	store <2 x i64> %22, <2 x i64> addrspace(1)* %23, align 16
	%24 = bitcast double %17 to i64
	%25 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %24, i64 addrspace(1)* %25, align 8
	ret void
}

declare { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double %0, double %1, double %2, double %3)

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, double, double, double)* @mma_f64_sm90, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, double, double, double)* @mma_f64_sm90, !"maxntidx", i32 32}
