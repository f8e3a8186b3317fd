package python

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// corpus lists Python files the parser must read exactly as CPython does:
// the repository's examples and case generators, Triton's tutorials and
// test_core.py (when shared/ is present) and a few large standard-library
// modules (when python3 is installed).
func corpus(t *testing.T) []string {
	var files []string
	add := func(pattern string) {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	add("../../examples/*.py")
	add("../../testdata/cases/*.py")
	add("../../frontend/testdata/*.py")
	add("../../frontend/triton/prelude/*.py")
	shared := "../../../shared"
	add(filepath.Join(shared, "kernels/*.py"))
	add(filepath.Join(shared, "tools/*.py"))
	add(filepath.Join(shared, "tools/triton-suite/triton-tests/python/tutorials/*.py"))
	add(filepath.Join(shared, "tools/triton-suite/triton-tests/python/test/unit/language/*.py"))
	if out, err := exec.Command("python3", "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output(); err == nil {
		lib := strings.TrimSpace(string(out))
		for _, f := range []string{"argparse.py", "typing.py", "dataclasses.py", "inspect.py", "textwrap.py", "ast.py", "functools.py"} {
			add(filepath.Join(lib, f))
		}
	}
	if len(files) == 0 {
		t.Skip("no Python corpus")
	}
	return files
}

// TestParseMatchesCPython compares the syntax tree and every position
// with CPython's ast module (the oracle; skipped where python3 is absent).
func TestParseMatchesCPython(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	for _, f := range corpus(t) {
		f := f
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := exec.Command("python3", "testdata/astdump.py", f).Output()
			if err != nil {
				t.Skipf("CPython cannot parse %s: %v", f, err)
			}
			mod, err := Parse(f, string(src))
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			got := Dump(mod)
			if got != string(want) {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				lo := max(0, i-300)
				t.Fatalf("differs from CPython at byte %d:\n got: ...%s\nwant: ...%s", i, got[lo:min(len(got), i+200)], string(want[lo:min(len(want), i+200)]))
			}
		})
	}
}

// TestParseWithoutPython keeps a few exact positions checkable in CI.
func TestParsePositions(t *testing.T) {
	src := "@triton.jit\ndef k(x_ptr, N: tl.constexpr = 4):\n    y = (a + b) * c[:, None]\n    return f\"v={y!r:>4}\"\n"
	mod, err := Parse("k.py", src)
	if err != nil {
		t.Fatal(err)
	}
	got := Dump(mod)
	for _, want := range []string{
		`(FunctionDef@2:0-4:24 name="k"`,
		`(arg@2:13-2:28 arg="N" annotation=(Attribute@2:16-2:28`,
		`(BinOp@3:8-3:28 left=(BinOp@3:9-3:14`,
		`(Subscript@3:18-3:28 value=(Name@3:18-3:19 id="c") slice=(Tuple@3:20-3:27 elts=[(Slice@3:20-3:21`,
		`(FormattedValue value=(Name@4:16-4:17 id="y") conversion=114`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in\n%s", want, got)
		}
	}
}
