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
		{"gpu.fsub %a, %b {rounding = rz}", one, 0x1p-30, 0, math.Nextafter32(one, 0)},
		{"gpu.fsub %a, %b {rounding = rn}", one, 0x1p-30, 0, one},
		{"gpu.fsub %a, %b {rounding = rm}", one, one, 0, negZero},
		{"gpu.fsub %a, %b {rounding = rp}", negZero, 0, 0, negZero},
		{"gpu.fsub %a, %b {rounding = rp, ftz}", sub, -sub, 0, 0},
		{"gpu.fdiv %a, %b {rounding = rn}", one, 3, 0, float32(1.0 / 3)},
		{"gpu.fdiv %a, %b {rounding = rz}", one, 3, 0, math.Nextafter32(float32(1.0/3), 0)},
		{"gpu.fdiv %a, %b {rounding = rp}", one, 3, 0, float32(1.0 / 3)},
		{"gpu.fdiv %a, %b {rounding = rm}", -one, 3, 0, -float32(1.0 / 3)},
		{"gpu.fdiv %a, %b {rounding = rn}", 0x1p-140, 0x1p10, 0, 0}, // a tie: to the even 0
		{"gpu.fdiv %a, %b {rounding = rn}", 0x1p-138, 0x1p10, 0, math.Float32frombits(2)},
		{"gpu.fdiv %a, %b {rounding = rn, ftz}", 0x1p-120, 0x1p10, 0, 0},
		{"gpu.fdiv %a, %b {rounding = rn, ftz}", sub, 0x1p-10, 0, 0},
		{"gpu.fdiv %a, %b {rounding = rn}", sub, 0x1p-10, 0, 0x1p-129},
		{"gpu.fdiv %a, %b {rounding = rz}", math.MaxFloat32, 0.5, 0, math.MaxFloat32},
		{"gpu.fdiv %a, %b {rounding = rn}", 1, 0, 0, float32(math.Inf(1))},
		{"gpu.fdiv %a, %b {rounding = rz}", 3 * math.Float32frombits(1), 2, 0, math.Float32frombits(1)},
		{"gpu.fdiv %a, %b {rounding = rn}", 3 * math.Float32frombits(1), 2, 0, math.Float32frombits(2)},
		{"gpu.frcp %a {rounding = rn}", 3, 0, 0, float32(1.0 / 3)},
		{"gpu.frcp %a {rounding = rp}", 3, 0, 0, float32(1.0 / 3)},
		{"gpu.frcp %a {rounding = rm}", 3, 0, 0, math.Nextafter32(float32(1.0/3), 0)},
		{"gpu.frcp %a {rounding = rn}", negZero, 0, 0, float32(math.Inf(-1))},
		{"gpu.frcp %a {rounding = rn, ftz}", -sub, 0, 0, float32(math.Inf(-1))},
		{"gpu.frcp %a {rounding = rz}", 0x1p127 * 1.5, 0, 0, math.Float32frombits(0x002aaaaa)},
		{"gpu.frcp %a {rounding = rz, ftz}", 0x1p127 * 1.5, 0, 0, 0},
		{"gpu.fsqrt %a {rounding = rn}", 2, 0, 0, float32(math.Sqrt2)},
		{"gpu.fsqrt %a {rounding = rm}", 2, 0, 0, float32(math.Sqrt2)},
		{"gpu.fsqrt %a {rounding = rp}", 2, 0, 0, math.Nextafter32(float32(math.Sqrt2), 2)},
		{"gpu.fsqrt %a {rounding = rz}", negZero, 0, 0, negZero},
		{"gpu.fsqrt %a {rounding = rn}", sub, 0, 0, float32(math.Sqrt(float64(sub)))},
		{"gpu.fsqrt %a {rounding = rn, ftz}", sub, 0, 0, 0},
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

// NaN results are the canonical NaN of their type, whatever the operands'
// NaNs carry.
func TestRoundedOpsNaN(t *testing.T) {
	nan32 := uint64(0xffc01234)         // a negative NaN with a payload
	nan64 := uint64(0xfff0000000001234) // a signalling one
	inf32, inf64 := uint64(0x7f800000), uint64(0x7ff0000000000000)
	for _, c := range []struct {
		op, ty string
		a, b   uint64
		want   uint64
	}{
		{"gpu.fadd %a, %b {rounding = rz}", "f32", nan32, 0, 0x7fffffff},
		{"gpu.fsub %a, %b {rounding = rn}", "f32", inf32, inf32, 0x7fffffff},
		{"gpu.fdiv %a, %b {rounding = rm, ftz}", "f32", 0, 0x00000001, 0x7fffffff}, // 0 / flushed 0
		{"gpu.fsqrt %a {rounding = rp}", "f32", 0xbf800000, 0, 0x7fffffff},
		{"gpu.fmul %a, %b {rounding = rp}", "f64", nan64, 0, 0x7fffffffffffffff},
		{"gpu.fadd %a, %b {rounding = rn}", "f64", nan64, 0, 0x7fffffffffffffff},
		{"gpu.fsub %a, %b {rounding = rz}", "f64", inf64, inf64, 0x7fffffffffffffff},
		{"gpu.frcp %a {rounding = rn}", "f64", nan64, 0, 0x7fffffffffffffff},
	} {
		got := runRounded64(t, c.op, c.ty, c.a, c.b, 0)
		if got != c.want {
			t.Errorf("%s : %s = %#x, want %#x", c.op, c.ty, got, c.want)
		}
	}
}

