package pipeliner_test

import (
	"os"
	"strings"
	"testing"
)

// TestSplitRSDotLeavesClusterBuffersWhole: the RS wgmma of a cluster is
// not split along K, since ttg.memdesc_subslice takes no view of a buffer
// split over the CTAs (its verifier refuses a non-trivial block
// dimension, as Triton 3.6's does): the split left IR that did not verify
// (found by the fuzz harness at --num-ctas=4 on a matmul whose A went
// through tt.split and tt.join). The dot stays whole and waits for its
// previous iteration, as an RS dot that cannot be split does; without a
// cluster the same loop still splits (four dots of the instruction's K).
func TestSplitRSDotLeavesClusterBuffersWhole(t *testing.T) {
	b, err := os.ReadFile("testdata/wgmma-rs-cluster.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		ctas string
		dots int
	}{{"2", 1}, {"1", 4}} {
		src := string(b)
		if c.ctas == "1" {
			src = strings.ReplaceAll(src, ", CGALayout = [[0, 1]]", "")
			src = strings.ReplaceAll(src, ", CGALayout = [[0, 0]]", "")
			src = strings.Replace(src, `"ttg.num-ctas" = 2`, `"ttg.num-ctas" = 1`, 1)
		}
		out, err, _ := run(t, src, "tritongpu-pipeline{num-stages=3}")
		if err != nil {
			t.Fatalf("%s CTAs: %v", c.ctas, err)
		}
		loop := out[strings.Index(out, "scf.for"):]
		loop = loop[:strings.Index(loop, "scf.yield")]
		if n := strings.Count(loop, "ttng.warp_group_dot "); n != c.dots {
			t.Errorf("%s CTAs: %d wgmmas in the loop, want %d:\n%s", c.ctas, n, c.dots, loop)
		}
	}
}
