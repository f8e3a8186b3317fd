package lit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// split-file writes each `//--- name` part of the test file into %t, and
// the parts can be combined and checked.
func TestSplitFileBuiltin(t *testing.T) {
	dir := t.TempDir()
	src := `// RUN: split-file %s %t
// RUN: cat %t/a.txt %t/sub/b.txt | FileCheck %s
// RUN: split-file --leading-lines %s %t/ll
// RUN: count 10 < %t/ll/a.txt
// CHECK: alpha
// CHECK-NEXT: beta
// CHECK-NOT: ignored

//--- a.txt
alpha
//--- sub/b.txt
beta
`
	p := filepath.Join(dir, "split.test")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := suiteConfig(t)
	if r := cfg.RunFile(p); r.Status != Pass {
		t.Fatalf("split-file test: %v\n%s", r.Status, r.Log)
	}

	// A file without parts, and wrong arguments, are errors.
	bad := filepath.Join(dir, "bad.test")
	os.WriteFile(bad, []byte("// RUN: split-file %s %t\nno parts here\n"), 0o644)
	if r := cfg.RunFile(bad); r.Status != Fail || !strings.Contains(r.Log, "no part separator") {
		t.Errorf("file without parts: %v\n%s", r.Status, r.Log)
	}
	os.WriteFile(bad, []byte("// RUN: split-file %s\n//--- x\n"), 0o644)
	if r := cfg.RunFile(bad); r.Status != Fail || !strings.Contains(r.Log, "usage: split-file") {
		t.Errorf("missing output dir: %v\n%s", r.Status, r.Log)
	}
}
