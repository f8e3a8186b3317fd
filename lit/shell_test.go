package lit

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeOpt imitates an mlir-opt-like tool: it prints its input file (or
// standard input) without "//" and ";" comment lines. Flags: -o FILE, --fail (an
// error on stderr and status 1), --to-stderr, --upper, --panic.
func fakeOpt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var in io.Reader = stdin
	out := stdout
	upper := false
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-o" && i+1 < len(args):
			f, err := os.Create(args[i+1])
			if err != nil {
				fmt.Fprintln(stderr, "tt-opt:", err)
				return 1
			}
			defer f.Close()
			out = f
			i++
		case a == "--fail":
			fmt.Fprintln(stderr, "tt-opt: error: something went wrong")
			return 1
		case a == "--panic":
			panic("tt-opt exploded")
		case a == "--to-stderr":
			out = stderr
		case a == "--upper":
			upper = true
		case a == "-" || strings.HasPrefix(a, "-"):
		default:
			f, err := os.Open(a)
			if err != nil {
				fmt.Fprintln(stderr, "tt-opt:", err)
				return 1
			}
			defer f.Close()
			in = f
		}
	}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "//") || strings.HasPrefix(t, ";") {
			continue
		}
		if upper {
			line = strings.ToUpper(line)
		}
		fmt.Fprintln(out, line)
	}
	return 0
}

// testTools returns the fake tools; "capture" appends its input to buf.
func testTools(buf *bytes.Buffer) map[string]Tool {
	return map[string]Tool{
		"tt-opt": fakeOpt,
		"capture": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			io.Copy(buf, stdin)
			return 0
		},
		"args": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			for _, a := range args {
				fmt.Fprintf(stdout, "<%s>\n", a)
			}
			return 0
		},
		"status": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			n, _ := strconv.Atoi(args[0])
			fmt.Fprintf(stderr, "status %d\n", n)
			fmt.Fprintf(stdout, "out %d\n", n)
			return n
		},
	}
}

