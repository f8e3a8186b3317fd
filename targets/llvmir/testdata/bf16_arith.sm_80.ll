target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bf16_arith(i8 addrspace(1)* %arg0, i16 %arg1, i16 %arg2) {
bb0:
	%0 = call i16 asm "fma.rn.bf16 $0, $1, $2, $3;", "=h,h,h,h"(i16 %arg1, i16 16256, i16 %arg2)
	%1 = call i16 asm "fma.rn.bf16 $0, $1, $2, $3;", "=h,h,h,h"(i16 %arg2, i16 49024, i16 %0)
	%2 = call i16 asm "fma.rn.bf16 $0, $1, $2, $3;", "=h,h,h,h"(i16 %1, i16 %arg1, i16 u0x8000)
	%3 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %2, i16 addrspace(1)* %3, align 2
	ret void
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, i16, i16)* @bf16_arith, !"kernel", i32 1}
