package ttrun

import (
	"os"
	"path/filepath"
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
	kernel := filepath.Join("testdata", "bias_matmul.py")
	sig := "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, 1, i32, 1, i32, 1, 128, 256, 64"
	dir := t.TempDir()
	ttgir := filepath.Join(dir, "mm.ttgir")
	translate(t, ttgir, kernel, "--kernel", "bias_matmul", "--signature", sig, "--arch", "sm_90", "--num-warps=8", "--target=ttgir")

	// The ops of the per-thread IR's entry block, before the K loop.
	entryOps := func(sink string) int {
		t.Helper()
		t.Setenv("TT_X_SINK_BLOCKS", sink)
		stages := t.TempDir()
		translate(t, filepath.Join(stages, "mm.ptx"), ttgir, "--arch", "sm_90", "--dump-stages", stages)
		files, _ := filepath.Glob(filepath.Join(stages, "*llir.mlir"))
		if len(files) != 1 {
			t.Fatalf("expected one per-thread IR dump in %s, got %v", stages, files)
		}
		text, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		body := string(text)
		start := strings.Index(body, "llvm.func @bias_matmul")
		end := strings.Index(body[start:], "^bb1(")
		if start < 0 || end < 0 {
			t.Fatalf("no kernel or no loop header in the per-thread IR")
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
