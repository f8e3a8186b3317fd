target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @loop(i8 addrspace(1)* inreg %arg0, i32 inreg %arg1, i1 inreg %arg2) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	br label %bb1

bb1:
	%0 = phi i32 [ 0, %bb0 ], [ %14, %bb2.join2 ]
	%1 = phi float [ 0.0, %bb0 ], [ %13, %bb2.join2 ]
	%2 = icmp sge i32 %0, %arg1
	br i1 %2, label %bb3, label %bb2

bb2:
	%3 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%4 = getelementptr float, float addrspace(1)* %3, i32 %0
	%5 = bitcast float addrspace(1)* %4 to i8 addrspace(1)*
	br i1 %arg2, label %bb2.then1, label %bb2.join2

bb3:
	br i1 %arg2, label %bb4, label %bb3.edge3

bb4:
	%6 = phi float [ %1, %bb3 ], [ 0.0, %bb3.edge3 ]
	%7 = bitcast float %6 to i32
	%8 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %7, i32 addrspace(1)* %8, align 4
	ret void

bb2.then1:
	%9 = bitcast i8 addrspace(1)* %5 to i32 addrspace(1)*
	%10 = load i32, i32 addrspace(1)* %9, align 4
	%11 = bitcast i32 %10 to float
	br label %bb2.join2

bb2.join2:
	%12 = phi float [ %11, %bb2.then1 ], [ zeroinitializer, %bb2 ]
	%13 = fadd float %1, %12
	%14 = add i32 %0, 1
	br label %bb1

bb3.edge3:
	br label %bb4
}
