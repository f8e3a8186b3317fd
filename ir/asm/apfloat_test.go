package asm

import (
	"math"
	"testing"
)

func TestFormatAPFloat(t *testing.T) {
	f32 := func(x float32) float64 { return float64(x) }
	cases := []struct {
		v         float64
		prec      int
		fp, pad   int
		truncZero bool
		want      string
	}{
		{1, 24, 6, 0, false, "1.000000e+00"},
		{0, 24, 6, 0, false, "0.000000e+00"},
		{-1, 24, 6, 0, false, "-1.000000e+00"},
		{f32(0.1), 24, 6, 0, false, "1.000000e-01"},
		{f32(3.14159265), 24, 0, 3, true, "3.14159274"},
		{f32(math.MaxFloat32), 24, 0, 3, true, "3.40282347E+38"},
		{1e-10, 53, 0, 3, true, "1.0E-10"},
		{f32(1e-10), 24, 0, 3, true, "1.00000001E-10"},
		{0.5, 24, 0, 3, true, "0.5"},
		{1234567, 24, 0, 3, true, "1234567"},
		{f32(0.0001), 24, 0, 3, true, "9.99999974E-5"},
		{f32(0.001), 24, 0, 3, true, "0.00100000005"},
		{f32(1.44269502), 24, 0, 3, true, "1.44269502"},
		{2.5, 24, 6, 0, false, "2.500000e+00"},
		{f32(-0.0), 24, 6, 0, false, "0.000000e+00"},
	}
	for _, c := range cases {
		if got := formatAPFloat(c.v, c.prec, c.fp, c.pad, c.truncZero); got != c.want {
			t.Errorf("formatAPFloat(%v, %d, %d, %d, %v) = %q, want %q", c.v, c.prec, c.fp, c.pad, c.truncZero, got, c.want)
		}
	}
	if got := formatAPFloat(math.Copysign(0, -1), 24, 6, 0, false); got != "-0.000000e+00" {
		t.Errorf("negative zero: got %q", got)
	}
}
