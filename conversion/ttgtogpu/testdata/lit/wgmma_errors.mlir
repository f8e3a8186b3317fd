// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu --verify-diagnostics

// wgmma is sm_90's: its layouts must not reach an sm_80 lowering.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm80(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>) {
    // expected-error @+1 {{has a Hopper (nvidia_mma v3) layout: wgmma (nvidia_mma v3) needs sm_90, the target is sm_80 (its dots use mma.sync, nvidia_mma v2)}}
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %m = ttng.warp_group_dot %a, %b, %cst {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// Blackwell multiplies with tcgen05, not wgmma.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @+1 {{has a Hopper (nvidia_mma v3) layout: wgmma (nvidia_mma v3) exists on sm_90 only; sm_100 multiplies with tcgen05 (nvidia_mma v5), which convert-triton-gpu-to-gpu does not lower}}
  tt.func public @sm100(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// f32 operands multiply as tf32 only.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ieee(%a: !ttg.memdesc<64x64xf32, #shared, #smem>, %b: !ttg.memdesc<64x64xf32, #shared1, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{operand A: wgmma multiplies f32 only as tf32 (inputPrecision = tf32)}}
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 2 : i32} : !ttg.memdesc<64x64xf32, #shared, #smem> * !ttg.memdesc<64x64xf32, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// fp8 B stored N-major: wgmma transposes 16-bit operands only, and no
// K-major descriptor reads this layout.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_mn_major(%a: !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{wgmma cannot read operand B (!ttg.memdesc<64x64xf8E4M3FN, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>, #ttg.shared_memory>) through a descriptor}}
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> * !ttg.memdesc<64x64xf8E4M3FN, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// An accumulator layout whose registers are not wgmma's fragments.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @blocked_acc(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #blocked>) {
    // expected-error @+1 {{WGMMA result layout must be Hopper NVMMA}}
    %m = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}
