// Package sharedtest gives tests the shared material beside the checkout,
// ../shared (Triton's tests and lit files, kernels and their dumps, the
// cases recorded on GPUs), which CI always has and a bare clone does not.
// A test that needs it asks for it here: without ../shared it skips,
// naming what it needs; with ../shared, a file missing from it is the
// test's to report, so that no test skips in CI for a file that went
// missing.
package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns ../shared, relative to the test's working directory (a
// package folder of the module), or skips the test when ../shared is not
// beside the checkout.
func Dir(t testing.TB) string {
	t.Helper()
	return dir(t, "")
}

// Path returns the path of rel (slash-separated, inside ../shared) as Dir
// finds it, or skips the test, naming rel, when ../shared is not beside
// the checkout.
func Path(t testing.TB, rel string) string {
	t.Helper()
	return filepath.Join(dir(t, rel), filepath.FromSlash(rel))
}

func dir(t testing.TB, rel string) string {
	t.Helper()
	what := "../shared"
	if rel != "" {
		what += "/" + rel
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatalf("finding the checkout's root for %s: %v", what, err)
	}
	shared := filepath.Join(root, "..", "shared")
	if fi, err := os.Stat(shared); err != nil || !fi.IsDir() {
		t.Skipf("needs %s: ../shared (the shared kernels and Triton's tests) is not beside the checkout", what)
	}
	return shared
}

// moduleRoot is the folder of the go.mod above the working directory, as
// a path relative to it ("../.." from tools/ttrun).
func moduleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	rel := "."
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return rel, nil
		}
		if filepath.Dir(d) == d {
			return "", os.ErrNotExist
		}
		rel = filepath.Join(rel, "..")
	}
}
