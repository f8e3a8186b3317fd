// fuzz: target=ptx arch=sm_90 num-warps=4
// fuzz: found as panic in the issue-18 campaign: scf.for's yield lacked its loop-carried values; forOpIterArgsFolder indexed past them
module {
  tt.func public @k(%out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (tensor<128xf32>, tensor<128xf32>) : i32 {
      scf.yield
    }
    %o = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %q = tt.addptr %p, %o : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %q, %r#0 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
