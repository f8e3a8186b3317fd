target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @mbarrier(i8 addrspace(1)* %arg0, i32 %arg1) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = icmp eq i32 %0, 0
	br i1 %1, label %bb0.then1, label %bb0.join2

bb0.then1:
	call void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*), i32 128)
	br label %bb0.join2

bb0.join2:
	call void @llvm.nvvm.barrier0()
	%2 = call i64 @llvm.nvvm.mbarrier.arrive.shared(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*))
	br i1 %1, label %bb0.then3, label %bb0.join4

bb0.then3:
	%3 = and i32 %arg1, 1
	call void asm sideeffect "{\0A\09.reg .pred P1;\0A\09LAB_WAIT:\0A\09mbarrier.try_wait.parity.shared.b64 P1, [$0], $1;\0A\09@!P1 bra.uni LAB_WAIT;\0A\09}", "l,r"(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*), i32 %3)
	br label %bb0.join4

bb0.join4:
	%4 = and i32 0, 1
	call void asm sideeffect "{\0A\09.reg .pred P1;\0A\09LAB_WAIT:\0A\09mbarrier.try_wait.parity.shared.b64 P1, [$0], $1;\0A\09@!P1 bra.uni LAB_WAIT;\0A\09}", "l,r"(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*), i32 %4)
	%5 = and i32 0, 1
	call void asm sideeffect "{\0A\09.reg .pred P1;\0A\09LAB_WAIT:\0A\09mbarrier.try_wait.parity.shared.b64 P1, [$0], $1, 10000000;\0A\09@!P1 bra.uni LAB_WAIT;\0A\09}", "l,r"(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*), i32 %5)
	call void @llvm.nvvm.barrier0()
	br i1 %1, label %bb0.then5, label %bb0.join6

bb0.then5:
	call void @llvm.nvvm.mbarrier.inval.shared(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*))
	br label %bb0.join6

bb0.join6:
	%6 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %0, i32 addrspace(1)* %6, align 4
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* %0, i32 %1)

declare void @llvm.nvvm.barrier0()

declare i64 @llvm.nvvm.mbarrier.arrive.shared(i64 addrspace(3)* %0)

declare void @llvm.nvvm.mbarrier.inval.shared(i64 addrspace(3)* %0)

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, i32)* @mbarrier, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i32)* @mbarrier, !"maxntidx", i32 128}
