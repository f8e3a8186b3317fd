target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @wgmma_loop(i8 addrspace(1)* %arg0, i32 %arg1) {
bb0:
	br label %bb1

bb1:
	%0 = phi i32 [ 0, %bb0 ], [ %58, %bb2 ]
	%1 = phi float [ 0.0, %bb0 ], [ %50, %bb2 ]
	%2 = phi float [ 0.0, %bb0 ], [ %51, %bb2 ]
	%3 = phi float [ 0.0, %bb0 ], [ %52, %bb2 ]
	%4 = phi float [ 0.0, %bb0 ], [ %53, %bb2 ]
	%5 = phi float [ 0.0, %bb0 ], [ %54, %bb2 ]
	%6 = phi float [ 0.0, %bb0 ], [ %55, %bb2 ]
	%7 = phi float [ 0.0, %bb0 ], [ %56, %bb2 ]
	%8 = phi float [ 0.0, %bb0 ], [ %57, %bb2 ]
	%9 = icmp slt i32 %0, %arg1
	br i1 %9, label %bb2, label %bb3

bb2:
	%10 = mul i32 %0, u0x2000
	%11 = getelementptr i8, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i32 %10
	%12 = getelementptr i8, i8 addrspace(3)* %11, i32 u0x1000
	%13 = getelementptr i8, i8 addrspace(3)* %11, i32 32
	%14 = getelementptr i8, i8 addrspace(3)* %12, i32 32
	%15 = ptrtoint i8 addrspace(3)* %11 to i64
	%16 = and i64 %15, 262128
	%17 = lshr i64 %16, 4
	%18 = or i64 %17, u0x4000004000010000
	%19 = ptrtoint i8 addrspace(3)* %12 to i64
	%20 = and i64 %19, 262128
	%21 = lshr i64 %20, 4
	%22 = or i64 %21, u0x4000004000010000
	%23 = ptrtoint i8 addrspace(3)* %13 to i64
	%24 = and i64 %23, 262128
	%25 = lshr i64 %24, 4
	%26 = or i64 %25, u0x4000004000010000
	%27 = ptrtoint i8 addrspace(3)* %14 to i64
	%28 = and i64 %27, 262128
	%29 = lshr i64 %28, 4
	%30 = or i64 %29, u0x4000004000010000
	call void asm sideeffect "wgmma.fence.sync.aligned;", ""()
	%31 = call { float, float, float, float, float, float, float, float } asm sideeffect "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {$0, $1, $2, $3, $4, $5, $6, $7}, $16, $17, $18, 1, 1, 0, 0;", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,l,l,b"(float %1, float %2, float %3, float %4, float %5, float %6, float %7, float %8, i64 %18, i64 %22, i1 true)
	%32 = extractvalue { float, float, float, float, float, float, float, float } %31, 0
	%33 = extractvalue { float, float, float, float, float, float, float, float } %31, 1
	%34 = extractvalue { float, float, float, float, float, float, float, float } %31, 2
	%35 = extractvalue { float, float, float, float, float, float, float, float } %31, 3
	%36 = extractvalue { float, float, float, float, float, float, float, float } %31, 4
	%37 = extractvalue { float, float, float, float, float, float, float, float } %31, 5
	%38 = extractvalue { float, float, float, float, float, float, float, float } %31, 6
	%39 = extractvalue { float, float, float, float, float, float, float, float } %31, 7
	%40 = call { float, float, float, float, float, float, float, float } asm sideeffect "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {$0, $1, $2, $3, $4, $5, $6, $7}, $16, $17, $18, 1, 1, 0, 0;", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,l,l,b"(float %32, float %33, float %34, float %35, float %36, float %37, float %38, float %39, i64 %26, i64 %30, i1 true)
	%41 = extractvalue { float, float, float, float, float, float, float, float } %40, 0
	%42 = extractvalue { float, float, float, float, float, float, float, float } %40, 1
	%43 = extractvalue { float, float, float, float, float, float, float, float } %40, 2
	%44 = extractvalue { float, float, float, float, float, float, float, float } %40, 3
	%45 = extractvalue { float, float, float, float, float, float, float, float } %40, 4
	%46 = extractvalue { float, float, float, float, float, float, float, float } %40, 5
	%47 = extractvalue { float, float, float, float, float, float, float, float } %40, 6
	%48 = extractvalue { float, float, float, float, float, float, float, float } %40, 7
	call void asm sideeffect "wgmma.commit_group.sync.aligned;", ""()
	%49 = call { float, float, float, float, float, float, float, float } asm sideeffect "wgmma.wait_group.sync.aligned 1;", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7"(float %41, float %42, float %43, float %44, float %45, float %46, float %47, float %48)
	%50 = extractvalue { float, float, float, float, float, float, float, float } %49, 0
	%51 = extractvalue { float, float, float, float, float, float, float, float } %49, 1
	%52 = extractvalue { float, float, float, float, float, float, float, float } %49, 2
	%53 = extractvalue { float, float, float, float, float, float, float, float } %49, 3
	%54 = extractvalue { float, float, float, float, float, float, float, float } %49, 4
	%55 = extractvalue { float, float, float, float, float, float, float, float } %49, 5
	%56 = extractvalue { float, float, float, float, float, float, float, float } %49, 6
	%57 = extractvalue { float, float, float, float, float, float, float, float } %49, 7
	%58 = add i32 %0, 1
	br label %bb1

bb3:
	%59 = call { float, float, float, float, float, float, float, float } asm sideeffect "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7"(float %1, float %2, float %3, float %4, float %5, float %6, float %7, float %8)
	%60 = extractvalue { float, float, float, float, float, float, float, float } %59, 0
	%61 = extractvalue { float, float, float, float, float, float, float, float } %59, 1
	%62 = extractvalue { float, float, float, float, float, float, float, float } %59, 2
	%63 = extractvalue { float, float, float, float, float, float, float, float } %59, 3
	%64 = extractvalue { float, float, float, float, float, float, float, float } %59, 4
	%65 = extractvalue { float, float, float, float, float, float, float, float } %59, 5
	%66 = extractvalue { float, float, float, float, float, float, float, float } %59, 6
	%67 = extractvalue { float, float, float, float, float, float, float, float } %59, 7
	%68 = bitcast float %60 to i32
	%69 = bitcast float %61 to i32
	%70 = bitcast float %62 to i32
	%71 = bitcast float %63 to i32
	%72 = insertelement <4 x i32> undef, i32 %68, i32 0
	%73 = insertelement <4 x i32> %72, i32 %69, i32 1
	%74 = insertelement <4 x i32> %73, i32 %70, i32 2
	%75 = insertelement <4 x i32> %74, i32 %71, i32 3
	%76 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	store <4 x i32> %75, <4 x i32> addrspace(1)* %76, align 16
	%77 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%78 = getelementptr float, float addrspace(1)* %77, i32 4
	%79 = bitcast float addrspace(1)* %78 to i8 addrspace(1)*
	%80 = bitcast float %64 to i32
	%81 = bitcast float %65 to i32
	%82 = bitcast float %66 to i32
	%83 = bitcast float %67 to i32
	%84 = insertelement <4 x i32> undef, i32 %80, i32 0
	%85 = insertelement <4 x i32> %84, i32 %81, i32 1
	%86 = insertelement <4 x i32> %85, i32 %82, i32 2
	%87 = insertelement <4 x i32> %86, i32 %83, i32 3
	%88 = bitcast i8 addrspace(1)* %79 to <4 x i32> addrspace(1)*
	store <4 x i32> %87, <4 x i32> addrspace(1)* %88, align 16
	ret void
}

