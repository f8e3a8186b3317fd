// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// ttng.warp_group_dot with both operands in shared memory and a zero
// accumulator: the first wgmma of each 64-row slab has no C (scale_d
// false); A (128B swizzle, K-major) advances 32 bytes (2 descriptor units)
// per K step and 64 rows (512 units) per M tile; B is stored K-major
// (transposed), so there is no trans_b. A synchronous dot waits for all
// its groups.

// CHECK-LABEL: llvm.func @dot_zero_acc
// CHECK-DAG:     %[[F:.+]] = llvm.mlir.constant(false) : i1
// CHECK-DAG:     %[[T:.+]] = llvm.mlir.constant(true) : i1
// CHECK-DAG:     %[[K1:.+]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-DAG:     %[[M1:.+]] = llvm.mlir.constant(512 : i64) : i64
// CHECK:         %[[A:.+]] = gpu.wgmma_desc %arg0 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
// CHECK:         %[[A1:.+]] = llvm.add %[[A]], %[[K1]] : i64
// CHECK:         %[[AM:.+]] = llvm.add %[[A]], %[[M1]] : i64
// CHECK:         %[[B:.+]] = gpu.wgmma_desc %arg1 {swizzle = 128, lbo = 0, sbo = 1024} : !llvm.ptr<3> -> i64
// CHECK:         %[[B1:.+]] = llvm.add %[[B]], %[[K1]] : i64
// CHECK:         gpu.wgmma_fence
// CHECK-NEXT:    %[[D0:.+]]:32 = gpu.wgmma m64n64k16 f32.f16.f16 %[[A]], %[[B]], %[[F]]{{$}}
// CHECK-NEXT:    %[[D1:.+]]:32 = gpu.wgmma m64n64k16 f32.f16.f16 %[[A1]], %[[B1]], %[[T]], [%[[D0]]#0, %[[D0]]#1,
// CHECK-NEXT:    gpu.wgmma m64n64k16
// CHECK-NEXT:    %[[D3:.+]]:32 = gpu.wgmma m64n64k16
// CHECK-NEXT:    %[[E0:.+]]:32 = gpu.wgmma m64n64k16 f32.f16.f16 %[[AM]], %[[B]], %[[F]]{{$}}
// CHECK-NEXT:    gpu.wgmma m64n64k16
// CHECK-NEXT:    gpu.wgmma m64n64k16
// CHECK-NEXT:    %[[E3:.+]]:32 = gpu.wgmma m64n64k16
// CHECK-NEXT:    gpu.wgmma_commit
// CHECK-NEXT:    gpu.wgmma_wait 0, %[[D3]]#0, {{.*}}, %[[D3]]#31, %[[E3]]#0, {{.*}}, %[[E3]]#31 : f32
// CHECK-NOT:     gpu.wgmma
// CHECK:         llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_zero_acc(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %m = ttng.warp_group_dot %a, %b, %cst {inputPrecision = 0 : i32, maxNumImpreciseAcc = 0 : i32} :
      !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
}

// -----

// The matmul of Triton's sm_90 pipeline: B [64x128] row-major is N-major
// (trans_b): its 128-byte rows hold 64 columns, the next 64 columns are
// 8192 bytes on (LBO), the next 8 K rows 1024 (SBO), a K step 16 rows
// (2048 bytes, 128 units). An asynchronous dot commits without waiting;
// warp_group_dot_wait ties the accumulators of both slabs (128 words)
// and passes the buffers through.

// CHECK-LABEL: llvm.func internal @dot_async
// CHECK:         %[[B:.+]] = gpu.wgmma_desc %arg1 {swizzle = 128, lbo = 8192, sbo = 1024}
// CHECK:         gpu.wgmma_fence
// CHECK-NEXT:    gpu.wgmma m64n128k16 f32.f16.f16 %{{.+}}, %[[B]], %{{.+}}, [%arg2, %arg3, {{.*}}] {trans_b}
// CHECK-COUNT-7: gpu.wgmma m64n128k16 {{.*}} {trans_b}
// CHECK-NEXT:    gpu.wgmma_commit
// CHECK-NEXT:    %[[W:.+]]:128 = gpu.wgmma_wait 1, {{.*}} : f32
// CHECK-NOT:     gpu.wgmma
// CHECK:         llvm.insertvalue %[[W]]#0,

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @dot_async(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} :
      !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %w:3 = ttng.warp_group_dot_wait %m, %a, %b {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>
    tt.return %w#0 : tensor<128x128xf32, #mma>
  }
}

