target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @tma_reduce(i8* %arg0, i32 %arg1, i32 %arg2) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = icmp eq i32 %0, 0
	call void asm sideeffect "fence.proxy.async.shared::cta;", ""()
	call void @llvm.nvvm.barrier0()
	call void asm sideeffect "@$4 cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.bulk_group [$0, {$1, $2}], [$3];", "l,r,r,l,b"(i8* %arg0, i32 %arg1, i32 %arg2, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i1 %1)
	call void asm sideeffect "@$3 cp.reduce.async.bulk.tensor.1d.global.shared::cta.xor.bulk_group [$0, {$1}], [$2];", "l,r,l,b"(i8* %arg0, i32 %arg2, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i1 %1)
	call void asm sideeffect "cp.reduce.async.bulk.tensor.5d.global.shared::cta.min.bulk_group [$0, {$1, $2, $3, $4, $5}], [$6];", "l,r,r,r,r,r,l"(i8* %arg0, i32 %arg1, i32 %arg2, i32 0, i32 0, i32 %arg1, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*))
	call void asm sideeffect "cp.async.bulk.commit_group;", ""()
	call void asm sideeffect "cp.async.bulk.wait_group.read 0;", ""()
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8*, i32, i32)* @tma_reduce, !"kernel", i32 1}
!1 = !{void (i8*, i32, i32)* @tma_reduce, !"maxntidx", i32 128}
