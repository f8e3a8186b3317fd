package filecheck

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected outputs in testdata/cases")

// testCase is one file of testdata/cases. The file has sections introduced
// by "-- name --" lines:
//
//	args    the FileCheck arguments (one line, shell-quoted), then flag lines:
//	        "!check-noeol"/"!input-noeol" drop the final newline of a section
//	check   the check file
//	input   the input
//	exit    the expected exit status
//	stdout  the expected standard output (if not empty)
//	stderr  the expected standard error (if not empty)
type testCase struct {
	name       string
	path       string
	args       []string
	flags      map[string]bool
	check      string
	input      string
	wantExit   int
	wantStdout string
	wantStderr string
	hasWant    bool
}

func parseSections(text string) (map[string]string, []string) {
	secs := map[string]string{}
	var order []string
	cur := ""
	for _, line := range strings.SplitAfter(text, "\n") {
		trimmed := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			cur = trimmed[3 : len(trimmed)-3]
			secs[cur] = ""
			order = append(order, cur)
			continue
		}
		secs[cur] += line
	}
	return secs, order
}

func loadCase(t *testing.T, path string) *testCase {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	secs, _ := parseSections(string(data))
	c := &testCase{name: strings.TrimSuffix(filepath.Base(path), ".txt"), path: path, flags: map[string]bool{}}
	argLines := strings.Split(secs["args"], "\n")
	c.args = shellSplit(argLines[0])
	for _, l := range argLines[1:] {
		if strings.HasPrefix(l, "!") {
			c.flags[l[1:]] = true
		}
	}
	c.check, c.input = secs["check"], secs["input"]
	if c.flags["check-noeol"] {
		c.check = strings.TrimSuffix(c.check, "\n")
	}
	if c.flags["input-noeol"] {
		c.input = strings.TrimSuffix(c.input, "\n")
	}
	if e, ok := secs["exit"]; ok {
		c.hasWant = true
		c.wantExit, err = strconv.Atoi(strings.TrimSpace(e))
		if err != nil {
			t.Fatalf("%s: bad exit section: %v", path, err)
		}
		c.wantStdout, c.wantStderr = secs["stdout"], secs["stderr"]
	}
	return c
}

// shellSplit splits a line on blanks, honouring single and double quotes.
func shellSplit(s string) []string {
	var out []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

func allCases(t *testing.T) []*testCase {
	t.Helper()
	paths, err := filepath.Glob("testdata/cases/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var cases []*testCase
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, loadCase(t, abs))
	}
	return cases
}

// writeCaseFiles puts check.txt and input.txt in dir.
func (c *testCase) writeFiles(t *testing.T, dir string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "check.txt"), []byte(c.check), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), []byte(c.input), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runOurs runs Main in-process the way the command line would:
// `FileCheck check.txt ARGS < input.txt`, from dir.
func (c *testCase) runOurs(t *testing.T, dir string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := Main(append([]string{"check.txt"}, c.args...), strings.NewReader(c.input), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestCases checks every case's exit status and exact output.
func TestCases(t *testing.T) {
	cases := allCases(t)
	if len(cases) < 100 {
		t.Fatalf("only %d cases found", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.writeFiles(t, dir)
			code, stdout, stderr := c.runOurs(t, dir)
			if *update {
				writeGolden(t, c, code, stdout, stderr)
				return
			}
			if !c.hasWant {
				t.Fatalf("%s has no expected output; run go test -update", c.path)
			}
			if code != c.wantExit {
				t.Errorf("exit status = %d, want %d\nstderr:\n%s", code, c.wantExit, stderr)
			}
			if stdout != c.wantStdout {
				t.Errorf("stdout differs:\n--- got\n%s\n--- want\n%s", stdout, c.wantStdout)
			}
			if stderr != c.wantStderr {
				t.Errorf("stderr differs:\n--- got\n%s\n--- want\n%s", stderr, c.wantStderr)
			}
		})
	}
}

func writeGolden(t *testing.T, c *testCase, code int, stdout, stderr string) {
	t.Helper()
	data, err := os.ReadFile(c.path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if i := strings.Index(text, "\n-- exit --\n"); i >= 0 {
		text = text[:i+1]
	}
	var b strings.Builder
	b.WriteString(text)
	fmt.Fprintf(&b, "-- exit --\n%d\n", code)
	if stdout != "" {
		b.WriteString("-- stdout --\n" + stdout)
		if !strings.HasSuffix(stdout, "\n") {
			t.Fatalf("stdout without final newline is not supported")
		}
	}
	if stderr != "" {
		b.WriteString("-- stderr --\n" + stderr)
		if !strings.HasSuffix(stderr, "\n") {
			t.Fatalf("stderr without final newline is not supported")
		}
	}
	if err := os.WriteFile(c.path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
