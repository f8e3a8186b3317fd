// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// A TMA round trip through tensor descriptors passed to the kernel.
// Descriptor parameters are the tensor maps passed by value (the
// metadata of the box the host must encode rides along); thread 0 alone
// initializes the mbarrier, expects the 16384 bytes and invalidates it;
// the 64x128 f16 buffer (128-byte swizzle) is two 64x64 boxes, issued by
// lane 0 of warps 0 and 1, coordinates innermost first; every thread
// waits for phase 0. The store fences the async proxy, issues the same
// boxes, commits the bulk group and waits for its reads.

// CHECK-LABEL: llvm.func @copy(
// CHECK-SAME:    %arg0: !llvm.ptr {llvm.align = 64 : i32, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant, tt.tensordesc = {block_size = array<i32: 64, 64>, elem_size = 2 : i32, elem_type = 6 : i32, swizzle = 3 : i32}}, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !llvm.ptr {llvm.align = 64 : i32
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG:     %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG:     %[[BASE:.+]] = gpu.shared_base
// CHECK-DAG:     %[[TID:.+]] = gpu.thread_id x
// CHECK:         %[[ROW:.+]] = llvm.mul
// CHECK:         %[[T0:.+]] = llvm.icmp "eq" %[[TID]], %[[C0]] : i32
// CHECK-NEXT:    gpu.mbarrier_init %[[BAR:.+]], %[[T0]] {count = 1} : !llvm.ptr<3>
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.mbarrier_arrive_expect_tx %[[BAR]], %{{.+}} {tx = 16384} : !llvm.ptr<3>
// CHECK:         gpu.tma_load %[[BASE]], %[[BAR]], %arg0[%[[C0]], %[[ROW]]], %{{.+}} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
// CHECK-NEXT:    %[[BOX1:.+]] = llvm.getelementptr %[[BASE]][8192]
// CHECK-NEXT:    %[[W1:.+]] = llvm.icmp "eq" %[[TID]], %[[C32]] : i32
// CHECK-NEXT:    gpu.tma_load %[[BOX1]], %[[BAR]], %arg0[%[[C64]], %[[ROW]]], %[[W1]]
// CHECK:         gpu.mbarrier_wait %[[BAR]], %[[C0]] : !llvm.ptr<3>{{$}}
// CHECK:         gpu.mbarrier_inval %[[BAR]], %{{.+}} : !llvm.ptr<3>
// CHECK:         gpu.fence_proxy_async
// CHECK:         gpu.tma_store %arg5[%[[C0]], %[[ROW]]], %{{.+}}, %{{.+}} : !llvm.ptr, !llvm.ptr<3>
// CHECK:         gpu.tma_store %arg5[%[[C64]], %[[ROW]]], %{{.+}}, %{{.+}} : !llvm.ptr, !llvm.ptr<3>
// CHECK-NEXT:    gpu.bulk_commit
// CHECK-NEXT:    gpu.bulk_wait 0 {read}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy(%in: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %out: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M2: i32, %N2: i32, %sM2: i64, %sN2: i64) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %x = tt.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %row = arith.muli %x, %c64 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %in[%row, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<64x128xf16, #blocked>
    %w = arith.addf %v, %v : tensor<64x128xf16, #blocked>
    %o = ttg.local_alloc %w : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %out[%row, %c0] %o : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// arrive_barrier: thread 0 arrives `count` times where the predicate
// holds; a wait predicated by a runtime flag keeps it; a descriptor from
// a global pointer (ttng.reinterpret_tensor_descriptor) is the map's
// generic address.

