package interp

import (
	"math"
	"testing"

	"github.com/ttcompiler/tt/numeric"
)

// Integer division and remainder truncate toward zero (C semantics): the
// remainder takes the dividend's sign. Division by zero and MIN/-1 give
// the GPU's results.
func TestIntDivRemSigns(t *testing.T) {
	a := []int32{7, -7, 7, -7, 0, math.MinInt32, 5, -5}
	b := []int32{2, 2, -2, -2, 3, -1, 0, 0}
	for _, c := range []struct {
		op   string
		want []int32
	}{
		{"arith.divsi", []int32{3, -3, -3, 3, 0, math.MinInt32, -1, -1}},
		{"arith.remsi", []int32{1, -1, 1, -1, 0, 0, -1, -1}},
		{"arith.floordivsi", []int32{3, -4, -4, 3, 0, math.MinInt32, 0, 0}},
		{"arith.ceildivsi", []int32{4, -3, -3, 4, 0, math.MinInt32, 0, 0}},
	} {
		out := make([]byte, 4*len(a))
		src := elementwise(8, "i32", "i32", true, "  %r = "+c.op+" %a, %b : tensor<8xi32>")
		mustRun(t, src, launchOpts{}, i32s(a...), i32s(b...), out)
		got := getI32(out)
		for i := range got {
			// floordiv/ceildiv by zero are undefined in arith and not
			// measured on the GPU; only check the defined lanes there.
			if b[i] == 0 && c.op != "arith.divsi" && c.op != "arith.remsi" {
				continue
			}
			if got[i] != c.want[i] {
				t.Errorf("%s(%d, %d) = %d, want %d", c.op, a[i], b[i], got[i], c.want[i])
			}
		}
	}
}

// A remainder computed next to the division of the same operands is
// x - (x/y)*y, as LLVM's DivRemPairs makes it: for y = 0 that is x.
func TestRemPairedWithDiv(t *testing.T) {
	src := elementwise(4, "i32", "i32", true, "  %q = arith.divsi %a, %b : tensor<4xi32>\n  %rm = arith.remsi %a, %b : tensor<4xi32>\n  %r = arith.addi %q, %rm : tensor<4xi32>")
	out := make([]byte, 16)
	mustRun(t, src, launchOpts{}, i32s(7, 100, -9, 5), i32s(2, 0, 4, 0), out)
	// q + r: 3+1, -1+100, -2+-1, -1+5
	want := []int32{4, 99, -3, 4}
	for i, g := range getI32(out) {
		if g != want[i] {
			t.Errorf("lane %d: got %d, want %d", i, g, want[i])
		}
	}
}

// Shifts by at least the bit width give 0 (shl, shrui) or the sign fill
// (shrsi), as PTX shl/shr clamp the amount.
func TestShiftsPastWidth(t *testing.T) {
	a := []int32{1, -8, -8, 0x40000000, -1, 12345}
	s := []int32{31, 1, 32, 33, 100, -1}
	for _, c := range []struct {
		op   string
		want func(x int32, s int32) int32
	}{
		{"arith.shli", func(x, s int32) int32 {
			if uint32(s) >= 32 {
				return 0
			}
			return x << uint(s)
		}},
		{"arith.shrsi", func(x, s int32) int32 {
			if uint32(s) >= 32 {
				return x >> 31
			}
			return x >> uint(s)
		}},
		{"arith.shrui", func(x, s int32) int32 {
			if uint32(s) >= 32 {
				return 0
			}
			return int32(uint32(x) >> uint(s))
		}},
	} {
		out := make([]byte, 4*len(a))
		mustRun(t, elementwise(6, "i32", "i32", true, "  %r = "+c.op+" %a, %b : tensor<6xi32>"), launchOpts{}, i32s(a...), i32s(s...), out)
		for i, g := range getI32(out) {
			if w := c.want(a[i], s[i]); g != w {
				t.Errorf("%s(%d, %d) = %d, want %d", c.op, a[i], s[i], g, w)
			}
		}
	}
}

