package ttgtogpu_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// suspendKernel waits on an mbarrier once.
const suspendKernel = `
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wait(%phase: i32) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}`

// TT_X_MBARRIER_SUSPEND=NS gives every lowered mbarrier wait a suspend
// time of NS nanoseconds; without it the waits have none, and a value
// that is not a number of nanoseconds try_wait can take is refused at
// the wait's location.
func TestMBarrierSuspendNS(t *testing.T) {
	suspend := func() (waits, hinted int64) {
		m := parse(t, suspendKernel)
		lower(t, m)
		ir.WalkOps(m, func(op *ir.Operation) {
			if op.Name() == gpu.MBarrierWaitOp.Name {
				waits++
				hinted += gpu.SuspendNS(op)
			}
		})
		return waits, hinted
	}
	if waits, hinted := suspend(); waits != 1 || hinted != 0 {
		t.Errorf("unset: %d waits, suspend %d ns; want 1 wait without a suspend time", waits, hinted)
	}
	t.Setenv("TT_X_MBARRIER_SUSPEND", "10000000")
	if waits, hinted := suspend(); waits != 1 || hinted != 10000000 {
		t.Errorf("TT_X_MBARRIER_SUSPEND=10000000: %d waits, suspend %d ns; want 1 wait of 10000000 ns", waits, hinted)
	}
	for _, bad := range []string{"soon", "0", "-5", "4294967296"} {
		t.Setenv("TT_X_MBARRIER_SUSPEND", bad)
		err := lowerErr(parse(t, suspendKernel))
		if err == nil || !strings.Contains(err.Error(), "want a number of nanoseconds") || !strings.Contains(err.Error(), "ttng.wait_barrier") {
			t.Errorf("TT_X_MBARRIER_SUSPEND=%s: got %v, want the wait's located refusal", bad, err)
		}
	}
}
