package sim_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// TestSetMaxNRegInstances: the warps of a warpgroup may execute
// setmaxnreg at different instances of the op (warp_specialize partitions
// sharing a warpgroup each start with their own) when they ask for the
// same count; different counts are an error naming both.
func TestSetMaxNRegInstances(t *testing.T) {
	for _, c := range []struct{ other, want string }{
		{"inc 240", ""},
		{"dec 40", "the warpgroup's warps ask for different register counts: setmaxnreg.inc 240"},
	} {
		src := kernel(4, 0, 0, `
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %w0 = llvm.icmp "ult" %tid, %c32 : i32
    llvm.cond_br %w0, ^bb1, ^bb2
  ^bb1:
    gpu.setmaxnreg inc 240
    llvm.br ^bb3
  ^bb2:
    gpu.setmaxnreg `+c.other+`
    llvm.br ^bb3
  ^bb3:`)
		err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.other, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.other, err, c.want)
		}
	}
}
