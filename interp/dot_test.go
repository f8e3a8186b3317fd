package interp

import (
	"fmt"
	"math"
	"testing"
)

// dotKernel computes dot(splat(a), splat(b)) + 0 for 16x16 operands of
// type T with the given input precision and stores element [0, 0].
func dotKernel(T, a, b, prec string) string {
	return fmt.Sprintf(`tt.func public @k(%%out: !tt.ptr<f32>) {
  %%a = arith.constant dense<%s> : tensor<16x16x%s>
  %%b = arith.constant dense<%s> : tensor<16x16x%s>
  %%c = arith.constant dense<0.0> : tensor<16x16xf32>
  %%d = tt.dot %%a, %%b, %%c, inputPrecision = %s : tensor<16x16x%s> * tensor<16x16x%s> -> tensor<16x16xf32>
  %%s = "tt.reduce"(%%d) <{axis = 0 : i32}> ({
  ^bb0(%%x: f32, %%y: f32):
    %%m = arith.maxnumf %%x, %%y : f32
    tt.reduce.return %%m : f32
  }) : (tensor<16x16xf32>) -> tensor<16xf32>
  %%t = "tt.reduce"(%%s) <{axis = 0 : i32}> ({
  ^bb0(%%x: f32, %%y: f32):
    %%m = arith.maxnumf %%x, %%y : f32
    tt.reduce.return %%m : f32
  }) : (tensor<16xf32>) -> f32
  tt.store %%out, %%t : !tt.ptr<f32>
  tt.return
}`, a, T, b, T, prec, T, T)
}

func dotValue(t *testing.T, src string) float32 {
	t.Helper()
	out := make([]byte, 4)
	mustRun(t, src, launchOpts{}, out)
	return getF32(out)[0]
}

// f32 dots: tf32 rounds the operands (1 + 2^-12 -> 1), ieee and tf32x3
// keep them.
func TestDotInputPrecision(t *testing.T) {
	a := "1.000244140625" // 1 + 2^-12
	exact := float32(16 * (1 + math.Ldexp(1, -12)))
	if got := dotValue(t, dotKernel("f32", a, "1.0", "tf32")); got != 16 {
		t.Errorf("tf32 dot = %v, want 16", got)
	}
	if got := dotValue(t, dotKernel("f32", a, "1.0", "ieee")); got != exact {
		t.Errorf("ieee dot = %v, want %v", got, exact)
	}
	if got := dotValue(t, dotKernel("f32", a, "1.0", "tf32x3")); got != exact {
		t.Errorf("tf32x3 dot = %v, want %v", got, exact)
	}
	if got := dotValue(t, dotKernel("f32", a, "1.0", "bf16x3")); got != exact {
		t.Errorf("bf16x3 dot = %v, want %v", got, exact)
	}
	// f16 operands are exact products: 16 * 1.5 * 2.5.
	if got := dotValue(t, dotKernel("f16", "1.5", "2.5", "tf32")); got != 60 {
		t.Errorf("f16 dot = %v, want 60", got)
	}
	// TF32 rounding is to nearest, ties away from zero (cvt.rna): 1 + 3*2^-11
	// lies halfway between 1 + 2^-10 and 1 + 2^-9 and goes up.
	if got := dotValue(t, dotKernel("f32", "1.00146484375", "1.0", "tf32")); got != float32(16*(1+math.Ldexp(1, -9))) {
		t.Errorf("tf32 tie = %v, want %v", got, 16*(1+math.Ldexp(1, -9)))
	}
}

