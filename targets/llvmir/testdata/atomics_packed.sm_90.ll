target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @packed(i8 addrspace(1)* %arg0, <2 x half> %arg1, <2 x i16> %arg2, half %arg3, i16 %arg4, i1 %arg5) {
bb0:
	%0 = bitcast <2 x half> %arg1 to i32
	%1 = call i32 asm sideeffect "@$3 atom.global.gpu.relaxed.add.noftz.f16x2 $0, [ $1 + 0 ], $2;", "=r,l,r,b"(i8 addrspace(1)* %arg0, i32 %0, i1 %arg5)
	%2 = select i1 %arg5, i32 %1, i32 0
	%3 = bitcast i32 %2 to <2 x half>
	%4 = bitcast <2 x i16> %arg2 to i32
	%5 = call i32 asm sideeffect "atom.global.gpu.relaxed.add.noftz.bf16x2 $0, [ $1 + 0 ], $2;", "=r,l,r"(i8 addrspace(1)* %arg0, i32 %4)
	%6 = bitcast i32 %5 to <2 x i16>
	%7 = bitcast half %arg3 to i16
	%8 = call i16 asm sideeffect "atom.global.gpu.relaxed.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h"(i8 addrspace(1)* %arg0, i16 %7)
	%9 = bitcast i16 %8 to half
	%10 = call i16 asm sideeffect "atom.global.gpu.relaxed.add.noftz.bf16 $0, [ $1 + 0 ], $2;", "=h,l,h"(i8 addrspace(1)* %arg0, i16 %arg4)
	%11 = bitcast half %arg3 to i16
	%12 = bitcast half %9 to i16
	%13 = call i16 asm sideeffect "atom.global.gpu.relaxed.cas.b16 $0, [ $1 + 0 ], $2, $3;", "=h,l,h,h"(i8 addrspace(1)* %arg0, i16 %11, i16 %12)
	%14 = bitcast i16 %13 to half
	%15 = bitcast <2 x half> %3 to i32
	%16 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %15, i32 addrspace(1)* %16, align 4
	%17 = bitcast <2 x i16> %6 to i32
	%18 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %17, i32 addrspace(1)* %18, align 4
	%19 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %10, i16 addrspace(1)* %19, align 2
	%20 = bitcast half %14 to i16
	%21 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %20, i16 addrspace(1)* %21, align 2
	ret void
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, <2 x half>, <2 x i16>, half, i16, i1)* @packed, !"kernel", i32 1}
