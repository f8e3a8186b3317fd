// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu --verify-diagnostics

#fma = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fma_mixed(%a: tensor<8x4xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>, %b: tensor<4x4xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>>, %c: tensor<8x4xf16, #fma>) -> tensor<8x4xf16, #fma> {
    // Operands wider than the accumulator (narrower ones widen exactly:
    // the forms AMD's accelerate-matmul keeps for v_dot).
    // expected-error @+1 {{tt.dot: operand A has element type f32 but the FMA dot accumulates in f16 (accelerate-matmul promotes the operands of FMA dots to the result type)}}
    %d = tt.dot %a, %b, %c : tensor<8x4xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>> * tensor<4x4xf32, #ttg.dot_op<{opIdx = 1, parent = #fma}>> -> tensor<8x4xf16, #fma>
    tt.return %d : tensor<8x4xf16, #fma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mma_f64(%a: tensor<16x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf64, #mma>) -> tensor<16x8xf64, #mma> {
    // expected-error @+1 {{tt.dot: f64 mma operands need kWidth = 1, got 2 and 2}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xf64, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf64, #mma>
    tt.return %d : tensor<16x8xf64, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fp8_sm80(%a: tensor<16x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    // expected-error @+1 {{tt.dot: mma.sync m16n8k32 f32.e4m3.e4m3 needs sm_89, the target is sm_80 (accelerate-matmul promotes fp8 operands to f16 below sm_89)}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @small_kwidth(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    // expected-error @+1 {{tt.dot: operand A has kWidth 1; f16 elements need kWidth 2 or a larger power of two}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @small_k(%a: tensor<16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<8x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    // expected-error @+1 {{tt.dot: operand A: K = 8 is smaller than the mma instruction's k of 16}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x8xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<8x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @sm75(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    // expected-error @+1 {{tt.dot: mma.sync dots need sm_80 or later (Triton 3.6 falls back to FMA below), the target is sm_75}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx1100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @amd(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf32, #mma>) -> tensor<16x8xf32, #mma> {
    // expected-error @+1 {{tt.dot: an nvidia_mma dot cannot run on hip:gfx1100: AMD targets multiply with MFMA or WMMA (amd_mfma or amd_wmma layouts, from ttgir-pipeline-amd)}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf32, #mma>
    tt.return %d : tensor<16x8xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_bytes(%p: tensor<4x8x!tt.ptr<f16>, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<4x8xf16, #shared, #smem, mutable>
    // expected-error @+1 {{cp.async copies 4, 8 or 16 bytes; the pointers allow vectors of 2 bytes (1 contiguous 16-bit elements)}}
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<4x8x!tt.ptr<f16>, #blocked> -> <4x8xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @amd_copy(%p: tensor<8x8x!tt.ptr<f32>, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x8xf32, #shared, #smem, mutable>
    // expected-error @+1 {{asynchronous copies to shared memory are not lowered for AMD targets (hip:gfx942) yet}}
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<8x8x!tt.ptr<f32>, #blocked> -> <8x8xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @views(%c: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x16xf32, #shared, #smem, mutable>
    %a = ttg.memdesc_subslice %buf[0, 0] : !ttg.memdesc<8x16xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 8x16>
    %b = ttg.memdesc_subslice %buf[0, 8] : !ttg.memdesc<8x16xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 8x16>
    cf.cond_br %c, ^bb1(%a : !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 8x16>), ^bb1(%b : !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 8x16>)
  ^bb1(%v: !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 8x16>):
    // expected-error @+1 {{a block argument receives sub-views with different offsets ([0 0] and [0 8])}}
    %x = ttg.local_load %v : !ttg.memdesc<8x8xf32, #shared, #smem, mutable, 8x16> -> tensor<8x8xf32, #blocked>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @walking_view(%n: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable>
    %a = ttg.memdesc_subslice %buf[0, 0] : !ttg.memdesc<8x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0, %a : i32, !ttg.memdesc<8x64xf32, #shared, #smem, mutable>)
  ^bb1(%i: i32, %v: !ttg.memdesc<8x64xf32, #shared, #smem, mutable>):
    %c = arith.cmpi slt, %i, %n : i32
    %i1 = arith.addi %i, %c1 : i32
    // expected-error @+1 {{ttg.memdesc_subslice of a memdesc carried around a loop changes from one iteration to the next, which is not supported}}
    %w = ttg.memdesc_subslice %v[0, 0] : !ttg.memdesc<8x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable>
    cf.cond_br %c, ^bb1(%i1, %w : i32, !ttg.memdesc<8x64xf32, #shared, #smem, mutable>), ^bb2
  ^bb2:
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @callee(%v: !ttg.memdesc<8x32xf32, #shared, #smem, mutable, 8x64>) {
    tt.return
  }
  tt.func public @caller() {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x64xf32, #shared, #smem, mutable>
    %s = ttg.memdesc_subslice %buf[0, 32] : !ttg.memdesc<8x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<8x32xf32, #shared, #smem, mutable, 8x64>
    // expected-error @+1 {{a sub-view (offsets [0 32]) cannot be passed to or returned from a function}}
    tt.call @callee(%s) : (!ttg.memdesc<8x32xf32, #shared, #smem, mutable, 8x64>) -> ()
    tt.return
  }
}
