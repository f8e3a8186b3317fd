package ttir

import (
	"fmt"
	"testing"
)

// tileTurnsLoop is a K loop of one tt.dot (MxN accumulator of elem, A
// MxK and B KxN loaded each step), for tileTurnsFit.
func tileTurnsLoop(m, n, k int, elem string) string {
	return fmt.Sprintf(`
tt.func @mm(%%a: tensor<%[1]dx%[3]dx!tt.ptr<f16>>, %%b: tensor<%[3]dx%[2]dx!tt.ptr<f16>>, %%nk: i32) -> tensor<%[1]dx%[2]dx%[4]s> {
  %%c0 = arith.constant 0 : i32
  %%c1 = arith.constant 1 : i32
  %%acc0 = arith.constant dense<0.0> : tensor<%[1]dx%[2]dx%[4]s>
  %%r = scf.for %%k = %%c0 to %%nk step %%c1 iter_args(%%acc = %%acc0) -> (tensor<%[1]dx%[2]dx%[4]s>) : i32 {
    %%x = tt.load %%a : tensor<%[1]dx%[3]dx!tt.ptr<f16>>
    %%y = tt.load %%b : tensor<%[3]dx%[2]dx!tt.ptr<f16>>
    %%d = tt.dot %%x, %%y, %%acc : tensor<%[1]dx%[3]dxf16> * tensor<%[3]dx%[2]dxf16> -> tensor<%[1]dx%[2]dx%[4]s>
    scf.yield %%d : tensor<%[1]dx%[2]dx%[4]s>
  }
  tt.return %%r : tensor<%[1]dx%[2]dx%[4]s>
}`, m, n, k, elem)
}

// The turns' ring must hold four k-steps in its budget (TileTurnsRingBytes
// unless tile-turns-ring says otherwise), and a consumer thread's
// accumulators must fit tileTurnsMaxAccRegs registers.
func TestTileTurnsFit(t *testing.T) {
	for _, c := range []struct {
		m, n, k int
		elem    string
		ring    int
		want    bool
	}{
		{128, 128, 64, "f32", 0, true},   // 32 KB a step, 128 registers
		{128, 128, 128, "f32", 0, false}, // 64 KB a step: three slots
		{64, 256, 64, "f32", 0, true},    // 40 KB, 128 registers
		{128, 256, 32, "f32", 0, false},  // 24 KB, but 256 registers
		{128, 256, 32, "f16", 0, true},   // f16 accumulators: 128 registers
		{512, 64, 32, "f16", 0, true},
		{256, 256, 16, "f16", 0, false},           // 256 registers of f16 pairs
		{128, 128, 64, "f32", 128 << 10, true},    // four 32 KB steps in 128 KB
		{128, 128, 64, "f32", 128<<10 - 1, false}, // three
	} {
		ring, err := TileTurnsRing(c.ring)
		if err != nil {
			t.Fatal(err)
		}
		src := tileTurnsLoop(c.m, c.n, c.k, c.elem)
		fn := parseFunc(t, src)
		if got := tileTurnsFit(fn, ring); got != c.want {
			t.Errorf("%dx%dx%d %s accumulator, ring %d: tileTurnsFit %v, want %v", c.m, c.n, c.k, c.elem, ring, got, c.want)
		}
	}
	if _, err := TileTurnsRing(-1); err == nil {
		t.Error("TileTurnsRing(-1): no error")
	}
}