define ptx_kernel void @wgmma_forms(i8 addrspace(1)* %arg0, float %arg1, i32 %arg2) {
bb0:
	%0 = ptrtoint i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64
	%1 = and i64 %0, 262128
	%2 = lshr i64 %1, 4
	%3 = or i64 %2, -9223371899415756800
	%4 = ptrtoint i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i64
	%5 = and i64 %4, 262128
	%6 = lshr i64 %5, 4
	%7 = or i64 %6, u0x1000080000
	call void asm sideeffect "wgmma.fence.sync.aligned;", ""()
	%8 = call { i32, i32 } asm sideeffect "wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, $6, 0, 1, 1, 1;", "=r,=r,r,r,r,r,l"(i32 %arg2, i32 %arg2, i32 %arg2, i32 %arg2, i64 %7)
	%9 = extractvalue { i32, i32 } %8, 0
	%10 = extractvalue { i32, i32 } %8, 1
	%11 = call { i32, i32 } asm sideeffect "wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16 {$0, $1}, {$4, $5, $6, $7}, $8, $9, 1, 1, 0;", "=r,=r,0,1,r,r,r,r,l,b"(i32 %9, i32 %10, i32 %arg2, i32 %arg2, i32 %arg2, i32 %arg2, i64 %7, i1 true)
	%12 = extractvalue { i32, i32 } %11, 0
	%13 = extractvalue { i32, i32 } %11, 1
	%14 = call { float, float, float, float } asm sideeffect "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}, $8, $9, $10, 1, -1, 1, 0;", "=f,=f,=f,=f,0,1,2,3,l,l,b"(float %arg1, float %arg1, float %arg1, float %arg1, i64 %3, i64 %7, i1 true)
	%15 = extractvalue { float, float, float, float } %14, 0
	%16 = extractvalue { float, float, float, float } %14, 1
	%17 = extractvalue { float, float, float, float } %14, 2
	%18 = extractvalue { float, float, float, float } %14, 3
	%19 = call { float, float, float, float } asm sideeffect "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {$0, $1, $2, $3}, $8, $9, $10, 1, 1;", "=f,=f,=f,=f,0,1,2,3,l,l,b"(float %15, float %16, float %17, float %18, i64 %3, i64 %7, i1 true)
	%20 = extractvalue { float, float, float, float } %19, 0
	%21 = extractvalue { float, float, float, float } %19, 1
	%22 = extractvalue { float, float, float, float } %19, 2
	%23 = extractvalue { float, float, float, float } %19, 3
	%24 = call { float, float, float, float } asm sideeffect "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e5m2 {$0, $1, $2, $3}, $8, $9, $10, -1, 1;", "=f,=f,=f,=f,0,1,2,3,l,l,b"(float %20, float %21, float %22, float %23, i64 %3, i64 %7, i1 true)
	%25 = extractvalue { float, float, float, float } %24, 0
	%26 = extractvalue { float, float, float, float } %24, 1
	%27 = extractvalue { float, float, float, float } %24, 2
	%28 = extractvalue { float, float, float, float } %24, 3
	%29 = call { i32, i32, i32, i32 } asm sideeffect "wgmma.mma_async.sync.aligned.m64n8k32.satfinite.s32.s8.u8 {$0, $1, $2, $3}, $4, $5, 0;", "=r,=r,=r,=r,l,l"(i64 %3, i64 %7)
	%30 = extractvalue { i32, i32, i32, i32 } %29, 0
	%31 = extractvalue { i32, i32, i32, i32 } %29, 1
	%32 = extractvalue { i32, i32, i32, i32 } %29, 2
	%33 = extractvalue { i32, i32, i32, i32 } %29, 3
	call void asm sideeffect "wgmma.commit_group.sync.aligned;", ""()
	%34 = call { i32, i32 } asm sideeffect "wgmma.wait_group.sync.aligned 0;", "=r,=r,0,1"(i32 %12, i32 %13)
	%35 = extractvalue { i32, i32 } %34, 0
	%36 = extractvalue { i32, i32 } %34, 1
	%37 = call { float, float, float, float } asm sideeffect "wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,0,1,2,3"(float %25, float %26, float %27, float %28)
	%38 = extractvalue { float, float, float, float } %37, 0
	%39 = extractvalue { float, float, float, float } %37, 1
	%40 = extractvalue { float, float, float, float } %37, 2
	%41 = extractvalue { float, float, float, float } %37, 3
	%42 = call { i32, i32, i32, i32 } asm sideeffect "wgmma.wait_group.sync.aligned 0;", "=r,=r,=r,=r,0,1,2,3"(i32 %30, i32 %31, i32 %32, i32 %33)
	%43 = extractvalue { i32, i32, i32, i32 } %42, 0
	%44 = extractvalue { i32, i32, i32, i32 } %42, 1
	%45 = extractvalue { i32, i32, i32, i32 } %42, 2
	%46 = extractvalue { i32, i32, i32, i32 } %42, 3
	%47 = fadd float %38, %arg1
	%48 = bitcast float %47 to i32
	%49 = bitcast float %39 to i32
	%50 = bitcast float %40 to i32
	%51 = bitcast float %41 to i32
	%52 = insertelement <4 x i32> undef, i32 %48, i32 0
	%53 = insertelement <4 x i32> %52, i32 %49, i32 1
	%54 = insertelement <4 x i32> %53, i32 %50, i32 2
	%55 = insertelement <4 x i32> %54, i32 %51, i32 3
	%56 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	store <4 x i32> %55, <4 x i32> addrspace(1)* %56, align 16
	%57 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%58 = getelementptr i32, i32 addrspace(1)* %57, i32 4
	%59 = bitcast i32 addrspace(1)* %58 to i8 addrspace(1)*
	%60 = insertelement <4 x i32> undef, i32 %43, i32 0
	%61 = insertelement <4 x i32> %60, i32 %44, i32 1
	%62 = insertelement <4 x i32> %61, i32 %45, i32 2
	%63 = insertelement <4 x i32> %62, i32 %46, i32 3
	%64 = bitcast i8 addrspace(1)* %59 to <4 x i32> addrspace(1)*
	store <4 x i32> %63, <4 x i32> addrspace(1)* %64, align 16
	%65 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%66 = getelementptr i32, i32 addrspace(1)* %65, i32 8
	%67 = bitcast i32 addrspace(1)* %66 to i8 addrspace(1)*
	%68 = insertelement <2 x i32> undef, i32 %35, i32 0
	%69 = insertelement <2 x i32> %68, i32 %36, i32 1
	%70 = bitcast i8 addrspace(1)* %67 to <2 x i32> addrspace(1)*
	store <2 x i32> %69, <2 x i32> addrspace(1)* %70, align 8
	ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}

!0 = !{void (i8 addrspace(1)*, i32)* @wgmma_loop, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i32)* @wgmma_loop, !"maxntidx", i32 128}
!2 = !{void (i8 addrspace(1)*, float, i32)* @wgmma_forms, !"kernel", i32 1}
!3 = !{void (i8 addrspace(1)*, float, i32)* @wgmma_forms, !"maxntidx", i32 128}
