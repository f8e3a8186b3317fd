package sharedtest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB whose Skipf records the message and stops the
// call, as testing's does.
type recorder struct {
	testing.TB
	skipped string
}

func (r *recorder) Helper() {}

func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = fmt.Sprintf(format, args...)
	panic(r)
}

// call runs f with a recorder and returns what it returned and the skip
// message ("" when it did not skip).
func call(t *testing.T, f func(testing.TB) string) (string, string) {
	r := &recorder{TB: t}
	var got string
	func() {
		defer func() {
			if v := recover(); v != nil && v != r {
				panic(v)
			}
		}()
		got = f(r)
	}()
	return got, r.skipped
}

// TestPathFromAPackageFolder: from a package two folders down, ../shared
// is found beside the module's root; without it the test is skipped with
// the path it needed; a file missing from a present ../shared is not a
// skip (the test reports it).
func TestPathFromAPackageFolder(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "tt")
	pkg := filepath.Join(root, "tools", "ttrun")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(pkg)
	path, skipped := call(t, func(tb testing.TB) string { return Path(tb, "kernels/perf/k.ttir") })
	if want := "needs ../shared/kernels/perf/k.ttir: ../shared (the shared kernels and Triton's tests) is not beside the checkout"; skipped != want {
		t.Errorf("without ../shared: skipped %q, returned %q; want the skip %q", skipped, path, want)
	}
	if err := os.Mkdir(filepath.Join(top, "shared"), 0o755); err != nil {
		t.Fatal(err)
	}
	path, skipped = call(t, func(tb testing.TB) string { return Path(tb, "kernels/perf/k.ttir") })
	if want := filepath.FromSlash("../../../shared/kernels/perf/k.ttir"); skipped != "" || path != want {
		t.Errorf("with ../shared: %q (skipped %q), want %q", path, skipped, want)
	}
	if dir, skipped := call(t, Dir); skipped != "" || dir != filepath.FromSlash("../../../shared") {
		t.Errorf("Dir: %q (skipped %q)", dir, skipped)
	}
}
