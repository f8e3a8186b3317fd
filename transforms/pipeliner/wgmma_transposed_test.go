package pipeliner_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestAsyncDotTransposedAccumulator: a properly async wgmma whose result
// reaches the yield through a tt.trans gets no wait at the start of the
// loop body (one there would use the dot before the dot: the IR did not
// verify; found by the fuzz harness's view mutation on the tutorial
// matmuls); the tt.trans reads the result of the wait after the dot,
// which leaves it in flight.
func TestAsyncDotTransposedAccumulator(t *testing.T) {
	src, err := os.ReadFile("testdata/wgmma-transposed-accumulator.mlir")
	if err != nil {
		t.Fatal(err)
	}
	out, err, _ := run(t, string(src), "tritongpu-pipeline{num-stages=3}")
	if err != nil {
		t.Fatal(err)
	}
	body := out[strings.Index(out, "scf.for"):]
	body = body[:strings.Index(body, "scf.yield")]
	dot := strings.Index(body, "ttng.warp_group_dot ")
	if dot < 0 {
		t.Fatalf("no wgmma in the loop:\n%s", out)
	}
	if w := strings.Index(body, "ttng.warp_group_dot_wait"); w < dot {
		t.Errorf("the loop waits for its dot before it:\n%s", body)
	}
	m := regexp.MustCompile(`(%\w+):3 = ttng\.warp_group_dot_wait %\w+, %\w+, %\w+ \{pendings = 1 : i32\}`).FindStringSubmatch(body[dot:])
	if m == nil || !strings.Contains(body, "tt.trans "+m[1]+"#0 ") {
		t.Errorf("the transposed result does not come from the wait that leaves the dot in flight:\n%s", body)
	}
}
