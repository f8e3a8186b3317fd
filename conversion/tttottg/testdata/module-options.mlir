// RUN: tt-opt %s -convert-triton-to-tritongpu='target=hip:gfx942 num-warps=2 threads-per-warp=64 num-ctas=2'

// 64-thread warps and a 2-CTA cluster: the default layout spreads the
// tensor over CTAs (CGA) as well, and the module records all options.
module {
  tt.func @wave64(%a: tensor<32x128xf32>) -> tensor<32x128xf32> {
    %b = arith.addf %a, %a : tensor<32x128xf32>
    tt.return %b : tensor<32x128xf32>
  }
}
