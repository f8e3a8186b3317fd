target triple = "nvptx64-nvidia-cuda"

@printfFormat_0 = internal constant [7 x i8] c"start\0A\00"
@printfFormat_1 = internal constant [31 x i8] c"i=%d b=%d x=%f h=%f p=%p c=%d\0A\00"
@assertMessage_2 = internal constant [12 x i8] c"c must hold\00"
@assertFile_3 = internal constant [10 x i8] c"kernel.py\00"
@assertFunc_4 = internal constant [13 x i8] c"debug_kernel\00"
@assertMessage_5 = internal constant [6 x i8] c"again\00"
@assertFunc_6 = internal constant [6 x i8] c"debug\00"

define ptx_kernel void @debug(float %arg0, i32 %arg1, i8 %arg2, half %arg3, i8 addrspace(1)* %arg4, i1 %arg5) {
bb0:
	%buf0 = alloca { i32, i32, double, double, i64, i32 }, align 8
	%0 = call i32 @vprintf(i8* getelementptr ([7 x i8], [7 x i8]* @printfFormat_0, i32 0, i32 0), i8* null)
	%1 = sext i8 %arg2 to i32
	%2 = fpext float %arg0 to double
	%3 = fpext half %arg3 to double
	%4 = ptrtoint i8 addrspace(1)* %arg4 to i64
	%5 = zext i1 %arg5 to i32
	%6 = getelementptr { i32, i32, double, double, i64, i32 }, { i32, i32, double, double, i64, i32 }* %buf0, i32 0, i32 0
	store i32 %arg1, i32* %6
	%7 = getelementptr { i32, i32, double, double, i64, i32 }, { i32, i32, double, double, i64, i32 }* %buf0, i32 0, i32 1
	store i32 %1, i32* %7
	%8 = getelementptr { i32, i32, double, double, i64, i32 }, { i32, i32, double, double, i64, i32 }* %buf0, i32 0, i32 2
	store double %2, double* %8
	%9 = getelementptr { i32, i32, double, double, i64, i32 }, { i32, i32, double, double, i64, i32 }* %buf0, i32 0, i32 3
	store double %3, double* %9
	%10 = getelementptr { i32, i32, double, double, i64, i32 }, { i32, i32, double, double, i64, i32 }* %buf0, i32 0, i32 4
	store i64 %4, i64* %10
	%11 = getelementptr { i32, i32, double, double, i64, i32 }, { i32, i32, double, double, i64, i32 }* %buf0, i32 0, i32 5
	store i32 %5, i32* %11
	%12 = bitcast { i32, i32, double, double, i64, i32 }* %buf0 to i8*
	%13 = call i32 @vprintf(i8* getelementptr ([31 x i8], [31 x i8]* @printfFormat_1, i32 0, i32 0), i8* %12)
	br i1 %arg5, label %bb0.cont2, label %bb0.assert1

bb0.assert1:
	call void @__assertfail(i8* getelementptr ([12 x i8], [12 x i8]* @assertMessage_2, i32 0, i32 0), i8* getelementptr ([10 x i8], [10 x i8]* @assertFile_3, i32 0, i32 0), i32 42, i8* getelementptr ([13 x i8], [13 x i8]* @assertFunc_4, i32 0, i32 0), i64 1)
	br label %bb0.cont2

bb0.cont2:
	br i1 %arg5, label %bb0.cont4, label %bb0.assert3

bb0.assert3:
	call void @__assertfail(i8* getelementptr ([6 x i8], [6 x i8]* @assertMessage_5, i32 0, i32 0), i8* getelementptr ([10 x i8], [10 x i8]* @assertFile_3, i32 0, i32 0), i32 43, i8* getelementptr ([6 x i8], [6 x i8]* @assertFunc_6, i32 0, i32 0), i64 1)
	br label %bb0.cont4

bb0.cont4:
	ret void
}

declare i32 @vprintf(i8* %0, i8* %1)

declare void @__assertfail(i8* %0, i8* %1, i32 %2, i8* %3, i64 %4)

!nvvm.annotations = !{!0}

!0 = !{void (float, i32, i8, half, i8 addrspace(1)*, i1)* @debug, !"kernel", i32 1}
