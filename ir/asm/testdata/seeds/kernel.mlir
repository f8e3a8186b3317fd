#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {noinline = false} {
    %c0 = arith.constant 0.000000e+00 : f32
    %pid = tt.get_program_id x : i32
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %s = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %r, %s : tensor<512xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %q, %m : tensor<512x!tt.ptr<f32>, #blocked>
    %sum = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %x = arith.addf %a, %b : f32
      tt.reduce.return %x : f32
    }) : (tensor<512xf32, #blocked>) -> f32
    %w = tt.splat %sum : f32 -> tensor<512xf32, #blocked>
    tt.store %q, %w, %m : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
