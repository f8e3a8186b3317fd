package ttgir_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	_ "github.com/ttcompiler/tt/analysis/axisinfo"
	_ "github.com/ttcompiler/tt/conversion/tttottg"
	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/ttgir"
)

// corpus is Triton's lit suite (files of various eras; see its MANIFEST.md).
const corpus = "../../../shared/conformance/triton-lit"

// knownFailure is a chunk of a corpus file that fails, and why.
type knownFailure struct {
	// why is the era difference, for the reader.
	why string
	// evidence must appear in the chunk's lit log: it shows the chunk
	// fails for that reason and not another.
	evidence string
	// fix rewrites the chunk's expectation into Triton 3.6's (old, new
	// pairs, each of which must occur); the fixed chunk must pass.
	fix []string
}

// litCase is a corpus file of this package's passes with the chunks
// (numbered from 0 in `// -----` order) expected to fail. The test fails
// when the set of failing chunks changes.
type litCase struct {
	file    string
	failing map[int]knownFailure
}

var litCases = []litCase{
	{file: "test/TritonGPU/coalesce.mlir"},
	{file: "test/TritonGPU/reduce-data-duplication.mlir", failing: map[int]knownFailure{
		// The file predates Triton #7032 (June 2025, "Fix mixed precision
		// swizzling"). For this f16 operand (opIdx 0, kWidth 4, K = 16
		// along order[0]) the older rule gave perPhase = 128 / (K * 4 /
		// kWidth) = 8; Triton 3.6 packs rows until the 1024 bits of the
		// banks are covered, perPhase = 1024 / (16 bits * K) = 4, as tt
		// does and as 3.6's own copy of this test expects.
		0: {why: "written before Triton #7032: Triton 3.6 swizzles this operand with perPhase = 1024/(16*16) = 4, the file expects the older 8",
			evidence: "#ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [0, 1]}>",
			fix:      []string{"vec = 8, perPhase = 8, maxPhase = 2", "vec = 8, perPhase = 4, maxPhase = 2"}},
	}},
}

// chunkSep is MLIR's -split-input-file marker.
var chunkSep = regexp.MustCompile(`(?m)^// -----.*$`)

// chunkFiles splits src at its markers and returns each chunk as a lit
// file of its own: the file's RUN lines, then blank lines up to where the
// chunk starts, so that diagnostics keep the original line numbers.
func chunkFiles(src string) []string {
	var runs []string
	for _, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "RUN:") {
			runs = append(runs, l)
		}
	}
	var out []string
	start := 0
	for _, loc := range append(chunkSep.FindAllStringIndex(src, -1), []int{len(src), len(src)}) {
		chunk := src[start:loc[0]]
		if start > 0 {
			line := strings.Count(src[:start], "\n")
			pad := line - len(runs)
			chunk = strings.Join(runs, "\n") + strings.Repeat("\n", pad+1) + chunk
		}
		out = append(out, chunk)
		start = loc[1]
	}
	return out
}

// TestTritonLitFiles runs each corpus file of this package's passes
// chunk by chunk the way lit does (tt-opt for triton-opt, FileCheck with
// --enable-var-scope), and checks that exactly the known chunks fail, each
// for its reason, and pass once their expectation is Triton 3.6's.
func TestTritonLitFiles(t *testing.T) {
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("Triton lit corpus not found: %v", err)
	}
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	for _, c := range litCases {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpus, c.file))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			cfg.TempDir = dir
			run := func(name, text string) lit.Result {
				p := filepath.Join(dir, name)
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				return cfg.RunFile(p)
			}
			chunks := chunkFiles(string(data))
			var failed []int
			for i, chunk := range chunks {
				res := run(fmt.Sprintf("chunk%d.mlir", i), chunk)
				known, isKnown := c.failing[i]
				if !res.Status.IsFailure() {
					if isKnown {
						t.Errorf("chunk %d passes; expected a failure (%s)", i, known.why)
					}
					continue
				}
				failed = append(failed, i)
				if !isKnown {
					t.Errorf("chunk %d fails: %s\n%s", i, res.Status, res.Log)
					continue
				}
				if !strings.Contains(res.Log, known.evidence) {
					t.Errorf("chunk %d fails for another reason than %q (log lacks %q):\n%s", i, known.why, known.evidence, res.Log)
				}
				fixed := chunk
				for k := 0; k+1 < len(known.fix); k += 2 {
					if !strings.Contains(fixed, known.fix[k]) {
						t.Fatalf("chunk %d: the text to fix %q is not in it", i, known.fix[k])
					}
					fixed = strings.ReplaceAll(fixed, known.fix[k], known.fix[k+1])
				}
				if res := run(fmt.Sprintf("chunk%d.fixed.mlir", i), fixed); res.Status.IsFailure() {
					t.Errorf("chunk %d with Triton 3.6's expectation: %s\n%s", i, res.Status, res.Log)
				}
			}
			var want []int
			for i := range c.failing {
				want = append(want, i)
			}
			sort.Ints(want)
			if fmt.Sprint(failed) != fmt.Sprint(want) {
				t.Errorf("failing chunks %v, want %v", failed, want)
			}
			t.Logf("%s: %d/%d chunks pass", c.file, len(chunks)-len(failed), len(chunks))
		})
	}
}
