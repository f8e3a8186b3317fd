package allocate_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/filecheck"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// corpus is the saved copy of Triton's lit tests (files of various eras;
// see its MANIFEST.md).
const corpus = "../../../shared/conformance/triton-lit/test"

func readCorpus(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(corpus, name))
	if err != nil {
		t.Skipf("Triton lit corpus not available: %v", err)
	}
	return string(src)
}

// TestCorpusAsIs runs the corpus files with their own RUN lines. Each was
// read at a commit older than Triton 3.6 and fails for an era difference;
// the test asserts the failure and that its output names one of the
// file's era differences (several are listed because which one tt reports
// first depends on how far its parser reads older syntax).
func TestCorpusAsIs(t *testing.T) {
	subviewEra := []string{
		// ttg.memdesc_subview was replaced by memdesc_index and
		// memdesc_subslice before 3.6,
		"ttg.memdesc_subview",
		// and a rank-reducing view's 1-D result needs a 1-D layout,
		"rank must be equal to or one less than the shape size",
		// and 3.6's MMA v2 layouts need instrShape;
		"instrShape",
		// and before February 2025 the test passes printed plain lines
		// (the function's name, then results) instead of remarks.
		"CHECK-LABEL: expected string not found",
	}
	cases := []struct {
		file    string
		args    []string // nil: the file's RUN lines
		reasons []string
	}{
		// Written before Triton #5395 (December 2024): since then a gather
		// whose layouts broadcast over warps (as this one's do, the tile
		// being larger than the tensor) is warp-local and needs no scratch,
		// so 3.6 allocates nothing (ttg.shared = 0); 3.6's copy of the test
		// uses a layout split over warps instead (TestCorpusGatherTranslated).
		{"Conversion/allocate_shared_memory.mlir", nil, []string{"ttg.shared = 0 : i32"}},
		{"Analysis/test-alias.mlir", nil, subviewEra},
		{"Analysis/test-allocation.mlir", nil, subviewEra},
		// The RUN line needs triton-nvidia-tma-lowering, which tt does not
		// have (see TestCorpusMembarTranslated).
		{"TritonNvidiaGPU/membar.mlir", nil, []string{"triton-nvidia-tma-lowering"}},
		// Without it, the file is still of mid-2025: layouts with CTA keys,
		// rank-1 layouts on 2-D buffers, `unpacked` tensor memory, and
		// gpu.barrier where 3.6 inserts ttg.local_barrier.
		{"TritonNvidiaGPU/membar.mlir", []string{"-split-input-file", "--allocate-shared-memory", "-test-print-membar"},
			[]string{"unexpected key: CTAOrder", "but memdesc encoding has rank 1", "unpacked", "gpu.barrier"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join(corpus, c.file)
			src := readCorpus(t, c.file)
			var fails []string
			if c.args == nil {
				fails = runFile(path, src)
			} else if f := (runLine{opt: append([]string{path}, c.args...), check: []string{path}}).run(); f != "" {
				fails = []string{f}
			}
			if len(fails) == 0 {
				t.Fatalf("%s passes; expected an era difference (%v)", c.file, c.reasons)
			}
			out := strings.Join(fails, "\n")
			for _, r := range c.reasons {
				if strings.Contains(out, r) {
					return
				}
			}
			t.Errorf("%s fails for none of the expected reasons %q:\n%s", c.file, c.reasons, out)
		})
	}
}

// TestCorpusGatherTranslated runs allocate_shared_memory.mlir with the
// layout Triton 3.6's copy of the test uses: the gather then crosses warps
// and stages its whole source (128x256xf32: 131072 bytes) at offset 0.
func TestCorpusGatherTranslated(t *testing.T) {
	src := readCorpus(t, "Conversion/allocate_shared_memory.mlir")
	old := "sizePerThread = [32, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1]"
	if !strings.Contains(src, old) {
		t.Fatalf("the layout to translate is not in the file")
	}
	src = strings.Replace(src, old, "sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2]", 1)
	path := writeTemp(t, "allocate_shared_memory.mlir", src)
	if fails := runFile(path, src); len(fails) > 0 {
		t.Error(strings.Join(fails, "\n"))
	}
}

// TestCorpusMembarTranslated runs membar.mlir rewritten in 3.6 syntax
// (translateMembar). Two chunks (tma_load, tma_store) test what
// triton-nvidia-tma-lowering turns descriptor loads and stores into and
// are left out; the pass is a no-op on the other chunks, so the RUN line
// drops it. Triton 3.6 inserts ttg.local_barrier where the file expects
// gpu.barrier.
func TestCorpusMembarTranslated(t *testing.T) {
	src := translateMembar(readCorpus(t, "TritonNvidiaGPU/membar.mlir"))
	src, dropped := dropChunks(src, "tt.descriptor_")
	if dropped != 2 {
		t.Fatalf("dropped %d TMA chunks, want 2", dropped)
	}
	src = strings.Replace(src, "--triton-nvidia-tma-lowering ", "", 1)
	path := writeTemp(t, "membar.mlir", src)
	if fails := runFile(path, src); len(fails) > 0 {
		t.Error(strings.Join(fails, "\n"))
	}
}

