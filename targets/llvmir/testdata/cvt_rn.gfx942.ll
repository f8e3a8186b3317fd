target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @cvt_rn(i8 addrspace(1)* %arg0, float %arg1, float %arg2) {
bb0:
	%0 = bitcast float %arg1 to i32
	%1 = lshr i32 %0, 16
	%2 = and i32 %1, 1
	%3 = add i32 %2, u0x7FFF
	%4 = add i32 %0, %3
	%5 = lshr i32 %4, 16
	%6 = fcmp uno float %arg1, %arg1
	%7 = select i1 %6, i32 32704, i32 %5
	%8 = trunc i32 %7 to i16
	%9 = fptrunc float %arg1 to half
	%10 = zext i16 %8 to i32
	%11 = shl i32 %10, 16
	%12 = bitcast i32 %11 to float
	%13 = fpext half %9 to float
	%14 = bitcast float %arg1 to i32
	%15 = lshr i32 %14, 16
	%16 = and i32 %15, 1
	%17 = add i32 %16, u0x7FFF
	%18 = add i32 %14, %17
	%19 = lshr i32 %18, 16
	%20 = fcmp uno float %arg1, %arg1
	%21 = select i1 %20, i32 32704, i32 %19
	%22 = trunc i32 %21 to i16
	%23 = insertelement <2 x i16> undef, i16 %22, i32 0
	%24 = bitcast float %arg2 to i32
	%25 = lshr i32 %24, 16
	%26 = and i32 %25, 1
	%27 = add i32 %26, u0x7FFF
	%28 = add i32 %24, %27
	%29 = lshr i32 %28, 16
	%30 = fcmp uno float %arg2, %arg2
	%31 = select i1 %30, i32 32704, i32 %29
	%32 = trunc i32 %31 to i16
	%33 = insertelement <2 x i16> %23, i16 %32, i32 1
	%34 = fptrunc float %arg1 to half
	%35 = insertelement <2 x half> undef, half %34, i32 0
	%36 = fptrunc float %arg2 to half
	%37 = insertelement <2 x half> %35, half %36, i32 1
	%38 = fadd float %12, %13
	%39 = bitcast float %38 to i32
	%40 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %39, i32 addrspace(1)* %40, align 4
	%41 = bitcast <2 x i16> %33 to i32
	%42 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %41, i32 addrspace(1)* %42, align 4
	%43 = bitcast <2 x half> %37 to i32
	%44 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %43, i32 addrspace(1)* %44, align 4
	ret void
}
