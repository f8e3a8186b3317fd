package numeric

import (
	"math"
	"testing"
)

func TestFloatMinMax(t *testing.T) {
	nan := float32(math.NaN())
	pz, nz := float32(0), float32(math.Copysign(0, -1))
	bits := math.Float32bits
	if bits(MaxNumF32(pz, nz)) != 0 || bits(MaxNumF32(nz, pz)) != 0 || bits(MinNumF32(pz, nz)) != 0x80000000 ||
		bits(MinNumF32(nz, pz)) != 0x80000000 {
		t.Error("signed zeros")
	}
	if MaxNumF32(nan, 1) != 1 || MaxNumF32(1, nan) != 1 || MinNumF32(nan, -1) != -1 ||
		bits(MaxNumF32(nan, nan)) != 0x7FFFFFFF {
		t.Error("maxnum NaN")
	}
	if bits(MaximumF32(nan, 1)) != 0x7FFFFFFF || bits(MinimumF32(1, nan)) != 0x7FFFFFFF ||
		MaximumF32(1, 2) != 2 || MinimumF32(1, 2) != 1 || bits(MinimumF32(pz, nz)) != 0x80000000 {
		t.Error("maximum")
	}
	n64 := math.NaN()
	if MaxNumF64(n64, 3) != 3 || math.Float64bits(MaximumF64(n64, 3)) != 0x7FFFFFFFFFFFFFFF ||
		!math.Signbit(MinNumF64(0, math.Copysign(0, -1))) || math.Signbit(MaxNumF64(math.Copysign(0, -1), 0)) ||
		MinimumF64(-1, 2) != -1 || math.Float64bits(MinNumF64(n64, n64)) != 0x7FFFFFFFFFFFFFFF {
		t.Error("f64")
	}
	// Bit-pattern forms on fp8: 0x7F is E4M3FN's NaN.
	if MaxNumBits(F8E4M3FN, 0x7F, 0x38) != 0x38 || MaximumBits(F8E4M3FN, 0x7F, 0x38) != 0x7F ||
		MinNumBits(F8E4M3FN, 0x80, 0x00) != 0x80 || MinimumBits(F8E5M2, 0xFC, 0x01) != 0xFC {
		t.Error("bit patterns")
	}
}
