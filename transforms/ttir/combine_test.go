package ttir_test

import "testing"

// Cases of triton-combine that Triton's combine.mlir does not cover.

func TestCombineDotAddInteger(t *testing.T) {
	expect(t, "triton-combine", `
tt.func @f(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %d: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %zero = arith.constant dense<0> : tensor<16x16xi32>
  %0 = tt.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %1 = arith.addi %d, %0 : tensor<16x16xi32>
  tt.return %1 : tensor<16x16xi32>
}`, `
module {
  tt.func @f(%arg0: tensor<16x16xi8>, %arg1: tensor<16x16xi8>, %arg2: tensor<16x16xi32>) -> tensor<16x16xi32> {
    %0 = tt.dot %arg0, %arg1, %arg2 : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
    tt.return %0 : tensor<16x16xi32>
  }
}`)
}

func TestCombineDotAddNeedsZeroAccumulator(t *testing.T) {
	// A dot that already accumulates is left alone; -0.0 counts as zero.
	expect(t, "triton-combine", `
tt.func @f(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %d: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = arith.addf %0, %d : tensor<16x16xf32>
  %z = arith.constant dense<-0.0> : tensor<16x16xf32>
  %2 = tt.dot %a, %b, %z : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %3 = arith.addf %2, %d : tensor<16x16xf32>
  tt.return %1, %3 : tensor<16x16xf32>, tensor<16x16xf32>
}`, `
module {
  tt.func @f(%arg0: tensor<16x16xf16>, %arg1: tensor<16x16xf16>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
    %0 = tt.dot %arg0, %arg1, %arg2 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %1 = arith.addf %0, %arg3 : tensor<16x16xf32>
    %2 = tt.dot %arg0, %arg1, %arg3 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    tt.return %1, %2 : tensor<16x16xf32>, tensor<16x16xf32>
  }
}`)
}

func TestCombineAddPtr(t *testing.T) {
	// i32 constants whose sum overflows and non-constant i32 offsets stay
	// apart; 64-bit offsets always combine, keeping only the hints
	// Triton propagates.
	expect(t, "triton-combine", `
tt.func @overflow(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %a = arith.constant 2147483647 : i32
  %b = arith.constant 1 : i32
  %0 = tt.addptr %p, %a : !tt.ptr<f32>, i32
  %1 = tt.addptr %0, %b : !tt.ptr<f32>, i32
  tt.return %1 : !tt.ptr<f32>
}
tt.func @dynamic_i32(%p: !tt.ptr<f32>, %i: i32, %j: i32) -> !tt.ptr<f32> {
  %0 = tt.addptr %p, %i : !tt.ptr<f32>, i32
  %1 = tt.addptr %0, %j : !tt.ptr<f32>, i32
  tt.return %1 : !tt.ptr<f32>
}
tt.func @dynamic_i64(%p: tensor<4x!tt.ptr<f32>>, %i: tensor<4xi64>, %j: tensor<4xi64>) -> tensor<4x!tt.ptr<f32>> {
  %0 = tt.addptr %p, %i : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
  %1 = tt.addptr %0, %j {tt.divisibility = 16 : i32, other.hint = 1 : i32} : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
  tt.return %1 : tensor<4x!tt.ptr<f32>>
}`, `
module {
  tt.func @overflow(%arg0: !tt.ptr<f32>) -> !tt.ptr<f32> {
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = tt.addptr %arg0, %c2147483647_i32 : !tt.ptr<f32>, i32
    %1 = tt.addptr %0, %c1_i32 : !tt.ptr<f32>, i32
    tt.return %1 : !tt.ptr<f32>
  }
  tt.func @dynamic_i32(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32) -> !tt.ptr<f32> {
    %0 = tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
    %1 = tt.addptr %0, %arg2 : !tt.ptr<f32>, i32
    tt.return %1 : !tt.ptr<f32>
  }
  tt.func @dynamic_i64(%arg0: tensor<4x!tt.ptr<f32>>, %arg1: tensor<4xi64>, %arg2: tensor<4xi64>) -> tensor<4x!tt.ptr<f32>> {
    %0 = arith.addi %arg1, %arg2 : tensor<4xi64>
    %1 = tt.addptr %arg0, %0 {tt.divisibility = 16 : i32} : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
    tt.return %1 : tensor<4x!tt.ptr<f32>>
  }
}`)
}

