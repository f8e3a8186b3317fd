// fuzz: target=ptx arch=sm_90 num-warps=4 num-ctas=2
// fuzz: found as broken: shared/kernels/cases/matmul_f16.ttir with the view mutation's interleaved A at --num-ctas=4, minimized to a matmul whose A is scaled in registers (tritongpu-pipeline split the RS wgmma along K with subslices of B's buffer, which the cluster's CTAs split)
module {
  tt.func public @k(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c64i = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %r128 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %kspl = tt.splat %K : i32 -> tensor<128x1xi32>
    %am = tt.expand_dims %r128 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %amk = arith.muli %am, %kspl : tensor<128x1xi32>
    %ak = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %amb = tt.broadcast %amk : tensor<128x1xi32> -> tensor<128x64xi32>
    %akb = tt.broadcast %ak : tensor<1x64xi32> -> tensor<128x64xi32>
    %aoff = arith.addi %amb, %akb : tensor<128x64xi32>
    %ap = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %ap0 = tt.addptr %ap, %aoff : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %bk = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c128s = arith.constant dense<128> : tensor<64x1xi32>
    %bk128 = arith.muli %bk, %c128s : tensor<64x1xi32>
    %bn = tt.expand_dims %r128 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %bkb = tt.broadcast %bk128 : tensor<64x1xi32> -> tensor<64x128xi32>
    %bnb = tt.broadcast %bn : tensor<1x128xi32> -> tensor<64x128xi32>
    %boff = arith.addi %bkb, %bnb : tensor<64x128xi32>
    %bp = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
    %bp0 = tt.addptr %bp, %boff : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
    %cm = tt.expand_dims %r128 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %c128c = arith.constant dense<128> : tensor<128x1xi32>
    %cm128 = arith.muli %cm, %c128c : tensor<128x1xi32>
    %cmb = tt.broadcast %cm128 : tensor<128x1xi32> -> tensor<128x128xi32>
    %cnb = tt.broadcast %bn : tensor<1x128xi32> -> tensor<128x128xi32>
    %coff = arith.addi %cmb, %cnb : tensor<128x128xi32>
    %cp = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    %cp0 = tt.addptr %cp, %coff : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    %da = arith.constant dense<64> : tensor<128x64xi32>
    %db = arith.constant dense<8192> : tensor<64x128xi32>
    %r:3 = scf.for %k = %c0 to %K step %c64i iter_args(%acc = %cst, %pa = %ap0, %pb = %bp0) -> (tensor<128x128xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %a2 = arith.addf %a, %a : tensor<128x64xf16>
      %d = tt.dot %a2, %b, %acc : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %pa2 = tt.addptr %pa, %da : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %pb2 = tt.addptr %pb, %db : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
      scf.yield %d, %pa2, %pb2 : tensor<128x128xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>
    }
    tt.store %cp0, %r#0 : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}