// i64 shift amounts use only their low 32 bits (2^32+1 shifts by 1).
func TestI64ShiftAmount(t *testing.T) {
	src := `tt.func public @k(%p: !tt.ptr<i64>) {
  %a = arith.constant 3 : i64
  %s = arith.constant 4294967297 : i64
  %r = arith.shli %a, %s : i64
  tt.store %p, %r : !tt.ptr<i64>
  tt.return
}`
	out := make([]byte, 8)
	mustRun(t, src, launchOpts{}, out)
	if got := int64(getU32(out)[0]) | int64(getU32(out)[1])<<32; got != 6 {
		t.Errorf("3 << (2^32+1) = %d, want 6", got)
	}
}

// Integer overflow wraps at the type's width (i8 here).
func TestIntWraparound(t *testing.T) {
	src := `tt.func public @k(%p: !tt.ptr<i32>) {
  %a = arith.constant 100 : i8
  %b = arith.constant 3 : i8
  %m = arith.muli %a, %b : i8
  %x = arith.extsi %m : i8 to i32
  %c = arith.constant -128 : i8
  %n = arith.constant -1 : i8
  %d = arith.divsi %c, %n : i8
  %y = arith.extui %d : i8 to i32
  %z = arith.addi %x, %y : i32
  tt.store %p, %z : !tt.ptr<i32>
  tt.return
}`
	out := make([]byte, 4)
	mustRun(t, src, launchOpts{}, out)
	// 300 mod 256 = 44; -128/-1 wraps to -128 = 0x80 zero-extended = 128.
	if got := getI32(out)[0]; got != 44+128 {
		t.Errorf("got %d, want %d", got, 44+128)
	}
}

// maxnumf/minnumf ignore a NaN operand; maximumf/minimumf propagate it;
// -0 < +0 in both.
func TestNaNMinMax(t *testing.T) {
	nan := float32(math.NaN())
	negz := float32(math.Copysign(0, -1))
	a := []float32{nan, 1, nan, 0, negz, 2}
	b := []float32{1, nan, nan, negz, 0, 3}
	for _, c := range []struct {
		op   string
		want []float32
	}{
		{"arith.maxnumf", []float32{1, 1, nan, 0, 0, 3}},
		{"arith.minnumf", []float32{1, 1, nan, negz, negz, 2}},
		{"arith.maximumf", []float32{nan, nan, nan, 0, 0, 3}},
		{"arith.minimumf", []float32{nan, nan, nan, negz, negz, 2}},
	} {
		out := make([]byte, 24)
		mustRun(t, elementwise(6, "f32", "f32", true, "  %r = "+c.op+" %a, %b : tensor<6xf32>"), launchOpts{}, f32s(a...), f32s(b...), out)
		for i, g := range getF32(out) {
			w := c.want[i]
			if w != w {
				if g == g || math.Float32bits(g) != 0x7FFFFFFF {
					t.Errorf("%s(%v, %v) = %v (%#x), want the canonical NaN", c.op, a[i], b[i], g, math.Float32bits(g))
				}
				continue
			}
			if math.Float32bits(g) != math.Float32bits(w) {
				t.Errorf("%s(%v, %v) = %v, want %v", c.op, a[i], b[i], g, w)
			}
		}
	}
}

