target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @mma_f16(i8 addrspace(1)* %arg0, i32 %arg1) {
bb0:
	%0 = getelementptr i8, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i32 %arg1
	%1 = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*))
	%2 = extractvalue { i32, i32, i32, i32 } %1, 0
	%3 = extractvalue { i32, i32, i32, i32 } %1, 1
	%4 = extractvalue { i32, i32, i32, i32 } %1, 2
	%5 = extractvalue { i32, i32, i32, i32 } %1, 3
	%6 = bitcast i32 %2 to <2 x half>
	%7 = extractelement <2 x half> %6, i32 0
	%8 = extractelement <2 x half> %6, i32 1
	%9 = bitcast i32 %3 to <2 x half>
	%10 = extractelement <2 x half> %9, i32 0
	%11 = extractelement <2 x half> %9, i32 1
	%12 = bitcast i32 %4 to <2 x half>
	%13 = extractelement <2 x half> %12, i32 0
	%14 = extractelement <2 x half> %12, i32 1
	%15 = bitcast i32 %5 to <2 x half>
	%16 = extractelement <2 x half> %15, i32 0
	%17 = extractelement <2 x half> %15, i32 1
	%18 = call { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16(i8 addrspace(3)* %0)
	%19 = extractvalue { i32, i32 } %18, 0
	%20 = extractvalue { i32, i32 } %18, 1
	%21 = bitcast i32 %19 to <2 x half>
	%22 = extractelement <2 x half> %21, i32 0
	%23 = extractelement <2 x half> %21, i32 1
	%24 = bitcast i32 %20 to <2 x half>
	%25 = extractelement <2 x half> %24, i32 0
	%26 = extractelement <2 x half> %24, i32 1
	%27 = insertelement <2 x half> undef, half %7, i32 0
	%28 = insertelement <2 x half> %27, half %8, i32 1
	%29 = insertelement <2 x half> undef, half %10, i32 0
	%30 = insertelement <2 x half> %29, half %11, i32 1
	%31 = insertelement <2 x half> undef, half %13, i32 0
	%32 = insertelement <2 x half> %31, half %14, i32 1
	%33 = insertelement <2 x half> undef, half %16, i32 0
	%34 = insertelement <2 x half> %33, half %17, i32 1
	%35 = insertelement <2 x half> undef, half %22, i32 0
	%36 = insertelement <2 x half> %35, half %23, i32 1
	%37 = insertelement <2 x half> undef, half %25, i32 0
	%38 = insertelement <2 x half> %37, half %26, i32 1
	%39 = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %28, <2 x half> %30, <2 x half> %32, <2 x half> %34, <2 x half> %36, <2 x half> %38, float 0.0, float 0.0, float 0.0, float 0.0)
	%40 = extractvalue { float, float, float, float } %39, 0
	%41 = extractvalue { float, float, float, float } %39, 1
	%42 = extractvalue { float, float, float, float } %39, 2
	%43 = extractvalue { float, float, float, float } %39, 3
	%44 = insertelement <2 x half> undef, half %7, i32 0
	%45 = insertelement <2 x half> %44, half %8, i32 1
	%46 = insertelement <2 x half> undef, half %10, i32 0
	%47 = insertelement <2 x half> %46, half %11, i32 1
	%48 = insertelement <2 x half> undef, half %13, i32 0
	%49 = insertelement <2 x half> %48, half %14, i32 1
	%50 = insertelement <2 x half> undef, half %16, i32 0
	%51 = insertelement <2 x half> %50, half %17, i32 1
	%52 = insertelement <2 x half> undef, half %22, i32 0
	%53 = insertelement <2 x half> %52, half %23, i32 1
	%54 = insertelement <2 x half> undef, half %25, i32 0
	%55 = insertelement <2 x half> %54, half %26, i32 1
	%56 = insertelement <2 x half> undef, half %7, i32 0
	%57 = insertelement <2 x half> %56, half %8, i32 1
	%58 = insertelement <2 x half> undef, half %10, i32 0
	%59 = insertelement <2 x half> %58, half %11, i32 1
	%60 = call { <2 x half>, <2 x half> } @llvm.nvvm.mma.m16n8k16.row.col.f16.f16(<2 x half> %45, <2 x half> %47, <2 x half> %49, <2 x half> %51, <2 x half> %53, <2 x half> %55, <2 x half> %57, <2 x half> %59)
	%61 = extractvalue { <2 x half>, <2 x half> } %60, 0
	%62 = extractvalue { <2 x half>, <2 x half> } %60, 1
	%63 = extractelement <2 x half> %61, i32 0
	%64 = extractelement <2 x half> %61, i32 1
	%65 = extractelement <2 x half> %62, i32 0
	%66 = extractelement <2 x half> %62, i32 1
	%67 = fpext half %66 to float
	%68 = fadd float %40, %67
	%69 = bitcast float %68 to i32
	%70 = bitcast float %41 to i32
	%71 = bitcast float %42 to i32
	%72 = bitcast float %43 to i32
	%73 = insertelement <4 x i32> undef, i32 %69, i32 0
	%74 = insertelement <4 x i32> %73, i32 %70, i32 1
	%75 = insertelement <4 x i32> %74, i32 %71, i32 2
	%76 = insertelement <4 x i32> %75, i32 %72, i32 3
	%77 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	store <4 x i32> %76, <4 x i32> addrspace(1)* %77, align 16
	ret void
}

