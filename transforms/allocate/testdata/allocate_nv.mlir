// RUN: tt-opt %s -allocate-shared-memory-nv=compute-capability=90 | FileCheck %s --check-prefix=NV
// RUN: tt-opt %s -allocate-shared-memory-nv=compute-capability=80 | FileCheck %s --check-prefix=NV
// RUN: tt-opt %s -allocate-shared-memory-nv | FileCheck %s --check-prefix=NV
// RUN: tt-opt %s -allocate-shared-memory-nv=compute-capability=70 | FileCheck %s --check-prefix=GENERIC
// RUN: tt-opt %s -allocate-shared-memory | FileCheck %s --check-prefix=GENERIC

// The epilogue of a persistent Hopper matmul: the accumulator goes to the
// store layout through shared memory inside the tile loop, while 96 KB of
// pipeline buffers stay live. Triton 3.6's NVIDIA rule (ldmatrix from
// sm_75, stmatrix from sm_90; the pass's option, else the module's
// ttg.target) pairs plain stores with an ldmatrix-shaped load: its vector
// [0, 1], [0, 8], [0, 16] leaves the common registers [8, 0] and [64, 0]
// to 4 rounds of 8 KB. Triton reports 106496 bytes for this kernel on an
// H200. The generic rule (no matrix instructions) keeps [8, 0] and [64, 0]
// in a 128-bit vector and needs the whole tile, 32 KB, at once.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory

// NV: ttg.shared = 106496 : i32
// GENERIC: ttg.shared = 131072 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @epilogue(%acc: tensor<128x128xf16, #mma>, %p: tensor<128x128x!tt.ptr<f16>, #blocked>, %n: i32) {
    // NV: ttg.local_alloc {allocation.offset = 0 : i32}
    // GENERIC: ttg.local_alloc {allocation.offset = 0 : i32}
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    // NV: ttg.local_alloc {allocation.offset = 49152 : i32}
    // GENERIC: ttg.local_alloc {allocation.offset = 49152 : i32}
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      // NV: ttg.convert_layout %{{.*}} {allocation.offset = 98304 : i32}
      // GENERIC: ttg.convert_layout %{{.*}} {allocation.offset = 98304 : i32}
      %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
      tt.store %p, %c : tensor<128x128x!tt.ptr<f16>, #blocked>
    }
    ttg.local_dealloc %a : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
    tt.return
  }
}
