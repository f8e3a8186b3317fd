package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadInputBounded: a file or stdin over MaxInputBytes is refused
// without being read whole, a directory is named as one, and an input at
// the bound is read.
func TestReadInputBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.ttir")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: 50 MiB that take no disk and would take seconds to parse.
	if err := f.Truncate(50 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := ReadInput(big, nil); err == nil || err.Error() != "input file '"+big+"' is 50.0 MiB, over the 16 MiB tt reads (a kernel's IR is under 1 MiB)" {
		t.Errorf("50 MiB file: %v", err)
	}
	over := bytes.NewReader(make([]byte, MaxInputBytes+1))
	if _, err := ReadInput("-", over); err == nil || !strings.HasPrefix(err.Error(), "input file '<stdin>' is more than 16 MiB") {
		t.Errorf("stdin over the bound: %v", err)
	}
	if b, err := ReadInput("-", bytes.NewReader(make([]byte, MaxInputBytes))); err != nil || len(b) != MaxInputBytes {
		t.Errorf("stdin at the bound: %d bytes, %v", len(b), err)
	}
	if _, err := ReadInput(dir, nil); err == nil || err.Error() != "could not open input file '"+dir+"': it is a directory" {
		t.Errorf("directory: %v", err)
	}
	missing := filepath.Join(dir, "missing.ttir")
	if _, err := ReadFile(missing); err == nil || !strings.HasPrefix(err.Error(), "could not open input file '"+missing+"': ") {
		t.Errorf("missing file: %v", err)
	}
}

// TestWriteFileErrorNamesPath: a failed write names the file asked for,
// not the temporary file beside it.
func TestWriteFileErrorNamesPath(t *testing.T) {
	p := filepath.Join(t.TempDir(), "no", "such", "dir", "out.ptx")
	err := WriteFile(p, []byte("x"))
	if err == nil || err.Error() != "could not write '"+p+"': no such file or directory" {
		t.Errorf("WriteFile into a missing directory: %v", err)
	}
}