// -----

// 8 warps = 2 warpgroups along M (128x256 tiles): each warpgroup reads
// its own 64 rows of A, 8192 bytes after the other's (bit 7 of the
// thread id, shifted into place), and the whole of B.

// CHECK-LABEL: llvm.func @two_warpgroups
// CHECK:         %[[TID:.+]] = gpu.thread_id x : i32
// CHECK:         %[[WG:.+]] = llvm.and %[[TID]], %{{.+}} : i32
// CHECK:         %[[OFF:.+]] = llvm.shl %[[WG]], %{{.+}} : i32
// CHECK:         %[[AP:.+]] = llvm.getelementptr %arg0[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK:         gpu.wgmma_desc %[[AP]] {swizzle = 128, lbo = 0, sbo = 1024}
// CHECK:         gpu.wgmma_desc %arg1 {swizzle = 128, lbo = 8192, sbo = 1024}
// CHECK-COUNT-4: gpu.wgmma m64n256k16 f32.bf16.bf16
// CHECK-NOT:     gpu.wgmma m
// CHECK:         gpu.wgmma_commit

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_warpgroups(%a: !ttg.memdesc<128x64xbf16, #shared, #smem>, %b: !ttg.memdesc<64x256xbf16, #shared, #smem>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %m = ttng.warp_group_dot %a, %b, %cst {inputPrecision = 0 : i32} :
      !ttg.memdesc<128x64xbf16, #shared, #smem> * !ttg.memdesc<64x256xbf16, #shared, #smem> -> tensor<128x256xf32, #mma>
    tt.return
  }
}

// -----

// fp8 with 32-byte swizzles (Triton's fp8 matmul case): both operands
// K-major, one 32-byte row per K step of 32, SBO = 8 rows of 32 bytes.
// maxNumImpreciseAcc = 32 <= K: every K step accumulates in fresh
// registers, is waited for, and is added to the result in f32; the
// optional useC flag decides whether C is part of the first sum.

