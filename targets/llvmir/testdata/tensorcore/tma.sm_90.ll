target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @tma_copy(i8 addrspace(1)* %arg0, i32 %arg1, i32 %arg2) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = icmp eq i32 %0, 0
	%2 = getelementptr i8, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i32 u0x4000
	call void asm sideeffect "@$1 prefetch.tensormap [$0];", "l,b"(i8 addrspace(1)* %arg0, i1 %1)
	%3 = bitcast i8 addrspace(3)* %2 to i64 addrspace(3)*
	br i1 %1, label %bb0.then1, label %bb0.join2

bb0.then1:
	call void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* %3, i32 1)
	br label %bb0.join2

bb0.join2:
	call void asm sideeffect "fence.mbarrier_init.release.cluster;", ""()
	call void @llvm.nvvm.barrier0()
	%4 = call i1 asm sideeffect "elect.sync _|$0, 0xffffffff;", "=b"()
	%5 = and i1 %4, %1
	%6 = bitcast i8 addrspace(3)* %2 to i64 addrspace(3)*
	br i1 %5, label %bb0.then3, label %bb0.join4

bb0.then3:
	call void asm sideeffect "mbarrier.arrive.expect_tx.shared.b64 _, [$0], 16384;", "l"(i64 addrspace(3)* %6)
	br label %bb0.join4

bb0.join4:
	call void asm sideeffect "@$5 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3}], [$4];", "l,l,r,r,l,b"(i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i8 addrspace(1)* %arg0, i32 %arg1, i32 %arg2, i8 addrspace(3)* %2, i1 %5)
	%7 = bitcast i8 addrspace(3)* %2 to i64 addrspace(3)*
	%8 = and i32 0, 1
	call void asm sideeffect "{\0A\09.reg .pred P1;\0A\09LAB_WAIT:\0A\09mbarrier.try_wait.parity.shared.b64 P1, [$0], $1;\0A\09@!P1 bra.uni LAB_WAIT;\0A\09}", "l,r"(i64 addrspace(3)* %7, i32 %8)
	call void asm sideeffect "fence.proxy.async.shared::cta;", ""()
	call void @llvm.nvvm.barrier0()
	call void asm sideeffect "@$4 cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [$0, {$1, $2}], [$3];", "l,r,r,l,b"(i8 addrspace(1)* %arg0, i32 %arg2, i32 %arg1, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i1 %5)
	call void asm sideeffect "cp.async.bulk.commit_group;", ""()
	call void asm sideeffect "cp.async.bulk.wait_group.read 0;", ""()
	call void asm sideeffect "cp.async.bulk.wait_group 0;", ""()
	call void @llvm.nvvm.barrier0()
	%9 = bitcast i8 addrspace(3)* %2 to i64 addrspace(3)*
	br i1 %1, label %bb0.then5, label %bb0.join6

bb0.then5:
	call void @llvm.nvvm.mbarrier.inval.shared(i64 addrspace(3)* %9)
	br label %bb0.join6

bb0.join6:
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* %0, i32 %1)

declare void @llvm.nvvm.barrier0()

declare void @llvm.nvvm.mbarrier.inval.shared(i64 addrspace(3)* %0)

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, i32, i32)* @tma_copy, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i32, i32)* @tma_copy, !"maxntidx", i32 128}
