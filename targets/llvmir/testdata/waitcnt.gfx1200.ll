target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ds0() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.wait.dscnt(i16 0)
	ret void
}

define amdgpu_kernel void @load3_ds2() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.wait.loadcnt(i16 3)
	call void @llvm.amdgcn.s.wait.dscnt(i16 2)
	ret void
}

define amdgpu_kernel void @load5_store1() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.wait.loadcnt(i16 5)
	call void @llvm.amdgcn.s.wait.storecnt(i16 1)
	ret void
}

define amdgpu_kernel void @load40() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.wait.loadcnt(i16 40)
	ret void
}

define amdgpu_kernel void @ds20() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.wait.dscnt(i16 20)
	ret void
}

define amdgpu_kernel void @clamped() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	ret void
}

define amdgpu_kernel void @none() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	ret void
}

declare void @llvm.amdgcn.s.wait.dscnt(i16 %0)

declare void @llvm.amdgcn.s.wait.loadcnt(i16 %0)

declare void @llvm.amdgcn.s.wait.storecnt(i16 %0)
