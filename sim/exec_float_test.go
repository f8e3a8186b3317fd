package sim_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// i64 to f32 conversions round once: 2^60 + 2^36 + 1 lies just past the
// halfway point between two f32 values (2^60 and 2^60 + 2^37), where
// rounding through float64 first (to 2^60 + 2^36, the halfway point
// itself, then to even) gives the lower one.
func TestIntToFloatRoundsOnce(t *testing.T) {
	for _, tc := range []struct {
		op   string
		in   uint64
		want float32
	}{
		{"llvm.sitofp", 1<<60 + 1<<36 + 1, float32(1<<60 + 1<<37)},
		{"llvm.sitofp", 1<<60 + 1<<36, float32(1 << 60)},
		{"llvm.sitofp", uint64(1<<64 - (1<<60 + 1<<36 + 1)), -float32(1<<60 + 1<<37)},
		{"llvm.sitofp", 1 << 63, -float32(1 << 63)},
		{"llvm.uitofp", 1<<63 + 1<<39 + 1, float32(1<<63 + 1<<40)},
		{"llvm.uitofp", 1<<64 - 1, float32(1 << 64)},
		{"llvm.uitofp", 12345, 12345},
	} {
		body := fmt.Sprintf(`
  llvm.func @k(%%out: !llvm.ptr<1>, %%a: i64) attributes {gpu.kernel} {
    %%tid = gpu.thread_id x : i32
    %%r = %s %%a : i64 to f32
    %%v = llvm.bitcast %%r : f32 to i32`, tc.op)
		out, err := launch(t, module(1, 32, 0, body+storeByTid+`
  }`), [3]int{1, 1, 1}, 32, sim.Config{}, tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.op, err)
		}
		if got := math.Float32frombits(uint32(out[0])); got != tc.want {
			t.Errorf("%s(%#x) = %g, want %g", tc.op, tc.in, got, tc.want)
		}
	}
}
