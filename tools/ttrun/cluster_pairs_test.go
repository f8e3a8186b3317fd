package ttrun

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// Pairs of tiles over clusters of two CTAs (transforms/pipeliner/
// ws_cluster.go, TT_X_CLUSTER_PAIRS=on), run in the simulator, whose
// clusters act on one another (multicast TMA, arrivals on the other CTA's
// barriers, the cluster barrier). examples/tiled_matmul.py walks down the
// columns (pid_m = pid % num_pid_m), so the CTAs 2c and 2c+1, holding the
// tiles 4c to 4c+3 of a block of the persistent walk (which visits a
// column-major grid a column at a time, eight rows at most a group), share
// B's column where the four tiles lie in one column: their producers then
// each multicast one of B's two boxes. K = 320 is five k-steps on a ring of
// four slots, so the shared positions wrap around the ring. The shapes:
//   - 512 x 256 (two columns of four tiles) on 2 SMs: every pair coupled,
//     two blocks;
//   - the same on 4 SMs: two clusters, one block each;
//   - 384 x 256 (columns of three) on 2 SMs: CTA 1's pair (2, 3) is split
//     across the columns, so the cluster never couples, and the last
//     block's tiles go one a program;
//   - 640 x 256 (columns of five) on 2 SMs: coupled on the first block,
//     then CTA 0's pair (4, 5) is split and the cluster stays uncoupled;
//   - 896 x 256 (columns of seven) on 2 SMs: coupled on the first block,
//     then CTA 1's pair (6, 7) is split (ten ring positions against CTA
//     0's five), so on the next block, whose four tiles share the second
//     column, the CTAs' ring positions differ: they must stay uncoupled
//     (the coupling is sticky; recoupled, the producers deadlock or fill
//     the wrong slots).
//
// Each product must be exact; a CTA that filled or released the other's
// slot at the wrong time shows up as a wrong element, a race or a
// deadlock the simulator reports.
func TestSimClusterPairsMatmul(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	t.Setenv("TT_X_TILE_TURNS", "") // pairs, the default
	t.Setenv("TT_X_CLUSTER_PAIRS", "on")
	kernel := filepath.Join("..", "..", "examples", "tiled_matmul.py")
	dir := t.TempDir()
	ttgir := filepath.Join(dir, "mm.ttgir")
	text := translate(t, ttgir, kernel, "--kernel", "matmul_kernel", "--signature",
		"*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64",
		"--arch", "sm_90", "--num-warps=4", "--target=ttgir")
	for _, want := range []string{`"tt.cta-cluster" = 2 : i32`, "tt.multicast_cluster", "tt.cluster_peer", "ttng.cluster_wait"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Fatalf("the TTGIR has no %q", want)
		}
	}
	ptx := string(translate(t, filepath.Join(dir, "mm.ptx"), ttgir, "--arch", "sm_90"))
	for _, want := range []string{".reqnctapercluster 2, 1, 1", ".multicast::cluster", "mbarrier.arrive.release.cluster.shared::cluster", "barrier.cluster.wait"} {
		if !strings.Contains(ptx, want) {
			t.Errorf("the PTX has no %q", want)
		}
	}
	const k = 320
	for _, c := range []struct{ m, n, sms int }{{512, 256, 2}, {512, 256, 4}, {384, 256, 2}, {640, 256, 2}, {896, 256, 2}} {
		t.Run(fmt.Sprintf("%dx%d, %d SMs", c.m, c.n, c.sms), func(t *testing.T) {
			a, b, want := exactMatmul(c.m, c.n, k)
			grid := (c.m / 128) * (c.n / 128)
			simHalfMatmul(t, ttgir, fmt.Sprint(grid), c.sms, c.m, c.n, k, k, a, b, want)
		})
	}
}