// f32 -> f16 and bf16 round to nearest even, overflow to inf, NaN to
// 0x7FFF; fp8 saturates.
func TestNarrowFloatRounding(t *testing.T) {
	in := []float32{1 + 1.0/2048, 1 + 3.0/2048, 65520, -70000, float32(math.NaN()), 1e-8, 2049}
	out := make([]byte, 2*len(in))
	mustRun(t, elementwise(7, "f32", "i16", false, "  %h = arith.truncf %a : tensor<7xf32> to tensor<7xf16>\n  %r = tt.bitcast %h : tensor<7xf16> -> tensor<7xi16>"), launchOpts{}, f32s(in...), out)
	for i, g := range getU16(out) {
		if w := numeric.F16FromFloat32(in[i], numeric.RNE); g != w {
			t.Errorf("f16(%v) = %#x, want %#x", in[i], g, w)
		}
	}
	bf := make([]byte, 2*len(in))
	mustRun(t, elementwise(7, "f32", "bf16", false, "  %r = arith.truncf %a : tensor<7xf32> to tensor<7xbf16>"), launchOpts{}, f32s(in...), bf)
	for i, g := range getU16(bf) {
		if w := numeric.BF16FromFloat32(in[i], numeric.RNE); g != w {
			t.Errorf("bf16(%v) = %#x, want %#x", in[i], g, w)
		}
	}
	f8 := make([]byte, len(in))
	mustRun(t, elementwise(7, "f32", "f8E4M3FN", false, "  %r = tt.fp_to_fp %a, rounding = rtne : tensor<7xf32> -> tensor<7xf8E4M3FN>"), launchOpts{}, f32s(in...), f8)
	for i, g := range f8 {
		w, _ := numeric.FpToFp(numeric.F32, numeric.F8E4M3FN, math.Float32bits(in[i]), numeric.RNE)
		if uint32(g) != w {
			t.Errorf("e4m3(%v) = %#x, want %#x", in[i], g, w)
		}
	}
	if f8[2] != 0x7E || f8[3] != 0xFE {
		t.Errorf("fp8 conversion does not saturate: 65520 -> %#x, -70000 -> %#x", f8[2], f8[3])
	}
}

// fptosi saturates and maps NaN to 0 (PTX cvt.rzi); sitofp rounds once.
func TestFloatIntConversions(t *testing.T) {
	in := []float32{3.99, -3.99, 1e10, -1e10, float32(math.NaN()), -0.5}
	out := make([]byte, 4*len(in))
	mustRun(t, elementwise(6, "f32", "i32", false, "  %r = arith.fptosi %a : tensor<6xf32> to tensor<6xi32>"), launchOpts{}, f32s(in...), out)
	want := []int32{3, -3, math.MaxInt32, math.MinInt32, 0, 0}
	for i, g := range getI32(out) {
		if g != want[i] {
			t.Errorf("fptosi(%v) = %d, want %d", in[i], g, want[i])
		}
	}
	ints := []int32{16777217, -16777219, 3, math.MaxInt32}
	fo := make([]byte, 16)
	mustRun(t, elementwise(4, "i32", "f32", false, "  %r = arith.sitofp %a : tensor<4xi32> to tensor<4xf32>"), launchOpts{}, i32s(ints...), fo)
	for i, g := range getF32(fo) {
		if w := float32(ints[i]); g != w {
			t.Errorf("sitofp(%d) = %v, want %v", ints[i], g, w)
		}
	}
}

// f16 arithmetic rounds each operation to f16.
func TestHalfArithmetic(t *testing.T) {
	h := func(f float32) uint16 { return numeric.F16FromFloat32(f, numeric.RNE) }
	a := []uint16{h(2048), h(0.1), h(65504)}
	b := []uint16{h(1), h(0.2), h(65504)}
	out := make([]byte, 6)
	mustRun(t, elementwise(3, "f16", "f16", true, "  %r = arith.addf %a, %b : tensor<3xf16>"), launchOpts{}, u16s(a...), u16s(b...), out)
	for i, g := range getU16(out) {
		w := h(numeric.F16ToFloat32(a[i]) + numeric.F16ToFloat32(b[i]))
		if g != w {
			t.Errorf("f16 add lane %d = %#x, want %#x", i, g, w)
		}
	}
	if getU16(out)[0] != h(2048) || getU16(out)[2] != 0x7C00 {
		t.Errorf("2048+1 must round to 2048 (tie to even) and 65504+65504 to inf: got %#x %#x", getU16(out)[0], getU16(out)[2])
	}
}

// A product feeding an add is one fused multiply-add unless contraction
// is off.
func TestFPContraction(t *testing.T) {
	// a*b+c with a = b = 1+2^-12, c = -(1+2^-11): the exact result is
	// 2^-24, which the separately rounded product (1+2^-11, a tie broken
	// to even) loses.
	src := `tt.func public @k(%p: !tt.ptr<f32>) {
  %a = arith.constant 1.000244140625 : f32
  %b = arith.constant 1.000244140625 : f32
  %c = arith.constant -1.00048828125 : f32
  %m = arith.mulf %a, %b : f32
  %r = arith.addf %m, %c : f32
  tt.store %p, %r : !tt.ptr<f32>
  tt.return
}`
	out := make([]byte, 4)
	mustRun(t, src, launchOpts{}, out)
	if got := getF32(out)[0]; got != float32(math.Ldexp(1, -24)) {
		t.Errorf("contracted a*b+c = %g, want %g", got, math.Ldexp(1, -24))
	}
	mustRun(t, src, launchOpts{opts: Options{NoFPContraction: true}}, out)
	if got := getF32(out)[0]; got != 0 {
		t.Errorf("uncontracted a*b+c = %g, want 0", got)
	}
}