define ptx_kernel void @mma_bf16_tf32(i8 addrspace(1)* %arg0, float %arg1, i16 %arg2) {
bb0:
	%0 = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*))
	%1 = extractvalue { i32, i32, i32, i32 } %0, 0
	%2 = extractvalue { i32, i32, i32, i32 } %0, 1
	%3 = extractvalue { i32, i32, i32, i32 } %0, 2
	%4 = extractvalue { i32, i32, i32, i32 } %0, 3
	%5 = bitcast i32 %1 to float
	%6 = bitcast i32 %2 to float
	%7 = bitcast i32 %3 to float
	%8 = bitcast i32 %4 to float
	%9 = bitcast float %5 to i32
	%10 = bitcast float %6 to i32
	%11 = bitcast float %7 to i32
	%12 = bitcast float %8 to i32
	%13 = bitcast float %arg1 to i32
	%14 = bitcast float %6 to i32
	%15 = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 %9, i32 %10, i32 %11, i32 %12, i32 %13, i32 %14, float %arg1, float %arg1, float %arg1, float %arg1)
	%16 = extractvalue { float, float, float, float } %15, 0
	%17 = extractvalue { float, float, float, float } %15, 1
	%18 = extractvalue { float, float, float, float } %15, 2
	%19 = extractvalue { float, float, float, float } %15, 3
	%20 = insertelement <2 x i16> undef, i16 %arg2, i32 0
	%21 = insertelement <2 x i16> %20, i16 %arg2, i32 1
	%22 = bitcast <2 x i16> %21 to i32
	%23 = insertelement <2 x i16> undef, i16 %arg2, i32 0
	%24 = insertelement <2 x i16> %23, i16 %arg2, i32 1
	%25 = bitcast <2 x i16> %24 to i32
	%26 = insertelement <2 x i16> undef, i16 %arg2, i32 0
	%27 = insertelement <2 x i16> %26, i16 %arg2, i32 1
	%28 = bitcast <2 x i16> %27 to i32
	%29 = insertelement <2 x i16> undef, i16 %arg2, i32 0
	%30 = insertelement <2 x i16> %29, i16 %arg2, i32 1
	%31 = bitcast <2 x i16> %30 to i32
	%32 = insertelement <2 x i16> undef, i16 %arg2, i32 0
	%33 = insertelement <2 x i16> %32, i16 %arg2, i32 1
	%34 = bitcast <2 x i16> %33 to i32
	%35 = insertelement <2 x i16> undef, i16 %arg2, i32 0
	%36 = insertelement <2 x i16> %35, i16 %arg2, i32 1
	%37 = bitcast <2 x i16> %36 to i32
	%38 = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32 %22, i32 %25, i32 %28, i32 %31, i32 %34, i32 %37, float %16, float %17, float %18, float %19)
	%39 = extractvalue { float, float, float, float } %38, 0
	%40 = extractvalue { float, float, float, float } %38, 1
	%41 = extractvalue { float, float, float, float } %38, 2
	%42 = extractvalue { float, float, float, float } %38, 3
	%43 = insertelement <2 x half> undef, half 1.0, i32 0
	%44 = insertelement <2 x half> %43, half 1.0, i32 1
	%45 = insertelement <2 x half> undef, half 1.0, i32 0
	%46 = insertelement <2 x half> %45, half 1.0, i32 1
	%47 = insertelement <2 x half> undef, half 1.0, i32 0
	%48 = insertelement <2 x half> %47, half 1.0, i32 1
	%49 = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half> %44, <2 x half> %46, <2 x half> %48, float %39, float %40, float %41, float %42)
	%50 = extractvalue { float, float, float, float } %49, 0
	%51 = extractvalue { float, float, float, float } %49, 1
	%52 = extractvalue { float, float, float, float } %49, 2
	%53 = extractvalue { float, float, float, float } %49, 3
	%54 = bitcast float %50 to i32
	%55 = bitcast float %51 to i32
	%56 = bitcast float %52 to i32
	%57 = bitcast float %53 to i32
	%58 = insertelement <4 x i32> undef, i32 %54, i32 0
	%59 = insertelement <4 x i32> %58, i32 %55, i32 1
	%60 = insertelement <4 x i32> %59, i32 %56, i32 2
	%61 = insertelement <4 x i32> %60, i32 %57, i32 3
	%62 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	store <4 x i32> %61, <4 x i32> addrspace(1)* %62, align 16
	ret void
}

