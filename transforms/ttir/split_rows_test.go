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
// on 4 warps for sm_90 (82 registers of tensors a consumer thread), and
// refuses it on 8 warps, on sm_80, on clusters and with TT_X_SPLIT_ROWS=off;
// head dim 128 on 4 warps (114 registers of tensors) and a matmul (no
// chained dots) are refused. Tutorial 06's attention (descriptor loads)
// is split, its loop marked tt.warp_specialize or not.
func TestRowSplitPlan(t *testing.T) {
	plan := func(name string, warps, capability, ctas int) bool {
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
	if !plan(d64, 4, 90, 1) {
		t.Errorf("head dim 64, 4 warps, sm_90: not split")
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
	if !ttir.RowSplitPlan(m, 4, 90, 1) {
		t.Errorf("tutorial 06 (descriptor loads), head dim 64, 4 warps: not split")
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
	if marked != 1 || !ttir.RowSplitPlan(m, 4, 90, 1) {
		t.Errorf("tutorial 06 with its loop marked tt.warp_specialize (%d loops): not split", marked)
	}
	for _, c := range []struct {
		what            string
		name            string
		warps, cc, ctas int
	}{
		{"head dim 64 on 8 warps", d64, 8, 90, 1},
		{"head dim 64 on sm_80", d64, 4, 80, 1},
		{"head dim 64 in clusters of 2", d64, 4, 90, 2},
		{"head dim 128 on 4 warps", d128, 4, 90, 1},
		{"a matmul", "matmul_f16_4096_128x128x64_w4", 4, 90, 1},
	} {
		if plan(c.name, c.warps, c.cc, c.ctas) {
			t.Errorf("%s: split", c.what)
		}
	}
	t.Setenv("TT_X_SPLIT_ROWS", "off")
	if plan(d64, 4, 90, 1) {
		t.Errorf("TT_X_SPLIT_ROWS=off: split")
	}
}
