// fuzz: target=ptx arch=sm_90 num-warps=4
// fuzz: found as memory in the issue-18 campaign: Triton's Conversion/allocate_shared_memory.mlir with sizePerThread [32, 32] took 60 s and 3.5 GB in the warp-local gather lowering
#blocked = #ttg.blocked<{sizePerThread = [32, 32], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @gather_op(%arg0: tensor<1024x256xi32, #blocked>, %arg1: tensor<128x256xf32, #blocked>, %out: !tt.ptr<f32>) {
    %0 = tt.gather %arg1[%arg0] {axis = 0 : i32} : (tensor<128x256xf32, #blocked>, tensor<1024x256xi32, #blocked>) -> tensor<1024x256xf32, #blocked>
    %1 = tt.splat %out : !tt.ptr<f32> -> tensor<1024x256x!tt.ptr<f32>, #blocked>
    tt.store %1, %0 : tensor<1024x256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
