target triple = "nvptx64-nvidia-cuda"

@__tt_table_0 = internal addrspace(1) constant [3 x i64] [i64 1, i64 -2, i64 81985529216486895], align 8
@__tt_table_1 = internal addrspace(1) constant [4 x i32] [i32 10, i32 20, i32 -30, i32 40], align 4

define ptx_kernel void @table(i8 addrspace(1)* %arg0, i32 %arg1, i64 %arg2) {
bb0:
	%0 = getelementptr inbounds [3 x i64], [3 x i64] addrspace(1)* @__tt_table_0, i32 0, i32 %arg1
	%1 = load i64, i64 addrspace(1)* %0, align 8, !invariant.load !2
	%2 = add i32 %arg1, 1
	%3 = getelementptr inbounds [3 x i64], [3 x i64] addrspace(1)* @__tt_table_0, i32 0, i32 %2
	%4 = load i64, i64 addrspace(1)* %3, align 8, !invariant.load !2
	%5 = getelementptr inbounds [4 x i32], [4 x i32] addrspace(1)* @__tt_table_1, i32 0, i64 %arg2
	%6 = load i32, i32 addrspace(1)* %5, align 4, !invariant.load !2
	%7 = zext i32 %6 to i64
	%8 = add i64 %1, %4
	%9 = add i64 %8, %7
	%10 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %9, i64 addrspace(1)* %10, align 8
	ret void
}

define ptx_kernel void @again(i8 addrspace(1)* %arg0, i32 %arg1) {
bb0:
	%0 = getelementptr inbounds [3 x i64], [3 x i64] addrspace(1)* @__tt_table_0, i32 0, i32 %arg1
	%1 = load i64, i64 addrspace(1)* %0, align 8, !invariant.load !2
	%2 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %1, i64 addrspace(1)* %2, align 8
	ret void
}

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, i32, i64)* @table, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i32)* @again, !"kernel", i32 1}
!2 = !{}
