package ttlit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// A run that finds no test fails, as LLVM's lit does: a wrong path or
// suffix must not pass silently.
func TestNoTestsFound(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a test"), 0o644)
	code, _, errs := run(dir)
	if code != 1 || errs != "tt-lit: no tests found in "+dir+"\n" {
		t.Errorf("exit %d, %q", code, errs)
	}
	// One test there, and it runs.
	os.WriteFile(filepath.Join(dir, "ok.mlir"), []byte("// RUN: tt-opt %s | FileCheck %s\n// CHECK: module\nmodule {}\n"), 0o644)
	if code, out, errs := run(dir); code != 0 || !strings.Contains(out, "1 passed, 0 failed") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}

func TestCommandLine(t *testing.T) {
	if code, out, _ := run("--help"); code != 0 || !strings.HasPrefix(out, "USAGE: tt-lit") || !strings.Contains(out, "-filecheck-opts") {
		t.Errorf("--help: exit %d\n%s", code, out)
	}
	if code, out, _ := run("--version"); code != 0 || !strings.HasPrefix(out, "tt-lit (tt) version ") {
		t.Errorf("--version: exit %d %q", code, out)
	}
	if code, _, errs := run("--bogus", "x"); code != 2 || errs != "tt-lit: Unknown command line argument '--bogus'.  Try: 'tt-lit --help'\n" {
		t.Errorf("unknown flag: exit %d %q", code, errs)
	}
	if code, _, errs := run(); code != 2 || !strings.HasPrefix(errs, "tt-lit: no test paths given") {
		t.Errorf("no paths: exit %d %q", code, errs)
	}
}
