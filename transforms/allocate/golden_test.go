package allocate_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGoldens runs the lit files of testdata: tt-opt with the package's
// passes, checked by FileCheck or --verify-diagnostics.
func TestGoldens(t *testing.T) {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, fail := range runFile(f, string(src)) {
				t.Error(fail)
			}
		})
	}
}
