package lit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func suiteConfig(t *testing.T) *Config {
	t.Helper()
	cfg := DefaultConfig()
	var sink bytes.Buffer
	cfg.Tools = testTools(&sink)
	delete(cfg.Tools, "capture") // shared buffer; not safe in parallel
	cfg.Features = []string{"linux"}
	cfg.TempDir = t.TempDir()
	return cfg
}

const suiteOutput = `PASS: testdata/suite/analysis/test-allocation.mlir
PASS: testdata/suite/basic.mlir
PASS: testdata/suite/continuation.mlir
PASS: testdata/suite/errors.mlir
FAIL: testdata/suite/fails.mlir
PASS: testdata/suite/line-number.mlir
PASS: testdata/suite/ll/pass.ll
UNSUPPORTED: testdata/suite/ll/unsupported.ll
FAIL: testdata/suite/missing-tool.mlir
PASS: testdata/suite/multi-run.mlir
UNRESOLVED: testdata/suite/no-run.mlir
XFAIL: testdata/suite/ptx/xfail.ptx
XPASS: testdata/suite/ptx/xpass.ptx
UNSUPPORTED: testdata/suite/requires.mlir
PASS: testdata/suite/tmp-files.mlir
PASS: testdata/suite/var-scope.mlir
9 passed, 4 failed, 2 unsupported, 1 expectedly failed
`

func TestRunPathsSuite(t *testing.T) {
	for _, jobs := range []int{1, 8} {
		cfg := suiteConfig(t)
		cfg.Jobs = jobs
		var out bytes.Buffer
		sum := cfg.RunPaths([]string{"testdata/suite"}, &out)
		if diff := cmp.Diff(suiteOutput, out.String()); diff != "" {
			for _, r := range sum.Results {
				if r.Status.IsFailure() {
					t.Logf("%s %s:\n%s", r.Status, r.Path, r.Log)
				}
			}
			t.Fatalf("jobs=%d: output (-want +got):\n%s", jobs, diff)
		}
		want := Summary{Passed: 9, Failed: 4, Unsupported: 2, XFailed: 1, XPassed: 1, Unresolved: 1}
		sum.Results = nil
		if diff := cmp.Diff(want, sum); diff != "" {
			t.Errorf("summary (-want +got):\n%s", diff)
		}
		if sum.OK() {
			t.Errorf("OK() = true with failures")
		}
		entries, err := os.ReadDir(cfg.TempDir)
		if err != nil || len(entries) != 0 {
			t.Errorf("temporary directories left behind: %v %v", entries, err)
		}
	}
}

func TestRunFileResults(t *testing.T) {
	cfg := suiteConfig(t)
	tests := []struct {
		path   string
		status Status
		logHas []string
	}{
		{"testdata/suite/fails.mlir", Fail, []string{
			"# RUN: at line 1\ntt-opt ", // the substituted command
			"/testdata/suite/fails.mlir | FileCheck ",
			"# executed command: tt-opt ",
			"error: CHECK: expected string not found in input",
			"# error: command failed with exit status: 1",
		}},
		{"testdata/suite/missing-tool.mlir", Fail, []string{"unknown command(s): llc", "running programs from PATH is not enabled"}},
		{"testdata/suite/no-run.mlir", Unresolved, []string{"test has no 'RUN:' line"}},
		{"testdata/suite/requires.mlir", Unsupported, []string{"Test requires the following unavailable features: cuda"}},
		{"testdata/suite/ll/unsupported.ll", Unsupported, []string{"Test does not support the following features: linux"}},
		{"testdata/suite/nonexistent.mlir", Unresolved, []string{"no such file or directory"}},
		{"testdata/suite/Inputs/helper.mlir", Fail, []string{"# executed command: false"}},
		{"testdata/suite/basic.mlir", Pass, nil},
	}
	for _, tt := range tests {
		r := cfg.RunFile(tt.path)
		if r.Status != tt.status || r.Path != tt.path {
			t.Errorf("RunFile(%s) = %v (%s), want %v\n%s", tt.path, r.Status, r.Path, tt.status, r.Log)
		}
		for _, s := range tt.logHas {
			if !strings.Contains(r.Log, s) {
				t.Errorf("RunFile(%s) log lacks %q:\n%s", tt.path, s, r.Log)
			}
		}
	}
	cfg.MissingToolsUnsupported = true
	if r := cfg.RunFile("testdata/suite/missing-tool.mlir"); r.Status != Unsupported {
		t.Errorf("missing tool with MissingToolsUnsupported: %v", r.Status)
	}
}

