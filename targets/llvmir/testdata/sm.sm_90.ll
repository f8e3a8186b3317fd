target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @sm_ids(i8 addrspace(1)* %arg0) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
	%2 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
	%3 = call i32 @llvm.nvvm.read.ptx.sreg.smid()
	%4 = call i32 @llvm.nvvm.read.ptx.sreg.nsmid()
	%5 = icmp eq i32 %0, 0
	%6 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%7 = getelementptr i32, i32 addrspace(1)* %6, i32 %1
	%8 = bitcast i32 addrspace(1)* %7 to i8 addrspace(1)*
	call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b"(i32 %3, i8 addrspace(1)* %8, i1 %5)
	%9 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%10 = getelementptr i32, i32 addrspace(1)* %9, i32 %2
	%11 = bitcast i32 addrspace(1)* %10 to i8 addrspace(1)*
	call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b"(i32 %4, i8 addrspace(1)* %11, i1 %5)
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.smid()

declare i32 @llvm.nvvm.read.ptx.sreg.nsmid()

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*)* @sm_ids, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*)* @sm_ids, !"maxntidx", i32 32}
