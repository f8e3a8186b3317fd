target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @ids(i8 addrspace(1)* %arg0, float %arg1, i32 %arg2, <2 x half> %arg3, i1 %arg4) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
	%2 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
	%3 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
	%4 = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
	%5 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
	%6 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
	call void @llvm.nvvm.barrier0()
	%7 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %arg1, i32 1, i32 4127)
	%8 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %arg2, i32 1, i32 u0x1000)
	%9 = sub i32 32, %5
	%10 = shl i32 %9, 8
	%11 = or i32 %10, 31
	%12 = bitcast <2 x half> %arg3 to i32
	%13 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %12, i32 1, i32 %11)
	%14 = bitcast i32 %13 to <2 x half>
	%15 = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %arg1, i32 %6, i32 4127)
	%16 = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %arg4)
	%17 = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %arg4)
	%18 = zext i32 %17 to i64
	%19 = add i32 %0, %1
	%20 = add i32 %19, %2
	%21 = add i32 %20, %3
	%22 = add i32 %21, %4
	%23 = add i32 %22, %6
	%24 = add i32 %23, %8
	%25 = add i32 %24, %16
	%26 = trunc i64 %18 to i32
	%27 = add i32 %25, %26
	%28 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%29 = getelementptr i32, i32 addrspace(1)* %28, i32 %0
	%30 = bitcast i32 addrspace(1)* %29 to i8 addrspace(1)*
	%31 = bitcast i8 addrspace(1)* %30 to i32 addrspace(1)*
	store i32 %27, i32 addrspace(1)* %31, align 4
	%32 = fadd float %7, %15
	%33 = bitcast float %32 to i32
	store i32 %33, i32 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i32 addrspace(3)*), align 4
	%34 = getelementptr <2 x half>, <2 x half> addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to <2 x half> addrspace(3)*), i32 1
	%35 = bitcast <2 x half> addrspace(3)* %34 to i8 addrspace(3)*
	%36 = bitcast <2 x half> %14 to i32
	%37 = bitcast i8 addrspace(3)* %35 to i32 addrspace(3)*
	store i32 %36, i32 addrspace(3)* %37, align 4
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()

declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()

declare void @llvm.nvvm.barrier0()

declare float @llvm.nvvm.shfl.sync.bfly.f32(i32 %0, float %1, i32 %2, i32 %3)

declare i32 @llvm.nvvm.shfl.sync.up.i32(i32 %0, i32 %1, i32 %2, i32 %3)

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32 %0, i32 %1, i32 %2, i32 %3)

declare float @llvm.nvvm.shfl.sync.idx.f32(i32 %0, float %1, i32 %2, i32 %3)

declare i32 @llvm.nvvm.vote.ballot.sync(i32 %0, i1 %1)

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, float, i32, <2 x half>, i1)* @ids, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, float, i32, <2 x half>, i1)* @ids, !"maxntidx", i32 128}
