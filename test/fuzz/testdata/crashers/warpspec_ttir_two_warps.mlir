// fuzz: target=ptx arch=sm_90 num-warps=2
// fuzz: found as broken from tools/tttranslate/testdata/warpspec/basic_ir.ttir (TestFuzzSeeds, unmutated, 2 warps)
// Triton 3.6's test_warp_specialize_basic_ir (test_warp_specialization.py): a
// TTIR kernel whose one-warp partition stores 5555 at arg0[1] while the default
// warps store 42 at arg0[0].
tt.func @kernel(%arg0: !tt.ptr<i32>) {
  %c42_i32 = arith.constant 42 : i32
  gpu.barrier
  ttg.warp_specialize(%arg0)
  default {
    tt.store %arg0, %c42_i32 : !tt.ptr<i32>
    gpu.barrier
    ttg.warp_yield
  }
  partition0(%arg1: !tt.ptr<i32>) num_warps(1) {
    %c5555_i32 = arith.constant 5555 : i32
    %c1_i32 = arith.constant 1 : i32
    gpu.barrier
    %ptr = tt.addptr %arg1, %c1_i32 : !tt.ptr<i32>, i32
    tt.store %ptr, %c5555_i32 : !tt.ptr<i32>
    ttg.warp_return
  } : (!tt.ptr<i32>) -> ()
  tt.return
}
