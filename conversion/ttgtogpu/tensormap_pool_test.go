package ttgtogpu_test

import (
	"strings"
	"testing"
)

// poolTTGIR is a kernel whose map allocation lives in the tensor-map pool,
// claimed under a guard (what tt-tma-loads leaves), with STORE in front of
// the guard.
const poolTTGIR = `
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<i32>, %n: i32) {
    STORE
    %c0 = arith.constant 0 : i32
    %g = arith.cmpi slt, %c0, %n {tt.tensormap_pool_guard} : i32
    scf.if %g {
      %s = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, tt.tensormap_pool} : !tt.ptr<i8>
      tt.store %p, %n : !tt.ptr<i32>
    }
    tt.return
  }
}`

// The pool passes the claimed slot's index through the first word of
// shared memory, so a kernel that accesses memory before the claim, or
// has no shared memory, is refused with a located error rather than
// lowered into a race.
func TestTensormapPoolRefusals(t *testing.T) {
	for _, c := range []struct{ store, want string }{
		{"tt.store %p, %n : !tt.ptr<i32>", "accesses memory before the tensor-map pool's claim"},
		{"", "the kernel has none (ttg.shared)"},
	} {
		m := parse(t, strings.Replace(poolTTGIR, "STORE", c.store, 1))
		err := lowerErr(m)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), ":") {
			t.Errorf("store %q: got %v, want a located error containing %q", c.store, err, c.want)
		}
	}
}
