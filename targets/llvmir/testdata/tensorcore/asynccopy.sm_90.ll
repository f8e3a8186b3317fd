target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @async_copy(i8 addrspace(1)* %arg0, i8 addrspace(1)* %arg1, i32 %arg2) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = mul i32 %0, 16
	%2 = getelementptr i8, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i32 %1
	%3 = getelementptr i8, i8 addrspace(1)* %arg0, i32 %1
	%4 = icmp slt i32 %0, %arg2
	%5 = select i1 %4, i32 16, i32 0
	call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16, $2;", "l,l,r"(i8 addrspace(3)* %2, i8 addrspace(1)* %3, i32 %5)
	call void @llvm.nvvm.cp.async.commit.group()
	%6 = getelementptr i8, i8 addrspace(3)* %2, i32 512
	br i1 %4, label %bb0.then1, label %bb0.join2

bb0.then1:
	call void @llvm.nvvm.cp.async.ca.shared.global.4(i8 addrspace(3)* %6, i8 addrspace(1)* %3)
	br label %bb0.join2

bb0.join2:
	call void asm sideeffect "@$3 cp.async.ca.shared.global [$0], [$1], 8, $2;", "l,l,r,b"(i8 addrspace(3)* %6, i8 addrspace(1)* %3, i32 0, i1 %4)
	call void @llvm.nvvm.cp.async.commit.group()
	call void @llvm.nvvm.cp.async.wait.group(i32 1)
	call void @llvm.nvvm.cp.async.wait.all()
	call void @llvm.nvvm.barrier0()
	%7 = bitcast i8 addrspace(3)* %2 to <4 x i32> addrspace(3)*
	%8 = load <4 x i32>, <4 x i32> addrspace(3)* %7, align 16
	%9 = extractelement <4 x i32> %8, i32 0
	%10 = bitcast i32 %9 to float
	%11 = extractelement <4 x i32> %8, i32 1
	%12 = bitcast i32 %11 to float
	%13 = extractelement <4 x i32> %8, i32 2
	%14 = bitcast i32 %13 to float
	%15 = extractelement <4 x i32> %8, i32 3
	%16 = bitcast i32 %15 to float
	%17 = getelementptr i8, i8 addrspace(1)* %arg1, i32 %1
	%18 = bitcast float %10 to i32
	%19 = bitcast float %12 to i32
	%20 = bitcast float %14 to i32
	%21 = bitcast float %16 to i32
	%22 = insertelement <4 x i32> undef, i32 %18, i32 0
	%23 = insertelement <4 x i32> %22, i32 %19, i32 1
	%24 = insertelement <4 x i32> %23, i32 %20, i32 2
	%25 = insertelement <4 x i32> %24, i32 %21, i32 3
	%26 = bitcast i8 addrspace(1)* %17 to <4 x i32> addrspace(1)*
	store <4 x i32> %25, <4 x i32> addrspace(1)* %26, align 16
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare void @llvm.nvvm.cp.async.commit.group()

declare void @llvm.nvvm.cp.async.ca.shared.global.4(i8 addrspace(3)* %0, i8 addrspace(1)* %1)

declare void @llvm.nvvm.cp.async.wait.group(i32 %0)

declare void @llvm.nvvm.cp.async.wait.all()

declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, i8 addrspace(1)*, i32)* @async_copy, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i8 addrspace(1)*, i32)* @async_copy, !"maxntidx", i32 32}
