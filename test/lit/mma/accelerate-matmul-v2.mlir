// RUN: tt-opt %s -split-input-file --tritongpu-accelerate-matmul 2>/dev/null | FileCheck %s
//
// tritongpu-accelerate-matmul on Ampere/Ada (mma.sync, MMA v2): cases
// Triton 3.6's own accelerate-matmul.mlir does not cover. Expected values
// follow 3.6's rules: warpsPerTileV2 halves the larger of the 16x8-tile
// repetition counts per warp doubling (ties go to M), kWidth is 32 / the
// narrowest bit width the operands had when loaded, and e5m2/e4m3 operands
// are promoted to f16 except on sm_89.

// 8 warps on a 128x256 tile: repetitions 8x32 -> N, N, M: [2, 4].
// CHECK: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
// CHECK-LABEL: @f16_8warps_128x256
// CHECK: %[[A:.+]] = ttg.convert_layout %arg0 {{.*}} -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.+]] = ttg.convert_layout %arg1 {{.*}} -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
// CHECK: %[[D:.+]] = tt.dot %[[A]], %[[B]], {{.*}} -> tensor<128x256xf32, #[[$MMA]]>
// CHECK: ttg.convert_layout %[[D]] : tensor<128x256xf32, #[[$MMA]]> -> tensor<128x256xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_8warps_128x256(%a: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// int8 x int8 -> int32 on sm_86: m16n8k32 operands, 4 bytes per thread
// along K (kWidth 4).
// CHECK: #[[$MMA:.+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: @int8_sm86
// CHECK: tt.dot {{.*}} : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 4}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 4}>> -> tensor<64x64xi32, #[[$MMA]]>
// CHECK-NOT: arith.ext
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#bk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @int8_sm86(%pa: tensor<64x64x!tt.ptr<i8>, #bk>, %b: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    %a = tt.load %pa : tensor<64x64x!tt.ptr<i8>, #bk>
    %ad = ttg.convert_layout %a : tensor<64x64xi8, #bk> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %d = tt.dot %ad, %b, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    tt.return %d : tensor<64x64xi32, #blocked>
  }
}

// -----

// f16 data loaded as f16 but upcast from i8 in registers: kWidth follows
// the 8-bit load (32 / 8 = 4), not the 16-bit operand.
// CHECK-LABEL: @kwidth_from_load
// CHECK: tt.dot {{.*}} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #{{.*}}, kWidth = 4}>>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#bk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @kwidth_from_load(%pa: tensor<64x32x!tt.ptr<i8>, #bk>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a = tt.load %pa : tensor<64x32x!tt.ptr<i8>, #bk>
    %f = arith.sitofp %a : tensor<64x32xi8, #bk> to tensor<64x32xf16, #bk>
    %ad = ttg.convert_layout %f : tensor<64x32xf16, #bk> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %d = tt.dot %ad, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// tf32 on sm_80: m16n8k8, one 32-bit element per register (kWidth 1).
// CHECK-LABEL: @tf32_v2
// CHECK: tt.dot {{.*}}, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #[[MMA:.+]], kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 1}>> -> tensor<64x64xf32, #[[MMA]]>
// An ieee f32 dot stays on FMA, unchanged.
// CHECK-LABEL: @f32_ieee_fma
// CHECK: tt.dot %arg0, %arg1, %arg2 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tf32_v2(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
  tt.func @f32_ieee_fma(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// e5m2 on sm_80: mma.sync has no fp8 before sm_89, so the operands are
// upcast to f16 (keeping their 8-bit kWidth) after the layout choice.
// CHECK-LABEL: @fp8_sm80
// CHECK: %[[A:.+]] = ttg.convert_layout %arg0 {{.*}} -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #[[MMA:.+]], kWidth = 4}>>
// CHECK: %[[B:.+]] = ttg.convert_layout %arg1 {{.*}} -> tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
// CHECK: %[[A16:.+]] = tt.fp_to_fp %[[A]] {{.*}} -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 4}>>
// CHECK: %[[B16:.+]] = tt.fp_to_fp %[[B]] {{.*}} -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 4}>>
// CHECK: tt.dot %[[A16]], %[[B16]]
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_sm80(%a: tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// e4m3 on sm_89 runs natively (mma.sync ...e4m3.e4m3): no upcast.
// CHECK-LABEL: @fp8_sm89
// CHECK-NOT: tt.fp_to_fp
// CHECK: tt.dot {{.*}} : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #{{.*}}, kWidth = 4}>> * tensor<32x64xf8E4M3FN
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:89", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp8_sm89(%a: tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// f64 tensor cores are used only on sm_80 and sm_90; on sm_86 the dot
// stays on FMA.
// CHECK-LABEL: @f64_sm86
// CHECK-NOT: nvidia_mma
// CHECK: tt.dot %arg0, %arg1, %arg2 {{.*}} -> tensor<64x64xf64, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f64_sm86(%a: tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
}
