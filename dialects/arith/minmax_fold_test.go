package arith

import (
	"math"
	"testing"
)

// TestLLVMMinMax pins the folders' LLVM semantics: -0 < +0 in all four,
// maximum/minimum return a NaN operand itself (the first of two), and
// maxnum/minnum the other operand.
func TestLLVMMinMax(t *testing.T) {
	negZero := math.Copysign(0, -1)
	nan1 := math.Float64frombits(0x7FF8000000000001)
	nan2 := math.Float64frombits(0x7FF8000000000002)
	for _, c := range []struct {
		name       string
		f          func(a, b float64) float64
		a, b, want float64
	}{
		{"maximum(-0, +0)", MaximumF, negZero, 0, 0},
		{"maximum(+0, -0)", MaximumF, 0, negZero, 0},
		{"minimum(+0, -0)", MinimumF, 0, negZero, negZero},
		{"minimum(-0, +0)", MinimumF, negZero, 0, negZero},
		{"maxnum(-0, +0)", MaxNumF, negZero, 0, 0},
		{"minnum(+0, -0)", MinNumF, 0, negZero, negZero},
		{"maximum(1, 2)", MaximumF, 1, 2, 2},
		{"minimum(1, 2)", MinimumF, 1, 2, 1},
		{"maxnum(-inf, -3)", MaxNumF, math.Inf(-1), -3, -3},
		{"minnum(5, -inf)", MinNumF, 5, math.Inf(-1), math.Inf(-1)},
		{"maximum(nan1, 1)", MaximumF, nan1, 1, nan1},
		{"minimum(1, nan2)", MinimumF, 1, nan2, nan2},
		{"maximum(nan1, nan2)", MaximumF, nan1, nan2, nan1},
		{"maxnum(nan1, 1)", MaxNumF, nan1, 1, 1},
		{"minnum(1, nan2)", MinNumF, 1, nan2, 1},
		{"minnum(nan1, nan2)", MinNumF, nan1, nan2, nan2},
	} {
		if got := c.f(c.a, c.b); math.Float64bits(got) != math.Float64bits(c.want) {
			t.Errorf("%s = %v (%#x), want %v (%#x)", c.name, got, math.Float64bits(got), c.want, math.Float64bits(c.want))
		}
	}
}