func TestRunPathsVerbose(t *testing.T) {
	cfg := suiteConfig(t)
	cfg.Verbose = true
	var out bytes.Buffer
	cfg.RunPaths([]string{"testdata/suite/fails.mlir", "testdata/suite/basic.mlir"}, &out)
	got := out.String()
	for _, s := range []string{
		"FAIL: testdata/suite/fails.mlir\n******************** TEST 'testdata/suite/fails.mlir' FAIL ********************\n",
		"<stdin>:1:1: note: scanning from here",
		"********************\nPASS: testdata/suite/basic.mlir\n1 passed, 1 failed, 0 unsupported\n",
	} {
		if !strings.Contains(got, s) {
			t.Errorf("output lacks %q:\n%s", s, got)
		}
	}
}

func TestCollect(t *testing.T) {
	cfg := DefaultConfig()
	dir := t.TempDir()
	for _, f := range []string{"b.mlir", "a.ll", "c.ptx", "d.txt", ".hidden.mlir", "Inputs/x.mlir", "sub/e.mlir", ".git/f.mlir", "CMakeLists.txt"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	got := cfg.Collect([]string{dir, filepath.Join(dir, "d.txt"), filepath.Join(dir, "b.mlir"), filepath.Join(dir, "missing.mlir")})
	var rel []string
	for _, p := range got {
		r, _ := filepath.Rel(dir, p)
		rel = append(rel, r)
	}
	want := []string{"a.ll", "b.mlir", "c.ptx", "sub/e.mlir", "d.txt", "missing.mlir"}
	if diff := cmp.Diff(want, rel); diff != "" {
		t.Errorf("Collect (-want +got):\n%s", diff)
	}
}

func TestSubstitutionsAndDefines(t *testing.T) {
	dir := t.TempDir()
	test := filepath.Join(dir, "t.mlir")
	text := "// DEFINE: %{opt} = tt-opt %s --upper\n" +
		"// RUN: %{opt} | FileCheck %s\n" +
		"// RUN: %TOOL %s | FileCheck %s --check-prefix=LOW\n" +
		"// CHECK: HELLO\n// LOW: hello\nhello\n"
	if err := os.WriteFile(test, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := suiteConfig(t)
	cfg.Substitutions = []Substitution{{"%TOOL", "tt-opt"}}
	if r := cfg.RunFile(test); r.Status != Pass {
		t.Errorf("status %v\n%s", r.Status, r.Log)
	}
}

func TestStatusStrings(t *testing.T) {
	for s, want := range map[Status]string{Pass: "PASS", Fail: "FAIL", Unsupported: "UNSUPPORTED", XFail: "XFAIL", XPass: "XPASS", Unresolved: "UNRESOLVED", Status(99): "UNKNOWN"} {
		if s.String() != want {
			t.Errorf("%d.String() = %q, want %q", int(s), s.String(), want)
		}
	}
	for _, s := range []Status{Fail, XPass, Unresolved} {
		if !s.IsFailure() {
			t.Errorf("%v.IsFailure() = false", s)
		}
	}
	for _, s := range []Status{Pass, XFail, Unsupported} {
		if s.IsFailure() {
			t.Errorf("%v.IsFailure() = true", s)
		}
	}
}

// TestMalformedRunLines makes sure odd RUN lines produce results, not
// panics.
func TestMalformedRunLines(t *testing.T) {
	cfg := suiteConfig(t)
	dir := t.TempDir()
	for i, line := range []string{
		"", "|", "&&", ";", "'", "\"", "\\", "2>", ">&", "not", "env", "not --crash", "cd", "a &", "echo > ", "echo x 3> f",
		"echo x 2>&5", "cat <& 1", "! ", "FileCheck", "echo x >& file", "%", "%(line+", "echo ${X}",
	} {
		p := filepath.Join(dir, "m.mlir")
		os.WriteFile(p, []byte("// RUN: "+line+"\n"), 0o644)
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("case %d %q: panic %v", i, line, r)
				}
			}()
			cfg.RunFile(p)
		}()
	}
}
