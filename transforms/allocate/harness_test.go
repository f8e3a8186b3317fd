package allocate_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/filecheck"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms"
	_ "github.com/ttcompiler/tt/transforms/allocate"
)

// runLine is one lit RUN line: `OPT ARGS [2>&1] [| FileCheck ARGS]`, with
// OPT tt-opt or triton-opt.
type runLine struct {
	opt, check []string
	mergeErr   bool
}

// runLines returns the RUN lines of src with %s replaced by path.
func runLines(src, path string) ([]runLine, error) {
	var out []runLine
	for _, l := range strings.Split(src, "\n") {
		i := strings.Index(l, "RUN:")
		if i < 0 {
			continue
		}
		cmd := strings.TrimSpace(l[i+len("RUN:"):])
		optPart, checkPart, piped := strings.Cut(cmd, "|")
		r := runLine{opt: words(optPart, path)}
		if piped {
			r.check = words(checkPart, path)
		}
		if len(r.opt) > 0 && r.opt[len(r.opt)-1] == "2>&1" {
			r.mergeErr = true
			r.opt = r.opt[:len(r.opt)-1]
		}
		if len(r.opt) == 0 || (r.opt[0] != "tt-opt" && r.opt[0] != "triton-opt") {
			return nil, fmt.Errorf("RUN line does not start with tt-opt: %q", cmd)
		}
		r.opt = r.opt[1:]
		if piped {
			if len(r.check) == 0 || r.check[0] != "FileCheck" {
				return nil, fmt.Errorf("RUN line does not pipe into FileCheck: %q", cmd)
			}
			r.check = r.check[1:]
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no RUN line")
	}
	return out, nil
}

// words splits a shell command into words, removing quotes and
// substituting %s.
func words(cmd, path string) []string {
	var out []string
	var cur strings.Builder
	var quote byte
	in := false
	flush := func() {
		if in {
			out = append(out, strings.ReplaceAll(cur.String(), "%s", path))
			cur.Reset()
			in = false
		}
	}
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t':
			flush()
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	flush()
	return out
}

// run executes r (tt-opt, then FileCheck on its output) and returns a
// description of the failure, or "".
func (r runLine) run() string {
	var stdout, stderr bytes.Buffer
	optErr := &stderr
	if r.mergeErr {
		optErr = &stdout
	}
	rc := ttopt.Run(r.opt, nil, &stdout, optErr)
	if r.check == nil {
		if rc != 0 {
			return fmt.Sprintf("tt-opt %s: exit %d\n%s%s", strings.Join(r.opt, " "), rc, stdout.String(), stderr.String())
		}
		return ""
	}
	if rc != 0 {
		return fmt.Sprintf("tt-opt %s: exit %d\n%s%s", strings.Join(r.opt, " "), rc, stdout.String(), stderr.String())
	}
	var fc bytes.Buffer
	if frc := filecheck.Main(r.check, bytes.NewReader(stdout.Bytes()), &fc, &fc); frc != 0 {
		return fmt.Sprintf("FileCheck %s: exit %d\n%s", strings.Join(r.check, " "), frc, fc.String())
	}
	return ""
}

// runFile runs every RUN line of the file at path (whose text is src) and
// returns the failures.
func runFile(path, src string) []string {
	lines, err := runLines(src, path)
	if err != nil {
		return []string{err.Error()}
	}
	var fails []string
	for _, r := range lines {
		if f := r.run(); f != "" {
			fails = append(fails, f)
		}
	}
	return fails
}

// writeTemp writes src to a file named name in a fresh temporary
// directory and returns its path.
func writeTemp(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
