// RUN: tt-opt %s -split-input-file --tritongpu-accelerate-matmul 2>/dev/null | FileCheck %s
// RUN: tt-opt %s -split-input-file --tritongpu-accelerate-matmul -verify-diagnostics=only-expected
//
// tritongpu-accelerate-matmul on Hopper (wgmma, MMA v3): cases Triton
// 3.6's own accelerate-matmul.mlir does not cover. Expected values follow
// 3.6's rules: instrShape [16, N, 256 / bitwidth] with the largest listed
// N that divides the tile and fits a warp group's share; operands read
// from memory are staged in nvmma_shared buffers allocated right after the
// load (128-byte swizzle for 128-byte rows, transposed when the dim 0 is
// contiguous); only f16/bf16 may be read transposed.

// bf16, 4 warps, 128x128x64: N = 128, K = 16; A row-major, B column-major.
// CHECK-DAG: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[$SA:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[$SB:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: @bf16_v3
// CHECK: %[[LA:.+]] = tt.load %arg0
// CHECK-NEXT: %[[A:.+]] = ttg.local_alloc %[[LA]] : (tensor<128x64xbf16, #{{.*}}>) -> !ttg.memdesc<128x64xbf16, #[[$SA]], #smem>
// CHECK: %[[LB:.+]] = tt.load %arg1
// CHECK-NEXT: %[[B:.+]] = ttg.local_alloc %[[LB]] : (tensor<64x128xbf16, #{{.*}}>) -> !ttg.memdesc<64x128xbf16, #[[$SB]], #smem>
// CHECK: %[[C:.+]] = ttg.convert_layout %arg2 : tensor<128x128xf32, #{{.*}}> -> tensor<128x128xf32, #[[$MMA]]>
// CHECK: ttng.warp_group_dot %[[A]], %[[B]], %[[C]] : !ttg.memdesc<128x64xbf16, #[[$SA]], #smem> * !ttg.memdesc<64x128xbf16, #[[$SB]], #smem> -> tensor<128x128xf32, #[[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#bk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#bn = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bf16_v3(%pa: tensor<128x64x!tt.ptr<bf16>, #bk>, %pb: tensor<64x128x!tt.ptr<bf16>, #bn>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %a = tt.load %pa : tensor<128x64x!tt.ptr<bf16>, #bk>
    %b = tt.load %pb : tensor<64x128x!tt.ptr<bf16>, #bn>
    %ad = ttg.convert_layout %a : tensor<128x64xbf16, #bk> -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %bd = ttg.convert_layout %b : tensor<64x128xbf16, #bn> -> tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %ad, %bd, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// 8 warps on 128x256: N = 256 (one warp group's share of columns is the
// whole tile), two warp groups along M.
// CHECK: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
// CHECK-LABEL: @f16_8warps_128x256
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<128x256xf32, #[[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_8warps_128x256(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// tf32 on sm_90: K = 8; f32 operands cannot be read transposed, so B is
// staged K-major regardless of its register order.
// CHECK-DAG: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
// CHECK-DAG: #[[$SB:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-LABEL: @tf32_v3
// CHECK: ttng.warp_group_dot {{.*}} {inputPrecision = 0 : i32} : !ttg.memdesc<128x32xf32, #{{.*}}, #smem> * !ttg.memdesc<32x64xf32, #[[$SB]], #smem> -> tensor<128x64xf32, #[[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#bk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32_v3(%pa: tensor<128x32x!tt.ptr<f32>, #bk>, %pb: tensor<32x64x!tt.ptr<f32>, #bk>, %c: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %a = tt.load %pa : tensor<128x32x!tt.ptr<f32>, #bk>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>, #bk>
    %ad = ttg.convert_layout %a : tensor<128x32xf32, #bk> -> tensor<128x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %bd = ttg.convert_layout %b : tensor<32x64xf32, #bk> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    // expected-warning @+1 {{Forcing a different order [0, 1] on SMEM than the register order for the operand 1}}
    %d = tt.dot %ad, %bd, %c, inputPrecision = tf32 : tensor<128x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %d : tensor<128x64xf32, #blocked>
  }
}

// -----

// int8 on sm_90: K = 32 and N from wgmma's shorter int8 list, which lacks
// 256 (f16 would take N = 256): the largest listed divisor is 128.
// CHECK: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// CHECK-LABEL: @int8_v3
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x256xi32, #[[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @int8_v3(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x256xi32, #blocked>) -> tensor<64x256xi32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x256xi32, #blocked>
    tt.return %d : tensor<64x256xi32, #blocked>
  }
}

// -----

// fp8 with an f32 accumulator: wgmma only when maxNumImpreciseAcc allows
// at least 32 reduced-precision steps (the attribute is kept); otherwise
// mma.sync, whose fp8 sm_90 emulates, with the operands upcast to f16.
// CHECK-LABEL: @fp8_imprecise
// CHECK: ttng.warp_group_dot {{.*}} {maxNumImpreciseAcc = 64 : i32} : !ttg.memdesc<64x64xf8E4M3FN
// CHECK-LABEL: @fp8_precise
// CHECK: tt.fp_to_fp {{.*}} -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA:.+]], kWidth = 4}>>
// CHECK: tt.dot {{.*}} -> tensor<64x64xf32, #[[MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_imprecise(%a: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-warning @+1 {{Forcing a different order [0, 1] on SMEM than the register order for the operand 1}}
    %d = tt.dot %a, %b, %c {maxNumImpreciseAcc = 64 : i32} : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func @fp8_precise(%a: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-remark @+2 {{MMA version 3 acceleration not applied due to unsupported shapes or data types.}}
    // expected-note @+1 {{Target compute capability (90) supports MMA v3.}}
    %d = tt.dot %a, %b, %c : tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// The A operand of a chained dot is computed in registers: wgmma reads it
// from registers in the dot_op layout (kWidth 2 for f16); the first dot,
// whose result feeds another dot, keeps all warps along M.
// CHECK-LABEL: @register_a
// CHECK: %[[D1:.+]] = ttng.warp_group_dot {{.*}} -> tensor<128x64xf32, #[[MMA1:.+]]>
// CHECK: %[[T:.+]] = arith.truncf
// CHECK: %[[TB:.+]] = ttg.convert_layout %[[T]] : {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK: %[[A:.+]] = ttg.convert_layout %[[TB]] : {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA2:.+]], kWidth = 2}>>
// CHECK: ttng.warp_group_dot %[[A]], {{.*}} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA2]], kWidth = 2}>> * !ttg.memdesc<64x64xf16
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @register_a(%q: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %k: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %v: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) -> tensor<128x64xf32, #blocked> {
    %z = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %s = tt.dot %q, %k, %z : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    %p = arith.truncf %s : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
    %pa = ttg.convert_layout %p : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %o = tt.dot %pa, %v, %z : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %o : tensor<128x64xf32, #blocked>
  }
}
