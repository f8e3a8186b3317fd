package ttrun

import (
	"strings"
	"testing"
)

// sink-to-uses' across-blocks option (transforms/sink_blocks.go, off by
// default): the 128x256 matmul on strides without alignment computes its
// C tile's row indices in front of the K loop, where its A tile's rows
// need the same tensor, and they stay live across the loop. With the
// option on, fewer ops precede the loop in the per-thread IR (the rows
// move into the epilogue), and the simulator still computes A B + bias
// exactly.
func TestSimSinkAcrossBlocksMatmul(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	const m, n, k = 130, 300, 70
	sig := "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, 1, i32, 1, i32, 1, 128, 256, 64"
	ttgir, _ := biasMatmulTTGIR(t, sig, 8)

	// The ops of the per-thread IR's entry block, before the K loop.
	entryOps := func(sink string) int {
		t.Helper()
		body := perThreadIR(t, ttgir, "TT_X_SINK_BLOCKS", sink)
		start := strings.Index(body, "llvm.func @bias_matmul")
		if start < 0 {
			t.Fatalf("no kernel in the per-thread IR")
		}
		end := strings.Index(body[start:], "^bb1(")
		if end < 0 {
			t.Fatalf("no loop header in the per-thread IR")
		}
		return strings.Count(body[start:start+end], " = ")
	}
	if on, off := entryOps("on"), entryOps("off"); on >= off-64 {
		t.Fatalf("%d ops in front of the K loop with across-blocks, %d without: want the 128 row indices moved", on, off)
	}
	mm := newBiasMatmul(m, n, k, 7)
	for _, sink := range []string{"on", "off"} {
		t.Setenv("TT_X_SINK_BLOCKS", sink)
		mm.simulate(t, ttgir, 4, 1)
	}
}
