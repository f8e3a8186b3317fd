// fuzz: target=ptx arch=sm_90 num-warps=4
// fuzz: found as broken: frontend/testdata/reference/examples.softmax.add_kernel.ttir with tt.contiguity = 3 and tt.constancy = 3 hints and 65536-element blocks, minimized (tritongpu-coalesce built a blocked layout with sizePerThread [3] from the hint)
module {
  tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %xa : tensor<1024x!tt.ptr<f32>>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %oa = tt.addptr %op, %r {tt.contiguity = 3 : i32} : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %oa, %v : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
