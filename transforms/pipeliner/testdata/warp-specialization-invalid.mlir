// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization=num-stages=3 -verify-diagnostics -o /dev/null

// Marked loops the pass cannot split are refused where they are, never
// compiled as if specialized.

// A load under a conditional: the producer keeps loops, not branches.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @conditional_load(%da: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<64x64xf32, #mma>)  : i32 {
      %c = arith.cmpi slt, %k, %c1_i32 : i32
      scf.if %c {
        // expected-error @+1 {{a TMA load under scf.if in the tt.warp_specialize loop is not supported}}
        %a = tt.descriptor_load %da[%k, %c0_i32] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
        %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
        %dd = ttng.warp_group_dot %as, %as, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      }
      scf.yield %acc : tensor<64x64xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Pointer loads (cp.async) are not what the producer issues.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pointer_loads(%ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    // expected-error @+1 {{needs tensor-descriptor (TMA) loads in it; it has none}}
    %r = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<64x64xf32, #mma>)  : i32 {
      %a = tt.load %ptrs : tensor<64x64x!tt.ptr<f16>, #blocked>
      %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %as, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// A coordinate read from memory in the loop: the producer would have to
// repeat the read on other warps.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loaded_coordinate(%da: !tt.tensordesc<tensor<64x64xf16, #shared>>, %idx: !tt.ptr<i32>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<64x64xf32, #mma>)  : i32 {
      %q = tt.addptr %idx, %k : !tt.ptr<i32>, i32
      // expected-error @+1 {{a TMA load's operands depend on this op, which the producer warps cannot recompute}}
      %off = tt.load %q : !tt.ptr<i32>
      %a = tt.descriptor_load %da[%off, %c0_i32] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %as, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<64x64xf32, #mma>
  }
}
