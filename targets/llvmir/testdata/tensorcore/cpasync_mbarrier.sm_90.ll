target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @cpasync_mbarrier(i8 addrspace(1)* %arg0, i8 addrspace(1)* %arg1) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = icmp eq i32 %0, 0
	br i1 %1, label %bb0.then1, label %bb0.join2

bb0.then1:
	call void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*), i32 128)
	br label %bb0.join2

bb0.join2:
	call void @llvm.nvvm.barrier0()
	%2 = getelementptr <4 x i32>, <4 x i32> addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to <4 x i32> addrspace(3)*), i32 1
	%3 = bitcast <4 x i32> addrspace(3)* %2 to i8 addrspace(3)*
	%4 = add i32 %0, 1
	%5 = getelementptr <4 x i32>, <4 x i32> addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to <4 x i32> addrspace(3)*), i32 %4
	%6 = bitcast <4 x i32> addrspace(3)* %5 to i8 addrspace(3)*
	%7 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	%8 = getelementptr <4 x i32>, <4 x i32> addrspace(1)* %7, i32 %0
	%9 = bitcast <4 x i32> addrspace(1)* %8 to i8 addrspace(1)*
	call void @llvm.nvvm.cp.async.cg.shared.global.16(i8 addrspace(3)* %6, i8 addrspace(1)* %9)
	br i1 %1, label %bb0.then3, label %bb0.join4

bb0.then3:
	call void @llvm.nvvm.cp.async.mbarrier.arrive.shared(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*))
	br label %bb0.join4

bb0.join4:
	call void @llvm.nvvm.cp.async.mbarrier.arrive.noinc.shared(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*))
	%10 = and i32 0, 1
	call void asm sideeffect "{\0A\09.reg .pred P1;\0A\09LAB_WAIT:\0A\09mbarrier.try_wait.parity.shared.b64 P1, [$0], $1;\0A\09@!P1 bra.uni LAB_WAIT;\0A\09}", "l,r"(i64 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64 addrspace(3)*), i32 %10)
	%11 = sub i32 127, %0
	%12 = bitcast i8 addrspace(3)* %3 to <4 x i32> addrspace(3)*
	%13 = getelementptr <4 x i32>, <4 x i32> addrspace(3)* %12, i32 %11
	%14 = bitcast <4 x i32> addrspace(3)* %13 to i8 addrspace(3)*
	%15 = bitcast i8 addrspace(3)* %14 to <4 x i32> addrspace(3)*
	%16 = load <4 x i32>, <4 x i32> addrspace(3)* %15, align 16
	%17 = extractelement <4 x i32> %16, i32 0
	%18 = extractelement <4 x i32> %16, i32 1
	%19 = extractelement <4 x i32> %16, i32 2
	%20 = extractelement <4 x i32> %16, i32 3
	%21 = bitcast i8 addrspace(1)* %arg1 to <4 x i32> addrspace(1)*
	%22 = getelementptr <4 x i32>, <4 x i32> addrspace(1)* %21, i32 %0
	%23 = bitcast <4 x i32> addrspace(1)* %22 to i8 addrspace(1)*
	%24 = insertelement <4 x i32> undef, i32 %17, i32 0
	%25 = insertelement <4 x i32> %24, i32 %18, i32 1
	%26 = insertelement <4 x i32> %25, i32 %19, i32 2
	%27 = insertelement <4 x i32> %26, i32 %20, i32 3
	%28 = bitcast i8 addrspace(1)* %23 to <4 x i32> addrspace(1)*
	store <4 x i32> %27, <4 x i32> addrspace(1)* %28, align 16
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* %0, i32 %1)

declare void @llvm.nvvm.barrier0()

declare void @llvm.nvvm.cp.async.cg.shared.global.16(i8 addrspace(3)* %0, i8 addrspace(1)* %1)

declare void @llvm.nvvm.cp.async.mbarrier.arrive.shared(i64 addrspace(3)* %0)

declare void @llvm.nvvm.cp.async.mbarrier.arrive.noinc.shared(i64 addrspace(3)* %0)

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, i8 addrspace(1)*)* @cpasync_mbarrier, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i8 addrspace(1)*)* @cpasync_mbarrier, !"maxntidx", i32 128}
