target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @memory(i8 addrspace(1)* %arg0, i8 addrspace(3)* %arg1, i1 %arg2, float %arg3, half %arg4, i8 %arg5, i64 %arg6) {
bb0:
	%0 = bitcast float %arg3 to i32
	%1 = bitcast float %arg3 to i32
	%2 = bitcast float %arg3 to i32
	%3 = bitcast float %arg3 to i32
	%4 = call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"(i32 %0, i32 %1, i32 %2, i32 %3, i8 addrspace(1)* %arg0, i1 %arg2)
	%5 = extractvalue { i32, i32, i32, i32 } %4, 0
	%6 = bitcast i32 %5 to float
	%7 = extractvalue { i32, i32, i32, i32 } %4, 1
	%8 = bitcast i32 %7 to float
	%9 = extractvalue { i32, i32, i32, i32 } %4, 2
	%10 = bitcast i32 %9 to float
	%11 = extractvalue { i32, i32, i32, i32 } %4, 3
	%12 = bitcast i32 %11 to float
	%13 = call { i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09@$3 ld.global.cg.v2.b32 { $0, $1 }, [ $2 + 0 ];", "=r,=r,l,b"(i8 addrspace(1)* %arg0, i1 %arg2)
	%14 = extractvalue { i32, i32 } %13, 0
	%15 = extractvalue { i32, i32 } %13, 1
	%16 = call i16 asm sideeffect "mov.u16 $0, 0x0;\0A\09@$2 ld.global.L1::evict_last.b16 $0, [ $1 + 0 ];", "=h,l,b"(i8 addrspace(1)* %arg0, i1 %arg2)
	%17 = bitcast i16 %16 to half
	%18 = call i64 asm sideeffect "ld.volatile.global.b64 $0, [ $1 + 0 ];", "=l,l"(i8 addrspace(1)* %arg0)
	%19 = bitcast i8 addrspace(3)* %arg1 to <4 x i32> addrspace(3)*
	%20 = load <4 x i32>, <4 x i32> addrspace(3)* %19, align 16
	%21 = extractelement <4 x i32> %20, i32 0
	%22 = bitcast i32 %21 to <2 x half>
	%23 = extractelement <4 x i32> %20, i32 1
	%24 = bitcast i32 %23 to <2 x half>
	%25 = extractelement <4 x i32> %20, i32 2
	%26 = bitcast i32 %25 to <2 x half>
	%27 = extractelement <4 x i32> %20, i32 3
	%28 = bitcast i32 %27 to <2 x half>
	%29 = call i8 asm sideeffect "mov.u16 $0, 0x0;\0A\09@$2 ld.shared.b8 $0, [ $1 + 0 ];", "=c,l,b"(i8 addrspace(3)* %arg1, i1 %arg2)
	%30 = call { i64, i64 } asm sideeffect "mov.u64 $0, $2;\0A\09mov.u64 $1, $3;\0A\09@$5 ld.global.ca.v2.b64 { $0, $1 }, [ $4 + 0 ];", "=l,=l,l,l,l,b"(i64 %arg6, i64 %arg6, i8 addrspace(1)* %arg0, i1 %arg2)
	%31 = extractvalue { i64, i64 } %30, 0
	%32 = extractvalue { i64, i64 } %30, 1
	%33 = bitcast float %6 to i32
	%34 = bitcast float %8 to i32
	%35 = bitcast float %10 to i32
	%36 = bitcast float %12 to i32
	call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %33, i32 %34, i32 %35, i32 %36, i8 addrspace(1)* %arg0, i1 %arg2)
	call void asm sideeffect "st.global.cs.v2.b32 [ $2 + 0 ], { $0, $1 };", "r,r,l"(i32 %14, i32 %15, i8 addrspace(1)* %arg0)
	%37 = bitcast half %17 to i16
	call void asm sideeffect "@$2 st.shared.b16 [ $1 + 0 ], $0;", "h,l,b"(i16 %37, i8 addrspace(3)* %arg1, i1 %arg2)
	call void asm sideeffect "@$2 st.global.L1::evict_first.b64 [ $1 + 0 ], $0;", "l,l,b"(i64 %18, i8 addrspace(1)* %arg0, i1 %arg2)
	%38 = bitcast <2 x half> %22 to i32
	%39 = bitcast <2 x half> %24 to i32
	%40 = insertelement <2 x i32> undef, i32 %38, i32 0
	%41 = insertelement <2 x i32> %40, i32 %39, i32 1
	%42 = bitcast i8 addrspace(3)* %arg1 to <2 x i32> addrspace(3)*
	store <2 x i32> %41, <2 x i32> addrspace(3)* %42, align 8
	call void asm sideeffect "@$2 st.volatile.shared.b8 [ $1 + 0 ], $0;", "c,l,b"(i8 %29, i8 addrspace(3)* %arg1, i1 %arg2)
	%43 = insertelement <2 x i64> undef, i64 %31, i32 0
	%44 = insertelement <2 x i64> %43, i64 %32, i32 1
	%45 = bitcast i8 addrspace(1)* %arg0 to <2 x i64> addrspace(1)*
	store <2 x i64> %44, <2 x i64> addrspace(1)* %45, align 16
	ret void
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, i8 addrspace(3)*, i1, float, half, i8, i64)* @memory, !"kernel", i32 1}
