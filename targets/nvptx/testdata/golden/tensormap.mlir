// ARCH: sm_90
// A tensor map made in the kernel: thread 0 zeroes the shared template and
// sets its fields (operands in registers or immediates; the enums and the
// rank always immediates), warp 0 copies it to global memory with the
// release fence and acquires it (with Triton's empty bulk group after the
// acquire), then a TMA load reads through it. Without a fixed PTX version
// the emitter asks for PTX 8.6, whose global_stride is in bytes.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @make_map(%base: !llvm.ptr<1>, %n: i32, %stride: i64, %scratch: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %tid = gpu.thread_id x : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %warp0 = llvm.icmp "ult" %tid, %c32 : i32
    %smem = gpu.shared_base : !llvm.ptr<3>
    gpu.store %smem, %first, %c0, %c0, %c0, %c0 {space = shared} : !llvm.ptr<3>, i32, i32, i32, i32
    gpu.tensormap_replace %smem, %base, %first {field = "global_address"} : !llvm.ptr<3>, !llvm.ptr<1>, i1
    gpu.tensormap_replace %smem, %first {field = "rank", value = 1 : i32} : !llvm.ptr<3>, i1
    gpu.tensormap_replace %smem, %c16, %first {field = "box_dim", ord = 0 : i32} : !llvm.ptr<3>, i32, i1
    gpu.tensormap_replace %smem, %n, %first {field = "global_dim", ord = 1 : i32} : !llvm.ptr<3>, i32, i1
    gpu.tensormap_replace %smem, %stride, %first {field = "global_stride", ord = 0 : i32} : !llvm.ptr<3>, i64, i1
    gpu.tensormap_replace %smem, %c1, %first {field = "element_stride", ord = 1 : i32} : !llvm.ptr<3>, i32, i1
    gpu.tensormap_replace %smem, %first {field = "elemtype", value = 7 : i32} : !llvm.ptr<3>, i1
    gpu.tensormap_replace %smem, %first {field = "interleave_layout", value = 0 : i32} : !llvm.ptr<3>, i1
    gpu.tensormap_replace %smem, %first {field = "swizzle_mode", value = 3 : i32} : !llvm.ptr<3>, i1
    gpu.tensormap_replace %smem, %first {field = "fill_mode", value = 1 : i32} : !llvm.ptr<3>, i1
    gpu.tensormap_cp_fenceproxy %scratch, %smem, %warp0 : !llvm.ptr<1>, !llvm.ptr<3>, i1
    gpu.fence_proxy_tensormap_acquire %scratch, %warp0 : !llvm.ptr<1>, i1
    gpu.barrier
    %bar = llvm.getelementptr %smem[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.mbarrier_init %bar, %first {count = 1} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.barrier
    gpu.mbarrier_arrive_expect_tx %bar, %first {tx = 2048} : !llvm.ptr<3>
    gpu.tma_load %smem, %bar, %scratch[%c0, %c0], %first : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    llvm.return
  }
}
