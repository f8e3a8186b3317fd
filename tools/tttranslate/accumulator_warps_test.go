package tttranslate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAccumulatorWarps: tutorial 06's attention backward, compiled from
// its Python source as the tutorial launches it (4 warps, 5 stages), runs
// at head dim 128 (dK and dV: 256 registers a thread of accumulators on 4
// warps) as tt-translate compiles it asked for 8 warps, its chained-dot
// loops specialized on 12 warps, and says so when asked for remarks
// (transforms/ttir/accumulator_warps.go); with TT_X_ACCUMULATOR_WARPS=off
// and at head dim 64 it keeps the 4 warps asked for.
func TestAccumulatorWarps(t *testing.T) {
	requireStages(t, LevelTTIR)
	tutorial := filepath.Join("..", "..", "..", "shared", "tools", "triton-suite", "triton-tests", "python", "tutorials", "06-fused-attention.py")
	if _, err := os.Stat(tutorial); err != nil {
		t.Skipf("Triton's tutorials not available: %v", err)
	}
	dir := t.TempDir()
	const sig = "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, 32, 128, 128, 32, 2, "
	compileOn := func(warps, headDim string) (string, kernelMeta) {
		t.Helper()
		return translateToFile(t, dir, "ptx", tutorial, "--kernel=_attn_bwd", "--signature="+sig+headDim, "--num-warps="+warps, "--num-stages=5")
	}
	compile := func(headDim string) (string, kernelMeta) { return compileOn("4", headDim) }
	asked8, md8 := compileOn("8", "128")
	ptx, md := compile("128")
	if md.NumWarps != 12 || md8.NumWarps != 12 || ptx != asked8 {
		t.Errorf("head dim 128 on 4 warps: %d warps in the metadata (asked for 8: %d), the same PTX as asked for 8: %v; want 12 and the same",
			md.NumWarps, md8.NumWarps, ptx == asked8)
	}
	args := []string{tutorial, "--kernel=_attn_bwd", "--signature=" + sig + "128", "--num-warps=4", "--num-stages=5", "--no-cache", "-o", filepath.Join(dir, "r.ptx"), "--remarks"}
	const said = "a loop's dot accumulators need 256 registers a thread on the 4 warps asked for (ptxas gives a thread at most 255): compiled as asked for 8 warps"
	if code, _, stderr := run(t, "", args...); code != 0 || !strings.Contains(stderr, said) {
		t.Errorf("--remarks: exit %d, no remark on the warps in:\n%s", code, stderr)
	}
	if _, md := compile("64"); md.NumWarps != 4 {
		t.Errorf("head dim 64: %d warps in the metadata, want the 4 asked for", md.NumWarps)
	}
	t.Setenv("TT_X_ACCUMULATOR_WARPS", "off")
	if _, md := compile("128"); md.NumWarps != 4 {
		t.Errorf("TT_X_ACCUMULATOR_WARPS=off: %d warps in the metadata, want 4", md.NumWarps)
	}
}
