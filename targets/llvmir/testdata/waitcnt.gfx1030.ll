target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ds0() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.waitcnt(i32 49279)
	ret void
}

define amdgpu_kernel void @load3_ds2() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.waitcnt(i32 627)
	ret void
}

define amdgpu_kernel void @load5_store1() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.waitcnt(i32 16245)
	call void asm sideeffect "s_waitcnt_vscnt null, 0x1", ""()
	ret void
}

define amdgpu_kernel void @load40() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.waitcnt(i32 49016)
	ret void
}

define amdgpu_kernel void @ds20() "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	call void @llvm.amdgcn.s.waitcnt(i32 54399)
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

declare void @llvm.amdgcn.s.waitcnt(i32 %0)