// CHECK-LABEL: llvm.func @fp8_partial
// CHECK:         %[[A:.+]] = gpu.wgmma_desc %arg0 {swizzle = 32, lbo = 0, sbo = 256}
// CHECK:         %[[B:.+]] = gpu.wgmma_desc %arg1 {swizzle = 32, lbo = 0, sbo = 256}
// CHECK:         gpu.wgmma_fence
// CHECK-NEXT:    %[[P0:.+]]:32 = gpu.wgmma m64n64k32 f32.e5m2.e5m2 %[[A]], %[[B]], %{{.+}}{{$}}
// CHECK-NEXT:    gpu.wgmma_commit
// CHECK-NEXT:    %[[W0:.+]]:64 = gpu.wgmma_wait 0, %[[P0]]#0, {{.*}}, %arg2,
// CHECK-COUNT-32: llvm.select %arg34, %{{[0-9]+}}, %[[W0]]#{{[0-9]+}} : i1, f32
// CHECK:         %[[P1:.+]]:32 = gpu.wgmma m64n64k32 f32.e5m2.e5m2 %{{.+}}, %{{.+}}, %{{.+}}{{$}}
// CHECK-NEXT:    gpu.wgmma_commit
// CHECK-NEXT:    gpu.wgmma_wait 0, %[[P1]]#0
// CHECK-COUNT-32: llvm.fadd
// CHECK-NOT:     gpu.wgmma
// CHECK:         llvm.return

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_partial(%a: !ttg.memdesc<64x64xf8E5M2, #shared, #smem>, %b: !ttg.memdesc<64x64xf8E5M2, #shared1, #smem>, %c: tensor<64x64xf32, #mma>, %use: i1) {
    %m = ttng.warp_group_dot %a, %b, %c, %use {maxNumImpreciseAcc = 32 : i32, inputPrecision = 0 : i32} :
      !ttg.memdesc<64x64xf8E5M2, #shared, #smem> * !ttg.memdesc<64x64xf8E5M2, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// Without partial accumulation (maxNumImpreciseAcc > K) fp8 chains like
// any other type, and useC is the first wgmma's scale_d.

// CHECK-LABEL: llvm.func @fp8_use_c
// CHECK:         gpu.wgmma_fence
// CHECK-NEXT:    %[[D0:.+]]:32 = gpu.wgmma m64n64k32 f32.e4m3.e4m3 %{{.+}}, %{{.+}}, %arg34, [%arg2,
// CHECK-NEXT:    gpu.wgmma m64n64k32 f32.e4m3.e4m3 %{{.+}}, %{{.+}}, %{{.+}}, [%[[D0]]#0,
// CHECK-NEXT:    gpu.wgmma_commit
// CHECK-NOT:     llvm.fadd

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_use_c(%a: !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<64x64xf8E4M3FN, #shared1, #smem>, %c: tensor<64x64xf32, #mma>, %use: i1) {
    %m = ttng.warp_group_dot %a, %b, %c, %use {maxNumImpreciseAcc = 1073741824 : i32, inputPrecision = 0 : i32, isAsync = true} :
      !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x64xf8E4M3FN, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// A from registers (a dot_op of the v3 layout, kWidth 2): each K step
// packs the thread's 8 f16 elements of the fragment into 4 words (vector
// bitcasts: PTX's mov.b32 {lo, hi}), all before the fence.

// CHECK-LABEL: llvm.func @dot_reg_operand_A
// CHECK-COUNT-4: llvm.bitcast %{{.+}} : vector<2xf16> to i32
// CHECK-NOT:     gpu.wgmma_fence
// CHECK:         %[[W3:.+]] = llvm.bitcast %{{.+}} : vector<2xf16> to i32
// CHECK:         gpu.wgmma_fence
// CHECK-NOT:     llvm.bitcast
// CHECK:         gpu.wgmma m64n64k16 f32.f16.f16 [%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}], %{{.+}}, %{{.+}}{{$}}
// CHECK-COUNT-7: gpu.wgmma m64n64k16 f32.f16.f16 [
// CHECK-NEXT:    gpu.wgmma_commit
// CHECK-NEXT:    gpu.wgmma_wait 0

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_reg_operand_A(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %m = ttng.warp_group_dot %a, %b, %cst {inputPrecision = 0 : i32} :
      tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
    tt.return
  }
}

// -----

// An f16 accumulator is two elements per word: the words are packed
// before the fence, and the dot waits for its results before unpacking
// them (even when asynchronous).

// CHECK-LABEL: llvm.func @f16_acc
// CHECK:         gpu.wgmma_fence
// CHECK-NEXT:    gpu.wgmma m64n64k16 f16.f16.f16 %{{.+}}, %{{.+}}, %{{.+}}, [%{{[0-9]+}}, %{{[0-9]+}},
// CHECK-COUNT-3: gpu.wgmma m64n64k16 f16.f16.f16
// CHECK-NEXT:    gpu.wgmma_commit
// CHECK-NEXT:    %[[W:.+]]:16 = gpu.wgmma_wait 0, {{.*}} : i32
// CHECK:         llvm.bitcast %[[W]]#0 : i32 to vector<2xf16>

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_acc(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared1, #smem>, %c: tensor<64x64xf16, #mma>) {
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} :
      !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf16, #mma>
    tt.return
  }
}

// -----

// int8 accumulates in s32; tf32 takes f32 operands when inputPrecision
// is tf32 (K step 8).

