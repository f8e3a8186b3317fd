// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// TMA copies of buffers the CTAs of a cluster split (ttg.num-ctas = 2),
// as Triton 3.6 lowers them: each CTA copies its own share of the block.
// The tensor map's box (the descriptor parameter's block_size, Triton's
// tensordesc_meta) is cut from the per-CTA block, the boxes of the share
// are at the share's offsets in the CTA's buffer, and each box's
// coordinates add the share's offset in the block, read off the CTA's
// rank in its cluster.

// Rows split (CGALayout [[1, 0]]): a CTA holds 32 of the 64 rows, two
// 32x64 boxes (128-byte swizzle) 4096 bytes apart; its rows start at
// row + (rank & 1) * 32. Each CTA stores its own half: the store is not
// restricted to one CTA.

// CHECK-LABEL: llvm.func @rows(
// CHECK-SAME:    tt.tensordesc = {block_size = array<i32: 32, 64>, elem_size = 2 : i32, elem_type = 6 : i32, swizzle = 3 : i32}
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG:     %[[BASE:.+]] = gpu.shared_base
// CHECK-DAG:     %[[RANK:.+]] = gpu.cluster_block_rank : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG:     %[[BIT:.+]] = llvm.and %[[RANK]], %[[C1]] : i32
// CHECK-DAG:     %[[C5:.+]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-DAG:     %[[SHARE:.+]] = llvm.shl %[[BIT]], %[[C5]] : i32
// CHECK:         %[[ROW:.+]] = llvm.mul
// CHECK:         gpu.mbarrier_arrive_expect_tx %{{.+}}, %{{.+}} {tx = 8192} : !llvm.ptr<3>
// CHECK:         %[[Y0:.+]] = llvm.add %[[ROW]], %[[SHARE]] : i32
// CHECK:         gpu.tma_load %[[BASE]], %{{.+}}, %arg0[%[[C0]], %[[Y0]]], %{{.+}} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
// CHECK-NEXT:    %[[BOX1:.+]] = llvm.getelementptr %[[BASE]][4096]
// CHECK-NEXT:    %[[Y1:.+]] = llvm.add %[[ROW]], %[[SHARE]] : i32
// CHECK-NEXT:    %[[W1:.+]] = llvm.icmp "eq" %{{.+}}, %{{.+}} : i32
// CHECK-NEXT:    gpu.tma_load %[[BOX1]], %{{.+}}, %arg0[%[[C64]], %[[Y1]]], %[[W1]]
// CHECK-NOT:     gpu.tma_load
// CHECK:         gpu.fence_proxy_async
// CHECK-NEXT:    %[[Y2:.+]] = llvm.add %[[ROW]], %[[SHARE]] : i32
// CHECK-NEXT:    %[[W2:.+]] = llvm.icmp "eq" %{{.+}}, %[[C0]] : i32
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.tma_store %arg5[%[[C0]], %[[Y2]]], %[[BASE]], %[[W2]] : !llvm.ptr, !llvm.ptr<3>
// CHECK:         gpu.tma_store %arg5[%[[C64]], %{{.+}}], %{{.+}}, %{{.+}} : !llvm.ptr, !llvm.ptr<3>
// CHECK-NEXT:    gpu.bulk_commit
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows(%in: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %out: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M2: i32, %N2: i32, %sM2: i64, %sN2: i64) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %x = tt.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %row = arith.muli %x, %c64 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
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

// Columns split (CGALayout [[0, 1]]): a CTA holds 64 of the 128
// columns, one 64x64 box at column (rank & 1) * 64 (PTX's coordinates are
// innermost first).

// CHECK-LABEL: llvm.func @cols(
// CHECK-SAME:    tt.tensordesc = {block_size = array<i32: 64, 64>
// CHECK-DAG:     %[[RANK:.+]] = gpu.cluster_block_rank : i32
// CHECK-DAG:     %[[BIT:.+]] = llvm.and %[[RANK]], %{{.+}} : i32
// CHECK-DAG:     %[[C6:.+]] = llvm.mlir.constant(6 : i32) : i32
// CHECK-DAG:     %[[SHARE:.+]] = llvm.shl %[[BIT]], %[[C6]] : i32
// CHECK:         %[[ROW:.+]] = llvm.mul
// CHECK:         gpu.tma_load %{{.+}}, %{{.+}}, %arg0[%[[SHARE]], %[[ROW]]], %{{.+}} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr
// CHECK-NOT:     gpu.tma_load
// CHECK:         gpu.tma_store %arg5[%[[SHARE]], %[[ROW]]], %{{.+}}, %{{.+}} : !llvm.ptr, !llvm.ptr<3>
// CHECK-NEXT:    gpu.bulk_commit
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cols(%in: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %out: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M2: i32, %N2: i32, %sM2: i64, %sN2: i64) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %x = tt.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %row = arith.muli %x, %c64 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
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

// Both CTAs hold the whole block (CGALayout [[0, 0]]): each loads all of
// it at the block's coordinates; only the CTA of rank 0 stores it.

// CHECK-LABEL: llvm.func @bcast(
// CHECK-SAME:    tt.tensordesc = {block_size = array<i32: 64, 64>
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG:     %[[RANK:.+]] = gpu.cluster_block_rank : i32
// CHECK-DAG:     %[[BIT:.+]] = llvm.and %[[RANK]], %{{.+}} : i32
// CHECK-DAG:     %[[FIRST:.+]] = llvm.icmp "eq" %[[BIT]], %[[C0]] : i32
// CHECK:         %[[ROW:.+]] = llvm.mul
// CHECK:         gpu.tma_load %{{.+}}, %{{.+}}, %arg0[%[[C0]], %[[ROW]]], %{{.+}}
// CHECK:         gpu.tma_load %{{.+}}, %{{.+}}, %arg0[%[[C64]], %[[ROW]]], %{{.+}}
// CHECK:         gpu.fence_proxy_async
// CHECK-NEXT:    %[[T0:.+]] = llvm.icmp "eq" %{{.+}}, %[[C0]] : i32
// CHECK-NEXT:    %[[P0:.+]] = llvm.and %[[T0]], %[[FIRST]] : i1
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.tma_store %arg5[%[[C0]], %[[ROW]]], %{{.+}}, %[[P0]]
// CHECK:         %[[P1:.+]] = llvm.and %{{.+}}, %[[FIRST]] : i1
// CHECK-NEXT:    gpu.tma_store %arg5[%[[C64]], %[[ROW]]], %{{.+}}, %[[P1]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 0]]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bcast(%in: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %out: !tt.tensordesc<tensor<64x128xf16, #shared>>, %M2: i32, %N2: i32, %sM2: i64, %sN2: i64) {
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
