target triple = "nvptx64-nvidia-cuda"

@global_smem = external addrspace(3) global [0 x i8], align 16

define ptx_kernel void @cluster_sharing(i8 addrspace(1)* %arg0, i32 %arg1, i32 %arg2) {
bb0:
	%0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
	%1 = icmp eq i32 %0, 0
	%2 = call i32 asm "mov.u32 $0, %cluster_ctarank;", "=r"()
	%3 = xor i32 %2, 1
	%4 = getelementptr i8, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i32 u0x4000
	%5 = getelementptr i8, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i32 16392
	%6 = bitcast i8 addrspace(3)* %4 to i64 addrspace(3)*
	br i1 %1, label %bb0.then1, label %bb0.join2

bb0.then1:
	call void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* %6, i32 1)
	br label %bb0.join2

bb0.join2:
	%7 = bitcast i8 addrspace(3)* %5 to i64 addrspace(3)*
	br i1 %1, label %bb0.then3, label %bb0.join4

bb0.then3:
	call void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* %7, i32 3)
	br label %bb0.join4

bb0.join4:
	call void asm sideeffect "fence.mbarrier_init.release.cluster;", ""()
	call void asm sideeffect "barrier.cluster.arrive.relaxed.aligned;", ""()
	call void asm sideeffect "barrier.cluster.wait.aligned;", ""()
	%8 = bitcast i8 addrspace(3)* %4 to i64 addrspace(3)*
	br i1 %1, label %bb0.then5, label %bb0.join6

bb0.then5:
	call void asm sideeffect "mbarrier.arrive.expect_tx.shared.b64 _, [$0], 16384;", "l"(i64 addrspace(3)* %8)
	br label %bb0.join6

bb0.join6:
	%9 = mul i32 %2, 64
	%10 = add i32 %arg2, %9
	%11 = mul i32 %2, u0x2000
	%12 = getelementptr i8, i8 addrspace(3)* bitcast ([0 x i8] addrspace(3)* @global_smem to i8 addrspace(3)*), i32 %11
	call void asm sideeffect "@$6 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [$0], [$1, {$2, $3}], [$4], $5;", "l,l,r,r,l,h,b"(i8 addrspace(3)* %12, i8 addrspace(1)* %arg0, i32 %arg1, i32 %10, i8 addrspace(3)* %4, i16 3, i1 %1)
	%13 = bitcast i8 addrspace(3)* %4 to i64 addrspace(3)*
	%14 = and i32 0, 1
	call void asm sideeffect "{\0A\09.reg .pred P1;\0A\09LAB_WAIT:\0A\09mbarrier.try_wait.parity.shared.b64 P1, [$0], $1;\0A\09@!P1 bra.uni LAB_WAIT;\0A\09}", "l,r"(i64 addrspace(3)* %13, i32 %14)
	%15 = bitcast i8 addrspace(3)* %5 to i64 addrspace(3)*
	br i1 %1, label %bb0.then7, label %bb0.join8

bb0.then7:
	call void asm sideeffect "{\0A\09.reg .b64 R;\0A\09mapa.shared::cluster.u64 R, $0, $1;\0A\09mbarrier.arrive.release.cluster.shared::cluster.b64 _, [R];\0A\09}", "l,r"(i64 addrspace(3)* %15, i32 %3)
	br label %bb0.join8

bb0.join8:
	%16 = bitcast i8 addrspace(3)* %5 to i64 addrspace(3)*
	br i1 %1, label %bb0.then9, label %bb0.join10

bb0.then9:
	call void asm sideeffect "{\0A\09.reg .b64 R;\0A\09mapa.shared::cluster.u64 R, $0, $1;\0A\09mbarrier.arrive.release.cluster.shared::cluster.b64 _, [R], 2;\0A\09}", "l,r"(i64 addrspace(3)* %16, i32 %3)
	br label %bb0.join10

bb0.join10:
	call void asm sideeffect "barrier.cluster.arrive.aligned;", ""()
	call void asm sideeffect "barrier.cluster.wait.aligned;", ""()
	ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

declare void @llvm.nvvm.mbarrier.init.shared(i64 addrspace(3)* %0, i32 %1)

!nvvm.annotations = !{!0, !1, !2, !3, !4}

!0 = !{void (i8 addrspace(1)*, i32, i32)* @cluster_sharing, !"kernel", i32 1}
!1 = !{void (i8 addrspace(1)*, i32, i32)* @cluster_sharing, !"maxntidx", i32 128}
!2 = !{void (i8 addrspace(1)*, i32, i32)* @cluster_sharing, !"cluster_dim_x", i32 2}
!3 = !{void (i8 addrspace(1)*, i32, i32)* @cluster_sharing, !"cluster_dim_y", i32 1}
!4 = !{void (i8 addrspace(1)*, i32, i32)* @cluster_sharing, !"cluster_dim_z", i32 1}
