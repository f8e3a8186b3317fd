package pipeliner_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/passmgr"
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

// TestTurnsOption: an unknown turns= mode of nvgpu-warp-specialization is
// refused with the modes it takes.
func TestTurnsOption(t *testing.T) {
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module(nvgpu-warp-specialization{turns=sideways})")
	if err == nil {
		ctx := ir.NewContext()
		m := builtin.NewModule(ctx, ir.Unknown(ctx))
		err = pm.Run(m, passmgr.DefaultConfig())
	}
	if err == nil || !strings.Contains(err.Error(), `turns="sideways": want overlap, alternate, off or twoblocks`) {
		t.Errorf("got %v, want the unknown mode refused", err)
	}
}
