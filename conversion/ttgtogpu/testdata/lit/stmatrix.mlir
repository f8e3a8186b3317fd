// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu -canonicalize | FileCheck %s

// A Hopper matmul's epilogue: the f16 accumulator (#mma v3) stored into a
// 128-byte-swizzled NVMMA buffer takes four stmatrix.x4 (Triton 3.6's
// lowerLdStMatrix), each lane giving one row address; the instructions
// step by XOR of whole 8x8-matrix offsets, their eight values are the
// registers in order (pairs of columns, row + 8, column + 8).
// CHECK-LABEL: llvm.func @epilogue
// CHECK-NOT:     gpu.store
// CHECK:         gpu.stmatrix %{{.+}}, %arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7 : !llvm.ptr<3>, f16, f16, f16, f16, f16, f16, f16, f16
// CHECK:         gpu.stmatrix %{{.+}}, %arg8, %arg9, %arg10, %arg11, %arg12, %arg13, %arg14, %arg15 : !llvm.ptr<3>
// CHECK:         gpu.stmatrix %{{.+}}, %arg16, %arg17, %arg18, %arg19, %arg20, %arg21, %arg22, %arg23 : !llvm.ptr<3>
// CHECK:         gpu.stmatrix %{{.+}}, %arg24, %arg25, %arg26, %arg27, %arg28, %arg29, %arg30, %arg31 : !llvm.ptr<3>
// CHECK-NOT:     gpu.store
// CHECK:         llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @epilogue(%acc: tensor<64x64xf16, #mma>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
    ttg.local_store %acc, %buf : tensor<64x64xf16, #mma> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Into a transposed (M-contiguous) buffer the same registers go with
// stmatrix.trans.
// CHECK-LABEL: llvm.func @transposed
// CHECK-COUNT-4: gpu.stmatrix %{{.+}} {trans} : !llvm.ptr<3>, f16, f16, f16, f16, f16, f16, f16, f16
// CHECK-NOT:     gpu.store
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @transposed(%acc: tensor<64x64xf16, #mma>) {
    %b = ttg.local_alloc %acc : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

// stmatrix is sm_90's: on sm_80 an mma.sync accumulator takes st.shared.
// CHECK-LABEL: llvm.func @sm80
// CHECK-NOT:     gpu.stmatrix
// CHECK:         gpu.store %{{.+}} {space = shared}
// CHECK-NOT:     gpu.stmatrix
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm80(%acc: tensor<64x64xf16, #mma>) {
    %b = ttg.local_alloc %acc : (tensor<64x64xf16, #mma>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

// A layout whose lanes do not walk a matrix row two elements at a time
// (four consecutive elements per thread along the row) takes st.shared.
// CHECK-LABEL: llvm.func @blocked
// CHECK-NOT:     gpu.stmatrix
// CHECK:         gpu.store %{{.+}} {space = shared}
#blk = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @blocked(%x: tensor<64x64xf16, #blk>) {
    %b = ttg.local_alloc %x : (tensor<64x64xf16, #blk>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}
