target triple = "amdgcn-amd-amdhsa"

@table = internal addrspace(1) global <4 x i32> <i32 1, i32 2, i32 3, i32 4>, align 16
@scale = internal addrspace(1) constant float 0.25
@scratch = internal addrspace(3) global [64 x float] undef, align 8

define internal float @helper(i32 %arg0, float %arg1) {
bb0:
	%0 = sitofp i32 %arg0 to float
	%1 = fmul fast float %0, %arg1
	ret float %1
}

define amdgpu_kernel void @ops(i8 addrspace(1)* inreg %arg0, i32 inreg %arg1, i64 inreg %arg2, float inreg %arg3, <4 x float> inreg %arg4) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = add nsw i32 %arg1, 1
	%1 = sub i32 %0, 3
	%2 = mul nuw i32 %1, %1
	%3 = udiv exact i32 %2, 3
	%4 = sdiv i32 %3, 3
	%5 = urem i32 %4, 3
	%6 = srem i32 %5, 3
	%7 = and i32 %6, %arg1
	%8 = or i32 %7, 1
	%9 = xor i32 %8, %arg1
	%10 = shl i32 %9, 1
	%11 = lshr i32 %10, 1
	%12 = ashr exact i32 %11, 1
	%13 = icmp sge i32 %12, %arg1
	%14 = select i1 %13, i32 %12, i32 %arg1
	%15 = freeze i32 %14
	%16 = zext i32 %15 to i64
	%17 = sext i32 %15 to i64
	%18 = add i64 %16, %17
	%19 = trunc i64 %18 to i16
	%20 = zext i16 %19 to i32
	%21 = uitofp i32 %20 to float
	%22 = fadd float %21, %arg3
	%23 = fsub float %22, 1.5
	%24 = fmul nnan ninf float %23, %arg3
	%25 = fdiv float %24, 1.5
	%26 = frem float %25, 1.5
	%27 = fneg float %26
	%28 = fcmp olt float %27, %arg3
	%29 = fpext float %27 to double
	%30 = fptrunc double %29 to half
	%31 = fadd half %30, 2.0
	%32 = fpext half %31 to float
	%33 = fptosi float %32 to i32
	%34 = fptoui float %32 to i32
	%35 = bitcast float %32 to i32
	%36 = ptrtoint i8 addrspace(1)* %arg0 to i64
	%37 = inttoptr i64 %36 to i8 addrspace(1)*
	%38 = addrspacecast i8 addrspace(1)* %37 to i8*
	%39 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%40 = getelementptr inbounds float, float addrspace(1)* %39, i32 %33
	%41 = bitcast float addrspace(1)* %40 to i8 addrspace(1)*
	%42 = bitcast i8 addrspace(1)* %41 to float addrspace(1)*
	%43 = load float, float addrspace(1)* %42, align 4
	%44 = bitcast i8 addrspace(1)* %41 to float addrspace(1)*
	store float %43, float addrspace(1)* %44
	%45 = getelementptr [64 x float], [64 x float] addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([64 x float] addrspace(3)* @scratch to i8 addrspace(3)*) to [64 x float] addrspace(3)*), i32 0, i32 %34
	%46 = bitcast float addrspace(3)* %45 to i8 addrspace(3)*
	%47 = bitcast i8 addrspace(3)* %46 to float addrspace(3)*
	store volatile float %43, float addrspace(3)* %47, align 4
	%48 = load <4 x i32>, <4 x i32> addrspace(1)* bitcast (i8 addrspace(1)* bitcast (<4 x i32> addrspace(1)* @table to i8 addrspace(1)*) to <4 x i32> addrspace(1)*), align 16
	%49 = extractelement <4 x i32> %48, i32 1
	%50 = insertelement <4 x float> %arg4, float %arg3, i32 3
	%51 = insertvalue { i32, float } undef, i32 %49, 0
	%52 = insertvalue { i32, float } %51, float %43, 1
	%53 = extractvalue { i32, float } %52, 1
	%54 = call float @helper(i32 %35, float %53)
	%55 = call float @llvm.fma.f32(float %54, float %arg3, float 1.5)
	%56 = call float @llvm.maxnum.f32(float %55, float %arg3)
	%57 = call float @llvm.fabs.f32(float %56)
	%58 = call i32 @llvm.smax.i32(i32 %49, i32 %arg1)
	%59 = call i64 @llvm.umin.i64(i64 %arg2, i64 %arg2)
	%60 = call <4 x float> @llvm.fma.v4f32(<4 x float> %50, <4 x float> %50, <4 x float> zeroinitializer)
	%61 = load float, float addrspace(1)* bitcast (i8 addrspace(1)* bitcast (float addrspace(1)* @scale to i8 addrspace(1)*) to float addrspace(1)*)
	%62 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%63 = atomicrmw fadd float addrspace(1)* %62, float %61 monotonic
	%64 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%65 = cmpxchg i32 addrspace(1)* %64, i32 %58, i32 %49 acq_rel monotonic
	%66 = extractvalue { i32, i1 } %65, 0
	fence syncscope("agent") acq_rel
	%67 = icmp eq i8 addrspace(1)* %arg0, null
	%68 = select i1 %67, float %57, float %63
	%69 = select i1 %28, float %68, float %arg3
	%70 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	store float %69, float addrspace(1)* %70
	%71 = bitcast i8 addrspace(1)* %arg0 to <4 x float> addrspace(1)*
	store <4 x float> %60, <4 x float> addrspace(1)* %71, align 16
	%72 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %66, i32 addrspace(1)* %72
	%73 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %59, i64 addrspace(1)* %73
	%74 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 u0x4000, i16 addrspace(1)* %74
	%75 = bitcast i8 addrspace(1)* %arg0 to i1 addrspace(1)*
	store i1 true, i1 addrspace(1)* %75
	%76 = bitcast i8* %38 to i32*
	%77 = load i32, i32* %76
	%78 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %77, i32 addrspace(1)* %78
	ret void
}

declare float @llvm.fma.f32(float %0, float %1, float %2)

declare float @llvm.maxnum.f32(float %0, float %1)

declare float @llvm.fabs.f32(float %0)

declare i32 @llvm.smax.i32(i32 %0, i32 %1)

declare i64 @llvm.umin.i64(i64 %0, i64 %1)

declare <4 x float> @llvm.fma.v4f32(<4 x float> %0, <4 x float> %1, <4 x float> %2)
