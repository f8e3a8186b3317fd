target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @mma_fp8(i8 addrspace(1)* %arg0, float %arg1) {
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
	%55 = call { float, float, float, float } asm "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"(i32 %29, i32 %34, i32 %39, i32 %44, i32 %49, i32 %54, float %arg1, float %arg1, float %arg1, float %arg1)
	%56 = extractvalue { float, float, float, float } %55, 0
	%57 = extractvalue { float, float, float, float } %55, 1
	%58 = extractvalue { float, float, float, float } %55, 2
	%59 = extractvalue { float, float, float, float } %55, 3
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
	%75 = insertelement <4 x i8> undef, i8 %21, i32 0
	%76 = insertelement <4 x i8> %75, i8 %22, i32 1
	%77 = insertelement <4 x i8> %76, i8 %23, i32 2
	%78 = insertelement <4 x i8> %77, i8 %24, i32 3
	%79 = bitcast <4 x i8> %78 to i32
	%80 = insertelement <4 x i8> undef, i8 %6, i32 0
	%81 = insertelement <4 x i8> %80, i8 %7, i32 1
	%82 = insertelement <4 x i8> %81, i8 %8, i32 2
	%83 = insertelement <4 x i8> %82, i8 %9, i32 3
	%84 = bitcast <4 x i8> %83 to i32
	%85 = insertelement <4 x i8> undef, i8 %11, i32 0
	%86 = insertelement <4 x i8> %85, i8 %12, i32 1
	%87 = insertelement <4 x i8> %86, i8 %13, i32 2
	%88 = insertelement <4 x i8> %87, i8 %14, i32 3
	%89 = bitcast <4 x i8> %88 to i32
	%90 = call { float, float, float, float } asm "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"(i32 %64, i32 %69, i32 %74, i32 %79, i32 %84, i32 %89, float %56, float %57, float %58, float %59)
	%91 = extractvalue { float, float, float, float } %90, 0
	%92 = extractvalue { float, float, float, float } %90, 1
	%93 = extractvalue { float, float, float, float } %90, 2
	%94 = extractvalue { float, float, float, float } %90, 3
	%95 = bitcast float %91 to i32
	%96 = bitcast float %92 to i32
	%97 = bitcast float %93 to i32
	%98 = bitcast float %94 to i32
	%99 = insertelement <4 x i32> undef, i32 %95, i32 0
	%100 = insertelement <4 x i32> %99, i32 %96, i32 1
	%101 = insertelement <4 x i32> %100, i32 %97, i32 2
	%102 = insertelement <4 x i32> %101, i32 %98, i32 3
	%103 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	store <4 x i32> %102, <4 x i32> addrspace(1)* %103, align 16
	ret void
}

declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16(i8 addrspace(3)* %0)

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, float)* @mma_fp8, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, float)* @mma_fp8, !"maxntidx", i32 32}
