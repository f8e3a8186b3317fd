target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @add_kernel(i8 addrspace(1)* inreg %arg0, i8 addrspace(1)* inreg %arg1, i8 addrspace(1)* inreg %arg2, i32 inreg %arg3) "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = call i32 @llvm.amdgcn.workgroup.id.x()
	%1 = call i32 @llvm.amdgcn.workitem.id.x()
	%2 = mul i32 %0, 1024
	%3 = and i32 %1, 127
	%4 = mul i32 %3, 4
	%5 = add i32 %2, %4
	%6 = add i32 %5, 512
	%7 = icmp slt i32 %5, %arg3
	%8 = icmp slt i32 %6, %arg3
	%9 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%10 = getelementptr float, float addrspace(1)* %9, i32 %5
	%11 = bitcast float addrspace(1)* %10 to i8 addrspace(1)*
	%12 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%13 = getelementptr float, float addrspace(1)* %12, i32 %6
	%14 = bitcast float addrspace(1)* %13 to i8 addrspace(1)*
	%15 = bitcast i8 addrspace(1)* %arg1 to float addrspace(1)*
	%16 = getelementptr float, float addrspace(1)* %15, i32 %5
	%17 = bitcast float addrspace(1)* %16 to i8 addrspace(1)*
	%18 = bitcast i8 addrspace(1)* %arg1 to float addrspace(1)*
	%19 = getelementptr float, float addrspace(1)* %18, i32 %6
	%20 = bitcast float addrspace(1)* %19 to i8 addrspace(1)*
	br i1 %7, label %bb0.then1, label %bb0.join2

bb0.then1:
	%21 = bitcast i8 addrspace(1)* %11 to <4 x i32> addrspace(1)*
	%22 = load <4 x i32>, <4 x i32> addrspace(1)* %21, align 16
	%23 = extractelement <4 x i32> %22, i32 0
	%24 = bitcast i32 %23 to float
	%25 = extractelement <4 x i32> %22, i32 1
	%26 = bitcast i32 %25 to float
	%27 = extractelement <4 x i32> %22, i32 2
	%28 = bitcast i32 %27 to float
	%29 = extractelement <4 x i32> %22, i32 3
	%30 = bitcast i32 %29 to float
	br label %bb0.join2

bb0.join2:
	%31 = phi float [ %24, %bb0.then1 ], [ zeroinitializer, %bb0 ]
	%32 = phi float [ %26, %bb0.then1 ], [ zeroinitializer, %bb0 ]
	%33 = phi float [ %28, %bb0.then1 ], [ zeroinitializer, %bb0 ]
	%34 = phi float [ %30, %bb0.then1 ], [ zeroinitializer, %bb0 ]
	br i1 %8, label %bb0.then3, label %bb0.join4

bb0.then3:
	%35 = bitcast i8 addrspace(1)* %14 to <4 x i32> addrspace(1)*
	%36 = load <4 x i32>, <4 x i32> addrspace(1)* %35, align 16
	%37 = extractelement <4 x i32> %36, i32 0
	%38 = bitcast i32 %37 to float
	%39 = extractelement <4 x i32> %36, i32 1
	%40 = bitcast i32 %39 to float
	%41 = extractelement <4 x i32> %36, i32 2
	%42 = bitcast i32 %41 to float
	%43 = extractelement <4 x i32> %36, i32 3
	%44 = bitcast i32 %43 to float
	br label %bb0.join4

bb0.join4:
	%45 = phi float [ %38, %bb0.then3 ], [ zeroinitializer, %bb0.join2 ]
	%46 = phi float [ %40, %bb0.then3 ], [ zeroinitializer, %bb0.join2 ]
	%47 = phi float [ %42, %bb0.then3 ], [ zeroinitializer, %bb0.join2 ]
	%48 = phi float [ %44, %bb0.then3 ], [ zeroinitializer, %bb0.join2 ]
	br i1 %7, label %bb0.then5, label %bb0.join6

bb0.then5:
	%49 = bitcast i8 addrspace(1)* %17 to <4 x i32> addrspace(1)*
	%50 = load <4 x i32>, <4 x i32> addrspace(1)* %49, align 16
	%51 = extractelement <4 x i32> %50, i32 0
	%52 = bitcast i32 %51 to float
	%53 = extractelement <4 x i32> %50, i32 1
	%54 = bitcast i32 %53 to float
	%55 = extractelement <4 x i32> %50, i32 2
	%56 = bitcast i32 %55 to float
	%57 = extractelement <4 x i32> %50, i32 3
	%58 = bitcast i32 %57 to float
	br label %bb0.join6