// CHECK-LABEL: llvm.func @arrive
// CHECK:         %[[P:.+]] = llvm.and %{{.+}}, %arg1 : i1
// CHECK:         gpu.mbarrier_arrive %{{.+}}, %[[P]] {count = 2} : !llvm.ptr<3>
// CHECK:         gpu.mbarrier_wait %{{.+}}, %arg2, %arg1 : !llvm.ptr<3>
// CHECK:         %[[M:.+]] = llvm.addrspacecast %arg0 : !llvm.ptr<1> to !llvm.ptr
// CHECK:         gpu.tma_load %{{.+}}, %{{.+}}, %[[M]][

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @arrive(%raw: !tt.ptr<i8>, %p: i1, %phase: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 2, %p : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %p : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %d = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<tensor<16x16xf32, #shared>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<16x16xf32, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<16x16xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<16x16xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A TMA reduction is issued as the store is: the 64x128 f16 buffer is two
// 64x64 boxes, issued by lane 0 of warps 0 and 1 with the combine of the
// op, coordinates innermost first, and the bulk group committed.

// CHECK-LABEL: llvm.func @reduce(
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG:     %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG:     %[[TID:.+]] = gpu.thread_id x
// CHECK:         %[[W0:.+]] = llvm.icmp "eq" %[[TID]], %[[C0]] : i32
// CHECK:         gpu.tma_reduce max %arg0[%[[C0]], %arg5], %{{.+}}, %[[W0]] : !llvm.ptr, !llvm.ptr<3>
// CHECK:         %[[BOX1:.+]] = llvm.getelementptr %{{.+}}[8192]
// CHECK:         %[[W1:.+]] = llvm.icmp "eq" %[[TID]], %[[C32]] : i32
// CHECK:         gpu.tma_reduce max %arg0[%[[C64]], %arg5], %[[BOX1]], %[[W1]] : !llvm.ptr, !llvm.ptr<3>
// CHECK-NEXT:    gpu.bulk_commit
// CHECK-NEXT:    gpu.bulk_wait 0 {read}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reduce(%out: !tt.tensordesc<tensor<64x128xbf16, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %row: i32, %v: tensor<64x128xbf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %o = ttg.local_alloc %v : (tensor<64x128xbf16, #blocked>) -> !ttg.memdesc<64x128xbf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_reduce max, %out[%row, %c0] %o : !tt.tensordesc<tensor<64x128xbf16, #shared>>, !ttg.memdesc<64x128xbf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// A rank-reducing load (Triton's test_tensor_descriptor_rank_reducing_load):
// the descriptor's block is 1x1x8x128, the buffer 8x128, so each of the
// two 8x64 boxes is copied with the map's four coordinates, the box
// offsets on the two innermost.

// CHECK-LABEL: llvm.func @rank_reducing(
// CHECK-DAG:     %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK:         gpu.tma_load %{{.+}}, %{{.+}}, %arg0[%arg6, %arg5, %arg7, %arg7], %{{.+}} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
// CHECK:         %[[X:.+]] = llvm.add %arg6, %[[C64]] : i32
// CHECK:         gpu.tma_load %{{.+}}, %{{.+}}, %arg0[%[[X]], %arg5, %arg7, %arg7], %{{.+}} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 4}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rank_reducing(%in: !tt.tensordesc<tensor<1x1x8x128xf16, #shared>>, %d0: i32, %d1: i32, %d2: i32, %d3: i32, %row: i32, %col: i32, %z: i32) {
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x128xf16, #shared1, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.barrier_expect %bar, 2048, %true : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.async_tma_copy_global_to_local %in[%z, %z, %row, %col] %buf, %bar, %true : !tt.tensordesc<tensor<1x1x8x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<8x128xf16, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// A choice between two descriptors (arith.select, as canonicalization
// makes it of an scf.if yielding one) selects their tensor maps'
// addresses, and the TMA store reads the chosen map.

// CHECK-LABEL: llvm.func @select_desc(
// CHECK:         %[[D:.+]] = llvm.select %arg10, %arg0, %arg5 : i1, !llvm.ptr
// CHECK:         gpu.tma_store %[[D]][
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @select_desc(%a: !tt.tensordesc<tensor<64x64xf16, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %b: !tt.tensordesc<tensor<64x64xf16, #shared>>, %M2: i32, %N2: i32, %sM2: i64, %sN2: i64, %c: i1, %x: tensor<64x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %d = arith.select %c, %a, %b : !tt.tensordesc<tensor<64x64xf16, #shared>>
    %buf = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%c0, %c0] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// With tt.tma_one_issuer (tt's warp specialization, where one warp of a
// producer runs the copies) lane 0 of warp 0 issues both 64x64 boxes of
// the 64x128 f16 buffer, instead of lane 0 of warps 0 and 1.

// CHECK-LABEL: llvm.func @one_issuer(
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[TID:.+]] = gpu.thread_id x
// CHECK:         gpu.mbarrier_init
// CHECK-NEXT:    %[[P0:.+]] = llvm.icmp "eq" %[[TID]], %[[C0]] : i32
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.tma_load %{{.+}}, %{{.+}}, %arg0[%{{.+}}, %{{.+}}], %[[P0]] :
// CHECK-NEXT:    llvm.getelementptr
// CHECK-NEXT:    %[[P1:.+]] = llvm.icmp "eq" %[[TID]], %[[C0]] : i32
// CHECK-NEXT:    gpu.tma_load %{{.+}}, %{{.+}}, %arg0[%{{.+}}, %{{.+}}], %[[P1]] :
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_issuer(%in: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %in[%c0, %c0] %buf, %bar, %true {tt.tma_one_issuer} : !tt.tensordesc<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    tt.return
  }
}
