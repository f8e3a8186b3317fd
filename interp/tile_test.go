package interp

import (
	"math"
	"testing"
)

// A 3x5 f32 matrix read in 4x4 blocks through a block pointer: the
// boundary-checked dimensions read the padding, stores are clipped, and
// tt.advance moves the block.
func TestBlockPointer(t *testing.T) {
	src := `tt.func public @k(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %p = tt.make_tensor_ptr %x, [%c3, %c5], [%c5, %c1], [%c0, %c4] {order = array<i32: 1, 0>} : <tensor<4x4xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<4x4xf32>>
  %q = tt.make_tensor_ptr %y, [%c3, %c5], [%c5, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<4x4xf32>>
  %q2 = tt.advance %q, [%c0, %c4] : <tensor<4x4xf32>>
  %one = arith.constant dense<1.0> : tensor<4x4xf32>
  %w = arith.addf %v, %one : tensor<4x4xf32>
  tt.store %q2, %w {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<4x4xf32>>
  %w0 = tt.load %q {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<4x4xf32>>
  tt.store %q, %w0 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<4x4xf32>>
  tt.return
}`
	x := f32s(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
	y := make([]byte, 60)
	mustRun(t, src, launchOpts{}, x, y)
	got := getF32(y)
	// Column 4 of y gets x's column 4 plus 1; the rest stays 0.
	want := []float32{0, 0, 0, 0, 5, 0, 0, 0, 0, 10, 0, 0, 0, 0, 15}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("y = %v, want %v", got, want)
		}
	}
	// The padded (NaN) part of the first load never reached memory.
	for _, v := range got {
		if math.IsNaN(float64(v)) {
			t.Fatal("padding leaked into memory")
		}
	}
}

// Tensor descriptors read zeros (or NaN) outside the tensor and drop
// stores and reductions there.
func TestTensorDescriptor(t *testing.T) {
	src := `tt.func public @k(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %d = tt.make_tensor_descriptor %x, [%c3, %c5], [%s5, %s1] : <f32>, <tensor<2x4xf32>>
  %e = tt.make_tensor_descriptor %y, [%c3, %c5], [%s5, %s1] : <f32>, <tensor<2x4xf32>>
  %v = tt.descriptor_load %d[%c2, %c2] : !tt.tensordesc<tensor<2x4xf32>> -> tensor<2x4xf32>
  tt.descriptor_store %e[%c0, %c0], %v : !tt.tensordesc<tensor<2x4xf32>>, tensor<2x4xf32>
  tt.descriptor_reduce add, %e[%c2, %c2], %v : !tt.tensordesc<tensor<2x4xf32>>, tensor<2x4xf32>
  tt.return
}`
	x := f32s(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
	y := f32s(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 100, 100, 100, 100)
	mustRun(t, src, launchOpts{}, x, y)
	// Block at (2, 2): row 2 cols 2..5 -> 12, 13, 14, pad; row 3 -> pad.
	want := []float32{12, 13, 14, 0, 0, 0, 0, 0, 0, 0, 100, 100, 112, 113, 114}
	if got := getF32(y); !sameF32(got, want) {
		t.Errorf("y = %v, want %v", got, want)
	}
}

func sameF32(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// TTGIR: layouts are ignored, shared memory views work on plain buffers.
func TestSharedMemoryViews(t *testing.T) {
	src := `#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked1>
    %m = tt.reshape %r : tensor<32xi32, #blocked1> -> tensor<4x8xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x4x8xi32, #shared, #smem, mutable>
    %c1 = arith.constant 1 : i32
    %s1 = ttg.memdesc_index %buf[%c1] : !ttg.memdesc<2x4x8xi32, #shared, #smem, mutable> -> !ttg.memdesc<4x8xi32, #shared, #smem, mutable>
    ttg.local_store %m, %s1 : tensor<4x8xi32, #blocked> -> !ttg.memdesc<4x8xi32, #shared, #smem, mutable>
    %t = ttg.memdesc_trans %s1 {order = array<i32: 1, 0>} : !ttg.memdesc<4x8xi32, #shared, #smem, mutable> -> !ttg.memdesc<8x4xi32, #shared1, #smem, mutable>
    %sub = ttg.memdesc_subslice %t[2, 2] : !ttg.memdesc<8x4xi32, #shared1, #smem, mutable> -> !ttg.memdesc<2x2xi32, #shared1, #smem, mutable, 8x4>
    %v = ttg.local_load %sub : !ttg.memdesc<2x2xi32, #shared1, #smem, mutable, 8x4> -> tensor<2x2xi32, #blocked>
    %cv = ttg.convert_layout %v : tensor<2x2xi32, #blocked> -> tensor<2x2xi32, #blocked>
    %f = tt.reshape %cv : tensor<2x2xi32, #blocked> -> tensor<4xi32, #blocked1>
    %i = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #blocked1>
    %p0 = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>, #blocked1>
    %p = tt.addptr %p0, %i : tensor<4x!tt.ptr<i32>, #blocked1>, tensor<4xi32, #blocked1>
    tt.store %p, %f : tensor<4x!tt.ptr<i32>, #blocked1>
    ttg.local_dealloc %buf : !ttg.memdesc<2x4x8xi32, #shared, #smem, mutable>
    tt.return
  }
}`
	out := make([]byte, 16)
	mustRun(t, src, launchOpts{}, out)
	// trans(m)[2:4, 2:4] = m[2:4, 2:4]^T with m[r][c] = 8r + c.
	eq(t, "shared view", getI32(out), 18, 26, 19, 27)
}

// clamp(x, -c, c) follows the sm_90 min.xorsign.abs lowering: NaN x gives
// c with x's sign; a general clamp gives lo.
func TestClampClipPattern(t *testing.T) {
	nan := float32(math.NaN())
	in := []float32{nan, -5, 0.5, -0.25}
	clip := elementwise(4, "f32", "f32", false, `  %lo = arith.constant dense<-1.0> : tensor<4xf32>
  %hi = arith.constant dense<1.0> : tensor<4xf32>
  %r = tt.clampf %a, %lo, %hi, propagateNan = none : tensor<4xf32>`)
	out := make([]byte, 16)
	mustRun(t, clip, launchOpts{}, f32s(in...), out)
	if got := getF32(out); !sameF32(got, []float32{1, -1, 0.5, -0.25}) {
		t.Errorf("clip clamp = %v", got)
	}
	general := elementwise(4, "f32", "f32", false, `  %lo = arith.constant dense<-1.0> : tensor<4xf32>
  %hi = arith.constant dense<2.0> : tensor<4xf32>
  %r = tt.clampf %a, %lo, %hi, propagateNan = none : tensor<4xf32>`)
	mustRun(t, general, launchOpts{}, f32s(in...), out)
	if got := getF32(out); !sameF32(got, []float32{-1, -1, 0.5, -0.25}) {
		t.Errorf("general clamp = %v", got)
	}
	// Before sm_90, and on AMD, Triton clamps with max/min: NaN gives lo.
	for _, target := range []string{"cuda:80", "hip:gfx942"} {
		src := `module attributes {ttg.target = "` + target + `"} {` + "\n" + clip + "\n}"
		mustRun(t, src, launchOpts{}, f32s(in...), out)
		if got := getF32(out); !sameF32(got, []float32{-1, -1, 0.5, -0.25}) {
			t.Errorf("clip clamp for %s = %v", target, got)
		}
	}
}
