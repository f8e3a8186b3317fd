package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// TestMBarrierCopiesRace: the perf suite's 8-warp kernels (attention at
// head dim 128, the 128x256 matmul) through tt's sm_90 pipelines, whose
// cp.async rings tt-mbarrier-async-copies orders with per-slot mbarriers.
// The lowering keeps no CTA barrier in the loop (only the ones around it:
// after the barriers' initialization and before their invalidation), the
// simulator, race detector on, computes what the interpreter computes,
// and the mbarrier waits are what make it race-free: removing one of
// them is reported as a race (or changes nothing), never a silent
// difference.
func TestMBarrierCopiesRace(t *testing.T) {
	t.Run("attention_f16_4096_d128", func(t *testing.T) {
		m := parseFile(t, kernels+"perf/attention_f16_4096_d128.ttir")
		runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=8 capability=90}")
		r := rand.New(rand.NewSource(5))
		seq, heads, d := 256, 1, 128
		n := seq * heads * d
		args := []diffArg{halfRandom(r, n, 1), halfRandom(r, n, 1), halfRandom(r, n, 1), zeroBuf("f16", n),
			intArg(int64(seq)), floatArg(0.125 * 1.4426950408889634)}
		checkMBarrierRing(t, m, "attention_kernel", [3]int{seq / 128, heads, 1}, args, 3, 3)
	})
	t.Run("matmul_f16_128x256x64_w8", func(t *testing.T) {
		m := parseFile(t, kernels+"perf/matmul_f16_4096_128x256x64_w8.ttir")
		runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=8 capability=90}")
		r := rand.New(rand.NewSource(6))
		M, N, K := 128, 256, 256
		args := []diffArg{halfRandom(r, M*K, 1), halfRandom(r, K*N, 1), zeroBuf("f16", M*N),
			intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N))}
		checkMBarrierRing(t, m, "matmul_kernel", [3]int{1, 1, 1}, args, 2, 2)
	})
}

// checkMBarrierRing checks a kernel whose one pipelined loop the pass
// rewrites: it gets 2x3 mbarriers, the lowered kernel keeps the given
// number of CTA barriers, the simulator agrees with the interpreter on
// the output argument out, and each mbarrier wait is needed (removeEach).
func checkMBarrierRing(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg, out, barriers int) {
	t.Helper()
	ref := cloneArgs(args)
	interpret(t, m.Clone(nil), kernel, grid, ref)
	lower(t, m)
	if got := count(m, gpu.MBarrierInitOp.Name); got != 6 {
		t.Fatalf("%d mbarrier inits, want 6 (3 slots, full and empty)", got)
	}
	if got := count(m, gpu.BarrierOp.Name); got != barriers {
		t.Errorf("%d CTA barriers, want %d\n%s", got, barriers, print(m))
	}
	bufs := runLowered(t, m, kernel, grid, args, nil)
	if msg := compareHalf(ref[out].buf, bufs[out], 2e-3); msg != "" {
		t.Errorf("argument #%d: %s", out, msg)
	}
	removeEach(t, m, gpu.MBarrierWaitOp.Name, kernel, grid, args)
}
