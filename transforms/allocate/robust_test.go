package allocate_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttopt"
)

// TestNeverCrashes runs every pass of the package over every chunk of IR
// at hand (Triton's lit corpus, its 3.6 pass dumps, this package's
// goldens) that tt parses: whatever the input, a pass either succeeds or
// reports located diagnostics; it never crashes (the pass manager turns a
// panic into a "crashed" error).
func TestNeverCrashes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every pass over the whole corpus")
	}
	var inputs []string
	collect := func(root string) {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".mlir") {
				inputs = append(inputs, p)
			}
			return nil
		})
	}
	collect(corpus)
	collect(passDumps)
	collect("testdata")
	if len(inputs) < 5 {
		t.Skip("IR corpus not available")
	}
	pipelines := [][]string{
		{"-test-print-alias"},
		{"-test-print-allocation"},
		{"-test-print-allocation=get-scratch-size-function=ValidConstant"},
		{"-allocate-shared-memory", "-test-print-membar"},
		{"-allocate-shared-memory-nv"},
	}
	chunks := 0
	for _, in := range inputs {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range splitChunks(string(src)) {
			path := writeTemp(t, "in.mlir", chunk)
			var out bytes.Buffer
			// Chunks tt does not parse (other eras, other passes' inputs)
			// are not this package's business.
			if ttopt.Run([]string{path, "-allow-unregistered-dialect"}, nil, &out, &out) != 0 {
				continue
			}
			chunks++
			for _, p := range pipelines {
				out.Reset()
				ttopt.Run(append([]string{path, "-allow-unregistered-dialect"}, p...), nil, &out, &out)
				if strings.Contains(out.String(), "crashed") {
					t.Errorf("%s chunk %d, %v:\n%s", in, i, p, out.String())
				}
				for _, l := range strings.Split(out.String(), "\n") {
					if strings.Contains(l, "error:") && os.Getenv("TT_SHOW_ERRORS") != "" {
						t.Logf("%s %v: %s", in, p, l)
					}
				}
			}
		}
	}
	t.Logf("%d chunks", chunks)
}

// splitChunks splits a file at its `// -----` lines, and Triton's pass
// dumps at their `// -----// IR Dump` headers.
func splitChunks(src string) []string {
	var out []string
	var cur strings.Builder
	for _, l := range strings.SplitAfter(src, "\n") {
		if strings.HasPrefix(l, "// -----") {
			out = append(out, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(l)
	}
	return append(out, cur.String())
}
