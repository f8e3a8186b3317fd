package pipeliner_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/test/passdumps"
)

const kernels = "../../../shared/kernels"

// structure is passdumps.Structure, failing the test on unparsable IR.
func structure(t *testing.T, text string) string {
	t.Helper()
	s, err := passdumps.Structure(text)
	if err != nil {
		t.Fatalf("does not parse: %v", err)
	}
	return s
}

// TestMatmulTTGIR: Triton 3.6's 128x128x64 f16 matmul (num_stages=3,
// contiguous tiles) compiled by ttir-pipeline and ttgir-pipeline for sm_90
// is Triton's own TTGIR, op for op: loads pipelined into 3-slot buffers
// with cp.async, a wgmma kept in flight (warp_group_dot_wait pendings 1),
// the prologue and the predicated kernel loop.
func TestMatmulTTGIR(t *testing.T) {
	base := filepath.Join(kernels, "matmul_f16_128x128x64_w4_s3")
	ttir, err := os.ReadFile(base + ".ttir")
	if err != nil {
		t.Skipf("kernel not found: %v", err)
	}
	want, err := os.ReadFile(base + ".ttgir")
	if err != nil {
		t.Fatal(err)
	}
	op, err := asm.ParseString(all.NewContext(), string(ttir))
	if err != nil {
		t.Fatal(err)
	}
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module(ttir-pipeline,ttgir-pipeline{num-warps=4 capability=90 num-stages=3})")
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(op, &passmgr.Config{VerifyEach: true}); err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	for _, s := range []string{"ttg.async_copy_global_to_local", "ttng.warp_group_dot_wait", "{pendings = 1 : i32}", "!ttg.memdesc<3x128x64xf16"} {
		if !strings.Contains(got, s) {
			t.Errorf("the pipelined matmul lacks %q", s)
		}
	}
	if g, w := structure(t, got), structure(t, string(want)); g != w {
		t.Errorf("TTGIR differs from Triton's:\n%s", passdumps.LineDiff(w, g))
	}
}
