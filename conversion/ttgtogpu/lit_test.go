package ttgtogpu_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// TestLit runs the lit goldens in testdata/lit: exact per-thread IR of
// small layouts (RUN: tt-opt ... | FileCheck).
func TestLit(t *testing.T) {
	cfg := lit.DefaultConfig()
	cfg.Tools["tt-opt"] = ttopt.Run
	files := cfg.Collect([]string{"testdata/lit"})
	if len(files) == 0 {
		t.Fatal("no lit tests in testdata/lit")
	}
	for _, f := range files {
		f := f
		t.Run(strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)), func(t *testing.T) {
			if res := cfg.RunFile(f); res.Status.IsFailure() {
				t.Fatalf("%s: %s\n%s", f, res.Status, res.Log)
			}
		})
	}
}