// Integer dots accumulate exactly and wrap at 32 bits; batched (rank-3)
// dots multiply batch by batch.
func TestDotIntegerAndBatched(t *testing.T) {
	src := `tt.func public @k(%out: !tt.ptr<i32>) {
  %a = arith.constant dense<-128> : tensor<16x16xi8>
  %b = arith.constant dense<-128> : tensor<16x16xi8>
  %c = arith.constant dense<7> : tensor<16x16xi32>
  %d = tt.dot %a, %b, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
  %s = tt.reshape %d : tensor<16x16xi32> -> tensor<256xi32>
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %p0 = tt.splat %out : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
  %p = tt.addptr %p0, %r : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
  tt.store %p, %s : tensor<256x!tt.ptr<i32>>
  tt.return
}`
	out := make([]byte, 4*256)
	mustRun(t, src, launchOpts{}, out)
	if got := getI32(out)[17]; got != 16*16384+7 {
		t.Errorf("i8 dot = %d, want %d", got, 16*16384+7)
	}
	batched := `tt.func public @k(%out: !tt.ptr<f32>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
  %rf = arith.sitofp %r : tensor<512xi32> to tensor<512xf32>
  %a = tt.reshape %rf : tensor<512xf32> -> tensor<2x16x16xf32>
  %one = arith.constant dense<1.0> : tensor<2x16x16xf32>
  %c = arith.constant dense<0.0> : tensor<2x16x16xf32>
  %d = tt.dot %a, %one, %c, inputPrecision = ieee : tensor<2x16x16xf32> * tensor<2x16x16xf32> -> tensor<2x16x16xf32>
  %s = tt.reshape %d : tensor<2x16x16xf32> -> tensor<512xf32>
  %p0 = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
  %p = tt.addptr %p0, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
  tt.store %p, %s : tensor<512x!tt.ptr<f32>>
  tt.return
}`
	fo := make([]byte, 4*512)
	mustRun(t, batched, launchOpts{}, fo)
	got := getF32(fo)
	// Row m of batch b sums a[b, m, 0..15] = 256b + 16m + (0..15).
	for _, c := range []struct{ b, m int }{{0, 0}, {0, 5}, {1, 3}} {
		want := float32(16*(256*c.b+16*c.m) + 120)
		if g := got[(c.b*16+c.m)*16+7]; g != want {
			t.Errorf("batch %d row %d = %v, want %v", c.b, c.m, g, want)
		}
	}
}

func TestDotShapeErrors(t *testing.T) {
	x := &execCtx{}
	a := newTensor(&Elem{Kind: KF32, Width: 32}, []int{4, 8})
	b := newTensor(&Elem{Kind: KF32, Width: 32}, []int{4, 8})
	if _, _, _, _, err := dotShape(x, nil, a, b, a); err == nil {
		t.Error("mismatched dot shapes accepted")
	}
}

// tt.dot_scaled: fp4 (e2m1, two per byte, low nibble first) times fp8 with
// E8M0 scales per group of 32 along K.
func TestDotScaled(t *testing.T) {
	// A: every byte 0x21 -> elements (0x1 = 0.5, 0x2 = 1.0) alternating
	// along K; scales: group 0 x 2^1 (128), group 1 x 2^-1 (126).
	// B: 1.0 everywhere (e4m3 0x38); B scales 2^0 (127).
	src := `tt.func public @k(%out: !tt.ptr<f32>) {
  %a = arith.constant dense<33> : tensor<16x32xi8>
  %as0 = arith.constant dense<[[-128, 126]]> : tensor<1x2xi8>
  %as = tt.broadcast %as0 : tensor<1x2xi8> -> tensor<16x2xi8>
  %b = arith.constant dense<1.0> : tensor<64x16xf8E4M3FN>
  %bs = arith.constant dense<127> : tensor<16x2xi8>
  %c = arith.constant dense<0.5> : tensor<16x16xf32>
  %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<16x32xi8>, tensor<16x2xi8> * tensor<64x16xf8E4M3FN>, tensor<16x2xi8> -> tensor<16x16xf32>
  %s = tt.reshape %d : tensor<16x16xf32> -> tensor<256xf32>
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %p0 = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %p = tt.addptr %p0, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %p, %s : tensor<256x!tt.ptr<f32>>
  tt.return
}`
	out := make([]byte, 4*256)
	mustRun(t, src, launchOpts{}, out)
	// Each group of 32 K elements sums 16*(0.5+1.0) = 24; scaled by 2 and
	// by 1/2: 48 + 12, plus C.
	// (-128 as i8 is the E8M0 byte 0x80 = 2^1.)
	for i, v := range getF32(out) {
		if v != 60.5 {
			t.Fatalf("element %d = %v, want 60.5", i, v)
		}
	}
}
