package numeric

import (
	"math"
	"testing"
)

// TestFMA32: the fused multiply-add of float32 rounds once, including
// where rounding the float64 result again would not.
func TestFMA32(t *testing.T) {
	cases := [][3]float32{
		{1.000244140625, 0.999755859375, -1},
		{3, 1.0 / 3, -1},
		{1e30, 1e30, -1e38},
		{float32(math.Inf(1)), 0, 1},
		{1e-20, 1e-20, 0},
		{0.1, 0.2, 0.3},
	}
	for _, c := range cases {
		want := float32(math.FMA(float64(c[0]), float64(c[1]), float64(c[2])))
		// math.FMA in float64 then rounding twice can be wrong; check a
		// representable exact case by big arithmetic instead where it
		// matters: these inputs have exact float64 products and sums.
		got := FMA32(c[0], c[1], c[2])
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			t.Errorf("FMA32(%v, %v, %v) = %v, want %v", c[0], c[1], c[2], got, want)
		}
	}
	// A double-rounding trap: a*b+c whose float64 sum is a tie for float32
	// but whose exact value is not.
	a, b := float32(1+math.Ldexp(1, -12)), float32(1+math.Ldexp(1, -12))
	c := float32(math.Ldexp(1, -70))
	// exact: 1 + 2^-11 + 2^-24 + 2^-70; float64 rounds away the 2^-70,
	// leaving a float32 tie that RNE would break downward.
	if got, want := FMA32(a, b, c), float32(1+math.Ldexp(1, -11)+math.Ldexp(1, -23)); got != want {
		t.Errorf("fma32 double-rounding trap: got %v, want %v", got, want)
	}
}
