target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @loop(i8 addrspace(1)* %arg0, i32 %arg1, i1 %arg2) {
bb0:
	br label %bb1

bb1:
	%0 = phi i32 [ 0, %bb0 ], [ %9, %bb2 ]
	%1 = phi float [ 0.0, %bb0 ], [ %8, %bb2 ]
	%2 = icmp sge i32 %0, %arg1
	br i1 %2, label %bb3, label %bb2

bb2:
	%3 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%4 = getelementptr float, float addrspace(1)* %3, i32 %0
	%5 = bitcast float addrspace(1)* %4 to i8 addrspace(1)*
	%6 = call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 $0, [ $1 + 0 ];", "=r,l,b"(i8 addrspace(1)* %5, i1 %arg2)
	%7 = bitcast i32 %6 to float
	%8 = fadd float %1, %7
	%9 = add i32 %0, 1
	br label %bb1

bb3:
	br i1 %arg2, label %bb4, label %bb3.edge1

bb4:
	%10 = phi float [ %1, %bb3 ], [ 0.0, %bb3.edge1 ]
	%11 = bitcast float %10 to i32
	%12 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %11, i32 addrspace(1)* %12, align 4
	ret void

bb3.edge1:
	br label %bb4
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, i32, i1)* @loop, !"kernel", i32 1}
