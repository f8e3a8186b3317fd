package ttg_test

import "testing"

// TestTTGOpsRoundTrip prints every ttg op in its custom form, checks the
// print is stable, and that the generic form reads back to it.
func TestTTGOpsRoundTrip(t *testing.T) {
	roundTrip(t, `#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ops(%arg0: tensor<64x64xf16, #blocked>, %arg1: tensor<64x64x!tt.ptr<f16>, #blocked>, %arg2: tensor<64x64xi1, #blocked>, %arg3: i32, %arg4: tensor<64x32xi8, #blocked>) {
    %0 = ttg.convert_layout %arg0 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %1 = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %2 = ttg.memdesc_index %1[%arg3] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %3 = ttg.async_copy_global_to_local %arg1, %2 mask %arg2 cacheModifier = cg evictionPolicy = evict_last {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %4 = ttg.async_copy_global_to_local %arg1, %2 : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %5 = ttg.async_commit_group tokens %3, %4
    %6 = ttg.async_wait %5 {num = 0 : i32}
    %7 = ttg.async_wait {num = 1 : i32}
    %8 = ttg.local_load %2 token %6 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    ttg.local_store %arg0, %2 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %9 = ttg.memdesc_subslice %2[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    %10 = ttg.memdesc_trans %2 {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    %11 = ttg.memdesc_reinterpret %2 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<4096xf16, #shared2, #smem, mutable>
    %12 = ttg.local_alloc %arg0 {alignment = 32 : i32} : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttg.local_dealloc %1 : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %13 = ttg.predicate_stage %arg3, %arg3, %arg3 maxStage 2 stage 1 : i32 -> i1
    %14 = ttg.fp4_to_fp %arg4 {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #blocked2>
    %15 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 256 : i32} : !tt.ptr<i8>
    ttg.local_barrier
    %16 = ttg.warp_id
    tt.return
  }
  tt.func @ws(%arg0: i32, %arg1: i64) -> i64 {
    %0 = ttg.warp_specialize(%arg0) attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield %arg1 : i64
    }
    partition0(%arg2: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> i64
    tt.return %0 : i64
  }
}
`, "")
}

// TestTTNGOpsRoundTrip does the same for the ttng ops.
func TestTTNGOpsRoundTrip(t *testing.T) {
	roundTrip(t, `#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ops(%arg0: !ttg.memdesc<128x64xf16, #shared, #smem>, %arg1: !ttg.memdesc<64x128xf16, #shared, #smem>, %arg2: tensor<128x128xf32, #mma>, %arg3: i1, %arg4: !tt.tensordesc<tensor<128x64xf16, #shared>>, %arg5: i32, %arg6: !tt.ptr<i8>, %arg7: tensor<128x128xf32, #blocked>) {
    %0 = ttng.warp_group_dot %arg0, %arg1, %arg2 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %1 = ttng.warp_group_dot %arg0, %arg1, %0, %arg3 : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %2:3 = ttng.warp_group_dot_wait %1, %arg0, %arg1 {pendings = 0 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.cluster_arrive {relaxed = true}
    ttng.cluster_wait
    %3 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %3, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %3, 16384, %arg3 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %4 = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %arg4[%arg5, %arg5] %4, %3, %arg3 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %3, %arg5 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %3, %arg5, %arg3 deps %4 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.arrive_barrier %3, 2, %arg3 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_local_to_global %arg4[%arg5, %arg5] %4 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_reduce add, %arg4[%arg5, %arg5] %4 : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.inval_barrier %3 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %5 = ttng.reinterpret_tensor_descriptor %arg6 : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
    ttng.tensormap_fenceproxy_acquire %arg6 : !tt.ptr<i8>
    %result, %token = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %6 = ttng.tc_gen5_mma %arg0, %arg1, %result[%token], %arg3, %arg3, %3[%arg3] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.tc_gen5_commit %3 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %result_0, %token_1 = ttng.tmem_load %result[%6] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %7 = ttng.tmem_store %arg7, %result[%token_1], %arg3 : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %arg7, %result, %arg3 : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %8 = ttng.tmem_subslice %result {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    tt.return
  }
}
`, "")
}

// TestAMDGPUOpsRoundTrip does the same for the amdg ops.
func TestAMDGPUOpsRoundTrip(t *testing.T) {
	roundTrip(t, `#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [64, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[64, 0], [0, 4]], block = []}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @ops(%arg0: !tt.ptr<f32>, %arg1: tensor<1024xi32, #blocked>, %arg2: tensor<1024xi1, #blocked>, %arg3: tensor<1024xf32, #blocked>, %arg4: i32, %arg5: tensor<128x64xf16, #blocked1>, %arg6: i1, %arg7: !ttg.memdesc<1024xf32, #shared, #smem, mutable>) {
    %0 = amdg.buffer_load %arg0[%arg1], %arg2, %arg3 : tensor<1024xf32, #blocked>
    %1 = amdg.buffer_load %arg0[%arg1] cacheModifier = cg stride = %arg4 : tensor<1024xf32, #blocked>
    amdg.buffer_store %0, %arg0[%arg1], %arg2 : tensor<1024xf32, #blocked>
    %2 = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %0, %arg0[%arg1], %arg2 : tensor<1024xf32, #blocked>
    %3 = amdg.buffer_atomic_cas acq_rel, gpu, %0, %1, %arg0[%arg1] : tensor<1024xf32, #blocked>
    %4 = amdg.buffer_load_to_local %arg0[%arg1] mask = %arg2 into %arg7 : <f32>[tensor<1024xi32, #blocked>]  -> <1024xf32, #shared, #smem, mutable>
    %5 = amdg.in_thread_transpose %arg5 : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #linear>
    %6 = amdg.extract_slice %arg5 [0, 0] : tensor<128x64xf16, #blocked1> to tensor<128x32xf16, #blocked1>
    %7 = amdg.concat %6, %6 : tensor<128x32xf16, #blocked1>, tensor<128x32xf16, #blocked1> -> tensor<128x64xf16, #blocked1>
    amdg.instruction_sched_hint {variant = #amdg.SchedHintVariant<attention>}
    amdg.cond_barrier %arg6
    %8 = amdg.async_wait %4 {num_inst = 1 : i32}
    amdg.memory_counter_wait load(0) ds(1)
    tt.return
  }
}
`, "")
}
