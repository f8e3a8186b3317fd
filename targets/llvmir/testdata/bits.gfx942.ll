target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @bits(i8 addrspace(1)* inreg %arg0, i32 inreg %arg1, i64 inreg %arg2, i32 inreg %arg3) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = call i32 @llvm.ctlz.i32(i32 %arg1, i1 false)
	%1 = call i64 @llvm.ctlz.i64(i64 %arg2, i1 false)
	%2 = trunc i64 %1 to i32
	%3 = call i32 @llvm.bitreverse.i32(i32 %arg1)
	%4 = call i32 @llvm.ctlz.i32(i32 %3, i1 false)
	%5 = icmp eq i32 %3, 0
	%6 = select i1 %5, i32 -1, i32 %4
	%7 = ashr i64 %arg2, 63
	%8 = xor i64 %arg2, %7
	%9 = call i64 @llvm.ctlz.i64(i64 %8, i1 false)
	%10 = trunc i64 %9 to i32
	%11 = sub i32 63, %10
	%12 = icmp eq i64 %8, 0
	%13 = select i1 %12, i32 -1, i32 %11
	%14 = ashr i32 %arg3, 31
	%15 = xor i32 %arg3, %14
	%16 = call i32 @llvm.ctlz.i32(i32 %15, i1 false)
	%17 = icmp eq i32 %15, 0
	%18 = select i1 %17, i32 -1, i32 %16
	%19 = call i64 @llvm.ctlz.i64(i64 %arg2, i1 false)
	%20 = trunc i64 %19 to i32
	%21 = sub i32 63, %20
	%22 = icmp eq i64 %arg2, 0
	%23 = select i1 %22, i32 -1, i32 %21
	%24 = icmp slt i32 %0, %2
	%25 = sub i32 %2, %0
	%26 = sub i32 %0, %2
	%27 = select i1 %24, i32 %25, i32 %26
	%28 = add i32 %6, %27
	%29 = icmp ult i32 %28, %13
	%30 = sub i32 %13, %28
	%31 = sub i32 %28, %13
	%32 = select i1 %29, i32 %30, i32 %31
	%33 = add i32 %18, %32
	%34 = add i32 %33, %23
	%35 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %34, i32 addrspace(1)* %35, align 4
	ret void
}

declare i32 @llvm.ctlz.i32(i32 %0, i1 %1)

declare i64 @llvm.ctlz.i64(i64 %0, i1 %1)

declare i32 @llvm.bitreverse.i32(i32 %0)