// Compiling a paired remainder must not change how later, lone
// remainders compute (x % 0 stays all ones).
func TestLoneRemAfterPaired(t *testing.T) {
	paired := elementwise(4, "i32", "i32", true, "  %q = arith.divsi %a, %b : tensor<4xi32>\n  %rm = arith.remsi %a, %b : tensor<4xi32>\n  %r = arith.addi %q, %rm : tensor<4xi32>")
	mustRun(t, paired, launchOpts{}, i32s(1, 2, 3, 4), i32s(1, 0, 1, 0), make([]byte, 16))
	out := make([]byte, 16)
	mustRun(t, elementwise(4, "i32", "i32", true, "  %r = arith.remsi %a, %b : tensor<4xi32>"), launchOpts{}, i32s(7, 100, -9, 5), i32s(2, 0, 4, 0), out)
	eq(t, "lone rem", getI32(out), 1, -1, -1, -1)
}

// 16-bit float products feeding an add are one fma where the target has
// it (fma.rn.f16 on NVIDIA, fma.rn.bf16 from sm_80 on; TTIR is taken as
// sm_90), as Triton's LLVM fuses them; elsewhere they round twice.
func TestFPContractionHalf(t *testing.T) {
	// a*a-1 with a = 1+3u (u the format's ulp at 1): the exact result is
	// 6u + 9u^2; the product rounded first loses the 9u^2, fused it rounds
	// to 8u^2 (an ulp at 6u is 4u^2).
	kernel := func(ty, a, target string) string {
		attr := ""
		if target != "" {
			attr = ` attributes {ttg.target = "` + target + `"}`
		}
		return `module` + attr + ` {
  tt.func public @k(%p: !tt.ptr<` + ty + `>) {
  %a = arith.constant ` + a + ` : ` + ty + `
  %c = arith.constant -1.0 : ` + ty + `
  %m = arith.mulf %a, %a : ` + ty + `
  %r = arith.addf %m, %c : ` + ty + `
  tt.store %p, %r : !tt.ptr<` + ty + `>
  tt.return
  }
}`
	}
	type format struct {
		ty, a  string
		encode func(float64, numeric.RoundingMode) uint16
		ulp    float64
	}
	f16 := format{"f16", "1.0029296875", numeric.F16FromFloat64, math.Ldexp(1, -10)}
	bf16 := format{"bf16", "1.0234375", numeric.BF16FromFloat64, math.Ldexp(1, -7)}
	for _, c := range []struct {
		f      format
		target string
		fused  bool
		opts   Options
	}{
		{f16, "", true, Options{}}, {f16, "cuda:90", true, Options{}}, {f16, "cuda:75", true, Options{}},
		{f16, "hip:gfx942", false, Options{}}, {f16, "cuda:90", false, Options{NoFPContraction: true}},
		{bf16, "cuda:90", true, Options{}}, {bf16, "cuda:80", true, Options{}}, {bf16, "cuda:75", false, Options{}},
	} {
		u := c.f.ulp
		fused, apart := c.f.encode(6*u+8*u*u, numeric.RNE), c.f.encode(6*u, numeric.RNE)
		if fused == apart {
			t.Fatalf("%s: the case does not tell fused from apart", c.f.ty)
		}
		want := apart
		if c.fused {
			want = fused
		}
		out := make([]byte, 2)
		mustRun(t, kernel(c.f.ty, c.f.a, c.target), launchOpts{opts: c.opts}, out)
		if got := getU16(out)[0]; got != want {
			t.Errorf("%s a*a-1 on %q (contraction off: %v) = %#x, want %#x", c.f.ty, c.target, c.opts.NoFPContraction, got, want)
		}
	}
}
