package filecheck

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestCheckAPI(t *testing.T) {
	tests := []struct {
		name    string
		opts    Options
		check   string
		input   string
		wantErr error
		wantOut []string // substrings of stderr
	}{
		{"pass", DefaultOptions(), "CHECK: foo\n", "a foo b\n", nil, nil},
		{"fail", DefaultOptions(), "CHECK: foo\n", "bar\n", ErrCheckFailed,
			[]string{"t.check:1:8: error: CHECK: expected string not found in input", "in.txt:1:1: note: scanning from here", "Input file: in.txt", "Check file: t.check"}},
		{"usage", DefaultOptions(), "nothing\n", "bar\n", ErrUsage,
			[]string{"error: no check strings found with prefix 'CHECK:'"}},
		{"zero options", Options{}, "CHECK: a\nCHECK: b\n", "a\nc\n", ErrCheckFailed, []string{"Input was:"}},
		{"never dump", Options{DumpInput: DumpNever}, "CHECK: b\n", "a\n", ErrCheckFailed, nil},
		{"empty", DefaultOptions(), "CHECK: a\n", "", ErrUsage, []string{"FileCheck error: 'in.txt' is empty."}},
		{"prefixes", Options{CheckPrefixes: []string{"A", "B"}}, "A: x\nB: y\n", "x y\n", nil, nil},
		{"bad prefix", Options{CheckPrefixes: []string{"A B"}}, "A: x\n", "x\n", ErrUsage, []string{"supplied check prefix must start with a letter"}},
		{"defines", Options{Defines: []string{"V=1", "#N=2"}}, "CHECK: [[V]] [[#N+1]]\n", "1 3\n", nil, nil},
		{"var scope", Options{EnableVarScope: true}, "CHECK-LABEL: a\nCHECK: [[X:.]]\nCHECK-LABEL: b\nCHECK: [[X]]\n", "a\n1\nb\n1\n", ErrCheckFailed,
			[]string{"error: undefined variable: X"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			err := Check(tt.opts, "t.check", []byte(tt.check), "in.txt", []byte(tt.input), &stderr)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("Check() = %v, want %v\n%s", err, tt.wantErr, stderr.String())
			}
			if tt.opts.DumpInput == DumpNever && strings.Contains(stderr.String(), "Input was:") {
				t.Errorf("dump printed with DumpNever")
			}
			for _, s := range tt.wantOut {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
				}
			}
		})
	}
}

