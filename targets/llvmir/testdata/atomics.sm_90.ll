target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @atomics(i8 addrspace(1)* %arg0, i8 addrspace(3)* %arg1, i1 %arg2, i32 %arg3, i64 %arg4, float %arg5, double %arg6) {
bb0:
	%0 = call i32 asm sideeffect "@$3 atom.global.gpu.relaxed.and.b32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(i8 addrspace(1)* %arg0, i32 %arg3, i1 %arg2)
	%1 = select i1 %arg2, i32 %0, i32 0
	%2 = call i32 asm sideeffect "atom.shared.cta.acquire.or.b32 $0, [ $1 + 0 ], $2;", "=r,l,r"(i8 addrspace(3)* %arg1, i32 %arg3)
	%3 = call i64 asm sideeffect "atom.global.sys.release.xor.b64 $0, [ $1 + 0 ], $2;", "=l,l,l"(i8 addrspace(1)* %arg0, i64 %arg4)
	%4 = call i32 asm sideeffect "@$3 atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(i8 addrspace(1)* %arg0, i32 %arg3, i1 %arg2)
	%5 = select i1 %arg2, i32 %4, i32 0
	%6 = bitcast float %arg5 to i32
	%7 = call i32 asm sideeffect "@$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(i8 addrspace(1)* %arg0, i32 %6, i1 %arg2)
	%8 = select i1 %arg2, i32 %7, i32 0
	%9 = bitcast i32 %8 to float
	%10 = bitcast double %arg6 to i64
	%11 = call i64 asm sideeffect "atom.global.gpu.relaxed.add.f64 $0, [ $1 + 0 ], $2;", "=l,l,l"(i8 addrspace(1)* %arg0, i64 %10)
	%12 = bitcast i64 %11 to double
	%13 = call i32 asm sideeffect "atom.global.gpu.acq_rel.max.s32 $0, [ $1 + 0 ], $2;", "=r,l,r"(i8 addrspace(1)* %arg0, i32 %arg3)
	%14 = call i64 asm sideeffect "atom.shared.cta.acq_rel.min.s64 $0, [ $1 + 0 ], $2;", "=l,l,l"(i8 addrspace(3)* %arg1, i64 %arg4)
	%15 = call i32 asm sideeffect "atom.global.gpu.relaxed.max.u32 $0, [ $1 + 0 ], $2;", "=r,l,r"(i8 addrspace(1)* %arg0, i32 %arg3)
	%16 = call i32 asm sideeffect "@$3 atom.global.gpu.relaxed.min.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(i8 addrspace(1)* %arg0, i32 %arg3, i1 %arg2)
	%17 = select i1 %arg2, i32 %16, i32 0
	%18 = bitcast float %arg5 to i32
	%19 = call i32 asm sideeffect "@$3 atom.global.gpu.acq_rel.exch.b32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(i8 addrspace(1)* %arg0, i32 %18, i1 %arg2)
	%20 = select i1 %arg2, i32 %19, i32 0
	%21 = bitcast i32 %20 to float
	%22 = call i32 asm sideeffect "@$4 atom.global.gpu.acq_rel.cas.b32 $0, [ $1 + 0 ], $2, $3;", "=r,l,r,r,b"(i8 addrspace(1)* %arg0, i32 %arg3, i32 %1, i1 %arg2)
	%23 = select i1 %arg2, i32 %22, i32 0
	%24 = bitcast float %arg5 to i32
	%25 = bitcast float %9 to i32
	%26 = call i32 asm sideeffect "atom.shared.cta.relaxed.cas.b32 $0, [ $1 + 0 ], $2, $3;", "=r,l,r,r"(i8 addrspace(3)* %arg1, i32 %24, i32 %25)
	%27 = bitcast i32 %26 to float
	%28 = call i64 asm sideeffect "atom.global.sys.acquire.cas.b64 $0, [ $1 + 0 ], $2, $3;", "=l,l,l,l"(i8 addrspace(1)* %arg0, i64 %arg4, i64 %3)
	%29 = add i32 %2, %5
	%30 = add i32 %29, %13
	%31 = add i32 %30, %15
	%32 = add i32 %31, %17
	%33 = add i32 %32, %23
	%34 = fadd float %21, %27
	%35 = add i64 %14, %28
	%36 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %33, i32 addrspace(1)* %36, align 4
	%37 = bitcast float %34 to i32
	%38 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %37, i32 addrspace(1)* %38, align 4
	%39 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %35, i64 addrspace(1)* %39, align 8
	%40 = bitcast double %12 to i64
	%41 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %40, i64 addrspace(1)* %41, align 8
	ret void
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, i8 addrspace(3)*, i1, i32, i64, float, double)* @atomics, !"kernel", i32 1}
