package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// TestMBarrierCopiesRace: the perf suite's 8-warp kernels (attention at
// head dim 128, the 128x256 matmul) through tt's sm_90 pipelines, whose
// cp.async rings tt-mbarrier-async-copies orders with per-slot mbarriers,
// run in the simulator with its race detector (checkMBarrierRing); the
// matmul, which the pass leaves alone by default, with the pass forced.
func TestMBarrierCopiesRace(t *testing.T) {
	t.Run("attention_f16_4096_d128", func(t *testing.T) {
		m := parseFile(t, kernels+"perf/attention_f16_4096_d128.ttir")
		runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=8 capability=90}")
		r := rand.New(rand.NewSource(5))
		seq, heads, d := 256, 1, 128
		n := seq * heads * d
		args := []diffArg{halfRandom(r, n, 1), halfRandom(r, n, 1), halfRandom(r, n, 1), zeroBuf("f16", n),
			intArg(int64(seq)), floatArg(0.125 * 1.4426950408889634)}
		checkMBarrierRing(t, m, "attention_kernel", [3]int{seq / 128, heads, 1}, args, 3)
	})
	t.Run("matmul_f16_128x256x64_w8", func(t *testing.T) {
		// One wgmma an iteration: the pass leaves it alone unless told.
		t.Setenv("TT_X_MBARRIER_COPIES", "all")
		m := parseFile(t, kernels+"perf/matmul_f16_4096_128x256x64_w8.ttir")
		runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=8 capability=90}")
		r := rand.New(rand.NewSource(6))
		M, N, K := 128, 256, 256
		args := []diffArg{halfRandom(r, M*K, 1), halfRandom(r, K*N, 1), zeroBuf("f16", M*N),
			intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N))}
		checkMBarrierRing(t, m, "matmul_kernel", [3]int{1, 1, 1}, args, 2)
	})
}

// checkMBarrierRing checks a kernel whose one pipelined loop the pass
// rewrites: it gets 2x3 mbarriers, the simulator agrees with the
// interpreter on the output argument out, and removing an mbarrier wait
// never changes the output silently (removeEach). The readers' wait on
// full[] is the one whose removal the simulator reports: it lands a copy
// at the latest time the hardware may, when the phase completes, which
// makes a read before the wait observably early; a refill without its
// wait on empty[] lands after every reader's arrival all the same, and
// the race detector, which keeps two reads a byte, does not see the
// overwrite. (TestWGMMAPipelinedPTX checks the loop's PTX; the lit test
// the protocol's ops.)
func checkMBarrierRing(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg, out int) {
	t.Helper()
	ref := cloneArgs(args)
	interpret(t, m.Clone(nil), kernel, grid, ref)
	lower(t, m)
	if got := count(m, gpu.MBarrierInitOp.Name); got != 6 {
		t.Fatalf("%d mbarrier inits, want 6 (3 slots, full and empty)", got)
	}
	bufs := runLowered(t, m, kernel, grid, args, nil)
	if msg := compareHalf(ref[out].buf, bufs[out], 2e-3); msg != "" {
		t.Errorf("argument #%d: %s", out, msg)
	}
	removeEach(t, m, gpu.MBarrierWaitOp.Name, kernel, grid, args)
}
