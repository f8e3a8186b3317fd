target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @memory(i8 addrspace(1)* inreg %arg0, i8 addrspace(3)* inreg %arg1, i1 inreg %arg2, float inreg %arg3, half inreg %arg4, i8 inreg %arg5, i64 inreg %arg6) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	br i1 %arg2, label %bb0.then1, label %bb0.join2

bb0.then1:
	%0 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	%1 = load <4 x i32>, <4 x i32> addrspace(1)* %0, align 16
	%2 = extractelement <4 x i32> %1, i32 0
	%3 = bitcast i32 %2 to float
	%4 = extractelement <4 x i32> %1, i32 1
	%5 = bitcast i32 %4 to float
	%6 = extractelement <4 x i32> %1, i32 2
	%7 = bitcast i32 %6 to float
	%8 = extractelement <4 x i32> %1, i32 3
	%9 = bitcast i32 %8 to float
	br label %bb0.join2

bb0.join2:
	%10 = phi float [ %3, %bb0.then1 ], [ %arg3, %bb0 ]
	%11 = phi float [ %5, %bb0.then1 ], [ %arg3, %bb0 ]
	%12 = phi float [ %7, %bb0.then1 ], [ %arg3, %bb0 ]
	%13 = phi float [ %9, %bb0.then1 ], [ %arg3, %bb0 ]
	br i1 %arg2, label %bb0.then3, label %bb0.join4

bb0.then3:
	%14 = bitcast i8 addrspace(1)* %arg0 to <2 x i32> addrspace(1)*
	%15 = load <2 x i32>, <2 x i32> addrspace(1)* %14, align 8
	%16 = extractelement <2 x i32> %15, i32 0
	%17 = extractelement <2 x i32> %15, i32 1
	br label %bb0.join4

bb0.join4:
	%18 = phi i32 [ %16, %bb0.then3 ], [ zeroinitializer, %bb0.join2 ]
	%19 = phi i32 [ %17, %bb0.then3 ], [ zeroinitializer, %bb0.join2 ]
	br i1 %arg2, label %bb0.then5, label %bb0.join6

bb0.then5:
	%20 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	%21 = load i16, i16 addrspace(1)* %20, align 2
	%22 = bitcast i16 %21 to half
	br label %bb0.join6

bb0.join6:
	%23 = phi half [ %22, %bb0.then5 ], [ zeroinitializer, %bb0.join4 ]
	%24 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	%25 = load volatile i64, i64 addrspace(1)* %24, align 8
	%26 = bitcast i8 addrspace(3)* %arg1 to <4 x i32> addrspace(3)*
	%27 = load <4 x i32>, <4 x i32> addrspace(3)* %26, align 16
	%28 = extractelement <4 x i32> %27, i32 0
	%29 = bitcast i32 %28 to <2 x half>
	%30 = extractelement <4 x i32> %27, i32 1
	%31 = bitcast i32 %30 to <2 x half>
	%32 = extractelement <4 x i32> %27, i32 2
	%33 = bitcast i32 %32 to <2 x half>
	%34 = extractelement <4 x i32> %27, i32 3
	%35 = bitcast i32 %34 to <2 x half>
	br i1 %arg2, label %bb0.then7, label %bb0.join8

bb0.then7:
	%36 = load i8, i8 addrspace(3)* %arg1, align 1
	br label %bb0.join8

bb0.join8:
	%37 = phi i8 [ %36, %bb0.then7 ], [ zeroinitializer, %bb0.join6 ]
	br i1 %arg2, label %bb0.then9, label %bb0.join10

bb0.then9:
	%38 = bitcast i8 addrspace(1)* %arg0 to <2 x i64> addrspace(1)*
	%39 = load <2 x i64>, <2 x i64> addrspace(1)* %38, align 16
	%40 = extractelement <2 x i64> %39, i32 0
	%41 = extractelement <2 x i64> %39, i32 1
	br label %bb0.join10

bb0.join10:
	%42 = phi i64 [ %40, %bb0.then9 ], [ %arg6, %bb0.join8 ]
	%43 = phi i64 [ %41, %bb0.then9 ], [ %arg6, %bb0.join8 ]
	br i1 %arg2, label %bb0.then11, label %bb0.join12

bb0.then11:
	%44 = bitcast float %10 to i32
	%45 = insertelement <4 x i32> undef, i32 %44, i32 0
	%46 = bitcast float %11 to i32
	%47 = insertelement <4 x i32> %45, i32 %46, i32 1
	%48 = bitcast float %12 to i32
	%49 = insertelement <4 x i32> %47, i32 %48, i32 2
	%50 = bitcast float %13 to i32
	%51 = insertelement <4 x i32> %49, i32 %50, i32 3
	%52 = bitcast i8 addrspace(1)* %arg0 to <4 x i32> addrspace(1)*
	store <4 x i32> %51, <4 x i32> addrspace(1)* %52, align 16
	br label %bb0.join12

bb0.join12:
	%53 = insertelement <2 x i32> undef, i32 %18, i32 0
	%54 = insertelement <2 x i32> %53, i32 %19, i32 1
	%55 = bitcast i8 addrspace(1)* %arg0 to <2 x i32> addrspace(1)*
	store <2 x i32> %54, <2 x i32> addrspace(1)* %55, align 8
	br i1 %arg2, label %bb0.then13, label %bb0.join14

bb0.then13:
	%56 = bitcast half %23 to i16
	%57 = bitcast i8 addrspace(3)* %arg1 to i16 addrspace(3)*
	store i16 %56, i16 addrspace(3)* %57, align 2
	br label %bb0.join14

bb0.join14:
	br i1 %arg2, label %bb0.then15, label %bb0.join16

bb0.then15:
	%58 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %25, i64 addrspace(1)* %58, align 8
	br label %bb0.join16

bb0.join16:
	%59 = bitcast <2 x half> %29 to i32
	%60 = insertelement <2 x i32> undef, i32 %59, i32 0
	%61 = bitcast <2 x half> %31 to i32
	%62 = insertelement <2 x i32> %60, i32 %61, i32 1
	%63 = bitcast i8 addrspace(3)* %arg1 to <2 x i32> addrspace(3)*
	store <2 x i32> %62, <2 x i32> addrspace(3)* %63, align 8
	br i1 %arg2, label %bb0.then17, label %bb0.join18

bb0.then17:
	store volatile i8 %37, i8 addrspace(3)* %arg1, align 1
	br label %bb0.join18

bb0.join18:
	%64 = insertelement <2 x i64> undef, i64 %42, i32 0
	%65 = insertelement <2 x i64> %64, i64 %43, i32 1
	%66 = bitcast i8 addrspace(1)* %arg0 to <2 x i64> addrspace(1)*
	store <2 x i64> %65, <2 x i64> addrspace(1)* %66, align 16
	ret void
}
