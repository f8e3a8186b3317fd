target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @add_kernel(i8 addrspace(1)* %arg0, i8 addrspace(1)* %arg1, i8 addrspace(1)* %arg2, i32 %arg3) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
	%1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
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
	%21 = call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(i8 addrspace(1)* %11, i1 %7)
	%22 = extractvalue { i32, i32, i32, i32 } %21, 0
	%23 = bitcast i32 %22 to float
	%24 = extractvalue { i32, i32, i32, i32 } %21, 1
	%25 = bitcast i32 %24 to float
	%26 = extractvalue { i32, i32, i32, i32 } %21, 2
	%27 = bitcast i32 %26 to float
	%28 = extractvalue { i32, i32, i32, i32 } %21, 3
	%29 = bitcast i32 %28 to float
	%30 = call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(i8 addrspace(1)* %14, i1 %8)
	%31 = extractvalue { i32, i32, i32, i32 } %30, 0
	%32 = bitcast i32 %31 to float
	%33 = extractvalue { i32, i32, i32, i32 } %30, 1
	%34 = bitcast i32 %33 to float
	%35 = extractvalue { i32, i32, i32, i32 } %30, 2
	%36 = bitcast i32 %35 to float
	%37 = extractvalue { i32, i32, i32, i32 } %30, 3
	%38 = bitcast i32 %37 to float
	%39 = call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(i8 addrspace(1)* %17, i1 %7)
	%40 = extractvalue { i32, i32, i32, i32 } %39, 0
	%41 = bitcast i32 %40 to float
	%42 = extractvalue { i32, i32, i32, i32 } %39, 1
	%43 = bitcast i32 %42 to float
	%44 = extractvalue { i32, i32, i32, i32 } %39, 2
	%45 = bitcast i32 %44 to float
	%46 = extractvalue { i32, i32, i32, i32 } %39, 3
	%47 = bitcast i32 %46 to float
	%48 = call { i32, i32, i32, i32 } asm sideeffect "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"(i8 addrspace(1)* %20, i1 %8)
	%49 = extractvalue { i32, i32, i32, i32 } %48, 0
	%50 = bitcast i32 %49 to float
	%51 = extractvalue { i32, i32, i32, i32 } %48, 1
	%52 = bitcast i32 %51 to float
	%53 = extractvalue { i32, i32, i32, i32 } %48, 2
	%54 = bitcast i32 %53 to float
	%55 = extractvalue { i32, i32, i32, i32 } %48, 3
	%56 = bitcast i32 %55 to float
	%57 = fadd float %23, %41
	%58 = fadd float %25, %43
	%59 = fadd float %27, %45
	%60 = fadd float %29, %47
	%61 = fadd float %32, %50
	%62 = fadd float %34, %52
	%63 = fadd float %36, %54
	%64 = fadd float %38, %56
	%65 = bitcast i8 addrspace(1)* %arg2 to float addrspace(1)*
	%66 = getelementptr float, float addrspace(1)* %65, i32 %5
	%67 = bitcast float addrspace(1)* %66 to i8 addrspace(1)*
	%68 = bitcast i8 addrspace(1)* %arg2 to float addrspace(1)*
	%69 = getelementptr float, float addrspace(1)* %68, i32 %6
	%70 = bitcast float addrspace(1)* %69 to i8 addrspace(1)*
	%71 = bitcast float %57 to i32
	%72 = bitcast float %58 to i32
	%73 = bitcast float %59 to i32
	%74 = bitcast float %60 to i32
	call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %71, i32 %72, i32 %73, i32 %74, i8 addrspace(1)* %67, i1 %7)
	%75 = bitcast float %61 to i32
	%76 = bitcast float %62 to i32
	%77 = bitcast float %63 to i32
	%78 = bitcast float %64 to i32
	call void asm sideeffect "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"(i32 %75, i32 %76, i32 %77, i32 %78, i8 addrspace(1)* %70, i1 %8)
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1}

!0 = !{void (i8 addrspace(1)*, i8 addrspace(1)*, i8 addrspace(1)*, i32)* @add_kernel, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i8 addrspace(1)*, i8 addrspace(1)*, i32)* @add_kernel, !"maxntidx", i32 128}
