target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @loops(i8 addrspace(1)* %arg0, i32 %arg1) {
bb0:
	br label %bb1

bb1:
	%0 = phi i32 [ 0, %bb0 ], [ %2, %bb2 ]
	%1 = icmp slt i32 %0, %arg1
	br i1 %1, label %bb2, label %bb3

bb2:
	%2 = add i32 %0, 1
	br label %bb1, !llvm.loop !11

bb3:
	%3 = phi i32 [ 0, %bb1 ], [ %4, %bb3 ]
	%4 = add i32 %3, 1
	%5 = icmp slt i32 %4, %arg1
	br i1 %5, label %bb3, label %bb4, !llvm.loop !1

bb4:
	%6 = phi i32 [ 0, %bb3 ], [ %7, %bb4 ]
	%7 = add i32 %6, 1
	%8 = icmp slt i32 %7, %arg1
	br i1 %8, label %bb4, label %bb5

bb5:
	%9 = bitcast i8 addrspace(1)* %arg0 to i32 addrspace(1)*
	store i32 %7, i32 addrspace(1)* %9
	ret void
}

!nvvm.annotations = !{!0}

!0 = !{void (i8 addrspace(1)*, i32)* @loops, !"kernel", i32 1}
!1 = distinct !{!1, !2, !3, !4, !7, !8, !9, !10}
!2 = !{!"llvm.loop.vectorize.enable", i1 false}
!3 = !{!"llvm.loop.unroll.enable"}
!4 = !{!"llvm.loop.unroll.count", i32 4}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.isvectorized", i32 1}
!7 = !{!"llvm.loop.unroll.followup_all", !5}
!8 = !{!"llvm.loop.pipeline.disable", i1 true}
!9 = !{!"llvm.loop.pipeline.initiationinterval", i32 2}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.licm.disable"}
!13 = !{!"llvm.loop.licm_versioning.disable"}
