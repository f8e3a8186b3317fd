package passmgr_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ttcompiler/tt/passmgr"
)

// TestCheckPrintNames: IR printing around a pass that does not exist (a
// typo, a pipeline's name) is refused; pass names are accepted.
func TestCheckPrintNames(t *testing.T) {
	var log []string
	var mu sync.Mutex
	reg := registry(&log, &mu)
	for _, c := range []struct {
		cfg  passmgr.Config
		want string
	}{
		{passmgr.Config{PrintAfter: []string{"a", "m"}, PrintBefore: []string{"f", ""}}, ""},
		{passmgr.Config{PrintAfter: []string{"a", "nope"}}, "--mlir-print-ir-after: 'nope' does not refer to a registered pass"},
		{passmgr.Config{PrintBefore: []string{"both"}}, "--mlir-print-ir-before: 'both' does not refer to a registered pass"},
	} {
		err := reg.CheckPrintNames(&c.cfg)
		if err == nil && c.want != "" || err != nil && err.Error() != c.want {
			t.Errorf("%v %v: %v, want %q", c.cfg.PrintBefore, c.cfg.PrintAfter, err, c.want)
		}
	}
}

// TestTreeDirFailureFailsRun: a dump --mlir-print-ir-tree-dir cannot
// write fails the run (it was printed and the run succeeded).
func TestTreeDirFailureFailsRun(t *testing.T) {
	var log []string
	var mu sync.Mutex
	reg := registry(&log, &mu)
	pm, err := passmgr.Parse(reg, "builtin.module(m)")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	cfg := &passmgr.Config{PrintAfterAll: true, PrintTreeDir: filepath.Join(file, "dumps"), IROut: io.Discard}
	err = pm.Run(module(t), cfg)
	if err == nil || !strings.HasPrefix(err.Error(), "--mlir-print-ir-tree-dir: mkdir "+file) {
		t.Errorf("run with an unwritable tree dir: %v", err)
	}
	if len(log) != 1 {
		t.Errorf("the pass ran %d times: %v", len(log), log)
	}
}