func TestCombineSelectMaskedLoadKeepsLoadOptions(t *testing.T) {
	// The volatile load stays (it is not dead); the new load keeps the
	// cache and eviction options but not discardable hints, as in Triton.
	expect(t, "triton-combine", `
tt.func @f(%p: tensor<8x!tt.ptr<f32>>, %c: i1, %o: tensor<8xf32>) -> tensor<8xf32> {
  %m = tt.splat %c : i1 -> tensor<8xi1>
  %l = tt.load %p, %m cacheModifier = cg evictionPolicy = evict_last {isVolatile = true, tt.contiguity = 8 : i32} : tensor<8x!tt.ptr<f32>>
  %s = arith.select %c, %l, %o : tensor<8xf32>
  tt.return %s : tensor<8xf32>
}`, `
module {
  tt.func @f(%arg0: tensor<8x!tt.ptr<f32>>, %arg1: i1, %arg2: tensor<8xf32>) -> tensor<8xf32> {
    %0 = tt.splat %arg1 : i1 -> tensor<8xi1>
    %1 = tt.load %arg0, %0 cacheModifier = cg evictionPolicy = evict_last {isVolatile = true, tt.contiguity = 8 : i32} : tensor<8x!tt.ptr<f32>>
    %2 = tt.load %arg0, %0, %arg2 cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<8x!tt.ptr<f32>>
    tt.return %2 : tensor<8xf32>
  }
}`)
}

const mulReduce = `
tt.func @f(%x: tensor<16x32xELEM>, %y: tensor<32x16xELEM>) -> tensor<RESxELEM> {
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<16x32xELEM> -> tensor<16x32x1xELEM>
  %1 = tt.broadcast %0 : tensor<16x32x1xELEM> -> tensor<16x32x16xELEM>
  %2 = tt.expand_dims %y {axis = 0 : i32} : tensor<32x16xELEM> -> tensor<1x32x16xELEM>
  %3 = tt.broadcast %2 : tensor<1x32x16xELEM> -> tensor<16x32x16xELEM>
  %4 = arith.mulf %1, %3 : tensor<16x32x16xELEM>
  %5 = "tt.reduce"(%4) <{axis = AXIS : i32}> ({
  ^bb0(%a: ELEM, %b: ELEM):
    %6 = arith.addf %a, %b : ELEM
    tt.reduce.return %6 : ELEM
  }) : (tensor<16x32x16xELEM>) -> tensor<RESxELEM>
  tt.return %5 : tensor<RESxELEM>
}`

func TestCombineBroadcastMulReduceF16(t *testing.T) {
	// The accumulator has the element type (Triton 3.6 splats an f32 zero
	// into an f16 tensor here, which does not verify).
	src := replaceAll(mulReduce, "ELEM", "f16", "AXIS", "1", "RES", "16x16")
	expect(t, "triton-combine", src, `
module {
  tt.func @f(%arg0: tensor<16x32xf16>, %arg1: tensor<32x16xf16>) -> tensor<16x16xf16> {
    %cst = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
    %0 = tt.dot %arg0, %arg1, %cst, inputPrecision = tf32 : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf16>
    tt.return %0 : tensor<16x16xf16>
  }
}`)
}

func TestCombineBroadcastMulReduceOnlyOverK(t *testing.T) {
	// Summing over M is not a matrix product (Triton 3.6 rewrites it
	// anyway).
	src := replaceAll(mulReduce, "ELEM", "f32", "AXIS", "0", "RES", "32x16")
	got, err := run(t, "triton-combine", src)
	if err != nil {
		t.Fatal(err)
	}
	if contains(got, "tt.dot") || !contains(got, "tt.reduce") {
		t.Errorf("reduction over axis 0 was rewritten:\n%s", got)
	}
}

func TestCombineReshapeReduceAndDescriptorLoads(t *testing.T) {
	// A rank-1 reshape may reorder when only histograms/reductions read
	// it; a reshape that drops leading unit dims of a descriptor load
	// folds into the load.
	expect(t, "triton-combine", `
tt.func @f(%x: tensor<4x8xi32>, %d: !tt.tensordesc<tensor<1x64x32xf16>>, %i: i32) -> (tensor<32xi32>, tensor<16xi32>, tensor<64x32xf16>) {
  %0 = tt.reshape %x : tensor<4x8xi32> -> tensor<32xi32>
  %1 = tt.histogram %0 : tensor<32xi32> -> tensor<16xi32>
  %2 = tt.reshape %x : tensor<4x8xi32> -> tensor<32xi32>
  %3 = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<1x64x32xf16>> -> tensor<1x64x32xf16>
  %4 = tt.reshape %3 : tensor<1x64x32xf16> -> tensor<64x32xf16>
  tt.return %2, %1, %4 : tensor<32xi32>, tensor<16xi32>, tensor<64x32xf16>
}`, `
module {
  tt.func @f(%arg0: tensor<4x8xi32>, %arg1: !tt.tensordesc<tensor<1x64x32xf16>>, %arg2: i32) -> (tensor<32xi32>, tensor<16xi32>, tensor<64x32xf16>) {
    %0 = tt.reshape %arg0 allow_reorder : tensor<4x8xi32> -> tensor<32xi32>
    %1 = tt.histogram %0 : tensor<32xi32> -> tensor<16xi32>
    %2 = tt.reshape %arg0 : tensor<4x8xi32> -> tensor<32xi32>
    %3 = tt.descriptor_load %arg1[%arg2, %arg2, %arg2] : !tt.tensordesc<tensor<1x64x32xf16>> -> tensor<64x32xf16>
    tt.return %2, %1, %3 : tensor<32xi32>, tensor<16xi32>, tensor<64x32xf16>
  }
}`)
}
