target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @math(i8 addrspace(1)* inreg %arg0, float inreg %arg1, float inreg %arg2, i32 inreg %arg3, i32 inreg %arg4, i64 inreg %arg5) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
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
	%17 = call float @llvm.fabs.f32(float %16)
	%18 = call float @llvm.fabs.f32(float %arg2)
	%19 = call float @llvm.minnum.f32(float %17, float %18)
	%20 = bitcast float %16 to i32
	%21 = bitcast float %arg2 to i32
	%22 = xor i32 %20, %21
	%23 = and i32 %22, u0x80000000
	%24 = bitcast float %19 to i32
	%25 = or i32 %24, %23
	%26 = bitcast i32 %25 to float
	%27 = call float @llvm.fabs.f32(float %26)
	%28 = call float @llvm.fabs.f32(float %arg2)
	%29 = call float @llvm.minimum.f32(float %27, float %28)
	%30 = bitcast float %26 to i32
	%31 = bitcast float %arg2 to i32
	%32 = xor i32 %30, %31
	%33 = and i32 %32, u0x80000000
	%34 = bitcast float %29 to i32
	%35 = or i32 %34, %33
	%36 = bitcast i32 %35 to float
	%37 = fcmp uno float %29, %29
	%38 = select i1 %37, float %29, float %36
	%39 = bitcast float %38 to i32
	%40 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %39, i32 addrspace(1)* %40, align 4
	%41 = sext i32 %arg3 to i64
	%42 = sext i32 %arg4 to i64
	%43 = mul i64 %41, %42
	%44 = lshr i64 %43, 32
	%45 = trunc i64 %44 to i32
	%46 = zext i32 %45 to i64
	%47 = zext i32 %arg4 to i64
	%48 = mul i64 %46, %47
	%49 = lshr i64 %48, 32
	%50 = trunc i64 %49 to i32
	%51 = zext i32 %arg4 to i64
	%52 = shl i64 %51, 32
	%53 = zext i32 %50 to i64
	%54 = or i64 %52, %53
	%55 = lshr i32 %arg3, 0
	%56 = and i32 %55, 15
	%57 = and i32 %56, 7
	%58 = zext i32 %57 to i64
	%59 = mul i64 %58, 8
	%60 = lshr i64 %54, %59
	%61 = and i64 %60, 255
	%62 = trunc i64 %61 to i32
	%63 = shl i32 %62, 24
	%64 = ashr i32 %63, 31
	%65 = and i32 %64, 255
	%66 = and i32 %56, 8
	%67 = icmp ne i32 %66, 0
	%68 = select i1 %67, i32 %65, i32 %62
	%69 = shl i32 %68, 0
	%70 = or i32 0, %69
	%71 = lshr i32 %arg3, 4
	%72 = and i32 %71, 15
	%73 = and i32 %72, 7
	%74 = zext i32 %73 to i64
	%75 = mul i64 %74, 8
	%76 = lshr i64 %54, %75
	%77 = and i64 %76, 255
	%78 = trunc i64 %77 to i32
	%79 = shl i32 %78, 24
	%80 = ashr i32 %79, 31
	%81 = and i32 %80, 255
	%82 = and i32 %72, 8
	%83 = icmp ne i32 %82, 0
	%84 = select i1 %83, i32 %81, i32 %78
	%85 = shl i32 %84, 8
	%86 = or i32 %70, %85
	%87 = lshr i32 %arg3, 8
	%88 = and i32 %87, 15
	%89 = and i32 %88, 7
	%90 = zext i32 %89 to i64
	%91 = mul i64 %90, 8
	%92 = lshr i64 %54, %91
	%93 = and i64 %92, 255
	%94 = trunc i64 %93 to i32
	%95 = shl i32 %94, 24
	%96 = ashr i32 %95, 31
	%97 = and i32 %96, 255
	%98 = and i32 %88, 8
	%99 = icmp ne i32 %98, 0
	%100 = select i1 %99, i32 %97, i32 %94
	%101 = shl i32 %100, 16
	%102 = or i32 %86, %101
	%103 = lshr i32 %arg3, 12
	%104 = and i32 %103, 15
	%105 = and i32 %104, 7
	%106 = zext i32 %105 to i64
	%107 = mul i64 %106, 8
	%108 = lshr i64 %54, %107
	%109 = and i64 %108, 255
	%110 = trunc i64 %109 to i32
	%111 = shl i32 %110, 24
	%112 = ashr i32 %111, 31
	%113 = and i32 %112, 255
	%114 = and i32 %104, 8
	%115 = icmp ne i32 %114, 0
	%116 = select i1 %115, i32 %113, i32 %110
	%117 = shl i32 %116, 24
	%118 = or i32 %102, %117
	%119 = call i32 @llvm.amdgcn.sbfe.i32(i32 %118, i32 3, i32 5)
	%120 = call i32 @llvm.amdgcn.ubfe.i32(i32 %119, i32 3, i32 5)
	%121 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %120, i32 addrspace(1)* %121, align 4
	%122 = zext i64 %arg5 to i128
	%123 = zext i64 %arg5 to i128
	%124 = mul i128 %122, %123
	%125 = lshr i128 %124, 64
	%126 = trunc i128 %125 to i64
	%127 = zext i32 3 to i64
	%128 = zext i32 5 to i64
	%129 = sub i64 64, %127
	%130 = sub i64 %129, %128
	%131 = shl i64 %126, %130
	%132 = sub i64 64, %128
	%133 = ashr i64 %131, %132
	%134 = icmp eq i64 %128, 0
	%135 = select i1 %134, i64 0, i64 %133
	%136 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %135, i64 addrspace(1)* %136, align 8
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

declare float @llvm.minnum.f32(float %0, float %1)

declare float @llvm.minimum.f32(float %0, float %1)

declare i32 @llvm.amdgcn.sbfe.i32(i32 %0, i32 %1, i32 %2)

declare i32 @llvm.amdgcn.ubfe.i32(i32 %0, i32 %1, i32 %2)