define ptx_kernel void @mma_int8(i8 addrspace(1)* %arg0, i32 %arg1) {
bb0:
	%0 = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*))
	%1 = extractvalue { i32, i32, i32, i32 } %0, 0
	%2 = extractvalue { i32, i32, i32, i32 } %0, 1
	%3 = extractvalue { i32, i32, i32, i32 } %0, 2
	%4 = extractvalue { i32, i32, i32, i32 } %0, 3
	%5 = bitcast i32 %1 to <4 x i8>
	%6 = extractelement <4 x i8> %5, i32 0
	%7 = extractelement <4 x i8> %5, i32 1
	%8 = extractelement <4 x i8> %5, i32 2
	%9 = extractelement <4 x i8> %5, i32 3
	%10 = bitcast i32 %2 to <4 x i8>
	%11 = extractelement <4 x i8> %10, i32 0
	%12 = extractelement <4 x i8> %10, i32 1
	%13 = extractelement <4 x i8> %10, i32 2
	%14 = extractelement <4 x i8> %10, i32 3
	%15 = bitcast i32 %3 to <4 x i8>
	%16 = extractelement <4 x i8> %15, i32 0
	%17 = extractelement <4 x i8> %15, i32 1
	%18 = extractelement <4 x i8> %15, i32 2
	%19 = extractelement <4 x i8> %15, i32 3
	%20 = bitcast i32 %4 to <4 x i8>
	%21 = extractelement <4 x i8> %20, i32 0
	%22 = extractelement <4 x i8> %20, i32 1
	%23 = extractelement <4 x i8> %20, i32 2
	%24 = extractelement <4 x i8> %20, i32 3
	%25 = insertelement <4 x i8> undef, i8 %6, i32 0
	%26 = insertelement <4 x i8> %25, i8 %7, i32 1
	%27 = insertelement <4 x i8> %26, i8 %8, i32 2
	%28 = insertelement <4 x i8> %27, i8 %9, i32 3
	%29 = bitcast <4 x i8> %28 to i32
	%30 = insertelement <4 x i8> undef, i8 %11, i32 0
	%31 = insertelement <4 x i8> %30, i8 %12, i32 1
	%32 = insertelement <4 x i8> %31, i8 %13, i32 2
	%33 = insertelement <4 x i8> %32, i8 %14, i32 3
	%34 = bitcast <4 x i8> %33 to i32
	%35 = insertelement <4 x i8> undef, i8 %16, i32 0
	%36 = insertelement <4 x i8> %35, i8 %17, i32 1
	%37 = insertelement <4 x i8> %36, i8 %18, i32 2
	%38 = insertelement <4 x i8> %37, i8 %19, i32 3
	%39 = bitcast <4 x i8> %38 to i32
	%40 = insertelement <4 x i8> undef, i8 %21, i32 0
	%41 = insertelement <4 x i8> %40, i8 %22, i32 1
	%42 = insertelement <4 x i8> %41, i8 %23, i32 2
	%43 = insertelement <4 x i8> %42, i8 %24, i32 3
	%44 = bitcast <4 x i8> %43 to i32
	%45 = insertelement <4 x i8> undef, i8 %6, i32 0
	%46 = insertelement <4 x i8> %45, i8 %7, i32 1
	%47 = insertelement <4 x i8> %46, i8 %8, i32 2
	%48 = insertelement <4 x i8> %47, i8 %9, i32 3
	%49 = bitcast <4 x i8> %48 to i32
	%50 = insertelement <4 x i8> undef, i8 %11, i32 0
	%51 = insertelement <4 x i8> %50, i8 %12, i32 1
	%52 = insertelement <4 x i8> %51, i8 %13, i32 2
	%53 = insertelement <4 x i8> %52, i8 %14, i32 3
	%54 = bitcast <4 x i8> %53 to i32
	%55 = call { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k32.row.col.satfinite.s8.u8(i32 %29, i32 %34, i32 %39, i32 %44, i32 %49, i32 %54, i32 %arg1, i32 %arg1, i32 %arg1, i32 %arg1)
	%56 = extractvalue { i32, i32, i32, i32 } %55, 0
	%57 = extractvalue { i32, i32, i32, i32 } %55, 1
	%58 = extractvalue { i32, i32, i32, i32 } %55, 2
	%59 = extractvalue { i32, i32, i32, i32 } %55, 3
	%60 = insertelement <4 x i8> undef, i8 %6, i32 0
	%61 = insertelement <4 x i8> %60, i8 %7, i32 1
	%62 = insertelement <4 x i8> %61, i8 %8, i32 2
	%63 = insertelement <4 x i8> %62, i8 %9, i32 3
	%64 = bitcast <4 x i8> %63 to i32
	%65 = insertelement <4 x i8> undef, i8 %11, i32 0
	%66 = insertelement <4 x i8> %65, i8 %12, i32 1
	%67 = insertelement <4 x i8> %66, i8 %13, i32 2
	%68 = insertelement <4 x i8> %67, i8 %14, i32 3
	%69 = bitcast <4 x i8> %68 to i32
	%70 = insertelement <4 x i8> undef, i8 %16, i32 0
	%71 = insertelement <4 x i8> %70, i8 %17, i32 1
	%72 = insertelement <4 x i8> %71, i8 %18, i32 2
	%73 = insertelement <4 x i8> %72, i8 %19, i32 3
	%74 = bitcast <4 x i8> %73 to i32
	%75 = call { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k16.row.col.s8(i32 %64, i32 %69, i32 %74, i32 %56, i32 %57, i32 %58, i32 %59)
	%76 = extractvalue { i32, i32, i32, i32 } %75, 0
	%77 = extractvalue { i32, i32, i32, i32 } %75, 1
	%78 = extractvalue { i32, i32, i32, i32 } %75, 2
	%79 = extractvalue { i32, i32, i32, i32 } %75, 3
	%80 = insertelement <4 x i32> undef, i32 %76, i32 0
	%81 = insertelement <4 x i32> %80, i32 %77, i32 1
	%82 = insertelement <4 x i32> %81, i32 %78, i32 2
	%83 = insertelement <4 x i32> %82, i32 %79, i32 3
	%84 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	store <4 x i32> %83, <4 x i32> addrspace(1)* %84, align 16
	ret void
}

declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* %0)