func TestExitCode(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want int
	}{{nil, 0}, {ErrCheckFailed, 1}, {ErrUsage, 2}, {errEmptyInput, 2}, {errors.New("other"), 2}} {
		if got := ExitCode(tt.err); got != tt.want {
			t.Errorf("ExitCode(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

func TestParseArgs(t *testing.T) {
	tests := []struct {
		args    []string
		want    func(c *Command) bool
		wantErr string
	}{
		{[]string{"f", "--check-prefix=A", "--check-prefix", "B", "-check-prefixes=C,D"},
			func(c *Command) bool {
				return reflect.DeepEqual(c.Options.CheckPrefixes, []string{"A", "B", "C", "D"}) && c.CheckFile == "f"
			}, ""},
		{[]string{"-DX=1", "--D#N=2", "f"},
			func(c *Command) bool { return reflect.DeepEqual(c.Options.Defines, []string{"X=1", "#N=2"}) }, ""},
		{[]string{"f", "--implicit-check-not", "a b", "--implicit-check-not=c"},
			func(c *Command) bool { return reflect.DeepEqual(c.Options.ImplicitCheckNot, []string{"a b", "c"}) }, ""},
		{[]string{"f", "--match-full-lines", "--strict-whitespace", "--ignore-case", "--enable-var-scope",
			"--allow-empty", "--allow-unused-prefixes", "--allow-deprecated-dag-overlap", "--color", "-vv"},
			func(c *Command) bool {
				o := c.Options
				return o.MatchFullLines && o.StrictWhitespace && o.IgnoreCase && o.EnableVarScope &&
					o.AllowEmptyInput && o.AllowUnusedPrefixes && o.AllowDeprecatedDAGOverlap && o.Verbose == 2
			}, ""},
		{[]string{"f", "--enable-var-scope=false", "--allow-empty=1"},
			func(c *Command) bool { return !c.Options.EnableVarScope && c.Options.AllowEmptyInput }, ""},
		{[]string{"f", "--dump-input=never", "--dump-input=always", "--dump-input=fail"},
			func(c *Command) bool { return c.Options.DumpInput == DumpAlways }, ""},
		{[]string{"f", "--dump-input=never"},
			func(c *Command) bool { return c.Options.DumpInput == DumpNever }, ""},
		{[]string{"f", "--dump-input-context=3", "--dump-input-context=7", "--dump-input-context", "2"},
			func(c *Command) bool { return c.Options.DumpInputContext == 7 }, ""},
		{[]string{"f", "--dump-input-filter=annotation", "--dump-input-filter=error"},
			func(c *Command) bool { return c.Options.DumpInputFilter == DumpFilterAnnotation }, ""},
		{[]string{"f", "--input-file", "in"}, func(c *Command) bool { return c.InputFile == "in" }, ""},
		{[]string{"--", "-f"}, func(c *Command) bool { return c.CheckFile == "-f" }, ""},
		{[]string{"f", "--bogus"}, nil, "FileCheck: Unknown command line argument '--bogus'."},
		{[]string{"f", "g"}, nil, "FileCheck: Too many positional arguments specified!"},
		{[]string{"f", "-D"}, nil, "FileCheck: for the -D option: requires a value!"},
		{[]string{"f", "--input-file"}, nil, "FileCheck: for the --input-file option: requires a value!"},
		{[]string{"f", "--dump-input=bad"}, nil, "FileCheck: for the --dump-input option: Cannot find option named 'bad'!"},
		{[]string{"f", "--dump-input-context=x"}, nil, "'x' value invalid for uint argument!"},
		{[]string{"f", "--allow-empty=yes"}, nil, "'yes' is invalid value for boolean argument! Try 0 or 1"},
	}
	for _, tt := range tests {
		c, err := ParseArgs(tt.args)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseArgs(%q) error = %v, want %q", tt.args, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseArgs(%q): %v", tt.args, err)
			continue
		}
		if !tt.want(c) {
			t.Errorf("ParseArgs(%q) = %+v", tt.args, c)
		}
	}
}

func TestSplitOpts(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"  --enable-var-scope  ", []string{"--enable-var-scope"}},
		{"-a 'b c' \"d e\" f\\ g", []string{"-a", "b c", "d e", "f g"}},
		{`--implicit-check-not="x \"y\""`, []string{`--implicit-check-not=x "y"`}},
	}
	for _, tt := range tests {
		if got := SplitOpts(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitOpts(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMainCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	check := write("c.txt", "CHECK-LABEL: f\nCHECK: [[X:[0-9]+]]\nCHECK-LABEL: g\nCHECK: [[X]]\n")
	input := write("in.txt", "f\n1\ng\n1\n")
	tests := []struct {
		name    string
		env     string
		args    []string
		stdin   string
		want    int
		wantOut string
		wantErr string
	}{
		{"stdin", "", []string{check}, "f\n1\ng\n1\n", 0, "", ""},
		{"input file", "", []string{check, "--input-file=" + input}, "", 0, "", ""},
		{"env var scope", "--enable-var-scope", []string{check}, "f\n1\ng\n1\n", 1, "", "error: undefined variable: X"},
		{"env then args", "--check-prefix=NOPE --allow-unused-prefixes", []string{check, "--check-prefix=CHECK"}, "f\n1\ng\n1\n", 0, "", ""},
		{"no check file", "", nil, "", 2, "", "<check-file> not specified"},
		{"missing check file", "", []string{filepath.Join(dir, "nope")}, "", 2, "", "Could not open check file '" + filepath.Join(dir, "nope") + "': No such file or directory"},
		{"missing input file", "", []string{check, "--input-file=" + filepath.Join(dir, "nope")}, "", 2, "", "Could not open input file '" + filepath.Join(dir, "nope") + "': No such file or directory"},
		{"bad define", "", []string{check, "-DX"}, "x\n", 2, "", "Missing equal sign in command-line definition '-DX'"},
		{"unknown option", "", []string{check, "--nope"}, "x\n", 1, "", "FileCheck: Unknown command line argument '--nope'.  Try: 'FileCheck --help'"},
		{"dump help", "", []string{"--dump-input=help"}, "", 0, "The following description was requested by -dump-input=help", ""},
		{"help", "", []string{"--help"}, "", 0, "USAGE: FileCheck [options] <check-file>", ""},
		{"version", "", []string{"--version"}, "", 0, "filecheck (tt) version ", ""},
		{"empty input", "", []string{check}, "", 2, "", "FileCheck error: '<stdin>' is empty.\nFileCheck command line:  FileCheck " + check + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			got := MainEnv(tt.env, tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if got != tt.want {
				t.Errorf("exit = %d, want %d\nstderr:\n%s", got, tt.want, stderr.String())
			}
			if !strings.Contains(stdout.String(), tt.wantOut) {
				t.Errorf("stdout lacks %q:\n%s", tt.wantOut, stdout.String())
			}
			if !strings.Contains(stderr.String(), tt.wantErr) {
				t.Errorf("stderr lacks %q:\n%s", tt.wantErr, stderr.String())
			}
		})
	}
}

func TestCanonicalize(t *testing.T) {
	tests := []struct{ in, want, strict string }{
		{"a  b\t\tc \t d\n", "a b c d\n", "a  b\t\tc \t d\n"},
		{"x\r\ny\r\r\n", "x\ny\r\n", "x\ny\r\n"},
		{"  \n", " \n", "  \n"},
	}
	for _, tt := range tests {
		if got := string(canonicalize([]byte(tt.in), false)); got != tt.want {
			t.Errorf("canonicalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(canonicalize([]byte(tt.in), true)); got != tt.strict {
			t.Errorf("canonicalize(%q, strict) = %q, want %q", tt.in, got, tt.strict)
		}
	}
}

func TestFormats(t *testing.T) {
	tests := []struct {
		f        exprFormat
		v        int64
		want     string
		wildcard string
	}{
		{exprFormat{kind: fmtUnsigned}, 42, "42", "[0-9]+"},
		{exprFormat{kind: fmtSigned}, -42, "-42", "-?[0-9]+"},
		{exprFormat{kind: fmtHexLower}, 255, "ff", "[0-9a-f]+"},
		{exprFormat{kind: fmtHexUpper, alt: true}, 255, "0xFF", "0x[0-9A-F]+"},
		{exprFormat{kind: fmtUnsigned, precision: 4}, 7, "0007", "([1-9][0-9]*)?[0-9]{4}"},
		{exprFormat{kind: fmtSigned, precision: 3}, -7, "-007", "-?([1-9][0-9]*)?[0-9]{3}"},
	}
	for _, tt := range tests {
		got, err := tt.f.matchingString(bigInt(tt.v))
		if err != nil || got != tt.want {
			t.Errorf("%v.matchingString(%d) = %q, %v; want %q", tt.f, tt.v, got, err, tt.want)
		}
		if w := tt.f.wildcardRegex(); w != tt.wildcard {
			t.Errorf("%v.wildcardRegex() = %q, want %q", tt.f, w, tt.wildcard)
		}
	}
	if _, err := (exprFormat{kind: fmtUnsigned}).matchingString(bigInt(-1)); err == nil {
		t.Errorf("negative value in unsigned format: no error")
	}
}

func TestRegexEscape(t *testing.T) {
	if got, want := regexEscape(`a.b*c[d]{e}(f)|g^h$i\j+k?`), `a\.b\*c\[d\]\{e\}\(f\)\|g\^h\$i\\j\+k\?`; got != want {
		t.Errorf("regexEscape = %q, want %q", got, want)
	}
}

func TestCountNewlines(t *testing.T) {
	tests := []struct {
		in          string
		n, firstEnd int
	}{
		{"abc", 0, -1}, {"a\nb", 1, 2}, {"a\r\nb\n", 2, 3}, {"\n\r\n", 2, 2}, {"\n\n", 2, 1},
	}
	for _, tt := range tests {
		n, first := countNewlines([]byte(tt.in))
		if n != tt.n || first != tt.firstEnd {
			t.Errorf("countNewlines(%q) = %d, %d; want %d, %d", tt.in, n, first, tt.n, tt.firstEnd)
		}
	}
}

// TestMalformedNeverPanics feeds truncated and garbled directives through
// Check; each must produce a diagnostic or a result, never a panic.
func TestMalformedNeverPanics(t *testing.T) {
	pieces := []string{"CHECK", "CHECK:", "CHECK-", "CHECK-COUNT-", "CHECK{", "CHECK{LITERAL", "[[", "]]", "[[#", "[[#%", "[[#%x,", "[[X:", "{{", "}}", "(", ")", "[", "\\", "#", ":", ",", "@LINE", "$", "-", "+", "==", "add(", "\n", " ", "9999999999999999999999"}
	var stderr bytes.Buffer
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for j := 0; j < 1+i%9; j++ {
			b.WriteString(pieces[(i*7+j*13+j*j*i)%len(pieces)])
		}
		text := b.String()
		stderr.Reset()
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic on check text %q: %v", text, r)
				}
			}()
			Check(Options{Verbose: i % 3, DumpInput: DumpAlways}, "c", []byte(text), "in", []byte(text+"\nx 1 2\n"), &stderr)
		}()
	}
}
