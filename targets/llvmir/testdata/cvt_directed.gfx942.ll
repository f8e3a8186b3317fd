target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @cvt_directed(i8 addrspace(1)* inreg %arg0, float inreg %arg1, float inreg %arg2, double inreg %arg3) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = fptrunc float %arg1 to half
	%1 = fpext half %0 to float
	%2 = bitcast half %0 to i16
	%3 = call float @llvm.fabs.f32(float %1)
	%4 = call float @llvm.fabs.f32(float %arg1)
	%5 = fcmp ogt float %3, %4
	%6 = sub i16 %2, 1
	%7 = select i1 %5, i16 %6, i16 %2
	%8 = bitcast i16 %7 to half
	%9 = fptrunc float %arg1 to half
	%10 = fpext half %9 to float
	%11 = bitcast half %9 to i16
	%12 = fcmp ogt float %10, %arg1
	%13 = icmp slt i16 %11, 0
	%14 = add i16 %11, 1
	%15 = sub i16 %11, 1
	%16 = select i1 %13, i16 %14, i16 %15
	%17 = select i1 %12, i16 %16, i16 %11
	%18 = bitcast i16 %17 to half
	%19 = bitcast float %arg1 to i32
	%20 = lshr i32 %19, 16
	%21 = and i32 %20, 1
	%22 = add i32 %21, u0x7FFF
	%23 = add i32 %19, %22
	%24 = lshr i32 %23, 16
	%25 = fcmp uno float %arg1, %arg1
	%26 = select i1 %25, i32 u0x7FFF, i32 %24
	%27 = trunc i32 %26 to i16
	%28 = zext i16 %27 to i32
	%29 = shl i32 %28, 16
	%30 = bitcast i32 %29 to float
	%31 = fcmp olt float %30, %arg1
	%32 = icmp slt i16 %27, 0
	%33 = sub i16 %27, 1
	%34 = add i16 %27, 1
	%35 = select i1 %32, i16 %33, i16 %34
	%36 = select i1 %31, i16 %35, i16 %27
	%37 = fptrunc double %arg3 to float
	%38 = fpext float %37 to double
	%39 = bitcast float %37 to i32
	%40 = call double @llvm.fabs.f64(double %38)
	%41 = call double @llvm.fabs.f64(double %arg3)
	%42 = fcmp ogt double %40, %41
	%43 = sub i32 %39, 1
	%44 = select i1 %42, i32 %43, i32 %39
	%45 = bitcast i32 %44 to float
	%46 = bitcast float %arg1 to i32
	%47 = lshr i32 %46, 16
	%48 = and i32 %47, 1
	%49 = add i32 %48, u0x7FFF
	%50 = add i32 %46, %49
	%51 = lshr i32 %50, 16
	%52 = fcmp uno float %arg1, %arg1
	%53 = select i1 %52, i32 u0x7FFF, i32 %51
	%54 = trunc i32 %53 to i16
	%55 = zext i16 %54 to i32
	%56 = shl i32 %55, 16
	%57 = bitcast i32 %56 to float
	%58 = call float @llvm.fabs.f32(float %57)
	%59 = call float @llvm.fabs.f32(float %arg1)
	%60 = fcmp ogt float %58, %59
	%61 = sub i16 %54, 1
	%62 = select i1 %60, i16 %61, i16 %54
	%63 = insertelement <2 x i16> undef, i16 %62, i32 0
	%64 = bitcast float %arg2 to i32
	%65 = lshr i32 %64, 16
	%66 = and i32 %65, 1
	%67 = add i32 %66, u0x7FFF
	%68 = add i32 %64, %67
	%69 = lshr i32 %68, 16
	%70 = fcmp uno float %arg2, %arg2
	%71 = select i1 %70, i32 u0x7FFF, i32 %69
	%72 = trunc i32 %71 to i16
	%73 = zext i16 %72 to i32
	%74 = shl i32 %73, 16
	%75 = bitcast i32 %74 to float
	%76 = call float @llvm.fabs.f32(float %75)
	%77 = call float @llvm.fabs.f32(float %arg2)
	%78 = fcmp ogt float %76, %77
	%79 = sub i16 %72, 1
	%80 = select i1 %78, i16 %79, i16 %72
	%81 = insertelement <2 x i16> %63, i16 %80, i32 1
	%82 = bitcast half %8 to i16
	%83 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %82, i16 addrspace(1)* %83, align 2
	%84 = bitcast half %18 to i16
	%85 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %84, i16 addrspace(1)* %85, align 2
	%86 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %36, i16 addrspace(1)* %86, align 2
	%87 = bitcast float %45 to i32
	%88 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %87, i32 addrspace(1)* %88, align 4
	%89 = bitcast <2 x i16> %81 to i32
	%90 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %89, i32 addrspace(1)* %90, align 4
	ret void
}

declare float @llvm.fabs.f32(float %0)

declare double @llvm.fabs.f64(double %0)
