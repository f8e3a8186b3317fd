// fuzz: target=ptx arch=sm_90 num-warps=4
// fuzz: found as panic in the issue-18 campaign: tt.make_tensor_ptr with fewer shape/stride/offset operands than its block's rank crashed triton-rewrite-tensor-pointer
module {
  tt.func public @k(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i64) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i64
    %b = tt.make_tensor_ptr %p, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<128x64xf32>>
    %x = tt.load %b : !tt.ptr<tensor<128x64xf32>>
    tt.store %b, %x : !tt.ptr<tensor<128x64xf32>>
    tt.return
  }
}
