package ttgtogpu_test

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// TestDotChainWarpSpecializationSim: the perf suite's attention at head
// dim 128 (8 warps, pointer loads) through tt's sm_90 pipeline with
// tt-specialize-dot-chains, which has nvgpu-warp-specialization split its
// loop into a cp.async producer of one warpgroup (the function's pointer
// layouts taken to 4 warps) and the two consumer warpgroups: the
// simulator agrees with the interpreter, and each of the
// protocol's mbarrier waits is needed (without the consumers' waits on
// full[], in the loop and in the first iteration ahead of it, a wgmma
// reads a slot before the copies land; without the producer's wait on
// empty[] a copy overwrites a slot a warp may still read), so the
// per-warp arrivals and the absence of CTA barriers in the loop are what
// orders it. With turns=overlap (the default's fallback where the ring
// cannot take two more slots; TestDotChainTwoBlocksSim has the default)
// the consumer issues each iteration's first dot and the previous
// iteration's second together, and its two warpgroups take turns at it
// (ws_pingpong.go): the kernel has the protocol's two arrivals on
// the turn barriers (warpgroup 1's before the loop, each warpgroup's after
// its turn), and without either a warpgroup waits for its turn forever.
func TestDotChainWarpSpecializationSim(t *testing.T) {
	m := parseFile(t, kernels+"perf/attention_f16_4096_d128.ttir")
	// The reference is the TTIR's meaning: the interpreter runs only a
	// warp_specialize's default region.
	ttir := m.Clone(nil)
	runPipeline(t, m, "ttir-pipeline{capability=90},tt-specialize-dot-chains{capability=90 num-warps=8},ttgir-pipeline{num-warps=8 capability=90 turns=overlap}")
	ws := ops(m, "ttg.warp_specialize")
	if len(ws) != 1 {
		t.Fatalf("%d ttg.warp_specialize, want 1", len(ws))
	}
	if w := ttg.PartitionNumWarps(ws[0]); !slices.Equal(w, []int{4}) {
		t.Errorf("producer partition of %v warps, want [4]", w)
	}
	const seq, heads, d = 256, 1, 128
	n := seq * heads * d
	args, kernel, grid, ref := attentionRun(t, ttir, 7, seq, heads, d)
	lower(t, m)
	bufs := runLowered(t, m, kernel, grid, args, nil)
	if msg := compareHalf(ref[3].buf, bufs[3], 2e-3); msg != "" {
		t.Errorf("output: %s", msg)
	}
	// A ring of two slots, the fewest the turns take: the consumer holds
	// both (the slot its second dot still reads and the next), and the
	// producer waits for each to come back without a deadlock.
	two := parseFile(t, kernels+"perf/attention_f16_4096_d128.ttir")
	runPipeline(t, two, "ttir-pipeline{capability=90},tt-specialize-dot-chains{capability=90 num-warps=8},ttgir-pipeline{num-warps=8 num-stages=2 capability=90 turns=overlap}")
	lower(t, two)
	if n := len(ops(two, gpu.NamedBarrierArriveOp.Name)); n != 2 {
		t.Errorf("two slots: %d turn arrivals, want 2", n)
	}
	if n := len(ops(two, gpu.MBarrierInitOp.Name)); n != 4 {
		t.Errorf("two slots: %d mbarriers initialized, want a full and an empty one a slot", n)
	}
	twoArgs := cloneArgs(args)
	if msg := compareHalf(ref[3].buf, runLowered(t, two, kernel, grid, twoArgs, nil)[3], 2e-3); msg != "" {
		t.Errorf("output, two slots: %s", msg)
	}
	// Two key blocks (one program): the first iteration ahead of the
	// loop, one in it, the last second dot after it.
	short := []diffArg{args[0], args[1], args[2], zeroBuf("f16", n), intArg(128), args[5]}
	shortRef := cloneArgs(short)
	interpret(t, ttir, kernel, [3]int{1, heads, 1}, shortRef)
	if msg := compareHalf(shortRef[3].buf, runLowered(t, m, kernel, [3]int{1, heads, 1}, short, nil)[3], 2e-3); msg != "" {
		t.Errorf("output, 128 keys: %s", msg)
	}
	if races := removeEach(t, m, gpu.MBarrierWaitOp.Name, kernel, grid, args); races != 3 {
		t.Errorf("%d removed mbarrier waits race, want the 3 of the consumer and producer", races)
	}
	if arrives := eachTurnArrivalNeeded(t, m, kernel, grid, args); arrives != 2 {
		t.Errorf("%d turn barrier arrivals, want 2", arrives)
	}
}

