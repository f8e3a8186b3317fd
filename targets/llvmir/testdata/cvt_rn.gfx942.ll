target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @cvt_rn(i8 addrspace(1)* inreg %arg0, float inreg %arg1, float inreg %arg2) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = bitcast float %arg1 to i32
	%1 = lshr i32 %0, 16
	%2 = and i32 %1, 1
	%3 = add i32 %2, u0x7FFF
	%4 = add i32 %0, %3
	%5 = lshr i32 %4, 16
	%6 = fcmp uno float %arg1, %arg1
	%7 = select i1 %6, i32 u0x7FFF, i32 %5
	%8 = trunc i32 %7 to i16
	%9 = zext i16 %8 to i32
	%10 = shl i32 %9, 16
	%11 = bitcast i32 %10 to float
	%12 = fptrunc float %arg1 to half
	%13 = fpext half %12 to float
	%14 = zext i16 %8 to i32
	%15 = shl i32 %14, 16
	%16 = bitcast i32 %15 to float
	%17 = fpext half %12 to float
	%18 = bitcast float %arg1 to i32
	%19 = lshr i32 %18, 16
	%20 = and i32 %19, 1
	%21 = add i32 %20, u0x7FFF
	%22 = add i32 %18, %21
	%23 = lshr i32 %22, 16
	%24 = fcmp uno float %arg1, %arg1
	%25 = select i1 %24, i32 u0x7FFF, i32 %23
	%26 = trunc i32 %25 to i16
	%27 = zext i16 %26 to i32
	%28 = shl i32 %27, 16
	%29 = bitcast i32 %28 to float
	%30 = insertelement <2 x i16> undef, i16 %26, i32 0
	%31 = bitcast float %arg2 to i32
	%32 = lshr i32 %31, 16
	%33 = and i32 %32, 1
	%34 = add i32 %33, u0x7FFF
	%35 = add i32 %31, %34
	%36 = lshr i32 %35, 16
	%37 = fcmp uno float %arg2, %arg2
	%38 = select i1 %37, i32 u0x7FFF, i32 %36
	%39 = trunc i32 %38 to i16
	%40 = zext i16 %39 to i32
	%41 = shl i32 %40, 16
	%42 = bitcast i32 %41 to float
	%43 = insertelement <2 x i16> %30, i16 %39, i32 1
	%44 = fptrunc float %arg1 to half
	%45 = fpext half %44 to float
	%46 = insertelement <2 x half> undef, half %44, i32 0
	%47 = fptrunc float %arg2 to half
	%48 = fpext half %47 to float
	%49 = insertelement <2 x half> %46, half %47, i32 1
	%50 = fadd float %16, %17
	%51 = bitcast float %50 to i32
	%52 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %51, i32 addrspace(1)* %52, align 4
	%53 = bitcast <2 x i16> %43 to i32
	%54 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %53, i32 addrspace(1)* %54, align 4
	%55 = bitcast <2 x half> %49 to i32
	%56 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %55, i32 addrspace(1)* %56, align 4
	ret void
}
