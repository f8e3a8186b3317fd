package ttir_test

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/transforms/ttir"
)

// TestRowSplitPlan: the plan takes the perf set's attention at head dim 64
// on 4 warps for sm_90 (82 registers of tensors a consumer thread) with two
// CTAs an SM, and at head dim 128 (114) with one; it refuses them on 8
// warps, on sm_80, on clusters and with TT_X_SPLIT_ROWS=off, and a matmul
// (no chained dots). Tutorial 06's attention (descriptor loads) is split,
// its loop marked tt.warp_specialize or not.
func TestRowSplitPlan(t *testing.T) {
	plan := func(name string, warps, capability, ctas int) (ttir.RowSplit, bool) {
		t.Helper()
		src, err := os.ReadFile(kernels + "/perf/" + name + ".ttir")
		if err != nil {
			t.Skipf("perf kernels not available: %v", err)
		}
		m, err := asm.ParseString(all.NewContext(), string(src))
		if err != nil {
			t.Fatal(err)
		}
		return ttir.RowSplitPlan(m, warps, capability, ctas)
	}
	const d64, d128 = "attention_f16_4096_d64", "attention_f16_4096_d128"
	if p, ok := plan(d64, 4, 90, 1); !ok || p.CTAsPerSM != 2 || p.MaxNReg != 80 || p.ProducerRegs != 24 || p.Turns != "alternate" {
		t.Errorf("head dim 64, 4 warps, sm_90: %+v (split %v), want two CTAs an SM, .maxnreg 80, a producer of 24 registers, alternating turns", p, ok)
	}
	if src, err := os.ReadFile(kernels + "/perf/" + d64 + ".ttir"); err == nil {
		// The kernel with asm that reads its thread's index keeps its 4 warps.
		m, err := asm.ParseString(all.NewContext(), withAsm(string(src), `mov.u32 $0, %tid.x;`, true))
		if err != nil {
			t.Fatal(err)
		}
		if p, ok := ttir.RowSplitPlan(m, 4, 90, 1); ok {
			t.Errorf("head dim 64 with asm reading %%tid.x: split (%+v), want the 4 warps asked for", p)
		}
	}
	if p, ok := plan(d128, 4, 90, 1); !ok || p != (ttir.RowSplit{CTAsPerSM: 1}) {
		t.Errorf("head dim 128, 4 warps, sm_90: %+v (split %v), want one CTA an SM and the 8-warp kernel's own settings", p, ok)
	}
	// Tutorial 06's attention at head dim 64 loads K and V through tensor
	// descriptors.
	src, err := os.ReadFile("../../frontend/testdata/reference/tutorials.06.attn_fwd_device_desc.ttir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.ParseString(all.NewContext(), string(src))
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := ttir.RowSplitPlan(m, 4, 90, 1); !ok || p.CTAsPerSM != 2 {
		t.Errorf("tutorial 06 (descriptor loads), head dim 64, 4 warps: %+v (split %v), want two CTAs an SM", p, ok)
	}
	// The same loop marked tt.warp_specialize (warp_specialize=True, the
	// tutorial's default on Hopper) is split too.
	marked := 0
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "scf.for" {
			op.SetAttr(tt.AttrWarpSpecialize, ir.Unit(m.Context()))
			marked++
		}
	})
	if p, ok := ttir.RowSplitPlan(m, 4, 90, 1); marked != 1 || !ok || p.CTAsPerSM != 2 {
		t.Errorf("tutorial 06 with its loop marked tt.warp_specialize (%d loops): %+v (split %v)", marked, p, ok)
	}
	for _, c := range []struct {
		what            string
		name            string
		warps, cc, ctas int
	}{
		{"head dim 64 on 8 warps", d64, 8, 90, 1},
		{"head dim 64 on sm_80", d64, 4, 80, 1},
		{"head dim 64 in clusters of 2", d64, 4, 90, 2},
		{"head dim 128 on 8 warps", d128, 8, 90, 1},
		{"a matmul", "matmul_f16_4096_128x128x64_w4", 4, 90, 1},
	} {
		if _, ok := plan(c.name, c.warps, c.cc, c.ctas); ok {
			t.Errorf("%s: split", c.what)
		}
	}
	t.Setenv("TT_X_SPLIT_ROWS", "off")
	if _, ok := plan(d64, 4, 90, 1); ok {
		t.Errorf("TT_X_SPLIT_ROWS=off: split")
	}
}
