package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.ptx")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Errorf("content %q", b)
	}
	// No temporary file is left beside it.
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("files left: %v", es)
	}
	// A directory that cannot be written to leaves the old file alone.
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o755)
	q := filepath.Join(ro, "x")
	os.WriteFile(q, []byte("keep"), 0o644)
	os.Chmod(ro, 0o555)
	defer os.Chmod(ro, 0o755)
	if os.Getuid() != 0 { // root writes anyway
		if err := WriteFile(q, []byte("lost")); err == nil {
			t.Errorf("no error writing into a read-only directory")
		}
		if b, _ := os.ReadFile(q); string(b) != "keep" {
			t.Errorf("old file changed to %q", b)
		}
	}
	if IsRegularPath(os.DevNull) {
		t.Errorf("%s is regular", os.DevNull)
	}
	if err := WriteFile(os.DevNull, []byte("x")); err != nil {
		t.Errorf("writing %s: %v", os.DevNull, err)
	}
}

func TestVersionLine(t *testing.T) {
	v := VersionLine("tt-opt")
	if !strings.HasPrefix(v, "tt-opt (tt) version "+Version+", commit ") {
		t.Errorf("version line %q", v)
	}
}
