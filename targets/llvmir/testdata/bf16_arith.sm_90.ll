target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @bf16_arith(i8 addrspace(1)* %arg0, i16 %arg1, i16 %arg2) {
bb0:
	%0 = call i16 asm "add.rn.bf16 $0, $1, $2;", "=h,h,h"(i16 %arg1, i16 %arg2)
	%1 = call i16 asm "sub.rn.bf16 $0, $1, $2;", "=h,h,h"(i16 %0, i16 %arg2)
	%2 = call i16 asm "mul.rn.bf16 $0, $1, $2;", "=h,h,h"(i16 %1, i16 %arg1)
	%3 = bitcast i8 addrspace(1)* %arg0 to i16 addrspace(1)*
	store i16 %2, i16 addrspace(1)* %3, align 2
	ret void
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, i16, i16)* @bf16_arith, !"kernel", i32 1}
