package allocate_test

import (
	"bytes"
	"fmt"
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
		// have (TestCorpusMembarChunks runs the file without it).
		{"TritonNvidiaGPU/membar.mlir", nil, []string{"triton-nvidia-tma-lowering"}},
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

// membarFailure is a chunk of membar.mlir expected to fail: why (for
// the reader), evidence (text its failure log must contain) and fix (old,
// new pairs turning it into Triton 3.6's test; the fixed chunk must pass;
// none where tt cannot run the chunk at all).
type membarFailure struct {
	why, evidence string
	fix           []string
}

// toLocalBarrier is the fix of a chunk whose only difference from Triton
// 3.6's copy of the test is the barrier it expects.
var toLocalBarrier = []string{"CHECK-NEXT: gpu.barrier", "CHECK-NEXT: ttg.local_barrier"}

const gpuBarrierEra = "expects gpu.barrier; Triton 3.6's membar inserts ttg.local_barrier (its copy of the test checks ttg.local_barrier)"

// membarFailures are the failing chunks (from 0, in `// -----` order) of
// the saved TritonNvidiaGPU/membar.mlir (mid-2025) run without
// triton-nvidia-tma-lowering, a pass tt lacks and that rewrites only the
// descriptor loads and stores of chunks 4 and 5.
var membarFailures = map[int]membarFailure{
	0: {why: gpuBarrierEra, evidence: "CHECK-NEXT: gpu.barrier", fix: toLocalBarrier},
	1: {why: gpuBarrierEra, evidence: "CHECK-NEXT: gpu.barrier", fix: toLocalBarrier},
	2: {why: gpuBarrierEra, evidence: "CHECK-NEXT: gpu.barrier", fix: toLocalBarrier},
	3: {why: gpuBarrierEra, evidence: "CHECK-NEXT: gpu.barrier", fix: toLocalBarrier},
	// Triton 3.6's LocalAllocOp verifier has the same rule (and 3.6's copy
	// of the test gives the buffer a 2-D layout). The chunk also checks
	// the local_alloc and init_barrier that triton-nvidia-tma-lowering
	// makes of the descriptor op, so it cannot pass without that pass.
	4: {why: "tma_load: a rank-1 #ttg.swizzled_shared on a 128x64 buffer, which Triton 3.6 rejects too; and it checks triton-nvidia-tma-lowering's output (tt has no such pass)",
		evidence: "source has rank 2 but memdesc encoding has rank 1"},
	5: {why: "tma_store: a rank-1 #ttg.swizzled_shared on a 128x64 buffer, which Triton 3.6 rejects too; and it checks triton-nvidia-tma-lowering's output (tt has no such pass)",
		evidence: "source has rank 2 but memdesc encoding has rank 1"},
	// Tensor memory encodings said `unpacked` before they said colStride
	// (Triton 3.6 reads only colStride, like tt).
	6: {why: "#ttng.tensor_memory_encoding with `unpacked = true`, spelt colStride = 1 in Triton 3.6",
		evidence: "unknown struct parameter name: unpacked", fix: []string{"unpacked = true", "colStride = 1"}},
}

// chunkFiles splits src at its `// -----` lines and returns each chunk as
// a file of its own: the file's RUN lines, then blank lines up to where
// the chunk starts, so that diagnostics keep the original line numbers.
func chunkFiles(src string) []string {
	var runs []string
	for _, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "RUN:") {
			runs = append(runs, l)
		}
	}
	chunks := splitChunks(src)
	line := 1
	for i, c := range chunks {
		if i > 0 {
			chunks[i] = strings.Join(runs, "\n") + strings.Repeat("\n", line-len(runs)) + c
		}
		line += strings.Count(c, "\n") + 1
	}
	return chunks
}

// TestCorpusMembarChunks runs membar.mlir chunk by chunk with its RUN
// line less triton-nvidia-tma-lowering, and checks that exactly the chunks
// of membarFailures fail, each for its reason, and pass once fixed.
func TestCorpusMembarChunks(t *testing.T) {
	src := readCorpus(t, "TritonNvidiaGPU/membar.mlir")
	const tma = "--triton-nvidia-tma-lowering "
	if !strings.Contains(src, tma) {
		t.Fatalf("the RUN line no longer names %s", tma)
	}
	src = strings.Replace(src, tma, "", 1)
	chunks := chunkFiles(src)
	dir := t.TempDir()
	run := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return strings.Join(runFile(p, text), "\n")
	}
	var failed []int
	for i, c := range chunks {
		log := run(fmt.Sprintf("chunk%d.mlir", i), c)
		known, isKnown := membarFailures[i]
		switch {
		case log == "" && isKnown:
			t.Errorf("chunk %d passes; expected a failure (%s)", i, known.why)
		case log == "":
		case !isKnown:
			failed = append(failed, i)
			t.Errorf("chunk %d fails:\n%s", i, log)
		default:
			failed = append(failed, i)
			if !strings.Contains(log, known.evidence) {
				t.Errorf("chunk %d fails for another reason than %q:\n%s", i, known.why, log)
			}
			if len(known.fix) == 0 {
				continue
			}
			fixed := c
			for k := 0; k+1 < len(known.fix); k += 2 {
				if !strings.Contains(fixed, known.fix[k]) {
					t.Fatalf("chunk %d: the text to fix %q is not in it", i, known.fix[k])
				}
				fixed = strings.ReplaceAll(fixed, known.fix[k], known.fix[k+1])
			}
			if log := run(fmt.Sprintf("chunk%d.fixed.mlir", i), fixed); log != "" {
				t.Errorf("chunk %d as in Triton 3.6's test:\n%s", i, log)
			}
		}
	}
	var want []int
	for i := range membarFailures {
		want = append(want, i)
	}
	sort.Ints(want)
	if fmt.Sprint(failed) != fmt.Sprint(want) {
		t.Errorf("failing chunks %v, want %v", failed, want)
	}
	t.Logf("membar.mlir: %d/%d chunks pass", len(chunks)-len(failed), len(chunks))
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