// TestDotChainTwoBlocksSim: the same kernel with turns=twoblocks
// (transforms/pipeliner/ws_twoblocks.go): the consumer's loop runs two key
// blocks an iteration, both blocks' S issued together, its warpgroups
// without turns and the ring two slots deeper. The simulator agrees with
// the interpreter with an odd and an even number of loop iterations (the
// epilogue loop runs the odd one's last) and with one iteration (only the
// epilogue); every mbarrier wait is needed (the second block's wait for
// its slot included, which moved up to the first's S).
func TestDotChainTwoBlocksSim(t *testing.T) {
	m := parseFile(t, kernels+"perf/attention_f16_4096_d128.ttir")
	ttir := m.Clone(nil)
	runPipeline(t, m, "ttir-pipeline{capability=90},tt-specialize-dot-chains{capability=90 num-warps=8},ttgir-pipeline{num-warps=8 capability=90 turns=twoblocks}")
	if n := len(ops(m, "ttg.warp_specialize")); n != 1 {
		t.Fatalf("%d ttg.warp_specialize, want 1", n)
	}
	// Two S dots, then the P·V of the block before, in the unrolled loop.
	var pair *ir.Operation
	for _, l := range ops(m, "scf.for") {
		// Each dot by its result's columns: 64 keys (S) or 128 (P·V).
		var dots []int64
		for _, op := range l.Region(0).Front().Ops() {
			if op.Name() == "ttng.warp_group_dot" {
				dots = append(dots, op.Result(0).Type().(*ir.RankedTensorType).Dims[1])
			}
		}
		if len(dots) == 4 {
			pair = l
			if want := []int64{64, 64, 128, 128}; !slices.Equal(dots, want) {
				t.Errorf("the unrolled loop's dots give %v columns, want %v", dots, want)
			}
		}
	}
	if pair == nil {
		t.Fatalf("no loop with two blocks' dots")
	}
	if n := len(ops(m, gpu.NamedBarrierOp.Name)) + len(ops(m, gpu.NamedBarrierArriveOp.Name)); n != 0 {
		t.Errorf("%d turn barriers, want none", n)
	}
	lower(t, m)
	if n := len(ops(m, gpu.MBarrierInitOp.Name)); n != 10 {
		t.Errorf("%d mbarriers initialized, want a full and an empty one for each of 5 slots", n)
	}
	// Key blocks 6, 5, 2 and 8: the loop after block 0 runs 5 (two pairs
	// and the epilogue), 4 (two pairs), 1 (the epilogue alone) and 7
	// iterations; at 8 blocks the producer also waits for slots to come
	// back, so that each wait can be taken out.
	const heads, d = 1, 128
	for _, seq := range []int{384, 320, 128, 512} {
		args, kernel, grid, ref := attentionRun(t, ttir, 5, seq, heads, d)
		if msg := compareHalf(ref[3].buf, runLowered(t, m, kernel, grid, args, nil)[3], 2e-3); msg != "" {
			t.Errorf("output, %d keys: %s", seq, msg)
		}
		if seq == 512 {
			waits := len(ops(m, gpu.MBarrierWaitOp.Name))
			if races := removeEach(t, m, gpu.MBarrierWaitOp.Name, kernel, grid, args); races != waits {
				t.Errorf("%d of %d removed mbarrier waits race, want each", races, waits)
			}
		}
	}
}

// TestRowSplitAttentionSim: the perf suite's attention at head dim 64 (a
// 4-warp kernel, pointer loads) as tt-translate's row split compiles it
// (transforms/ttir/split_rows.go): on 8 warps with .maxnreg 80, a cp.async
// producer of one warpgroup keeping 24 registers a thread and two consumer
// warpgroups of 64 rows that alternate at the tensor cores. The simulator
// agrees with the interpreter; the consumers' and the producer's mbarrier
// waits are each needed; and each of the alternation's turn arrivals is:
// without it a warpgroup waits for its turn forever.
func TestRowSplitAttentionSim(t *testing.T) {
	m := parseFile(t, kernels+"perf/attention_f16_4096_d64.ttir")
	ttir := m.Clone(nil)
	rowSplit(t, m)
	ws := ops(m, "ttg.warp_specialize")
	if len(ws) != 1 {
		t.Fatalf("%d ttg.warp_specialize, want 1", len(ws))
	}
	if w := ttg.PartitionNumWarps(ws[0]); !slices.Equal(w, []int{4}) {
		t.Errorf("producer partition of %v warps, want [4]", w)
	}
	if req, ok := ws[0].Attr("requestedRegisters").(*ir.DenseArrayAttr); !ok || !slices.Equal(req.Ints, []int64{24}) {
		t.Errorf("requestedRegisters %v, want [24]", ws[0].Attr("requestedRegisters"))
	}
	args, kernel, grid, ref := attentionRun(t, ttir, 11, 256, 1, 64)
	lower(t, m)
	if a, ok := ws[0].Attr("actualRegisters").(*ir.DenseArrayAttr); ok {
		t.Logf("actualRegisters %v", a.Ints)
	}
	bufs := runLowered(t, m, kernel, grid, args, nil)
	if msg := compareHalf(ref[3].buf, bufs[3], 2e-3); msg != "" {
		t.Errorf("output: %s", msg)
	}
	if races := removeEach(t, m, gpu.MBarrierWaitOp.Name, kernel, grid, args); races < 2 {
		t.Errorf("%d removed mbarrier waits race, want the consumer's and the producer's", races)
	}
	if eachTurnArrivalNeeded(t, m, kernel, grid, args) == 0 {
		t.Errorf("no turn barrier arrivals: the warpgroups do not alternate")
	}
}