// CHECK-LABEL: llvm.func @int8
// CHECK:         gpu.wgmma m64n64k32 s32.s8.s8 %{{.+}}, %{{.+}}, %{{.+}}, [%arg2,
// CHECK-LABEL: llvm.func @tf32
// CHECK:         gpu.wgmma_desc %arg0 {swizzle = 128, lbo = 0, sbo = 1024}
// CHECK-COUNT-8: gpu.wgmma m64n64k8 f32.tf32.tf32
// CHECK-NOT:     gpu.wgmma m

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @int8(%a: !ttg.memdesc<64x64xi8, #shared, #smem>, %b: !ttg.memdesc<64x64xi8, #shared1, #smem>, %c: tensor<64x64xi32, #mma>) {
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} :
      !ttg.memdesc<64x64xi8, #shared, #smem> * !ttg.memdesc<64x64xi8, #shared1, #smem> -> tensor<64x64xi32, #mma>
    tt.return
  }
  tt.func @tf32(%a: !ttg.memdesc<64x64xf32, #shared2, #smem>, %b: !ttg.memdesc<64x64xf32, #shared3, #smem>, %c: tensor<64x64xf32, #mma1>) {
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} :
      !ttg.memdesc<64x64xf32, #shared2, #smem> * !ttg.memdesc<64x64xf32, #shared3, #smem> -> tensor<64x64xf32, #mma1>
    tt.return
  }
}

// -----

// ttng.fence_async_shared orders the generic-proxy stores of a
// local_alloc before the wgmma's async-proxy reads. The local_alloc into
// the 128-byte swizzled buffer stores 16 bytes (8 f16) per thread and
// instruction, four per thread for the 64x64 tile.

// CHECK-LABEL: llvm.func @fence
// CHECK-COUNT-4: gpu.store %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} {space = shared} : !llvm.ptr<3>, i32, i32, i32, i32
// CHECK-NOT:     gpu.store
// CHECK:         gpu.fence_proxy_async
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.wgmma_fence

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fence(%x: tensor<64x64xf16, #blocked>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} :
      !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// Operands that are sub-views of their buffers (ttg.memdesc_subslice):
// each tile's descriptor starts where the view lies in its root buffer.
// A is rows 64..127 of a 128x64 buffer: 8192 bytes in (512 units), then
// 32 bytes (2 units) per K step. B is columns 64..127 of a 64x128 buffer,
// N-contiguous: its second 128-byte column block, 8192 bytes in, then 16
// rows of 128 bytes (128 units) per K step.

// CHECK-LABEL: llvm.func @sub_views
// CHECK-DAG:     %[[A0:.+]] = llvm.mlir.constant(512 : i64) : i64
// CHECK-DAG:     %[[A3:.+]] = llvm.mlir.constant(518 : i64) : i64
// CHECK-DAG:     %[[B3:.+]] = llvm.mlir.constant(896 : i64) : i64
// CHECK:         %[[DA:.+]] = gpu.wgmma_desc %{{.+}} {swizzle = 128, lbo = 0, sbo = 1024}
// CHECK:         llvm.add %[[DA]], %[[A0]] : i64
// CHECK:         llvm.add %[[DA]], %[[A3]] : i64
// CHECK:         %[[DB:.+]] = gpu.wgmma_desc %{{.+}} {swizzle = 128, lbo = 0, sbo = 1024}
// CHECK:         llvm.add %[[DB]], %[[A0]] : i64
// CHECK:         llvm.add %[[DB]], %[[B3]] : i64
// CHECK-COUNT-4: gpu.wgmma m64n64k16 f32.f16.f16 {{.+}} {trans_b}

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sub_views(%c: tensor<64x64xf32, #mma>) {
    %as = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #s, #smem, mutable>
    %a1 = ttg.memdesc_subslice %as[64, 0] : !ttg.memdesc<128x64xf16, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #s, #smem, mutable, 128x64>
    %bs = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #s, #smem, mutable>
    %b1 = ttg.memdesc_subslice %bs[0, 64] : !ttg.memdesc<64x128xf16, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #s, #smem, mutable, 64x128>
    %d = ttng.warp_group_dot %a1, %b1, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #s, #smem, mutable, 128x64> * !ttg.memdesc<64x64xf16, #s, #smem, mutable, 64x128> -> tensor<64x64xf32, #mma>
    tt.return
  }
}