// runRounded64 runs op (operands %a %b %c) on one thread in type ty and
// returns the result's bits (both words of an f64).
func runRounded64(t *testing.T, op, ty string, a, b, c uint64) uint64 {
	t.Helper()
	body := fmt.Sprintf(`
  llvm.func @k(%%out: !llvm.ptr<1>, %%a: %[2]s, %%b: %[2]s, %%c: %[2]s) attributes {gpu.kernel} {
    %%tid = gpu.thread_id x : i32
    %%r = %[1]s : %[2]s`, op, ty)
	if ty == "f64" {
		body += `
    %w = llvm.bitcast %r : f64 to i64
    %c32 = llvm.mlir.constant(32 : i64) : i64
    %hi = llvm.lshr %w, %c32 : i64
    %one = llvm.mlir.constant(1 : i32) : i32
    %odd = llvm.and %tid, %one : i32
    %isHi = llvm.icmp "ne" %odd, %one : i32
    %sel = llvm.select %isHi, %w, %hi : i1, i64
    %v = llvm.trunc %sel : i64 to i32`
	} else {
		body += `
    %v = llvm.bitcast %r : f32 to i32`
	}
	out, err := launch(t, module(1, 32, 0, body+storeByTid+`
  }`), [3]int{1, 1, 1}, 32, sim.Config{}, a, b, c)
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	if ty == "f64" {
		return uint64(out[0]) | uint64(out[1])<<32
	}
	return uint64(out[0])
}

// The f64 ops in every mode: subnormal results, overflow to the largest
// finite value or infinity, exact zeros' signs.
func TestRoundedOpsF64Directed(t *testing.T) {
	third := 1.0 / 3
	minSub, maxF, inf := math.Float64frombits(1), math.MaxFloat64, math.Inf(1)
	next := func(x, y float64) float64 { return math.Nextafter(x, y) }
	for _, c := range []struct {
		op      string
		a, b, x float64
		want    float64
	}{
		{"gpu.fadd %a, %b {rounding = rz}", 1, 0x1p-60, 0, 1},
		{"gpu.fadd %a, %b {rounding = rp}", 1, 0x1p-60, 0, next(1, 2)},
		{"gpu.fadd %a, %b {rounding = rm}", -1, -0x1p-60, 0, -next(1, 2)},
		{"gpu.fadd %a, %b {rounding = rm}", 1, -1, 0, math.Copysign(0, -1)},
		{"gpu.fadd %a, %b {rounding = rz}", maxF, maxF, 0, maxF},
		{"gpu.fadd %a, %b {rounding = rp}", maxF, maxF, 0, inf},
		{"gpu.fsub %a, %b {rounding = rz}", 1, 0x1p-60, 0, next(1, 0)},
		{"gpu.fsub %a, %b {rounding = rm}", -maxF, maxF, 0, -inf},
		{"gpu.fsub %a, %b {rounding = rp}", -maxF, maxF, 0, -maxF},
		{"gpu.fmul %a, %b {rounding = rp}", 0x1p-600, 0x1p-600, 0, minSub},
		{"gpu.fmul %a, %b {rounding = rz}", 0x1p-600, 0x1p-600, 0, 0},
		{"gpu.fmul %a, %b {rounding = rm}", -0x1p-600, 0x1p-600, 0, -minSub},
		{"gpu.fmul %a, %b {rounding = rn}", 3 * minSub, 0.5, 0, 2 * minSub},
		{"gpu.fmul %a, %b {rounding = rz}", 3 * minSub, 0.5, 0, minSub},
		{"gpu.fmul %a, %b {rounding = rp}", 5 * minSub, 0.5, 0, 3 * minSub},
		{"gpu.fma %a, %b, %c {rounding = rz}", 1 + 0x1p-52, 1 + 0x1p-52, -1, 0x1p-51},
		{"gpu.fma %a, %b, %c {rounding = rp}", 1 + 0x1p-52, 1 + 0x1p-52, -1, 0x1p-51 + 0x1p-103},
		{"gpu.fma %a, %b, %c {rounding = rm}", 2, 3, -6, math.Copysign(0, -1)},
		{"gpu.fdiv %a, %b {rounding = rz}", 1, 3, 0, third},
		{"gpu.fdiv %a, %b {rounding = rp}", 1, 3, 0, next(third, 1)},
		{"gpu.fdiv %a, %b {rounding = rm}", -1, 3, 0, -next(third, 1)},
		{"gpu.fdiv %a, %b {rounding = rn}", 1, 3, 0, third},
		{"gpu.fdiv %a, %b {rounding = rz}", maxF, 0.5, 0, maxF},
		{"gpu.fdiv %a, %b {rounding = rp}", minSub, 3, 0, minSub},
		{"gpu.fdiv %a, %b {rounding = rz}", minSub, 3, 0, 0},
		{"gpu.frcp %a {rounding = rp}", 3, 0, 0, next(third, 1)},
		{"gpu.frcp %a {rounding = rz}", 3, 0, 0, third},
		{"gpu.frcp %a {rounding = rm}", math.Copysign(0, -1), 0, 0, -inf},
		{"gpu.frcp %a {rounding = rn}", 0x1p1023 * 1.5, 0, 0, math.Float64frombits(0x0005555555555555)},
		{"gpu.fsqrt %a {rounding = rp}", 2, 0, 0, math.Sqrt2},
		{"gpu.fsqrt %a {rounding = rz}", 2, 0, 0, next(math.Sqrt2, 0)},
		{"gpu.fsqrt %a {rounding = rn}", minSub, 0, 0, math.Sqrt(minSub)},
	} {
		bits := math.Float64bits
		got := runRounded64(t, c.op+" ", "f64", bits(c.a), bits(c.b), bits(c.x))
		if got != bits(c.want) {
			t.Errorf("%s (%g, %g, %g) = %g (%#x), want %g (%#x)", c.op, c.a, c.b, c.x, math.Float64frombits(got), got, c.want, bits(c.want))
		}
	}
}
