target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @atomics(i8 addrspace(1)* inreg %arg0, i8 addrspace(3)* inreg %arg1, i1 inreg %arg2, i32 inreg %arg3, i64 inreg %arg4, float inreg %arg5, double inreg %arg6) "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	br i1 %arg2, label %bb0.then1, label %bb0.join2

bb0.then1:
	%0 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%1 = atomicrmw and i32 addrspace(1)* %0, i32 %arg3 syncscope("agent") monotonic
	br label %bb0.join2

bb0.join2:
	%2 = phi i32 [ %1, %bb0.then1 ], [ zeroinitializer, %bb0 ]
	%3 = bitcast i8 addrspace(3)* %arg1 to i32 addrspace(3)*
	%4 = atomicrmw or i32 addrspace(3)* %3, i32 %arg3 syncscope("workgroup") acquire
	%5 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	%6 = atomicrmw xor i64 addrspace(1)* %5, i64 %arg4 release
	br i1 %arg2, label %bb0.then3, label %bb0.join4

bb0.then3:
	%7 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%8 = atomicrmw add i32 addrspace(1)* %7, i32 %arg3 syncscope("agent") acq_rel
	br label %bb0.join4

bb0.join4:
	%9 = phi i32 [ %8, %bb0.then3 ], [ zeroinitializer, %bb0.join2 ]
	br i1 %arg2, label %bb0.then5, label %bb0.join6

bb0.then5:
	%10 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%11 = atomicrmw fadd float addrspace(1)* %10, float %arg5 syncscope("agent") acq_rel
	br label %bb0.join6

bb0.join6:
	%12 = phi float [ %11, %bb0.then5 ], [ zeroinitializer, %bb0.join4 ]
	%13 = bitcast i8 addrspace(1)* %arg0 to double addrspace(1)*
	%14 = atomicrmw fadd double addrspace(1)* %13, double %arg6 syncscope("agent") monotonic
	%15 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%16 = atomicrmw max i32 addrspace(1)* %15, i32 %arg3 syncscope("agent") acq_rel
	%17 = bitcast i8 addrspace(3)* %arg1 to i64 addrspace(3)*
	%18 = atomicrmw min i64 addrspace(3)* %17, i64 %arg4 syncscope("workgroup") acq_rel
	%19 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%20 = atomicrmw umax i32 addrspace(1)* %19, i32 %arg3 syncscope("agent") monotonic
	br i1 %arg2, label %bb0.then7, label %bb0.join8

bb0.then7:
	%21 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%22 = atomicrmw umin i32 addrspace(1)* %21, i32 %arg3 syncscope("agent") monotonic
	br label %bb0.join8

bb0.join8:
	%23 = phi i32 [ %22, %bb0.then7 ], [ zeroinitializer, %bb0.join6 ]
	br i1 %arg2, label %bb0.then9, label %bb0.join10

bb0.then9:
	%24 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%25 = atomicrmw xchg float addrspace(1)* %24, float %arg5 syncscope("agent") acq_rel
	br label %bb0.join10

bb0.join10:
	%26 = phi float [ %25, %bb0.then9 ], [ zeroinitializer, %bb0.join8 ]
	br i1 %arg2, label %bb0.then11, label %bb0.join12

bb0.then11:
	%27 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%28 = cmpxchg i32 addrspace(1)* %27, i32 %arg3, i32 %2 syncscope("agent") acq_rel acquire
	%29 = extractvalue { i32, i1 } %28, 0
	br label %bb0.join12

bb0.join12:
	%30 = phi i32 [ %29, %bb0.then11 ], [ 0, %bb0.join10 ]
	%31 = bitcast i8 addrspace(3)* %arg1 to i32 addrspace(3)*
	%32 = bitcast float %arg5 to i32
	%33 = bitcast float %12 to i32
	%34 = cmpxchg i32 addrspace(3)* %31, i32 %32, i32 %33 syncscope("workgroup") monotonic monotonic
	%35 = extractvalue { i32, i1 } %34, 0
	%36 = bitcast i32 %35 to float
	%37 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	%38 = cmpxchg i64 addrspace(1)* %37, i64 %arg4, i64 %6 acquire acquire
	%39 = extractvalue { i64, i1 } %38, 0
	%40 = add i32 %4, %9
	%41 = add i32 %40, %16
	%42 = add i32 %41, %20
	%43 = add i32 %42, %23
	%44 = add i32 %43, %30
	%45 = fadd float %26, %36
	%46 = add i64 %18, %39
	%47 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %44, i32 addrspace(1)* %47, align 4
	%48 = bitcast float %45 to i32
	%49 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %48, i32 addrspace(1)* %49, align 4
	%50 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %46, i64 addrspace(1)* %50, align 8
	%51 = bitcast double %14 to i64
	%52 = bitcast i8 addrspace(1)* %arg0 to i64 addrspace(1)*
	store i64 %51, i64 addrspace(1)* %52, align 8
	ret void
}
