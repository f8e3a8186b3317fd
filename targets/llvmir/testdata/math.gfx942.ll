target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @math(i8 addrspace(1)* %arg0, float %arg1, float %arg2, i32 %arg3, i32 %arg4, i64 %arg5) {
bb0:
	%0 = call float @llvm.exp2.f32(float %arg1)
	%1 = call float @llvm.exp2.f32(float %0)
	%2 = call float @llvm.log2.f32(float %1)
	%3 = call float @llvm.amdgcn.rsq.f32(float %2)
	%4 = call float @llvm.amdgcn.rcp.f32(float %3)
	%5 = call float @llvm.sqrt.f32(float %4)
	%6 = call float @llvm.sin.f32(float %5)
	%7 = call float @llvm.cos.f32(float %6)
	%8 = call float @llvm.fabs.f32(float %7)
	%9 = fmul float %8, 0xC007154760000000
	%10 = call float @llvm.exp2.f32(float %9)
	%11 = fsub float 1.0, %10
	%12 = fadd float 1.0, %10
	%13 = fdiv float %11, %12
	%14 = call float @llvm.copysign.f32(float %13, float %7)
	%15 = fdiv float %14, %arg2
	%16 = fdiv arcp afn float %15, %arg2
	%17 = bitcast float %16 to i32
	%18 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %17, i32 addrspace(1)* %18, align 4
	%19 = sext i32 %arg3 to i64
	%20 = sext i32 %arg4 to i64
	%21 = mul i64 %19, %20
	%22 = lshr i64 %21, 32
	%23 = trunc i64 %22 to i32
	%24 = zext i32 %23 to i64
	%25 = zext i32 %arg4 to i64
	%26 = mul i64 %24, %25
	%27 = lshr i64 %26, 32
	%28 = trunc i64 %27 to i32
	%29 = zext i32 %arg4 to i64
	%30 = shl i64 %29, 32
	%31 = zext i32 %28 to i64
	%32 = or i64 %30, %31
	%33 = lshr i32 %arg3, 0
	%34 = and i32 %33, 15
	%35 = and i32 %34, 7
	%36 = zext i32 %35 to i64
	%37 = mul i64 %36, 8
	%38 = lshr i64 %32, %37
	%39 = and i64 %38, 255
	%40 = trunc i64 %39 to i32
	%41 = shl i32 %40, 24
	%42 = ashr i32 %41, 31
	%43 = and i32 %42, 255
	%44 = and i32 %34, 8
	%45 = icmp ne i32 %44, 0
	%46 = select i1 %45, i32 %43, i32 %40
	%47 = shl i32 %46, 0
	%48 = or i32 0, %47
	%49 = lshr i32 %arg3, 4
	%50 = and i32 %49, 15
	%51 = and i32 %50, 7
	%52 = zext i32 %51 to i64
	%53 = mul i64 %52, 8
	%54 = lshr i64 %32, %53
	%55 = and i64 %54, 255
	%56 = trunc i64 %55 to i32
	%57 = shl i32 %56, 24
	%58 = ashr i32 %57, 31
	%59 = and i32 %58, 255
	%60 = and i32 %50, 8
	%61 = icmp ne i32 %60, 0
	%62 = select i1 %61, i32 %59, i32 %56
	%63 = shl i32 %62, 8
	%64 = or i32 %48, %63
	%65 = lshr i32 %arg3, 8
	%66 = and i32 %65, 15
	%67 = and i32 %66, 7
	%68 = zext i32 %67 to i64
	%69 = mul i64 %68, 8
	%70 = lshr i64 %32, %69
	%71 = and i64 %70, 255
	%72 = trunc i64 %71 to i32
	%73 = shl i32 %72, 24
	%74 = ashr i32 %73, 31
	%75 = and i32 %74, 255
	%76 = and i32 %66, 8
	%77 = icmp ne i32 %76, 0
	%78 = select i1 %77, i32 %75, i32 %72
	%79 = shl i32 %78, 16
	%80 = or i32 %64, %79
	%81 = lshr i32 %arg3, 12
	%82 = and i32 %81, 15
	%83 = and i32 %82, 7
	%84 = zext i32 %83 to i64
	%85 = mul i64 %84, 8
	%86 = lshr i64 %32, %85
	%87 = and i64 %86, 255
	%88 = trunc i64 %87 to i32
	%89 = shl i32 %88, 24
	%90 = ashr i32 %89, 31
	%91 = and i32 %90, 255
	%92 = and i32 %82, 8
	%93 = icmp ne i32 %92, 0
	%94 = select i1 %93, i32 %91, i32 %88
	%95 = shl i32 %94, 24
	%96 = or i32 %80, %95
	%97 = call i32 @llvm.amdgcn.sbfe.i32(i32 %96, i32 3, i32 5)
	%98 = call i32 @llvm.amdgcn.ubfe.i32(i32 %97, i32 3, i32 5)
	%99 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %98, i32 addrspace(1)* %99, align 4
	%100 = zext i64 %arg5 to i128
	%101 = zext i64 %arg5 to i128
	%102 = mul i128 %100, %101
	%103 = lshr i128 %102, 64
	%104 = trunc i128 %103 to i64
	%105 = zext i32 3 to i64
	%106 = zext i32 5 to i64
	%107 = sub i64 64, %105
	%108 = sub i64 %107, %106
	%109 = shl i64 %104, %108
	%110 = sub i64 64, %106
	%111 = ashr i64 %109, %110
	%112 = icmp eq i64 %106, 0
	%113 = select i1 %112, i64 0, i64 %111
	%114 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %113, i64 addrspace(1)* %114, align 8
	ret void
}

declare float @llvm.exp2.f32(float %0)

declare float @llvm.log2.f32(float %0)

declare float @llvm.amdgcn.rsq.f32(float %0)

declare float @llvm.amdgcn.rcp.f32(float %0)

declare float @llvm.sqrt.f32(float %0)

declare float @llvm.sin.f32(float %0)

declare float @llvm.cos.f32(float %0)

declare float @llvm.fabs.f32(float %0)

declare float @llvm.copysign.f32(float %0, float %1)

declare i32 @llvm.amdgcn.sbfe.i32(i32 %0, i32 %1, i32 %2)

declare i32 @llvm.amdgcn.ubfe.i32(i32 %0, i32 %1, i32 %2)