bb0.join6:
	%59 = phi float [ %52, %bb0.then5 ], [ zeroinitializer, %bb0.join4 ]
	%60 = phi float [ %54, %bb0.then5 ], [ zeroinitializer, %bb0.join4 ]
	%61 = phi float [ %56, %bb0.then5 ], [ zeroinitializer, %bb0.join4 ]
	%62 = phi float [ %58, %bb0.then5 ], [ zeroinitializer, %bb0.join4 ]
	br i1 %8, label %bb0.then7, label %bb0.join8

bb0.then7:
	%63 = bitcast i8 addrspace(1)* %20 to <4 x i32> addrspace(1)*
	%64 = load <4 x i32>, <4 x i32> addrspace(1)* %63, align 16
	%65 = extractelement <4 x i32> %64, i32 0
	%66 = bitcast i32 %65 to float
	%67 = extractelement <4 x i32> %64, i32 1
	%68 = bitcast i32 %67 to float
	%69 = extractelement <4 x i32> %64, i32 2
	%70 = bitcast i32 %69 to float
	%71 = extractelement <4 x i32> %64, i32 3
	%72 = bitcast i32 %71 to float
	br label %bb0.join8

bb0.join8:
	%73 = phi float [ %66, %bb0.then7 ], [ zeroinitializer, %bb0.join6 ]
	%74 = phi float [ %68, %bb0.then7 ], [ zeroinitializer, %bb0.join6 ]
	%75 = phi float [ %70, %bb0.then7 ], [ zeroinitializer, %bb0.join6 ]
	%76 = phi float [ %72, %bb0.then7 ], [ zeroinitializer, %bb0.join6 ]
	%77 = fadd float %31, %59
	%78 = fadd float %32, %60
	%79 = fadd float %33, %61
	%80 = fadd float %34, %62
	%81 = fadd float %45, %73
	%82 = fadd float %46, %74
	%83 = fadd float %47, %75
	%84 = fadd float %48, %76
	%85 = bitcast i8 addrspace(1)* %arg2 to float addrspace(1)*
	%86 = getelementptr float, float addrspace(1)* %85, i32 %5
	%87 = bitcast float addrspace(1)* %86 to i8 addrspace(1)*
	%88 = bitcast i8 addrspace(1)* %arg2 to float addrspace(1)*
	%89 = getelementptr float, float addrspace(1)* %88, i32 %6
	%90 = bitcast float addrspace(1)* %89 to i8 addrspace(1)*
	br i1 %7, label %bb0.then9, label %bb0.join10

bb0.then9:
	%91 = bitcast float %77 to i32
	%92 = insertelement <4 x i32> undef, i32 %91, i32 0
	%93 = bitcast float %78 to i32
	%94 = insertelement <4 x i32> %92, i32 %93, i32 1
	%95 = bitcast float %79 to i32
	%96 = insertelement <4 x i32> %94, i32 %95, i32 2
	%97 = bitcast float %80 to i32
	%98 = insertelement <4 x i32> %96, i32 %97, i32 3
	%99 = bitcast i8 addrspace(1)* %87 to <4 x i32> addrspace(1)*
	store <4 x i32> %98, <4 x i32> addrspace(1)* %99, align 16
	br label %bb0.join10

bb0.join10:
	br i1 %8, label %bb0.then11, label %bb0.join12

bb0.then11:
	%100 = bitcast float %81 to i32
	%101 = insertelement <4 x i32> undef, i32 %100, i32 0
	%102 = bitcast float %82 to i32
	%103 = insertelement <4 x i32> %101, i32 %102, i32 1
	%104 = bitcast float %83 to i32
	%105 = insertelement <4 x i32> %103, i32 %104, i32 2
	%106 = bitcast float %84 to i32
	%107 = insertelement <4 x i32> %105, i32 %106, i32 3
	%108 = bitcast i8 addrspace(1)* %90 to <4 x i32> addrspace(1)*
	store <4 x i32> %107, <4 x i32> addrspace(1)* %108, align 16
	br label %bb0.join12

bb0.join12:
	ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()

declare i32 @llvm.amdgcn.workitem.id.x()