func TestShellLexer(t *testing.T) {
	tests := []struct {
		in   string
		want []shToken
	}{
		{`a b  c`, []shToken{{fd: -1, word: shWord{"a", false}}, {fd: -1, word: shWord{"b", false}}, {fd: -1, word: shWord{"c", false}}}},
		{`'x y' "a \"b\" \n" c\ d`, []shToken{{fd: -1, word: shWord{"x y", false}}, {fd: -1, word: shWord(shWord{`a "b" \n`, false})}, {fd: -1, word: shWord{"c d", false}}}},
		{`a|b||c&&d;e`, []shToken{{fd: -1, word: shWord{"a", false}}, {op: "|", fd: -1}, {fd: -1, word: shWord{"b", false}}, {op: "||", fd: -1}, {fd: -1, word: shWord{"c", false}}, {op: "&&", fd: -1}, {fd: -1, word: shWord{"d", false}}, {op: ";", fd: -1}, {fd: -1, word: shWord{"e", false}}}},
		{`x 2>&1 >>f <g &>h 2>e`, []shToken{{fd: -1, word: shWord{"x", false}}, {op: ">&", fd: 2}, {fd: -1, word: shWord{"1", false}}, {op: ">>", fd: -1}, {fd: -1, word: shWord{"f", false}}, {op: "<", fd: -1}, {fd: -1, word: shWord{"g", false}}, {op: "&>", fd: -1}, {fd: -1, word: shWord{"h", false}}, {op: ">", fd: 2}, {fd: -1, word: shWord{"e", false}}}},
		{`a*.mlir '*' x[0]`, []shToken{{fd: -1, word: shWord{"a*.mlir", true}}, {fd: -1, word: shWord{"*", false}}, {fd: -1, word: shWord{"x[0]", true}}}},
		{`'2'>f`, []shToken{{fd: -1, word: shWord{"2", false}}, {op: ">", fd: -1}, {fd: -1, word: shWord{"f", false}}}},
	}
	for _, tt := range tests {
		l := &shLexer{s: tt.in}
		got, err := l.tokens()
		if err != nil {
			t.Errorf("tokens(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(shToken{}, shWord{})); diff != "" {
			t.Errorf("tokens(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestShellParseErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{``, "empty command"},
		{`a |`, "empty command"},
		{`| a`, "syntax error near unexpected token '|'"},
		{`a &&`, "missing argument to operator '&&'"},
		{`a & b`, "unsupported shell operator: '&'"},
		{`a >`, "missing file name after '>'"},
		{`a 'b`, "missing closing quote (')"},
		{`a "b`, `missing closing quote (")`},
		{`a > | b`, "missing file name after '>'"},
	}
	for _, tt := range tests {
		_, err := parseShell(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseShell(%q) error = %v, want %q", tt.in, err, tt.want)
		}
	}
	if _, err := parseShell("a ;"); err != nil {
		t.Errorf("trailing ';': %v", err)
	}
}

// runShell runs one command line in dir with the fake tools and returns
// the status, what "capture" received, and the log.
func runShell(t *testing.T, cfg *Config, dir, line string) (int, string, string) {
	t.Helper()
	node, err := parseShell(line)
	if err != nil {
		t.Fatalf("parseShell(%q): %v", line, err)
	}
	var log strings.Builder
	sh := newShell(cfg, dir, &log)
	var captured bytes.Buffer
	tools := testTools(&captured)
	for k, v := range cfg.Tools {
		tools[k] = v
	}
	sh.cfg = &Config{Tools: tools, FileCheckOpts: cfg.FileCheckOpts, AllowExternal: cfg.AllowExternal}
	status := sh.run(node)
	return status, captured.String(), log.String()
}

func TestShell(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(input, []byte("// comment\nfoo\nbar\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	check := filepath.Join(dir, "check.txt")
	if err := os.WriteFile(check, []byte("CHECK: FOO\nCHECK-NEXT: BAR\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		line     string
		status   int
		captured string
		logHas   []string
	}{
		{"pipe", "tt-opt " + input + " | capture", 0, "foo\nbar\n", nil},
		{"pipe chain", "tt-opt " + input + " --upper | tt-opt | capture", 0, "FOO\nBAR\n", nil},
		{"stdin redirect", "capture < " + input, 0, "// comment\nfoo\nbar\n", nil},
		{"stdout to file", "tt-opt " + input + " > out.txt ; capture < out.txt", 0, "foo\nbar\n", nil},
		{"append", "echo a > f ; echo b >> f ; capture < f", 0, "a\nb\n", nil},
		{"stderr to pipe", "tt-opt " + input + " --to-stderr 2>&1 | capture", 0, "foo\nbar\n", nil},
		{"stderr not piped", "tt-opt " + input + " --to-stderr | capture", 0, "", []string{"# .---command stderr", "# | foo"}},
		{"stderr to file", "tt-opt --fail 2> err.txt ; capture < err.txt", 0, "tt-opt: error: something went wrong\n", nil},
		{"stdout to stderr", "echo hi >&2 | capture", 0, "", []string{"# | hi"}},
		{"both to file", "status 3 &> both.txt ; capture < both.txt", 0, "status 3\nout 3\n", nil},
		{"order of redirects", "status 0 2>&1 > o.txt | capture ; capture < o.txt", 0, "status 0\nout 0\n", nil},
		{"filecheck", "tt-opt " + input + " --upper | FileCheck " + check, 0, "", nil},
		{"filecheck fails", "tt-opt " + input + " | FileCheck " + check, 1, "", []string{"error: CHECK: expected string not found in input", "# error: command failed with exit status: 1"}},
		{"not", "not tt-opt --fail", 0, "", nil},
		{"not success", "not tt-opt " + input, 1, "", nil},
		{"not not", "not not tt-opt --fail", 1, "", nil},
		{"bang", "! status 2", 0, "", nil},
		{"not with pipe", "not tt-opt --fail 2>&1 | capture", 0, "tt-opt: error: something went wrong\n", nil},
		{"panic is crash", "tt-opt --panic", 134, "", []string{"panic: tt-opt exploded"}},
		{"not on crash fails", "not tt-opt --panic", 1, "", nil},
		{"not --crash", "not --crash tt-opt --panic", 0, "", nil},
		{"not --crash on failure", "not --crash tt-opt --fail", 0, "", nil},
		{"not --crash on success", "not --crash tt-opt " + input, 1, "", nil},
		{"semicolon", "status 1 ; status 0", 0, "", nil},
		{"semicolon last fails", "status 0 ; status 2", 2, "", nil},
		{"and", "status 1 && echo x | capture", 1, "", nil},
		{"and ok", "status 0 && echo x | capture", 0, "x\n", nil},
		{"or", "status 1 || echo x | capture", 0, "x\n", nil},
		{"or skip", "status 0 || echo x | capture", 0, "", nil},
		{"pipefail", "status 3 | status 0", 3, "", nil},
		{"pipefail last nonzero", "status 3 | status 4 | status 0", 4, "", nil},
		{"quoting", `args 'a b' "c \"d\"" e\ f | capture`, 0, "<a b>\n<c \"d\">\n<e f>\n", nil},
		{"glob", "echo x > g1.txt ; echo y > g2.txt ; args g*.txt '*.txt' | capture", 0, "<g1.txt>\n<g2.txt>\n<*.txt>\n", nil},
		{"glob no match", "args nomatch*.zz | capture", 0, "<nomatch*.zz>\n", nil},
		{"unknown command", "llc -O2", 127, "", []string{"'llc': command not found"}},
		{"env var for filecheck", "tt-opt " + input + " | env FILECHECK_OPTS=--check-prefix=NOPE FileCheck " + check, 2, "", []string{"no check strings found with prefix 'NOPE:'"}},
		{"assignment for filecheck", "tt-opt " + input + " | FILECHECK_OPTS=--check-prefix=NOPE FileCheck " + check, 2, "", nil},
		{"export", "export FILECHECK_OPTS=--check-prefix=NOPE ; tt-opt " + input + " | FileCheck " + check, 2, "", nil},
		{"env -u", "export FILECHECK_OPTS=--check-prefix=NOPE ; tt-opt " + input + " --upper | env -u FILECHECK_OPTS FileCheck " + check, 0, "", nil},
		{"env needs command", "env A=1", 127, "", []string{"'env' requires a subcommand"}},
		{"cd", "mkdir sub ; cd sub ; echo hi > f ; cd .. ; capture < sub/f", 0, "hi\n", nil},
		{"cd missing", "cd nowhere", 1, "", nil},
		{"mkdir -p rm -rf", "mkdir -p a/b/c && rm -rf a && cat a/b/c", 1, "", []string{"cat: a/b/c: no such file or directory"}},
		{"rm -f missing", "rm -f nothing", 0, "", nil},
		{"rm missing", "rm nothing", 1, "", nil},
		{"cat files", "echo a > x1 ; echo b > x2 ; cat x1 - x2 < x1 | capture", 0, "a\na\nb\n", nil},
		{"count", "tt-opt " + input + " | count 2", 0, "", nil},
		{"count wrong", "tt-opt " + input + " | count 3", 1, "", []string{"Expected 3 lines, got 2."}},
		{"echo flags", "echo -n a | capture ; echo -e 'x\\ty' | capture", 0, "ax\ty\n", nil},
		{"true false colon", "true && : && false", 1, "", nil},
		{"redirect error", "echo x > nodir/f", 1, "", []string{"cannot open nodir/f"}},
		{"dev null", "tt-opt " + input + " > /dev/null | capture", 0, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sub := t.TempDir()
			status, captured, log := runShell(t, DefaultConfig(), sub, tt.line)
			if status != tt.status {
				t.Errorf("status = %d, want %d\nlog:\n%s", status, tt.status, log)
			}
			if captured != tt.captured {
				t.Errorf("captured %q, want %q\nlog:\n%s", captured, tt.captured, log)
			}
			for _, s := range tt.logHas {
				if !strings.Contains(log, s) {
					t.Errorf("log lacks %q:\n%s", s, log)
				}
			}
		})
	}
}

func TestShellExternal(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	cfg := DefaultConfig()
	cfg.AllowExternal = true
	status, captured, log := runShell(t, cfg, t.TempDir(), `FOO=bar /bin/sh -c 'echo $FOO; exit 3' | capture`)
	if status != 3 || captured != "bar\n" {
		t.Errorf("status %d, captured %q; log:\n%s", status, captured, log)
	}
	status, _, log = runShell(t, cfg, t.TempDir(), `not --crash /bin/sh -c 'kill -SEGV $$'`)
	if status != 0 {
		t.Errorf("crash not detected: status %d; log:\n%s", status, log)
	}
	cfg.AllowExternal = false
	status, _, log = runShell(t, cfg, t.TempDir(), `/bin/sh -c 'exit 0'`)
	if status != 127 || !strings.Contains(log, "command not found") {
		t.Errorf("external program ran although not allowed: status %d; log:\n%s", status, log)
	}
}