declare { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16(i8 addrspace(3)* %0)

declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %0, <2 x half> %1, <2 x half> %2, <2 x half> %3, <2 x half> %4, <2 x half> %5, float %6, float %7, float %8, float %9)

declare { <2 x half>, <2 x half> } @llvm.nvvm.mma.m16n8k16.row.col.f16.f16(<2 x half> %0, <2 x half> %1, <2 x half> %2, <2 x half> %3, <2 x half> %4, <2 x half> %5, <2 x half> %6, <2 x half> %7)

declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 %0, i32 %1, i32 %2, i32 %3, i32 %4, i32 %5, float %6, float %7, float %8, float %9)

declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32 %0, i32 %1, i32 %2, i32 %3, i32 %4, i32 %5, float %6, float %7, float %8, float %9)

declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half> %0, <2 x half> %1, <2 x half> %2, float %3, float %4, float %5, float %6)

declare { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k32.row.col.satfinite.s8.u8(i32 %0, i32 %1, i32 %2, i32 %3, i32 %4, i32 %5, i32 %6, i32 %7, i32 %8, i32 %9)

declare { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k16.row.col.s8(i32 %0, i32 %1, i32 %2, i32 %3, i32 %4, i32 %5, i32 %6)

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5}

!0 = !{void (i8 addrspace(1)*, i32)* @mma_f16, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i32)* @mma_f16, !"maxntidx", i32 32}
!2 = !{void (i8 addrspace(1)*, float, i16)* @mma_bf16_tf32, !"kernel", i32 1}
!3 = !{void (i8 addrspace(1)*, float, i16)* @mma_bf16_tf32, !"maxntidx", i32 32}
!4 = !{void (i8 addrspace(1)*, i32)* @mma_int8, !"kernel", i32 1}
!5 = !{void (i8 addrspace(1)*, i32)* @mma_int8, !"maxntidx", i32 32}
