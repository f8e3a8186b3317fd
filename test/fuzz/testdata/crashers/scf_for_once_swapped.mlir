// fuzz: target=ptx arch=sm_90 num-warps=4
// fuzz: found as broken: attention_d128_two_iterations.mlir minimized (canonicalize inlined the loop of one iteration and gave its results the erased body's arguments)
module {
  tt.func public @swap_once(%out: !tt.ptr<f32>, %x: f32, %y: f32) {
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %r:2 = scf.for %i = %c0_i32 to %c64_i32 step %c64_i32 iter_args(%a = %x, %b = %y) -> (f32, f32)  : i32 {
      scf.yield %b, %a : f32, f32
    }
    %d = arith.subf %r#0, %r#1 : f32
    tt.store %out, %d : !tt.ptr<f32>
    tt.return
  }
}