// TestRowSplitTMAAttentionSim: tutorial 06's attention at head dim 64,
// which loads Q, K and V through tensor descriptors made in the kernel,
// compiled as tt-translate compiles it asked for 4 warps (the row split,
// its producer here issuing TMA copies): the simulator agrees with the
// interpreter on the output and on the row statistics M; the consumers'
// and the producer's mbarrier waits are each needed, and so is each of the
// alternation's turn arrivals.
func TestRowSplitTMAAttentionSim(t *testing.T) {
	m := parseFile(t, "../../frontend/testdata/reference/tutorials.06.attn_fwd_device_desc.ttir")
	ttir := m.Clone(nil)
	rowSplit(t, m)
	if n := len(ops(m, "ttg.warp_specialize")); n != 1 {
		t.Fatalf("%d ttg.warp_specialize, want 1", n)
	}
	r := rand.New(rand.NewSource(23))
	const seq, d, kernel = 256, 64, "_attn_fwd"
	grid := [3]int{seq / 128, 1, 1}
	args := []diffArg{floatArg(0.125), zeroBuf("f32", seq), intArg(1), intArg(1),
		halfRandom(r, seq*d, 1), halfRandom(r, seq*d, 1), halfRandom(r, seq*d, 1), zeroBuf("f16", seq*d), intArg(seq)}
	ref := cloneArgs(args)
	interpret(t, ttir, kernel, grid, ref)
	lower(t, m)
	got := runLowered(t, m, kernel, grid, args, nil)
	if msg := compareHalf(ref[7].buf, got[7], 2e-3); msg != "" {
		t.Errorf("output: %s", msg)
	}
	if msg := compareBuf("f32", ref[1].buf, got[1], 64); msg != "" {
		t.Errorf("M: %s", msg)
	}
	if races := removeEach(t, m, gpu.MBarrierWaitOp.Name, kernel, grid, args); races < 2 {
		t.Errorf("%d removed mbarrier waits race, want the consumer's and the producer's", races)
	}
	if eachTurnArrivalNeeded(t, m, kernel, grid, args) == 0 {
		t.Errorf("no turn barrier arrivals: the warpgroups do not alternate")
	}
}

// rowSplit compiles the TTIR module m to TTGIR as tt-translate's row split
// of a 4-warp kernel does (ttir.RowSplitPlan's two-CTA schedule: 8 warps,
// .maxnreg 80, alternating turns, a producer of 24 registers).
func rowSplit(t *testing.T, m *ir.Operation) {
	t.Helper()
	m.SetAttr(ttg.AttrMaxNReg, ir.I32Attr(m.Context(), 80))
	runPipeline(t, m, "ttir-pipeline{capability=90},tt-specialize-dot-chains{capability=90 num-warps=8},"+
		"ttgir-pipeline{num-warps=8 capability=90 turns=alternate producer-registers=24}")
}

// eachTurnArrivalNeeded runs the lowered m without each of its turn
// barrier arrivals in turn, checks that each leaves a warpgroup waiting
// for its turn forever (a deadlock), and returns how many there are.
func eachTurnArrivalNeeded(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg) int {
	t.Helper()
	arrives := len(ops(m, gpu.NamedBarrierArriveOp.Name))
	for i := 0; i < arrives; i++ {
		mi := m.Clone(ir.NewMapping())
		ops(mi, gpu.NamedBarrierArriveOp.Name)[i].Erase()
		if _, err := tryLowered(mi, kernel, grid, args); err == nil || !strings.Contains(err.Error(), "deadlock") {
			t.Errorf("without turn arrival %d: %v, want a deadlock", i, err)
		}
	}
	return arrives
}

// attentionRun makes random inputs for the perf suite's attention kernel
// (seq keys and queries, heads, head dim d, blocks of 128 queries) and
// runs the TTIR's meaning on them in the interpreter: the arguments, the
// kernel, its grid and the reference results.
func attentionRun(t *testing.T, ttir *ir.Operation, seed int64, seq, heads, d int) ([]diffArg, string, [3]int, []diffArg) {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	n := seq * heads * d
	args := []diffArg{halfRandom(r, n, 1), halfRandom(r, n, 1), halfRandom(r, n, 1), zeroBuf("f16", n),
		intArg(int64(seq)), floatArg(0.125 * 1.4426950408889634)}
	kernel, grid := "attention_kernel", [3]int{seq / 128, heads, 1}
	ref := cloneArgs(args)
	interpret(t, ttir, kernel, grid, ref)
	return args, kernel, grid, ref
}
