// fuzz: target=ptx arch=sm_90 num-warps=4
// fuzz: found as broken: the view mutation's transposed dot (tl.dot(b.T, a.T, acc.T).T) of examples.tiled_matmul minimized (tritongpu-pipeline waited for the async wgmma at the start of the loop body, before the dot)
module {
  tt.func public @k(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %ra = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %r0 = tt.expand_dims %ra {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %r1 = tt.expand_dims %ra {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %rm = arith.muli %r1, %c64 : tensor<64x1xi32>
    %rb0 = tt.broadcast %rm : tensor<64x1xi32> -> tensor<64x64xi32>
    %rb1 = tt.broadcast %r0 : tensor<1x64xi32> -> tensor<64x64xi32>
    %off = arith.addi %rb0, %rb1 : tensor<64x64xi32>
    %ap = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %ap2 = tt.addptr %ap, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %bp = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %bp2 = tt.addptr %bp, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %cp = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %cp2 = tt.addptr %cp, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %acc:3 = scf.for %k = %c0 to %K step %c1 iter_args(%acc_i = %cst, %pa = %ap2, %pb = %bp2) -> (tensor<64x64xf32>, tensor<64x64x!tt.ptr<f16>>, tensor<64x64x!tt.ptr<f16>>) : i32 {
      %a = tt.load %pa : tensor<64x64x!tt.ptr<f16>>
      %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>>
      %at = tt.trans %a {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
      %bt = tt.trans %b {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
      %ct = tt.trans %acc_i {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
      %dt = tt.dot %bt, %at, %ct : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
      %d = tt.trans %dt {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
      %c64s = arith.constant dense<64> : tensor<64x64xi32>
      %pa2 = tt.addptr %pa, %c64s : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
      %pb2 = tt.addptr %pb, %c64s : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
      scf.yield %d, %pa2, %pb2 : tensor<64x64xf32>, tensor<64x64x!tt.ptr<f16>>, tensor<64x64x!tt.ptr<f16>>
    }
    tt.store %cp2, %acc#0 : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}
