// Package python runs the unit tests of the Triton plugin (python/tt_triton):
// argument building, metadata mapping, the ABI check, the cache key and the
// stage hook, against fakes of Triton and tt-translate (python/tests), and
// the stages with this tree's tt-translate (built here) on Triton's TTIR
// dumps. They need python3 and its standard library only; without python3
// the test skips, saying so. The plugin's GPU tests (python/tests/test_gpu.py) need
// Triton and a GPU and run under pytest on the GPU machine.
package python

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestPluginUnitTests(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: the Triton plugin's unit tests (python/tests/test_unit.py) need it")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "python"))
	if err != nil {
		t.Fatal(err)
	}
	// go test caches a result while the files the test itself opens are
	// unchanged; python3 reads the plugin, so the test reads it too.
	if err := readAll(dir, ".py", ".pth"); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	// The stage tests with the real tt-translate (RealTTTranslateTest) need
	// the binary; -short runs the others only.
	if !testing.Short() {
		bin := filepath.Join(t.TempDir(), "tt-translate")
		build := exec.Command("go", "build", "-o", bin, "./cmd/tt-translate")
		build.Dir = filepath.Dir(dir)
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build ./cmd/tt-translate: %v\n%s", err, out)
		}
		// The binary is built from every Go file of the module: reading
		// them keeps go test from serving a cached result after a change.
		if err := readAll(filepath.Dir(dir), ".go"); err != nil {
			t.Fatal(err)
		}
		env = append(env, "TT_TRANSLATE_REAL="+bin)
	}
	cmd := exec.Command(py, "-W", "error::ResourceWarning", "-m", "unittest", "discover",
		"-s", filepath.Join(dir, "tests"), "-p", "test_unit*.py", "-v")
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python3 -m unittest: %v\n%s", err, out)
	}
	// Each test reports "... ok"; none may be skipped but, with -short, the
	// real tt-translate's.
	ran := strings.Count(string(out), " ... ok")
	skipped := strings.Count(string(out), "skipped")
	if ran == 0 || skipped > 0 && !testing.Short() {
		t.Errorf("the unit tests ran %d tests:\n%s", ran, out)
	}
	t.Logf("%d plugin unit tests passed", ran)
}

// readAll reads every file under root whose name ends in one of suffixes
// (skipping hidden folders such as .git and .bin).
func readAll(root string, suffixes ...string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		for _, s := range suffixes {
			if strings.HasSuffix(path, s) {
				_, err := os.ReadFile(path)
				return err
			}
		}
		return nil
	})
}
