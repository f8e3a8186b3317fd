package ttrun

import (
	"path/filepath"
	"testing"

	"github.com/ttcompiler/tt/internal/sharedtest"
)

// runManifestCases runs every case of a manifest through the interpreter,
// from the TTIR and from the TTGIR, and requires Triton's outputs within
// each case's tolerance.
func runManifestCases(t *testing.T, path string) {
	m, err := ReadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Cases) == 0 {
		t.Fatal("no cases")
	}
	dir := filepath.Dir(path)
	for i := range m.Cases {
		c := &m.Cases[i]
		for _, ir := range []string{"ttir", "ttgir"} {
			t.Run(c.Name+"/"+ir, func(t *testing.T) {
				t.Parallel()
				r, err := RunCase(dir, c, Interp{}, CaseOptions{IR: ir})
				if err != nil {
					t.Fatal(err)
				}
				if !r.Pass {
					t.Fatal(r)
				}
				t.Log(r)
			})
		}
	}
}

// The seed cases: vector_add, softmax, matmul_f16 (shared/kernels/cases).
func TestSharedCases(t *testing.T) {
	runManifestCases(t, sharedtest.Path(t, "kernels/cases/manifest.json"))
}

// The cases testdata/cases/make_cases.py made with Triton 3.6 on an H200
// (testdata/cases): online softmax, layernorm+dropout (Philox), grouped
// matmuls in every input precision, reductions, scans, atomics, shape ops,
// block pointers, TMA descriptors, integer and float edge semantics.
func TestGeneratedCases(t *testing.T) {
	runManifestCases(t, filepath.Join("..", "..", "testdata", "cases", "manifest.json"))
}
