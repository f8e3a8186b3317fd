package ttg_test

import "testing"

// TestMoreOpsRoundTrip covers the ops that appear in none of the dumps or
// goldens, with the syntax of Triton's own tests at 3.6 (the two spaces
// of `amdg.async_tdm_wait  {num = 0 : i32}` are MLIR's: an empty variadic
// operand still gets its leading space).
func TestMoreOpsRoundTrip(t *testing.T) {
	roundTrip(t, `#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @nv(%arg0: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %arg1: !tt.tensordesc<tensor<1x128xbf16, #shared1>>, %arg2: tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, %arg3: i32, %arg4: !ttg.memdesc<32x128xbf16, #shared1, #smem, mutable>, %arg5: i1, %arg6: !tt.ptr<i8>, %arg7: !tt.ptr<i16>, %arg8: i64, %arg9: !ttg.memdesc<128x32xi8, #shared2, #smem>, %arg10: !ttg.memdesc<128x32xi8, #tmem_scales, #ttng.tensor_memory, mutable>, %arg11: !ttg.memdesc<128x64xf8E4M3FN, #shared3, #smem>, %arg12: !ttg.memdesc<64x128xf8E4M3FN, #shared3, #smem>, %arg13: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %arg14: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %arg15: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>) {
    ttng.async_copy_mbarrier_arrive %arg0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %arg0 {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.async_tma_gather %arg1[%arg2, %arg3] %arg4, %arg0, %arg5 : !tt.tensordesc<tensor<1x128xbf16, #shared1>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32, !ttg.memdesc<1xi64, #shared, #smem, mutable>, !ttg.memdesc<32x128xbf16, #shared1, #smem, mutable>, i1
    ttng.async_tma_scatter %arg1[%arg2, %arg3] %arg4 : !tt.tensordesc<tensor<1x128xbf16, #shared1>>, tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, i32, !ttg.memdesc<32x128xbf16, #shared1, #smem, mutable>
    ttng.tensormap_create %arg6, %arg7, [%arg3, %arg3], [%arg3, %arg3], [%arg8], [%arg3, %arg3] {elem_type = 3 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<i16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tmem_copy %arg9, %arg10 : !ttg.memdesc<128x32xi8, #shared2, #smem>, !ttg.memdesc<128x32xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %arg9, %arg10, %arg0 : !ttg.memdesc<128x32xi8, #shared2, #smem>, !ttg.memdesc<128x32xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.tc_gen5_mma_scaled %arg11, %arg12, %arg13, %arg14, %arg15, %arg5, %arg5 lhs = e4m3 rhs = e4m3, %arg0[%arg5] {is_async} : !ttg.memdesc<128x64xf8E4M3FN, #shared3, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared3, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %0 = "ttg.mask"(%arg5) ({
      ttg.mask.return %arg3 : i32
    }) : (i1) -> i32
    tt.return
  }
  tt.func @amd(%arg0: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %arg1: i32, %arg2: !tt.tensordesc<tensor<64x64xf16, #shared2>>, %arg3: !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>, %arg4: i1, %arg5: tensor<128x128xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %arg6: tensor<128x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>) {
    %0 = amdg.arrive_barrier %arg0, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> -> i32
    amdg.wait_barrier %arg0, %arg1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    amdg.async_copy_mbarrier_arrive %arg0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %1 = amdg.async_tdm_copy_global_to_local %arg2[%arg1, %arg1] into %arg3, %arg4 : !tt.tensordesc<tensor<64x64xf16, #shared2>> -> !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>
    %2 = amdg.async_tdm_copy_global_to_local %arg2[%arg1, %arg1] into %arg3, %arg4, barrier = %arg0 : !tt.tensordesc<tensor<64x64xf16, #shared2>>, !ttg.memdesc<1xi64, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>
    amdg.async_tdm_copy_local_to_global %arg2[%arg1, %arg1] from %arg3 : !ttg.memdesc<64x64xf16, #shared2, #smem, mutable> -> !tt.tensordesc<tensor<64x64xf16, #shared2>>
    %3 = amdg.async_tdm_wait  {num = 0 : i32}
    %4 = amdg.scaled_upcast_fp8 %arg5 scale %arg6 : tensor<128x128xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, tensor<128x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<128x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
    tt.return
  }
}
`, "")
}
