package filecheck

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// llvmFileCheck finds LLVM's FileCheck: on PATH, then in the LLVM 14
// install directory of Debian-like systems.
func llvmFileCheck(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("FileCheck"); err == nil {
		return p
	}
	const fallback = "/usr/lib/llvm-14/bin/FileCheck"
	if _, err := os.Stat(fallback); err == nil {
		return fallback
	}
	t.Skip("LLVM FileCheck not found (neither FileCheck on PATH nor " + fallback + "); skipping the differential test")
	return ""
}

// ansiEscape matches the color codes LLVM prints with --color; this
// implementation accepts --color but never colors its output.
var ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")

// firstError returns the location prefix ("file:line:col") of the first
// "error:" line, or the whole line for errors without a location.
func firstError(stderr string) string {
	stderr = ansiEscape.ReplaceAllString(stderr, "")
	for _, line := range strings.Split(stderr, "\n") {
		if i := strings.Index(line, ": error: "); i >= 0 {
			return line[:i]
		}
		if strings.HasPrefix(line, "error: ") {
			return line
		}
	}
	return ""
}

type diffResult struct {
	code   int
	stdout string
	stderr string
}

func runLLVM(t *testing.T, bin, dir string, args []string, input string) (diffResult, bool) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"check.txt"}, args...)...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	code := 0
	switch {
	case err == nil:
	case errors.As(err, &exitErr) && exitErr.ExitCode() >= 0:
		code = exitErr.ExitCode()
	default:
		// LLVM crashed (it does on a few degenerate patterns).
		return diffResult{}, false
	}
	return diffResult{code, stdout.String(), stderr.String()}, true
}

// compareWithLLVM runs a case through both implementations and reports
// whether the whole output agreed too.
func compareWithLLVM(t *testing.T, bin string, c *testCase) (same, ran bool) {
	t.Helper()
	dir := t.TempDir()
	c.writeFiles(t, dir)
	want, ok := runLLVM(t, bin, dir, c.args, c.input)
	if !ok {
		t.Logf("%s: LLVM FileCheck crashed; not compared", c.name)
		return false, false
	}
	code, stdout, stderr := c.runOurs(t, dir)
	if code != want.code {
		t.Errorf("%s: exit status %d, LLVM %d\ncheck:\n%s\ninput:\n%q\nours:\n%s\nLLVM:\n%s", c.name, code, want.code, c.check, c.input, stderr, want.stderr)
		return false, true
	}
	if got, exp := firstError(stderr), firstError(want.stderr); got != exp {
		t.Errorf("%s: first error at %q, LLVM at %q\nours:\n%s\nLLVM:\n%s", c.name, got, exp, stderr, want.stderr)
		return false, true
	}
	return stdout == want.stdout && stderr == want.stderr, true
}

// TestDifferentialCases runs every case of testdata/cases through LLVM's
// FileCheck too: exit statuses and the location of the first error must
// agree.
func TestDifferentialCases(t *testing.T) {
	bin := llvmFileCheck(t)
	cases := allCases(t)
	compared, identical := 0, 0
	for _, c := range cases {
		same, ran := compareWithLLVM(t, bin, c)
		if ran {
			compared++
		}
		if same {
			identical++
		}
	}
	if compared < 60 {
		t.Errorf("only %d cases compared", compared)
	}
	t.Logf("%d cases compared with %s; %d with byte-identical output", compared, bin, identical)
}

// TestDifferentialRandom compares generated patterns, mixing directives,
// regexes, variables (with same-line back-references) and options.
func TestDifferentialRandom(t *testing.T) {
	bin := llvmFileCheck(t)
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewSource(20240601))
	compared, identical := 0, 0
	for i := 0; i < n; i++ {
		c := randomCase(rng)
		c.name = fmt.Sprintf("random-%d", i)
		same, ran := compareWithLLVM(t, bin, c)
		if ran {
			compared++
		}
		if same {
			identical++
		}
	}
	t.Logf("%d random cases compared; %d with byte-identical output", compared, identical)
}

func randomCase(rng *rand.Rand) *testCase {
	pick := func(s []string) string { return s[rng.Intn(len(s))] }
	atoms := []string{"a", "b", "c", ".", "[ab]", "[^a]", "[[:alpha:]]", "[a-c]", "x", `\.`, "()", "^", "$"}
	var regex func(d int) string
	regex = func(d int) string {
		r := rng.Float64()
		var s string
		switch {
		case d > 2 || r < 0.4:
			s = pick(atoms)
		case r < 0.6:
			s = "(" + regex(d+1) + ")"
		case r < 0.75:
			s = "(" + regex(d+1) + "|" + regex(d+1) + ")"
		default:
			s = regex(d+1) + regex(d+1)
		}
		if rng.Float64() < 0.3 && s != "^" && s != "$" {
			s += pick([]string{"*", "+", "?", "{1,2}", "{2}"})
		}
		return s
	}
	words := []string{"a", "b", "foo", "bar", "x1", "%0", "=", "add", "(", ")", " ", "  "}
	dirs := []string{"CHECK", "CHECK-NEXT", "CHECK-SAME", "CHECK-NOT", "CHECK-DAG", "CHECK-LABEL", "CHECK-EMPTY", "CHECK-COUNT-2"}
	var check strings.Builder
	for i := rng.Intn(5) + 1; i > 0; i-- {
		d := pick(dirs)
		if d == "CHECK-EMPTY" {
			check.WriteString(d + ":\n")
			continue
		}
		var pat strings.Builder
		for j := rng.Intn(3) + 1; j > 0; j-- {
			switch r := rng.Float64(); {
			case r < 0.4:
				pat.WriteString(pick(words))
			case r < 0.6:
				pat.WriteString("{{" + regex(0) + "}}")
			case r < 0.8:
				pat.WriteString("[[X:" + regex(0) + "]]" + pick([]string{"", "b", "."}) + "[[X]]")
			default:
				pat.WriteString(pick([]string{"[[#N:]]", "[[#N+1]]", "[[#%x,H:]]", "[[#@LINE]]"}))
			}
		}
		check.WriteString(d + ": " + pat.String() + "\n")
	}
	var input strings.Builder
	for i := rng.Intn(8); i > 0; i-- {
		for j := rng.Intn(6); j > 0; j-- {
			input.WriteString(pick([]string{"a", "b", "c", "x", ".", " ", "foo", "bar", "12", "ff"}))
		}
		input.WriteString("\n")
	}
	if rng.Float64() < 0.4 {
		input.WriteString("foo bar\n%0 = add %1, %1\nx1 a b\n\n12 ff\n")
	}
	args := [][]string{nil, nil, {"--match-full-lines"}, {"--strict-whitespace"}, {"--ignore-case"},
		{"-v"}, {"-vv"}, {"--enable-var-scope"}, {"--implicit-check-not=bar"}, {"--dump-input=always"},
		{"--allow-empty"}, {"-v", "--dump-input=never"}}[rng.Intn(12)]
	return &testCase{args: args, check: check.String(), input: input.String(), flags: map[string]bool{}}
}

// TestDifferentialLookup checks that a FileCheck found on PATH is the one
// used, so the test is meaningful wherever LLVM is installed.
func TestDifferentialLookup(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "FileCheck")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	if got := llvmFileCheck(t); got != fake {
		t.Errorf("llvmFileCheck() = %q, want %q", got, fake)
	}
}
