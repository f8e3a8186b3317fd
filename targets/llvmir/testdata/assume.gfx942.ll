target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @assume(i8 addrspace(1)* inreg %arg0, i32 inreg %arg1) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = icmp sgt i32 %arg1, 0
	call void @llvm.assume(i1 %0)
	%1 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%2 = getelementptr float, float addrspace(1)* %1, i32 %arg1
	%3 = bitcast float addrspace(1)* %2 to i8 addrspace(1)*
	%4 = bitcast i8 addrspace(1)* %3 to i32 addrspace(1)*
	store i32 bitcast (float 0.0 to i32), i32 addrspace(1)* %4, align 4
	ret void
}

declare void @llvm.assume(i1 %0)
