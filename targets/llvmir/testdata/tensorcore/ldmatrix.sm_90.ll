target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @matrices(i8 addrspace(1)* %arg0) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
	%1 = mul i32 %0, 16
	%2 = getelementptr i8, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i32 %1
	%3 = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16(i8 addrspace(3)* %2)
	%4 = bitcast i32 %3 to <2 x i16>
	%5 = extractelement <2 x i16> %4, i32 0
	%6 = extractelement <2 x i16> %4, i32 1
	%7 = call { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16(i8 addrspace(3)* %2)
	%8 = extractvalue { i32, i32 } %7, 0
	%9 = extractvalue { i32, i32 } %7, 1
	%10 = bitcast i32 %8 to <2 x half>
	%11 = extractelement <2 x half> %10, i32 0
	%12 = extractelement <2 x half> %10, i32 1
	%13 = bitcast i32 %9 to <2 x half>
	%14 = extractelement <2 x half> %13, i32 0
	%15 = extractelement <2 x half> %13, i32 1
	%16 = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* %2)
	%17 = extractvalue { i32, i32, i32, i32 } %16, 0
	%18 = extractvalue { i32, i32, i32, i32 } %16, 1
	%19 = extractvalue { i32, i32, i32, i32 } %16, 2
	%20 = extractvalue { i32, i32, i32, i32 } %16, 3
	%21 = bitcast i32 %17 to <4 x i8>
	%22 = extractelement <4 x i8> %21, i32 0
	%23 = extractelement <4 x i8> %21, i32 1
	%24 = extractelement <4 x i8> %21, i32 2
	%25 = extractelement <4 x i8> %21, i32 3
	%26 = bitcast i32 %18 to <4 x i8>
	%27 = extractelement <4 x i8> %26, i32 0
	%28 = extractelement <4 x i8> %26, i32 1
	%29 = extractelement <4 x i8> %26, i32 2
	%30 = extractelement <4 x i8> %26, i32 3
	%31 = bitcast i32 %19 to <4 x i8>
	%32 = extractelement <4 x i8> %31, i32 0
	%33 = extractelement <4 x i8> %31, i32 1
	%34 = extractelement <4 x i8> %31, i32 2
	%35 = extractelement <4 x i8> %31, i32 3
	%36 = bitcast i32 %20 to <4 x i8>
	%37 = extractelement <4 x i8> %36, i32 0
	%38 = extractelement <4 x i8> %36, i32 1
	%39 = extractelement <4 x i8> %36, i32 2
	%40 = extractelement <4 x i8> %36, i32 3
	%41 = getelementptr i8, i8 addrspace(3)* %2, i32 512
	%42 = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* %41)
	%43 = extractvalue { i32, i32, i32, i32 } %42, 0
	%44 = extractvalue { i32, i32, i32, i32 } %42, 1
	%45 = extractvalue { i32, i32, i32, i32 } %42, 2
	%46 = extractvalue { i32, i32, i32, i32 } %42, 3
	%47 = bitcast half %11 to i16
	%48 = insertelement <2 x i16> undef, i16 %47, i32 0
	%49 = bitcast half %12 to i16
	%50 = insertelement <2 x i16> %48, i16 %49, i32 1
	%51 = bitcast <2 x i16> %50 to i32
	%52 = bitcast half %14 to i16
	%53 = insertelement <2 x i16> undef, i16 %52, i32 0
	%54 = bitcast half %15 to i16
	%55 = insertelement <2 x i16> %53, i16 %54, i32 1
	%56 = bitcast <2 x i16> %55 to i32
	call void asm sideeffect "stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [$0], {$1, $2};", "l,r,r"(i8 addrspace(3)* %2, i32 %51, i32 %56)
	%57 = insertelement <2 x i16> undef, i16 %6, i32 0
	%58 = insertelement <2 x i16> %57, i16 %5, i32 1
	%59 = bitcast <2 x i16> %58 to i32
	call void asm sideeffect "stmatrix.sync.aligned.m8n8.x1.shared.b16 [$0], {$1};", "l,r"(i8 addrspace(3)* %2, i32 %59)
	call void asm sideeffect "stmatrix.sync.aligned.m8n8.x4.shared.b16 [$0], {$1, $2, $3, $4};", "l,r,r,r,r"(i8 addrspace(3)* %2, i32 %43, i32 %44, i32 %45, i32 %46)
	%60 = insertelement <4 x i8> undef, i8 %22, i32 0
	%61 = insertelement <4 x i8> %60, i8 %23, i32 1
	%62 = insertelement <4 x i8> %61, i8 %24, i32 2
	%63 = insertelement <4 x i8> %62, i8 %25, i32 3
	%64 = bitcast <4 x i8> %63 to i32
	call void asm sideeffect "stmatrix.sync.aligned.m8n8.x1.shared.b16 [$0], {$1};", "l,r"(i8 addrspace(3)* %2, i32 %64)
	%65 = insertelement <2 x i32> undef, i32 %43, i32 0
	%66 = insertelement <2 x i32> %65, i32 %44, i32 1
	%67 = bitcast i8 addrspace(1)* %arg0 to <2 x i32> addrspace(1)*
	store <2 x i32> %66, <2 x i32> addrspace(1)* %67, align 8
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()

declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16(i8 addrspace(3)* %0)

declare { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16(i8 addrspace(3)* %0)

declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* %0)

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*)* @matrices, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*)* @matrices, !"maxntidx", i32 32}
