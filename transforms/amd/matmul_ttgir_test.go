package amd_test

import (
	"os"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/test/passdumps"
)

// structure is passdumps.Structure, failing the test on unparsable IR.
func structure(t *testing.T, text string) string {
	t.Helper()
	s, err := passdumps.Structure(text)
	if err != nil {
		t.Fatalf("does not parse: %v", err)
	}
	return s
}

// TestMatmulTTGIR: shared/kernels/amd's f16 matmul (Triton's TTIR for
// gfx942) through ttir-pipeline-amd and ttgir-pipeline-amd is Triton's
// TTGIR op for op: the transposed 32x32x8 MFMA layout with kWidth 4, the
// A tile transposed in registers (in-thread-transpose's linear layout)
// before its swizzled LDS staging, and no pipelining or buffer ops (the
// loop's masked loads on pointers without a 32-bit range stay as they
// are, as in Triton).
func TestMatmulTTGIR(t *testing.T) {
	ttir, err := os.ReadFile(shared + "amd/amd_matmul_f16.ttir")
	if err != nil {
		t.Skipf("kernel not found: %v", err)
	}
	want, err := os.ReadFile(shared + "amd/amd_matmul_f16.ttgir")
	if err != nil {
		t.Fatal(err)
	}
	op, err := asm.ParseString(all.NewContext(), string(ttir))
	if err != nil {
		t.Fatal(err)
	}
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module(ttir-pipeline-amd,ttgir-pipeline-amd{num-warps=4 arch=gfx942 num-stages=2})")
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(op, &passmgr.Config{VerifyEach: true}); err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	for _, s := range []string{"#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>",
		"kWidth = 4", "(tensor<128x64xf16, #linear>) -> !ttg.memdesc<128x64xf16, #shared"} {
		if !strings.Contains(got, s) {
			t.Errorf("the pipelined matmul lacks %q", s)
		}
	}
	if g, w := structure(t, got), structure(t, string(want)); g != w {
		t.Errorf("TTGIR differs from Triton's:\n%s", passdumps.LineDiff(w, g))
	}
}
