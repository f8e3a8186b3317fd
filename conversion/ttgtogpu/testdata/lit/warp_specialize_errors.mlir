// RUN: tt-opt %s -split-input-file -allocate-shared-memory-nv -convert-scf-to-cf -convert-triton-gpu-to-gpu -convert-warp-specialize-to-llvm --verify-diagnostics

// A register bound below setmaxnreg's minimum that did not go through
// tritongpu-allocate-warp-groups (which raises it to 24): an error, not a
// setmaxnreg the verifier would reject with a negative count.
// expected-error @+1 {{ttg.maxnreg = 16 is below setmaxnreg's minimum of 24 registers a thread}}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 8 : i32, ttg.maxnreg = 16 : i32} {
  tt.func public @kernel(%arg0: !tt.ptr<i32>) {
    %v = tt.load %arg0 : !tt.ptr<i32>
    ttg.warp_specialize(%arg0, %v) attributes {warpGroupStartIds = array<i32: 4>}
    default {
      tt.store %arg0, %v : !tt.ptr<i32>
      ttg.warp_yield
    }
    partition0(%p: !tt.ptr<i32>, %x: i32) num_warps(4) {
      %c1 = arith.constant 1 : i32
      %q = tt.addptr %p, %c1 : !tt.ptr<i32>, i32
      tt.store %q, %x : !tt.ptr<i32>
      ttg.warp_return
    } : (!tt.ptr<i32>, i32) -> ()
    tt.return
  }
}
