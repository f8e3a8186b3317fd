target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @specialized(i8 addrspace(1)* %arg0) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = icmp ult i32 %0, 128
	br i1 %1, label %bb1, label %bb2

bb1:
	call void asm sideeffect "setmaxnreg.dec.sync.aligned.u32 40;", ""()
	call void asm sideeffect "bar.arrive $0, $1;", "r,r"(i32 1, i32 256)
	call void asm sideeffect "barrier.arrive $0, $1;", "r,r"(i32 2, i32 256)
	ret void

bb2:
	call void asm sideeffect "setmaxnreg.inc.sync.aligned.u32 232;", ""()
	call void asm sideeffect "bar.sync $0, $1;", "r,r"(i32 1, i32 256)
	call void asm sideeffect "bar.sync $0, $1;", "r,r"(i32 %0, i32 128)
	call void asm sideeffect "barrier.sync $0, $1;", "r,r"(i32 2, i32 256)
	%2 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %0, i32 addrspace(1)* %2, align 4
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*)* @specialized, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*)* @specialized, !"maxntidx", i32 256}
