target triple = "amdgcn-amd-amdhsa"

@global_smem = external addrspace(3) global [0 x i8], align 16

define amdgpu_kernel void @ids(i8 addrspace(1)* inreg %arg0, float inreg %arg1, i32 inreg %arg2, <2 x half> inreg %arg3, i1 inreg %arg4) "amdgpu-flat-work-group-size"="1,256" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = call i32 @llvm.amdgcn.workitem.id.x()
	%1 = call i32 @llvm.amdgcn.workitem.id.y()
	%2 = call i32 @llvm.amdgcn.workgroup.id.x()
	%3 = call i32 @llvm.amdgcn.workgroup.id.z()
	%4 = call i8 addrspace(4)* @llvm.amdgcn.dispatch.ptr()
	%5 = getelementptr i8, i8 addrspace(4)* %4, i64 4
	%6 = bitcast i8 addrspace(4)* %5 to i16 addrspace(4)*
	%7 = load i16, i16 addrspace(4)* %6, align 2
	%8 = zext i16 %7 to i32
	%9 = getelementptr i8, i8 addrspace(4)* %4, i64 12
	%10 = bitcast i8 addrspace(4)* %9 to i32 addrspace(4)*
	%11 = load i32, i32 addrspace(4)* %10, align 4
	%12 = sub i32 %8, 1
	%13 = add i32 %11, %12
	%14 = udiv i32 %13, %8
	%15 = call i8 addrspace(4)* @llvm.amdgcn.dispatch.ptr()
	%16 = getelementptr i8, i8 addrspace(4)* %15, i64 4
	%17 = bitcast i8 addrspace(4)* %16 to i16 addrspace(4)*
	%18 = load i16, i16 addrspace(4)* %17, align 2
	%19 = zext i16 %18 to i32
	%20 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
	%21 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %20)
	fence syncscope("workgroup") release
	call void @llvm.amdgcn.s.barrier()
	fence syncscope("workgroup") acquire
	%22 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
	%23 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %22)
	%24 = sub i32 0, 16
	%25 = and i32 %23, %24
	%26 = xor i32 %23, 1
	%27 = sub i32 0, 16
	%28 = and i32 %26, %27
	%29 = icmp eq i32 %28, %25
	%30 = select i1 %29, i32 %26, i32 %23
	%31 = shl i32 %30, 2
	%32 = bitcast float %arg1 to i32
	%33 = call i32 @llvm.amdgcn.ds.bpermute(i32 %31, i32 %32)
	%34 = bitcast i32 %33 to float
	%35 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
	%36 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %35)
	%37 = sub i32 0, 16
	%38 = and i32 %36, %37
	%39 = sub i32 %36, %38
	%40 = icmp uge i32 %39, 1
	%41 = sub i32 %36, 1
	%42 = select i1 %40, i32 %41, i32 %36
	%43 = shl i32 %42, 2
	%44 = call i32 @llvm.amdgcn.ds.bpermute(i32 %43, i32 %arg2)
	%45 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
	%46 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %45)
	%47 = sub i32 0, %19
	%48 = and i32 %46, %47
	%49 = sub i32 %46, %48
	%50 = add i32 %49, 1
	%51 = icmp ult i32 %50, %19
	%52 = add i32 %46, 1
	%53 = select i1 %51, i32 %52, i32 %46
	%54 = shl i32 %53, 2
	%55 = bitcast <2 x half> %arg3 to i32
	%56 = call i32 @llvm.amdgcn.ds.bpermute(i32 %54, i32 %55)
	%57 = bitcast i32 %56 to <2 x half>
	%58 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
	%59 = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %58)
	%60 = sub i32 0, 16
	%61 = and i32 %59, %60
	%62 = sub i32 16, 1
	%63 = and i32 %21, %62
	%64 = add i32 %61, %63
	%65 = shl i32 %64, 2
	%66 = bitcast float %arg1 to i32
	%67 = call i32 @llvm.amdgcn.ds.bpermute(i32 %65, i32 %66)
	%68 = bitcast i32 %67 to float
	%69 = call i64 @llvm.amdgcn.ballot.i64(i1 %arg4)
	%70 = trunc i64 %69 to i32
	%71 = call i64 @llvm.amdgcn.ballot.i64(i1 %arg4)
	%72 = add i32 %0, %1
	%73 = add i32 %72, %2
	%74 = add i32 %73, %3
	%75 = add i32 %74, %14
	%76 = add i32 %75, %21
	%77 = add i32 %76, %44
	%78 = add i32 %77, %70
	%79 = trunc i64 %71 to i32
	%80 = add i32 %78, %79
	%81 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	%82 = getelementptr i32, i32 addrspace(1)* %81, i32 %0
	%83 = bitcast i32 addrspace(1)* %82 to i8 addrspace(1)*
	%84 = bitcast i8 addrspace(1)* %83 to i32 addrspace(1)*
	store i32 %80, i32 addrspace(1)* %84, align 4
	%85 = fadd float %34, %68
	%86 = bitcast float %85 to i32
	store i32 %86, i32 addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to i32 addrspace(3)*), align 4
	%87 = getelementptr <2 x half>, <2 x half> addrspace(3)* bitcast (i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*) to <2 x half> addrspace(3)*), i32 1
	%88 = bitcast <2 x half> addrspace(3)* %87 to i8 addrspace(3)*
	%89 = bitcast <2 x half> %57 to i32
	%90 = bitcast i8 addrspace(3)* %88 to i32 addrspace(3)*
	store i32 %89, i32 addrspace(3)* %90, align 4
	ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

declare i32 @llvm.amdgcn.workitem.id.y()

declare i32 @llvm.amdgcn.workgroup.id.x()

declare i32 @llvm.amdgcn.workgroup.id.z()

declare i8 addrspace(4)* @llvm.amdgcn.dispatch.ptr()

declare i32 @llvm.amdgcn.mbcnt.lo(i32 %0, i32 %1)

declare i32 @llvm.amdgcn.mbcnt.hi(i32 %0, i32 %1)

declare void @llvm.amdgcn.s.barrier()

declare i32 @llvm.amdgcn.ds.bpermute(i32 %0, i32 %1)

declare i64 @llvm.amdgcn.ballot.i64(i1 %0)
