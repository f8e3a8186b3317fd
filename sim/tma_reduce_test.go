package sim

import (
	"strings"
	"testing"
)

// The combines of gpu.tma_reduce follow the tensor map's data type, and
// combinations the PTX ISA does not list are refused.
func TestTMAReduceFn(t *testing.T) {
	for _, c := range []struct {
		kind      string
		dt        TensorMapDataType
		old, v, w uint64
	}{
		{"min", TMInt32, 0xffffffff, 1, 0xffffffff}, // -1 < 1
		{"min", TMUint32, 0xffffffff, 1, 1},
		{"max", TMInt64, 1, 1 << 63, 1},
		{"add", TMUint32, 0xffffffff, 2, 1},
		{"add", TMFloat16, 0x3c00, 0x3c00, 0x4000},  // 1 + 1 = 2
		{"max", TMBFloat16, 0x7fc0, 0x3f80, 0x3f80}, // NaN and 1: 1
		{"inc", TMUint32, 5, 5, 0}, {"inc", TMUint32, 4, 5, 5},
		{"dec", TMUint32, 0, 7, 7}, {"dec", TMUint32, 3, 7, 2},
		{"xor", TMInt64, 0xf0, 0xff, 0x0f},
	} {
		f, err := tmaReduceFn(c.kind, c.dt)
		if err != nil {
			t.Fatalf("%s on %s: %v", c.kind, tmDataTypeNames[c.dt], err)
		}
		if got := f(c.old, c.v); got != c.w {
			t.Errorf("%s on %s of %#x, %#x = %#x, want %#x", c.kind, tmDataTypeNames[c.dt], c.old, c.v, got, c.w)
		}
	}
	for _, c := range []struct {
		kind string
		dt   TensorMapDataType
	}{{"min", TMFloat32}, {"add", TMInt64}, {"add", TMUint8}, {"and", TMFloat16}, {"inc", TMInt32}, {"add", TMFloat64}} {
		if _, err := tmaReduceFn(c.kind, c.dt); err == nil || !strings.Contains(err.Error(), "does not take") {
			t.Errorf("%s on %s: want a refusal, got %v", c.kind, tmDataTypeNames[c.dt], err)
		}
	}
}
