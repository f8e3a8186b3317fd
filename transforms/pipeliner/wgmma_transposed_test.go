package pipeliner_test

import (
	"regexp"
	"strings"
	"testing"
)

// transposedAccLoop is a pipelined wgmma loop (scheduled, before
// tritongpu-pipeline) that computes a transposed product, as a kernel
// writing tl.dot(b.T, a.T, acc.T).T does: the accumulator passes through a
// tt.trans on its way into the dot and on its way out to the yield.
const transposedAccLoop = `#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#linear = #ttg.linear<{register = [[1, 0], [0, 8], [8, 0], [16, 0], [32, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 16], [0, 32]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32) {
    %cst = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %cst_0 = arith.constant dense<64> : tensor<64x1xi32, #blocked1>
    %cst_1 = arith.constant dense<64> : tensor<64x64xi32, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #linear>
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %2 = tt.expand_dims %0 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %3 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %4 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %5 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %6 = tt.expand_dims %4 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %7 = tt.expand_dims %5 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %8 = arith.muli %6, %cst_0 : tensor<64x1xi32, #blocked1>
    %9 = arith.muli %7, %cst : tensor<64x1xi32, #blocked>
    %10 = tt.broadcast %8 : tensor<64x1xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %11 = tt.broadcast %9 : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %12 = tt.broadcast %2 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %13 = tt.broadcast %3 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %14 = arith.addi %10, %12 : tensor<64x64xi32, #blocked1>
    %15 = arith.addi %11, %13 : tensor<64x64xi32, #blocked>
    %16 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
    %17 = tt.addptr %16, %14 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
    %18 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
    %19 = tt.addptr %18, %14 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
    %20 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    %21 = tt.addptr %20, %15 : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
    %22:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_2, %arg6 = %17, %arg7 = %19) -> (tensor<64x64xf32, #linear>, tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64x!tt.ptr<f16>, #blocked1>)  : i32 {
      %24 = tt.load %arg6 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %25 = tt.load %arg7 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %26 = ttg.local_alloc %24 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %27 = ttg.memdesc_trans %26 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %28 = ttg.local_alloc %25 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : (tensor<64x64xf16, #blocked1>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %29 = ttg.memdesc_trans %28 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared1, #smem>
      %30 = tt.trans %arg5 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : tensor<64x64xf32, #linear> -> tensor<64x64xf32, #mma>
      %31 = ttng.warp_group_dot %29, %27, %30 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : !ttg.memdesc<64x64xf16, #shared1, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
      %32 = tt.trans %31 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #linear>
      %33 = tt.addptr %arg6, %cst_1 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %34 = tt.addptr %arg7, %cst_1 {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      scf.yield %32, %33, %34 : tensor<64x64xf32, #linear>, tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64x!tt.ptr<f16>, #blocked1>
    } {tt.scheduled_max_stage = 2 : i32}
    %23 = ttg.convert_layout %22#0 : tensor<64x64xf32, #linear> -> tensor<64x64xf32, #blocked>
    tt.store %21, %23 : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}`

// TestAsyncDotTransposedAccumulator: a properly async wgmma whose result
// reaches the yield through a tt.trans gets no wait at the start of the
// loop body (one there would use the dot before the dot: the IR did not
// verify; found by the fuzz harness's view mutation on the tutorial
// matmuls); the tt.trans reads the result of the wait after the dot,
// which leaves it in flight.
func TestAsyncDotTransposedAccumulator(t *testing.T) {
	out, err, _ := run(t, transposedAccLoop, "tritongpu-pipeline{num-stages=3}")
	if err != nil {
		t.Fatal(err)
	}
	body := out[strings.Index(out, "scf.for"):]
	body = body[:strings.Index(body, "scf.yield")]
	dot := strings.Index(body, "ttng.warp_group_dot ")
	if dot < 0 {
		t.Fatalf("no wgmma in the loop:\n%s", out)
	}
	if w := strings.Index(body, "ttng.warp_group_dot_wait"); w < dot {
		t.Errorf("the loop waits for its dot before it:\n%s", body)
	}
	m := regexp.MustCompile(`(%\w+):3 = ttng\.warp_group_dot_wait %\w+, %\w+, %\w+ \{pendings = 1 : i32\}`).FindStringSubmatch(body[dot:])
	if m == nil || !strings.Contains(body, "tt.trans "+m[1]+"#0 ") {
		t.Errorf("the transposed result does not come from the wait that leaves the dot in flight:\n%s", body)
	}
}
