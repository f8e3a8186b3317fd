package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// TestMBarrierCopiesRace: the perf suite's 8-warp kernels (attention at
// head dim 128, the 128x256 matmul) through tt's sm_90 pipelines, whose
// cp.async rings tt-mbarrier-async-copies orders with per-slot mbarriers
// when asked to (it rewrites nothing by default), run in the simulator
// with its race detector (checkMBarrierRing): attention as the pass's
// setting for 8-warp kernels selects it, the matmul (one wgmma an
// iteration) with the pass forced on every loop.
func TestMBarrierCopiesRace(t *testing.T) {
	t.Run("attention_f16_4096_d128", func(t *testing.T) {
		t.Setenv("TT_X_MBARRIER_COPIES", "8")
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
// interpreter on the output argument out, and each of the loop's two
// mbarrier waits is needed: without the readers' wait on full[] a wgmma
// reads a slot before another thread's copy into it lands, without the
// refill's wait on empty[] a copy is issued (and may land) while another
// warp's wgmma may still read the slot; either is reported as a race
// (removeEach). The two waits after the loop, for the stages copied
// ahead, only keep the invalidation of the barriers after their last
// arrivals: removing them changes no output.
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
	if races := removeEach(t, m, gpu.MBarrierWaitOp.Name, kernel, grid, args); races != 2 {
		t.Errorf("%d removed mbarrier waits race, want the loop's 2", races)
	}
}
