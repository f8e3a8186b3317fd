package ttir_test

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/ttir"
)

// TestPersistentTakesOfferedAxisInfo: tt-persistent-programs reads the
// axis analysis from the pass manager's cache, where tt-translate offers
// the one PersistentPlan computed: the plan's own gives the rewrite the
// pass makes by itself, one that finds the pointers narrow keeps the
// kernel's loads from qualifying, and after a change of the IR the offer
// is not taken.
func TestPersistentTakesOfferedAxisInfo(t *testing.T) {
	src, err := os.ReadFile("../../../shared/kernels/perf/matmul_f16_4096_128x128x64_w4.ttir")
	if err != nil {
		t.Skipf("perf kernels not available: %v", err)
	}
	pm, err := passmgr.Parse(nil, "builtin.module(tt-persistent-programs{capability=90 num-warps=4 tile-turns=off})")
	if err != nil {
		t.Fatal(err)
	}
	// narrowPointers makes every tensor of pointers tt.addptr computes
	// contiguous by two elements and aligned to one byte: loads from them
	// are too narrow for the pipeliner.
	narrowPointers := func(op *ir.Operation, _ []axisinfo.Info) (axisinfo.Info, bool) {
		rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
		if op.Name() != "tt.addptr" || !ok {
			return axisinfo.Info{}, false
		}
		two, one := make([]int64, rt.Rank()), make([]int64, rt.Rank())
		for d := range two {
			two[d], one[d] = 2, 1
		}
		return axisinfo.NewInfo(two, one, one), true
	}
	// compile runs the pass, offering what offer returns for the module
	// (nil: nothing), after changing the IR where touch says so; it
	// returns the IR and whether the kernel was made persistent (the
	// rewrite reads the SM count with inline assembly).
	compile := func(offer func(m *ir.Operation) *axisinfo.Module, touch bool) (string, bool) {
		m, err := asm.ParseString(all.NewContext(), string(src))
		if err != nil {
			t.Fatal(err)
		}
		cfg := passmgr.DefaultConfig()
		cfg.Offered = &passmgr.Offered{}
		if a := offer(m); a != nil {
			passmgr.Offer(cfg.Offered, m, a)
		}
		if touch {
			m.SetAttr("test.touched", ir.Unit(m.Context()))
		}
		if err := pm.Run(m, cfg); err != nil {
			t.Fatal(err)
		}
		persistent := false
		ir.WalkOps(m, func(op *ir.Operation) {
			persistent = persistent || op.Name() == "tt.elementwise_inline_asm"
		})
		return asm.Sprint(m, asm.PrintConfig{}), persistent
	}
	none := func(*ir.Operation) *axisinfo.Module { return nil }
	plan := func(m *ir.Operation) *axisinfo.Module {
		n, _, _, axis := ttir.PersistentPlan(m, 4, 0)
		if n != 1 || axis == nil {
			t.Fatalf("PersistentPlan: %d kernels, an analysis: %v; want 1 and one", n, axis != nil)
		}
		return axis
	}
	narrow := func(m *ir.Operation) *axisinfo.Module { return axisinfo.Analyze(m, narrowPointers) }
	alone, persistent := compile(none, false)
	if !persistent {
		t.Fatal("the pass did not make the kernel persistent")
	}
	if got, _ := compile(plan, false); got != alone {
		t.Errorf("with the plan's analysis offered the pass rewrote the kernel otherwise:\n%s\nalone:\n%s", got, alone)
	}
	if _, persistent := compile(narrow, false); persistent {
		t.Errorf("an offered analysis of narrow pointers let the kernel's loads qualify: the pass did not read it")
	}
	if _, persistent := compile(narrow, true); !persistent {
		t.Errorf("an analysis offered before the IR changed was used")
	}
}
