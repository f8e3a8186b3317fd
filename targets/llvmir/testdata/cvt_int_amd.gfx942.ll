target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @to_int(i8 addrspace(1)* inreg %arg0, i8 addrspace(1)* inreg %arg1, float inreg %arg2, double inreg %arg3) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = call float @llvm.roundeven.f32(float %arg2)
	%1 = call i32 @llvm.fptosi.sat.i32.f32(float %0)
	%2 = bitcast float %arg2 to i32
	%3 = and i32 %2, 2139095040
	%4 = icmp eq i32 %3, 0
	%5 = and i32 %2, -2147483648
	%6 = bitcast i32 %5 to float
	%7 = select i1 %4, float %6, float %arg2
	%8 = call float @llvm.floor.f32(float %7)
	%9 = call i32 @llvm.fptoui.sat.i32.f32(float %8)
	%10 = call double @llvm.trunc.f64(double %arg3)
	%11 = call i64 @llvm.fptosi.sat.i64.f64(double %10)
	%12 = call double @llvm.ceil.f64(double %arg3)
	%13 = call i64 @llvm.fptoui.sat.i64.f64(double %12)
	%14 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %1, i32 addrspace(1)* %14, align 4
	%15 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %9, i32 addrspace(1)* %15, align 4
	%16 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %11, i64 addrspace(1)* %16, align 8
	%17 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %13, i64 addrspace(1)* %17, align 8
	ret void
}

define amdgpu_kernel void @to_float(i8 addrspace(1)* inreg %arg0, i8 addrspace(1)* inreg %arg1, i32 inreg %arg2, i64 inreg %arg3) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = sitofp i32 %arg2 to float
	%1 = uitofp i32 %arg2 to double
	%2 = fptrunc double %1 to float
	%3 = fpext float %2 to double
	%4 = bitcast float %2 to i32
	%5 = fcmp ogt double %3, %1
	%6 = icmp slt i32 %4, 0
	%7 = add i32 %4, 1
	%8 = sub i32 %4, 1
	%9 = select i1 %6, i32 %7, i32 %8
	%10 = select i1 %5, i32 %9, i32 %4
	%11 = bitcast i32 %10 to float
	%12 = uitofp i64 %arg3 to float
	%13 = bitcast float %0 to i32
	%14 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %13, i32 addrspace(1)* %14, align 4
	%15 = bitcast float %11 to i32
	%16 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %15, i32 addrspace(1)* %16, align 4
	%17 = bitcast float %12 to i32
	%18 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %17, i32 addrspace(1)* %18, align 4
	%19 = sitofp i32 %arg2 to double
	%20 = sitofp i64 %arg3 to double
	%21 = sitofp i64 %arg3 to double
	%22 = call i64 @llvm.fptosi.sat.i64.f64(double %21)
	%23 = fcmp oge double %21, 0x43E0000000000000
	%24 = icmp sgt i64 %22, %arg3
	%25 = or i1 %23, %24
	%26 = icmp slt i64 %22, %arg3
	%27 = bitcast double %21 to i64
	%28 = icmp slt i64 %27, 0
	%29 = add i64 %27, 1
	%30 = sub i64 %27, 1
	%31 = select i1 %28, i1 %26, i1 %25
	%32 = select i1 %31, i64 %30, i64 %27
	%33 = bitcast i64 %32 to double
	%34 = uitofp i64 %arg3 to float
	%35 = call i64 @llvm.fptoui.sat.i64.f32(float %34)
	%36 = fcmp oge float %34, 0x43F0000000000000
	%37 = icmp ugt i64 %35, %arg3
	%38 = or i1 %36, %37
	%39 = icmp ult i64 %35, %arg3
	%40 = bitcast float %34 to i32
	%41 = icmp slt i32 %40, 0
	%42 = add i32 %40, 1
	%43 = sub i32 %40, 1
	%44 = select i1 %41, i32 %43, i32 %42
	%45 = select i1 %39, i32 %44, i32 %40
	%46 = bitcast i32 %45 to float
	%47 = bitcast double %19 to i64
	%48 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %47, i64 addrspace(1)* %48, align 8
	%49 = bitcast double %20 to i64
	%50 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %49, i64 addrspace(1)* %50, align 8
	%51 = bitcast double %33 to i64
	%52 = bitcast i8 addrspace(1)* %arg1 to i64 addrspace(1)*
	store i64 %51, i64 addrspace(1)* %52, align 8
	%53 = bitcast float %46 to i32
	%54 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %53, i32 addrspace(1)* %54, align 4
	ret void
}

declare float @llvm.roundeven.f32(float %0)

declare i32 @llvm.fptosi.sat.i32.f32(float %0)

declare float @llvm.floor.f32(float %0)

declare i32 @llvm.fptoui.sat.i32.f32(float %0)

declare double @llvm.trunc.f64(double %0)

declare i64 @llvm.fptosi.sat.i64.f64(double %0)

declare double @llvm.ceil.f64(double %0)

declare i64 @llvm.fptoui.sat.i64.f64(double %0)

declare i64 @llvm.fptoui.sat.i64.f32(float %0)
