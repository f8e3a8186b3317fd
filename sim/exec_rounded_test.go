package sim_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// gpu.fadd, gpu.fmul, gpu.fma and gpu.saturate round the exact result once
// in their mode, give an exact zero IEEE 754's sign (-0 only toward -inf
// for a sum of opposite signs), and flush subnormals with ftz.
func TestRoundedOps(t *testing.T) {
	one := float32(1)
	up := math.Nextafter32(one, 2) // 1 + 2^-23
	sub := math.Float32frombits(0x00000400)
	negZero := float32(math.Copysign(0, -1))
	// (1 + 2^-23)^2 - 1 = 2^-22 + 2^-46: between the float32s 2^-22 and
	// 2^-22 + 2^-45, below their midpoint.
	lo, hi := float32(0x1p-22), float32(0x1p-22+0x1p-45)
	for _, c := range []struct {
		op      string // the op's text, operands %a %b %c
		a, b, x float32
		want    float32
	}{
		{"gpu.fma %a, %b, %c {rounding = rn}", up, up, -one, lo},
		{"gpu.fma %a, %b, %c {rounding = rz}", up, up, -one, lo},
		{"gpu.fma %a, %b, %c {rounding = rm}", up, up, -one, lo},
		{"gpu.fma %a, %b, %c {rounding = rp}", up, up, -one, hi},
		{"gpu.fma %a, %b, %c {rounding = rm}", -up, up, one, -hi},
		{"gpu.fma %a, %b, %c {rounding = rz}", -up, up, one, -lo},
		{"gpu.fadd %a, %b {rounding = rz}", one, 0x1p-30, 0, one},
		{"gpu.fadd %a, %b {rounding = rp}", one, 0x1p-30, 0, up},
		{"gpu.fadd %a, %b {rounding = rm}", -one, -0x1p-30, 0, -up},
		{"gpu.fadd %a, %b {rounding = rm}", one, -one, 0, negZero},
		{"gpu.fadd %a, %b {rounding = rn}", one, -one, 0, 0},
		{"gpu.fadd %a, %b {rounding = rp}", negZero, negZero, 0, negZero},
		{"gpu.fmul %a, %b {rounding = rz}", up, up, 0, math.Nextafter32(up, 2)},
		{"gpu.fmul %a, %b {rounding = rp}", up, up, 0, math.Nextafter32(math.Nextafter32(up, 2), 2)},
		{"gpu.fmul %a, %b {rounding = rm}", 0x1p100, 0x1p100, 0, math.MaxFloat32},
		{"gpu.fmul %a, %b {rounding = rp}", 0x1p100, 0x1p100, 0, float32(math.Inf(1))},
		{"gpu.fadd %a, %b {rounding = rn, ftz}", sub, sub, 0, 0},
		{"gpu.fadd %a, %b {rounding = rn}", sub, sub, 0, 2 * sub},
		{"gpu.fma %a, %b, %c {rounding = rp, ftz}", 0x1p-100, 0x1p-60, 0, 0},
		{"gpu.fma %a, %b, %c {rounding = rp}", 0x1p-100, 0x1p-60, 0, math.Float32frombits(1)},
		{"gpu.saturate %a", 1.5, 0, 0, 1},
		{"gpu.saturate %a", -2, 0, 0, 0},
		{"gpu.saturate %a", float32(math.NaN()), 0, 0, 0},
		{"gpu.saturate %a", 0.25, 0, 0, 0.25},
		{"gpu.saturate %a {ftz}", sub, 0, 0, 0},
		{"gpu.saturate %a", sub, 0, 0, sub},
	} {
		src := module(1, 32, 0, fmt.Sprintf(`
  llvm.func @k(%%out: !llvm.ptr<1>, %%a: f32, %%b: f32, %%c: f32) attributes {gpu.kernel} {
    %%tid = gpu.thread_id x : i32
    %%r = %s : f32
    %%v = llvm.bitcast %%r : f32 to i32`, c.op)+storeByTid+`
  }`)
		bits := func(f float32) uint64 { return uint64(math.Float32bits(f)) }
		out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{}, bits(c.a), bits(c.b), bits(c.x))
		if err != nil {
			t.Fatalf("%s: %v", c.op, err)
		}
		if out[0] != math.Float32bits(c.want) {
			t.Errorf("%s of (%g, %g, %g) = %g (%#08x), want %g (%#08x)", c.op, c.a, c.b, c.x,
				math.Float32frombits(out[0]), out[0], c.want, math.Float32bits(c.want))
		}
	}
}

// The f64 forms round to nearest (add.rn.f64, mul.rn.f64, fma.rn.f64):
// Go's float64 arithmetic and math.FMA.
func TestRoundedOpsF64(t *testing.T) {
	a, b, c := 1+0x1p-52, 1-0x1p-53, -1.0
	for _, k := range []struct {
		op   string
		want float64
	}{
		{"gpu.fadd %a, %b {rounding = rn} : f64", a + b},
		{"gpu.fmul %a, %b {rounding = rn} : f64", a * b},
		{"gpu.fma %a, %b, %c {rounding = rn} : f64", math.FMA(a, b, c)},
	} {
		src := module(1, 32, 0, fmt.Sprintf(`
  llvm.func @k(%%out: !llvm.ptr<1>, %%a: f64, %%b: f64, %%c: f64) attributes {gpu.kernel} {
    %%tid = gpu.thread_id x : i32
    %%r = %s
    %%w = llvm.bitcast %%r : f64 to i64
    %%v = llvm.trunc %%w : i64 to i32`, k.op)+storeByTid+`
  }`)
		bits := math.Float64bits
		out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{}, bits(a), bits(b), bits(c))
		if err != nil {
			t.Fatalf("%s: %v", k.op, err)
		}
		if out[0] != uint32(bits(k.want)) {
			t.Errorf("%s: low word %#08x, want %#08x", k.op, out[0], uint32(bits(k.want)))
		}
	}
	if math.FMA(a, b, c) == float64(a*b)+c {
		t.Fatal("the fma case does not tell a fused result from a rounded product")
	}
}
