package ttir_test

import "testing"

// Cases of triton-reorder-broadcast that reorder-broadcast.mlir does not
// cover.

func TestReorderSplatMultiResult(t *testing.T) {
	expect(t, "triton-reorder-broadcast", `
tt.func @f(%a: i32, %b: i32) -> (tensor<8xi32>, tensor<8xi1>) {
  %0 = tt.splat %a : i32 -> tensor<8xi32>
  %1 = tt.splat %b : i32 -> tensor<8xi32>
  %2, %3 = arith.addui_extended %0, %1 : tensor<8xi32>, tensor<8xi1>
  tt.return %2, %3 : tensor<8xi32>, tensor<8xi1>
}`, `
module {
  tt.func @f(%arg0: i32, %arg1: i32) -> (tensor<8xi32>, tensor<8xi1>) {
    %0:2 = arith.addui_extended %arg0, %arg1 : i32, i1
    %1 = tt.splat %0#0 : i32 -> tensor<8xi32>
    %2 = tt.splat %0#1 : i1 -> tensor<8xi1>
    tt.return %1, %2 : tensor<8xi32>, tensor<8xi1>
  }
}`)
}

func TestReorderSplatLeavesWhatCannotBeScalarized(t *testing.T) {
	// A splat of a 0-d tensor has no scalar to compute on; an impure
	// elementwise op must run per element; inline assembly that packs 4
	// elements per call cannot take one. (Triton 3.6 rewrites the first
	// and the last into ops that do not verify.)
	src := `
tt.func @zero_d(%a: tensor<f32>, %b: f32) -> tensor<8xf32> {
  %0 = tt.splat %a : tensor<f32> -> tensor<8xf32>
  %1 = tt.splat %b : f32 -> tensor<8xf32>
  %2 = arith.addf %0, %1 : tensor<8xf32>
  tt.return %2 : tensor<8xf32>
}
tt.func @impure(%a: f32) -> tensor<8xf32> {
  %0 = tt.splat %a : f32 -> tensor<8xf32>
  %1 = tt.extern_elementwise %0 {libname = "", libpath = "", pure = false, symbol = "__nv_expf"} : (tensor<8xf32>) -> tensor<8xf32>
  tt.return %1 : tensor<8xf32>
}
tt.func @packed(%a: i8) -> tensor<8xi8> {
  %0 = tt.splat %a : i8 -> tensor<8xi8>
  %1 = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %0 : tensor<8xi8> -> tensor<8xi8>
  tt.return %1 : tensor<8xi8>
}`
	expect(t, "triton-reorder-broadcast", src, `
module {
  tt.func @zero_d(%arg0: tensor<f32>, %arg1: f32) -> tensor<8xf32> {
    %0 = tt.splat %arg0 : tensor<f32> -> tensor<8xf32>
    %1 = tt.splat %arg1 : f32 -> tensor<8xf32>
    %2 = arith.addf %0, %1 : tensor<8xf32>
    tt.return %2 : tensor<8xf32>
  }
  tt.func @impure(%arg0: f32) -> tensor<8xf32> {
    %0 = tt.splat %arg0 : f32 -> tensor<8xf32>
    %1 = tt.extern_elementwise %0 {libname = "", libpath = "", pure = false, symbol = "__nv_expf"} : (tensor<8xf32>) -> tensor<8xf32>
    tt.return %1 : tensor<8xf32>
  }
  tt.func @packed(%arg0: i8) -> tensor<8xi8> {
    %0 = tt.splat %arg0 : i8 -> tensor<8xi8>
    %1 = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %0 : tensor<8xi8> -> tensor<8xi8>
    tt.return %1 : tensor<8xi8>
  }
}`)
}

func TestReorderBroadcastWithConstantAndCanonicalization(t *testing.T) {
	// A splat constant shrinks to the broadcast source's shape with its
	// own element type; broadcast(broadcast(x)) is folded first by the
	// tt.broadcast canonicalization the pass includes.
	expect(t, "triton-reorder-broadcast", `
tt.func @cmp(%x: tensor<4x1xi32>) -> tensor<4x8xi1> {
  %0 = tt.broadcast %x : tensor<4x1xi32> -> tensor<4x8xi32>
  %c = arith.constant dense<7> : tensor<4x8xi32>
  %1 = arith.cmpi slt, %0, %c : tensor<4x8xi32>
  tt.return %1 : tensor<4x8xi1>
}
tt.func @twice(%x: tensor<1x1xf32>) -> tensor<4x8xf32> {
  %0 = tt.broadcast %x : tensor<1x1xf32> -> tensor<1x8xf32>
  %1 = tt.broadcast %0 : tensor<1x8xf32> -> tensor<4x8xf32>
  %2 = math.exp %1 : tensor<4x8xf32>
  tt.return %2 : tensor<4x8xf32>
}`, `
module {
  tt.func @cmp(%arg0: tensor<4x1xi32>) -> tensor<4x8xi1> {
    %cst = arith.constant dense<7> : tensor<4x1xi32>
    %0 = arith.cmpi slt, %arg0, %cst : tensor<4x1xi32>
    %1 = tt.broadcast %0 : tensor<4x1xi1> -> tensor<4x8xi1>
    tt.return %1 : tensor<4x8xi1>
  }
  tt.func @twice(%arg0: tensor<1x1xf32>) -> tensor<4x8xf32> {
    %0 = math.exp %arg0 : tensor<1x1xf32>
    %1 = tt.broadcast %0 : tensor<1x1xf32> -> tensor<4x8xf32>
    tt.return %1 : tensor<4x8xf32>
  }
}`)
}
