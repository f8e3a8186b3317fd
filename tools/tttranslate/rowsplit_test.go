package tttranslate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/sharedtest"
)

// TestRowSplit: tt-translate compiles the perf set's 4-warp attention at
// head dim 64 on two consumer warpgroups with two CTAs an SM
// (transforms/ttir/split_rows.go): 12 warps in its metadata, .maxnreg 80
// and setmaxnreg's 24 and 104, the consumers' turn barriers, K and V
// through TMA (the row split's keyloops mode of tt-tma-loads); so it does
// tutorial 06's, whose producer issues TMA copies, also with its loop
// marked tt.warp_specialize. It compiles
// the kernel as asked where the split does not apply: on sm_80, with a
// register bound of the user's, with TT_X_SPLIT_ROWS=off, and where two
// CTAs do not fit the SM's shared memory (seven stages: 131 KB a CTA), in
// which case the TTGIR is the one the PTX was made from. Attention at
// head dim 128 on 8 warps keeps its own schedule (.maxnreg 168), and on 4
// warps gets it (one CTA an SM).
func TestRowSplit(t *testing.T) {
	requireStages(t, LevelTTIR)
	perf := sharedtest.Path(t, "kernels/perf")
	dir := t.TempDir()
	compile := func(kernel, target string, extra ...string) (string, int) {
		t.Helper()
		text, md := translateToFile(t, dir, target, append([]string{filepath.Join(perf, kernel+".ttir")}, extra...)...)
		return text, md.NumWarps
	}
	const d64 = "attention_f16_4096_d64"
	ptx, warps := compile(d64, "ptx", "--num-warps=4")
	for _, want := range []string{".maxnreg 80", "setmaxnreg.dec.sync.aligned.u32 24;", "setmaxnreg.inc.sync.aligned.u32 104;", "bar.arrive",
		"cp.async.bulk.tensor.2d", "tensormap.cp_fenceproxy"} {
		if !strings.Contains(ptx, want) {
			t.Errorf("head dim 64: the PTX has no %q", want)
		}
	}
	// The split's key loop loads K and V through TMA (tt-tma-loads'
	// keyloops mode), its producer copies no pointers; TT_X_TMA_LOADS=off
	// gives the cp.async producer back.
	if strings.Contains(ptx, "cp.async.cg.shared.global") {
		t.Errorf("head dim 64: the split's producer still issues cp.async copies")
	}
	t.Setenv("TT_X_TMA_LOADS", "off")
	if off, _ := compile(d64, "ptx", "--num-warps=4"); strings.Contains(off, "cp.async.bulk.tensor") || !strings.Contains(off, "cp.async.cg.shared.global") {
		t.Errorf("head dim 64, TT_X_TMA_LOADS=off: not the cp.async producer")
	}
	t.Setenv("TT_X_TMA_LOADS", "")
	if warps != 12 {
		t.Errorf("head dim 64: %d warps in the metadata, want 12", warps)
	}
	// The choice is a remark, printed when asked for.
	d64File := filepath.Join(perf, d64+".ttir")
	const said = "the loop's chained dots run on two consumer warpgroups of 64 rows beside a producer warpgroup (12 warps, two CTAs an SM), not on the 4 warps asked for"
	if code, _, stderr := run(t, "", d64File, "--num-warps=4", "--no-cache", "-o", filepath.Join(dir, "r.ptx"), "--remarks"); code != 0 || !strings.Contains(stderr, said) {
		t.Errorf("--remarks: exit %d, no remark on the split in:\n%s", code, stderr)
	}
	if _, _, stderr := run(t, "", d64File, "--num-warps=4", "--no-cache", "-o", filepath.Join(dir, "r.ptx")); strings.Contains(stderr, said) {
		t.Errorf("without --remarks: the split's remark printed")
	}
	// Tutorial 06's attention loads K and V through tensor descriptors:
	// the same split, with a producer of TMA copies.
	tutorial := filepath.Join("..", "..", "frontend", "testdata", "reference", "tutorials.06.attn_fwd_device_desc.ttir")
	text, md := translateToFile(t, dir, "ptx", tutorial, "--num-warps=4")
	for _, want := range []string{".maxnreg 80", "setmaxnreg.dec.sync.aligned.u32 24;", "setmaxnreg.inc.sync.aligned.u32 104;", "bar.arrive", "cp.async.bulk.tensor.2d"} {
		if !strings.Contains(text, want) {
			t.Errorf("tutorial 06 (descriptor loads): the PTX has no %q", want)
		}
	}
	if md.NumWarps != 12 {
		t.Errorf("tutorial 06 (descriptor loads): %d warps in the metadata, want 12", md.NumWarps)
	}
	// With its loop marked tt.warp_specialize (warp_specialize=True): the
	// same kernel.
	src := parseFile(t, tutorial)
	markedSrc := strings.Replace(src, "    } loc(#loc163)\n", "    } {tt.warp_specialize} loc(#loc163)\n", 1)
	if markedSrc == src {
		t.Fatalf("tutorial 06: the loop's end was not found to mark it")
	}
	marked := filepath.Join(dir, "marked.ttir")
	if err := os.WriteFile(marked, []byte(markedSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := translateToFile(t, dir, "ptx", marked, "--num-warps=4"); got != text {
		t.Errorf("tutorial 06 with its loop marked tt.warp_specialize: not the split kernel")
	}
	asAsked := func(what, ptx string, warps int) {
		t.Helper()
		if warps != 4 || strings.Contains(ptx, "setmaxnreg") || strings.Contains(ptx, ".maxnreg 80") {
			t.Errorf("%s: %d warps (setmaxnreg %v): want the kernel as asked, 4 warps", what, warps, strings.Contains(ptx, "setmaxnreg"))
		}
	}
	ptx, warps = compile(d64, "ptx", "--num-warps=4", "--arch=sm_80")
	asAsked("sm_80", ptx, warps)
	ptx, warps = compile(d64, "ptx", "--num-warps=4", "--maxnreg=200")
	asAsked("--maxnreg=200", ptx, warps)
	ptx, warps = compile(d64, "ptx", "--num-warps=4", "--num-stages=7")
	asAsked("seven stages", ptx, warps)
	if _, _, stderr := run(t, "", d64File, "--num-warps=4", "--num-stages=7", "--no-cache", "-o", filepath.Join(dir, "r.ptx"), "--remarks"); !strings.Contains(stderr, "compiled on 4 warps as asked, not on two consumer warpgroups: the SM's shared memory holds 1 of that kernel's CTAs, the schedule needs 2") {
		t.Errorf("seven stages, --remarks: no remark on the fallback in:\n%s", stderr)
	}
	if ttgir, _ := compile(d64, "ttgir", "--num-warps=4", "--num-stages=7"); !strings.Contains(ttgir, `"ttg.num-warps" = 4`) {
		t.Errorf("seven stages: the TTGIR is not the 4-warp kernel the PTX was made from")
	}
	ptx8, _ := compile("attention_f16_4096_d128", "ptx", "--num-warps=8")
	if !strings.Contains(ptx8, ".maxnreg 168") {
		t.Errorf("head dim 128 on 8 warps: not its own schedule (.maxnreg 168)")
	}
	// Head dim 128 asked for 4 warps: the consumers' tensors need more
	// than two CTAs an SM leave them, so the kernel is the 8-warp one.
	if ptx, warps := compile("attention_f16_4096_d128", "ptx", "--num-warps=4"); ptx != ptx8 || warps != 12 {
		t.Errorf("head dim 128 on 4 warps: %d warps in the metadata (want 12), the PTX the 8-warp kernel's: %v", warps, ptx == ptx8)
	}
	t.Setenv("TT_X_SPLIT_ROWS", "off")
	ptx, warps = compile(d64, "ptx", "--num-warps=4")
	asAsked("TT_X_SPLIT_ROWS=off", ptx, warps)
}

// TestOneConsumerRegisterBound: a 4-warp TMA matmul whose loop the kernel
// marks warp_specialize is specialized on one consumer warpgroup; where
// two CTAs fit the SM's shared memory (three stages) tt-translate bounds
// it as --maxnreg=128 would (setmaxnreg: 24 for the producer, 232 for the
// consumer), with four stages (one CTA) it leaves it unbounded, and a
// bound of the user's stays.
func TestOneConsumerRegisterBound(t *testing.T) {
	requireStages(t, LevelTTIR)
	dir := t.TempDir()
	kernel := filepath.Join("testdata", "tma_matmul_ws_128x128.ttir")
	ptx, md := translateToFile(t, dir, "ptx", kernel, "--num-warps=4", "--num-stages=3")
	for _, want := range []string{".reqntid 256", ".maxnreg 128", "setmaxnreg.dec.sync.aligned.u32 24;", "setmaxnreg.inc.sync.aligned.u32 232;"} {
		if !strings.Contains(ptx, want) {
			t.Errorf("three stages: the PTX has no %q", want)
		}
	}
	if md.NumWarps != 8 {
		t.Errorf("three stages: %d warps in the metadata, want 8", md.NumWarps)
	}
	if asked, _ := translateToFile(t, dir, "ptx", kernel, "--num-warps=4", "--num-stages=3", "--maxnreg=128"); asked != ptx {
		t.Errorf("three stages: not the kernel --maxnreg=128 gives")
	}
	if ptx, _ := translateToFile(t, dir, "ptx", kernel, "--num-warps=4", "--num-stages=4"); strings.Contains(ptx, ".maxnreg") || !strings.Contains(ptx, "cp.async.bulk.tensor") {
		t.Errorf("four stages (one CTA an SM by shared memory): bounded, or not the TMA kernel")
	}
	if _, _, stderr := run(t, "", kernel, "--num-warps=4", "--num-stages=3", "--no-cache", "-o", filepath.Join(dir, "r.ptx"), "--remarks"); !strings.Contains(stderr, "register bound 128 a thread") {
		t.Errorf("--remarks: no remark on the bound in:\n%s", stderr)
	}
	if ptx, _ := translateToFile(t, dir, "ptx", kernel, "--num-warps=4", "--num-stages=3", "--maxnreg=96"); !strings.Contains(ptx, ".maxnreg 96") {
		t.Errorf("--maxnreg=96: the user's bound was replaced")
	}
}
