package ttgtogpu

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// TestE2M1Magnitudes checks the prmt tables' source against the e2m1
// values written out: 0, 0.5, 1, 1.5, 2, 3, 4, 6, in bf16 and f16.
func TestE2M1Magnitudes(t *testing.T) {
	want := []float32{0, 0.5, 1, 1.5, 2, 3, 4, 6}
	for mag, w := range want {
		if g := numeric.BF16ToFloat32(e2m1MagnitudeBits(mag, ir.BF16)); g != w {
			t.Errorf("bf16 of e2m1 magnitude %d = %v, want %v", mag, g, w)
		}
		if g := numeric.F16ToFloat32(e2m1MagnitudeBits(mag, ir.F16)); g != w {
			t.Errorf("f16 of e2m1 magnitude %d = %v, want %v", mag, g, w)
		}
	}
	if tb := fp4TablesFor(ir.F16); !tb.lowZero {
		t.Errorf("f16 magnitudes have non-zero low bytes: %+v", tb)
	}
}