// The corpus's Analysis tests predate Triton's switch (February 2025) from
// printing analysis results as plain lines (`NAME` for each function,
// then `%0 -> %0`, `offset = 0, size = 512` ...) to remarks checked with
// --verify-diagnostics. oldPrintFormat turns tt's remarks into those
// lines: the message of each remark, without location or source snippet,
// and, when names is set, the name of each function before its lines (the
// old test-print-alias printed it; test-print-allocation still reports it
// as a remark).
func oldPrintFormat(src, out string, names bool) string {
	type fn struct {
		line int
		name string
	}
	var fns []fn
	funcRe := regexp.MustCompile(`tt\.func (?:private |public )?@(\w+)`)
	for i, l := range strings.Split(src, "\n") {
		if m := funcRe.FindStringSubmatch(l); m != nil {
			fns = append(fns, fn{i + 1, m[1]})
		}
	}
	remarkRe := regexp.MustCompile(`^\S+:(\d+):\d+: remark: (.*)$`)
	byFunc := make([][]string, len(fns)+1)
	for _, l := range strings.Split(out, "\n") {
		m := remarkRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[1])
		// The remark belongs to the last function starting at or before it.
		k := sort.Search(len(fns), func(i int) bool { return fns[i].line > line })
		byFunc[k] = append(byFunc[k], m[2])
	}
	var b strings.Builder
	for _, l := range byFunc[0] {
		b.WriteString(l + "\n")
	}
	for i, f := range fns {
		if names {
			b.WriteString(f.name + "\n")
		}
		for _, l := range byFunc[i+1] {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// checkOldFormat runs tt-opt with args on the file at path (text src),
// converts its remarks with oldPrintFormat, and runs FileCheck with
// checkArgs. It returns FileCheck's output and whether it passed.
func checkOldFormat(t *testing.T, path, src string, names bool, args, checkArgs []string) (string, bool) {
	t.Helper()
	var out bytes.Buffer
	ttopt.Run(append([]string{path}, args...), nil, &out, &out)
	in := oldPrintFormat(src, out.String(), names)
	var fc bytes.Buffer
	rc := filecheck.Main(append([]string{path}, checkArgs...), strings.NewReader(in), &fc, &fc)
	return fc.String(), rc == 0
}

// TestCorpusAliasTranslated checks test-alias.mlir rewritten in 3.6 syntax
// (memdesc_subview -> memdesc_index / memdesc_subslice; version 2 MMA
// layouts get the instrShape 3.6 requires), its expectations read in the
// old print format. Every function's aliases match.
func TestCorpusAliasTranslated(t *testing.T) {
	src, err := translateSubviews(translateMMA(readCorpus(t, "Analysis/test-alias.mlir")))
	if err != nil {
		t.Fatal(err)
	}
	// The name must not contain a CHECK-LABEL string (the output carries
	// no paths, but FileCheck's messages would be confusing).
	path := writeTemp(t, "a.mlir", src)
	fc, ok := checkOldFormat(t, path, src, true, []string{"--mlir-disable-threading", "-test-print-alias", "-split-input-file"}, nil)
	if !ok {
		t.Error(fc)
	}
}

// TestCorpusAllocationTranslated checks test-allocation.mlir rewritten in
// 3.6 syntax. With scratch sizes replaced by a constant every function
// matches. With real sizes, every function matches except the four whose
// layout-conversion scratch the file sizes by the padded scheme Triton
// used until mid-2025 (e.g. 4608 bytes for a 128x32xf16 conversion that
// Triton 3.6 swizzles in 8192 bytes, as 3.6's own copy of the test
// expects); their offsets follow from those sizes.
func TestCorpusAllocationTranslated(t *testing.T) {
	src, err := translateSubviews(readCorpus(t, "Analysis/test-allocation.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	path := writeTemp(t, "t.mlir", src)
	args := []string{"-split-input-file", "--mlir-disable-threading"}
	fc, ok := checkOldFormat(t, path, src, false,
		append(args, "-test-print-allocation=get-scratch-size-function=ValidConstant"), []string{"--check-prefix=CHECK-128"})
	if !ok {
		t.Errorf("constant scratch sizes:\n%s", fc)
	}
	fc, ok = checkOldFormat(t, path, src, false, append(args, "-test-print-allocation"), nil)
	if ok {
		t.Fatalf("the padded-era scratch sizes unexpectedly match")
	}
	got := failingLabels(src, fc)
	want := []string{"matmul_loop", "multi_color", "multi_color_multi_rounds", "reusable"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("functions failing: %v, want %v\n%s", got, want, fc)
	}
}

// failingLabels returns the CHECK-LABEL names of the blocks of src holding
// the check lines FileCheck reported as failed, sorted.
func failingLabels(src, fc string) []string {
	lines := strings.Split(src, "\n")
	labelAt := func(n int) string {
		for i := min(n, len(lines)) - 1; i >= 0; i-- {
			if _, l, ok := strings.Cut(lines[i], "CHECK-LABEL: "); ok {
				return strings.TrimSpace(l)
			}
		}
		return "(none)"
	}
	errRe := regexp.MustCompile(`(?m)^\S+:(\d+):\d+: error:`)
	set := map[string]bool{}
	for _, m := range errRe.FindAllStringSubmatch(fc, -1) {
		n, _ := strconv.Atoi(m[1])
		set[labelAt(n)] = true
	}
	var out []string
	for l := range set {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}
