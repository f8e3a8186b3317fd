target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @assert_amd(i1 inreg %arg0) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	br i1 %arg0, label %bb0.cont2, label %bb0.assert1

bb0.assert1:
	call void @llvm.trap()
	unreachable

bb0.cont2:
	ret void
}

declare void @llvm.trap()
