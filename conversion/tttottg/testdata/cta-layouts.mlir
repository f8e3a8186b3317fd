// RUN: tt-opt %s -convert-triton-to-tritongpu='target=cuda:90 num-warps=4 num-ctas=2'

// A 2-CTA cluster: default layouts split the slowest dim between the CTAs
// (CGALayout [[1, 0]]); expand_dims, join, split and dot results carry
// the CTA layout over.
module {
  tt.func @cta_layouts(%p: !tt.ptr<f32>,
                       %a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %e = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %d = tt.dot %a, %b, %c : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    %j = tt.join %c, %c : tensor<128x128xf32> -> tensor<128x128x2xf32>
    %s0, %s1 = tt.split %j : tensor<128x128x2xf32> -> tensor<128x128xf32>
    %pd = tt.splat %p : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    tt.store %pd, %d : tensor<128x128x!tt.ptr<f32>>
    tt.store %pd, %s1 : tensor<128x128x!tt.ptr<f32>>
    %pe = tt.splat %p : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %ef = arith.sitofp %e : tensor<32x1xi32> to tensor<32x1xf32>
    tt.store %pe, %ef : tensor<32x1x!tt.ptr<f32>>
    tt.return
  }
}
