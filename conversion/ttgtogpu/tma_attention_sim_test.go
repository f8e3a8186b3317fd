package ttgtogpu_test

import (
	"fmt"
	"testing"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// TestTMAAttentionSim: the perf suite's attention with its K and V loads
// moved onto TMA by tt-tma-loads (tma-loads=keyloops, the row split's
// default: the pointers the key loop computes from its induction variable
// become descriptor loads through maps each program makes, under a
// run-time guard whose else branch keeps the pointer loop) and compiled as
// tt-translate compiles it: head dim 128 on two blocks an iteration, head
// dim 64 on the row split. The simulator agrees with the interpreter with two heads (two
// maps' bases), an odd number of key blocks and one block; the producer
// issues TMA copies and no cp.async; and with the guard forced false the
// fallback loop, on its pointer loads, computes the same.
func TestTMAAttentionSim(t *testing.T) {
	const tma = "tt-tma-loads{capability=90 tma-loads=keyloops}"
	for _, c := range []struct {
		d     int
		build func(t *testing.T, m *ir.Operation)
	}{
		{128, func(t *testing.T, m *ir.Operation) {
			runPipeline(t, m, "ttir-pipeline{capability=90},"+tma+",tt-specialize-dot-chains{capability=90 num-warps=8},ttgir-pipeline{num-warps=8 capability=90 turns=twoblocks}")
		}},
		{64, func(t *testing.T, m *ir.Operation) {
			runPipeline(t, m, tma)
			rowSplit(t, m)
		}},
	} {
		m := parseFile(t, fmt.Sprintf("%sperf/attention_f16_4096_d%d.ttir", kernels, c.d))
		ttir := m.Clone(nil)
		c.build(t, m)
		if n := len(ops(m, "ttg.warp_specialize")); n != 1 {
			t.Fatalf("d%d: %d ttg.warp_specialize, want 1", c.d, n)
		}
		if n := len(ops(m, "ttng.async_tma_copy_global_to_local")); n != 2 {
			t.Errorf("d%d: %d TMA copies, want K's and V's", c.d, n)
		}
		if n := len(ops(m, "ttg.async_copy_global_to_local")); n != 0 {
			t.Errorf("d%d: %d cp.async copies, want none (the fallback loop has one stage)", c.d, n)
		}
		if poolGuard(m) == nil {
			t.Fatalf("d%d: no tensor-map pool guard", c.d)
		}
		fallback := m.Clone(nil)
		lower(t, m)
		for _, seq := range []int{384, 128} {
			args, kernel, grid, ref := attentionRun(t, ttir, 13, seq, 2, c.d)
			if msg := compareHalf(ref[3].buf, runLowered(t, m, kernel, grid, args, nil)[3], 2e-3); msg != "" {
				t.Errorf("d%d, %d keys: %s", c.d, seq, msg)
			}
		}
		// The fallback: every program takes the else branch.
		g := poolGuard(fallback)
		b := ir.NewBuilder(fallback.Context())
		b.SetInsertionPoint(g)
		ir.ReplaceAllUsesWith(g.Result(0), arith.ConstantBool(b, g.Loc(), false))
		g.Erase()
		lower(t, fallback)
		args, kernel, grid, ref := attentionRun(t, ttir, 17, 384, 2, c.d)
		if msg := compareHalf(ref[3].buf, runLowered(t, fallback, kernel, grid, args, nil)[3], 2e-3); msg != "" {
			t.Errorf("d%d, the fallback loop: %s", c.d, msg)
		}
	}
}

// poolGuard returns the op computing tt-tma-loads' run-time guard (the
// programs that claim a slot of the map pool), or nil.
func poolGuard(m *ir.Operation) *ir.Operation {
	var guard *ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.HasAttr(ttg.AttrTensormapPoolGuard) {
			guard = op
		}
	})
	return guard
}
