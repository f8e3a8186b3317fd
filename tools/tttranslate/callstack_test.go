package tttranslate

import (
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDiagnosticCallStackQuotesEachFrame: an error in an op inlined from a
// call shows the innermost frame and then every caller outward, each with
// its line quoted: the kernel's own file, Triton's built-in library
// (tl.argmin's combine in standard.py), and other files a TTIR's locations
// name, read from disk only when regular (a named pipe in a location is
// not opened, so the tool neither waits nor reads it).
func TestDiagnosticCallStackQuotesEachFrame(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	kernel := write("k.py", `import triton
import triton.language as tl


@triton.jit
def less(a, b):
    return a < b


@triton.jit
def kernel(X, Z, I):
    x = tl.load(X + tl.arange(0, 16))
    tl.store(Z + tl.arange(0, 16), less(x, x))
    tl.store(I, tl.argmin(x, axis=0))
`)
	lib := write("lib.py", "def helper(a):\n    return a < a\n")
	fifo := filepath.Join(dir, "fifo.py")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	ttir := write("k.ttir", `module {
  tt.func public @k(%p: !tt.ptr<i1>, %x: f8E4M3FN) {
    %0 = arith.cmpf olt, %x, %x : f8E4M3FN loc(callsite(callsite("`+lib+`":2:14 at "`+fifo+`":3:1) at "main.py":4:9))
    tt.store %p, %0 : !tt.ptr<i1>
    tt.return
  }
}
`)
	const msg = "error: 'arith.cmpf' op on f8E4M3FN is not supported"
	for _, c := range []struct {
		name string
		args []string
		want []string // in this order
	}{
		{"a helper of the kernel", []string{kernel, "--kernel", "kernel", "--signature", "*fp8e4nv:16, *i1:16, *i32:16"}, []string{
			kernel + ":7:15: " + msg, "    return a < b\n              ^\n",
			kernel + ":13:43: note: called from", "    tl.store(Z + tl.arange(0, 16), less(x, x))\n",
		}},
		{"a TTIR's callers on disk", []string{ttir}, []string{
			lib + ":2:14: " + msg, "    return a < a\n             ^\n",
			fifo + ":3:1: note: called from\n" + "main.py:4:9: note: called from\n",
		}},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(append(c.args, "--no-cache", "-o", filepath.Join(dir, "out.ptx")), nil, &stdout, &stderr)
		got := stderr.String()
		if code != 1 {
			t.Fatalf("%s: exit %d, want 1:\n%s", c.name, code, got)
		}
		rest := got
		for _, w := range c.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s: missing (or out of order) %q in:\n%s", c.name, w, got)
				break
			}
			rest = rest[i+len(w):]
		}
	}

	// tl.argmin's combine compares in the values' type: the error is in
	// Triton's library, and the last frame is the kernel's call.
	var stdout, stderr bytes.Buffer
	src := strings.Replace(parseFile(t, kernel), "    tl.store(Z + tl.arange(0, 16), less(x, x))\n", "", 1)
	argmin := write("argmin.py", src)
	Run([]string{argmin, "--kernel", "kernel", "--signature", "*fp8e4nv:16, *i1:16, *i32:16", "--no-cache", "-o", filepath.Join(dir, "a.ptx")}, nil, &stdout, &stderr)
	got := stderr.String()
	for _, w := range []string{
		"triton/language/standard.py:145:24: " + msg, "        tie = value1 == value2 and index1 < index2\n",
		argmin + ":13:26: note: called from\n    tl.store(I, tl.argmin(x, axis=0))\n",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("argmin: missing %q in:\n%s", w, got)
		}
	}
}
