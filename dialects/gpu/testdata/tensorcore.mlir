module {
  llvm.func @tensor_core_ops(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<3>, %arg2: i1, %arg3: f16, %arg4: f32, %arg5: i8, %arg6: i32, %arg7: i64, %arg8: !llvm.ptr, %arg9: bf16) attributes {gpu.kernel} {
    %0:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [%arg3, %arg3, %arg3, %arg3, %arg3, %arg3, %arg3, %arg3], [%arg3, %arg3, %arg3, %arg3], [%arg4, %arg4, %arg4, %arg4]
    %1:4 = gpu.mma_sync m16n8k16 f16.f16.f16 [%arg3, %arg3, %arg3, %arg3, %arg3, %arg3, %arg3, %arg3], [%arg3, %arg3, %arg3, %arg3], [%arg3, %arg3, %arg3, %arg3]
    %2:4 = gpu.mma_sync m16n8k8 f32.tf32.tf32 [%arg4, %arg4, %arg4, %arg4], [%arg4, %arg4], [%0#0, %0#1, %0#2, %0#3]
    %3:4 = gpu.mma_sync m16n8k32 s32.s8.u8 [%arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5], [%arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5], [%arg6, %arg6, %arg6, %arg6] {satfinite}
    %4:4 = gpu.mma_sync m16n8k32 f32.e4m3.e5m2 [%arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5], [%arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5], [%arg4, %arg4, %arg4, %arg4]
    %5:8 = gpu.ldmatrix %arg1 : !llvm.ptr<3> -> f16, f16, f16, f16, f16, f16, f16, f16
    %6:2 = gpu.ldmatrix %arg1 {trans} : !llvm.ptr<3> -> bf16, bf16
    %7:4 = gpu.ldmatrix %arg1 : !llvm.ptr<3> -> i8, i8, i8, i8
    gpu.stmatrix %arg1, %5#0, %5#1, %5#2, %5#3 {trans} : !llvm.ptr<3>, f16, f16, f16, f16
    gpu.cp_async %arg1, %arg0 {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
    gpu.cp_async %arg1, %arg0, %arg6, %arg2 {cache = ca, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>, i32, i1
    gpu.cp_async %arg1, %arg0, %arg2 {cache = ca, size = 8} : !llvm.ptr<3>, !llvm.ptr<1>, i1
    gpu.cp_async_commit
    gpu.cp_async_wait 1
    gpu.cp_async_wait all
    %8 = gpu.wgmma_desc %arg1 {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    %9 = gpu.wgmma_desc %arg1 {swizzle = 0, lbo = 128, sbo = 256, base_offset = 1} : !llvm.ptr<3> -> i64
    gpu.wgmma_fence
    %10:4 = gpu.wgmma m64n8k16 f32.f16.f16 %8, %9, %arg2, [%arg4, %arg4, %arg4, %arg4] {trans_b}
    %11:2 = gpu.wgmma m64n8k16 f16.f16.f16 [%arg6, %arg6, %arg6, %arg6], %9, %arg2, [%arg6, %arg6] {neg_a}
    %12 = llvm.mlir.constant(false) : i1
    %13:8 = gpu.wgmma m64n16k32 s32.s8.s8 %8, %9, %12 {satfinite}
    %14:4 = gpu.wgmma m64n8k8 f32.tf32.tf32 %8, %9, %arg2, [%10#0, %10#1, %10#2, %10#3]
    gpu.wgmma_commit
    %15:4 = gpu.wgmma_wait 1, %14#0, %14#1, %14#2, %14#3 : f32, f32, f32, f32
    gpu.wgmma_wait 0
    gpu.mbarrier_init %arg1, %arg2 {count = 1} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.mbarrier_arrive %arg1 : !llvm.ptr<3>
    gpu.mbarrier_arrive %arg1, %arg2 {count = 2} : !llvm.ptr<3>
    gpu.mbarrier_arrive_expect_tx %arg1, %arg2 {tx = 16384} : !llvm.ptr<3>
    gpu.tma_load %arg1, %arg1, %arg8[%arg6, %arg6], %arg2 : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
    gpu.tma_load %arg1, %arg1, %arg0[%arg6, %arg6, %arg6, %arg6, %arg6] : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.mbarrier_wait %arg1, %arg6 : !llvm.ptr<3>
    gpu.mbarrier_wait %arg1, %arg6, %arg2 : !llvm.ptr<3>
    gpu.mbarrier_inval %arg1, %arg2 : !llvm.ptr<3>
    gpu.cp_async_mbarrier_arrive %arg1 : !llvm.ptr<3>
    gpu.cp_async_mbarrier_arrive %arg1, %arg2 {noinc} : !llvm.ptr<3>
    gpu.fence_proxy_async
    gpu.tma_store %arg8[%arg6], %arg1, %arg2 : !llvm.ptr, !llvm.ptr<3>
    gpu.tma_reduce min %arg8[%arg6, %arg6], %arg1 : !llvm.ptr, !llvm.ptr<3>
    gpu.bulk_commit
    gpu.bulk_wait 0 {read}
    gpu.bulk_wait 1
    gpu.tma_prefetch %arg8 : !llvm.ptr
    gpu.tma_prefetch %arg0, %arg2 : !llvm.ptr<1>
    gpu.tensormap_replace %arg1, %arg0, %arg2 {field = "global_address"} : !llvm.ptr<3>, !llvm.ptr<1>, i1
    gpu.tensormap_replace %arg1, %arg2 {field = "rank", value = 1 : i32} : !llvm.ptr<3>, i1
    gpu.tensormap_replace %arg1, %arg6, %arg2 {field = "box_dim", ord = 1 : i32} : !llvm.ptr<3>, i32, i1
    gpu.tensormap_replace %arg1, %arg7, %arg2 {field = "global_stride", ord = 0 : i32} : !llvm.ptr<3>, i64, i1
    gpu.tensormap_replace %arg1, %arg2 {field = "swizzle_mode", value = 3 : i32} : !llvm.ptr<3>, i1
    gpu.tensormap_cp_fenceproxy %arg0, %arg1, %arg2 : !llvm.ptr<1>, !llvm.ptr<3>, i1
    gpu.fence_proxy_tensormap_acquire %arg0, %arg2 : !llvm.ptr<1>, i1
    gpu.fence_proxy_tensormap_acquire %arg8, %arg2 : !llvm.ptr, i1
    gpu.named_barrier %arg6, %arg6
    gpu.named_barrier_arrive %arg6, %arg6
    gpu.setmaxnreg inc 240
    gpu.setmaxnreg dec 40
    %16 = gpu.elect_sync : i1
    llvm.return
  }
}
