target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @cluster_ids(i8 addrspace(1)* %arg0) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = call i32 asm "mov.u32 $0, %clusterid.x;", "=r"()
	%2 = call i32 asm "mov.u32 $0, %nclusterid.y;", "=r"()
	%3 = call i32 asm "mov.u32 $0, %cluster_ctaid.z;", "=r"()
	%4 = call i32 asm "mov.u32 $0, %cluster_nctaid.x;", "=r"()
	%5 = call i32 asm "mov.u32 $0, %cluster_ctarank;", "=r"()
	%6 = call i32 asm "mov.u32 $0, %cluster_nctarank;", "=r"()
	%7 = or i32 %0, %5
	%8 = icmp eq i32 %7, 0
	%9 = add i32 %1, %2
	%10 = add i32 %9, %3
	%11 = add i32 %10, %4
	%12 = add i32 %11, %6
	call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b"(i32 %12, i8 addrspace(1)* %arg0, i1 %8)
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1, !2, !3, !4}

!0 = !{void (i8 addrspace(1)*)* @cluster_ids, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*)* @cluster_ids, !"maxntidx", i32 128}
!2 = !{void (i8 addrspace(1)*)* @cluster_ids, !"cluster_dim_x", i32 4}
!3 = !{void (i8 addrspace(1)*)* @cluster_ids, !"cluster_dim_y", i32 1}
!4 = !{void (i8 addrspace(1)*)* @cluster_ids, !"cluster_dim_z", i32 1}
