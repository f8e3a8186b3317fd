package pipeliner_test

import (
	"path/filepath"
	"testing"

	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// TestLitFiles runs this package's own lit files (testdata/*.mlir: the
// warp specialization's TTGIR and its refusals) with tt-opt in process.
func TestLitFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit files: %v", err)
	}
	cfg := lit.DefaultConfig()
	cfg.Tools["tt-opt"] = ttopt.Run
	for _, f := range files {
		if r := cfg.RunFile(f); r.Status != lit.Pass {
			t.Errorf("%s: %v\n%s", f, r.Status, r.Log)
		}
	}
}
