// Package ttopttest runs golden-file tests through tt-opt for the packages
// whose passes it links: each input's first line names tt-opt's
// arguments, and its output must equal the .out file beside it.
package ttopttest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttopt"
)

// CheckGoldens runs each file matching pattern (a glob of .mlir files)
// through tt-opt with the arguments of its first line (`// RUN: tt-opt %s
// ARGS`) and compares the output, exactly, with the .out file beside it
// (stdout, then stderr after a marker line when there is any, then the
// exit status when it is not 0). With update it rewrites the .out files
// instead.
func CheckGoldens(t *testing.T, pattern string, update bool) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no files match %s: %v", pattern, err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".mlir"), func(t *testing.T) {
			got := runGolden(t, f)
			out := strings.TrimSuffix(f, ".mlir") + ".out"
			if update {
				if err := os.WriteFile(out, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(out)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output of %s differs from %s\n--- got ---\n%s", f, out, got)
			}
		})
	}
}

func runGolden(t *testing.T, file string) string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(src), "\n")
	const prefix = "// RUN: tt-opt %s"
	if !strings.HasPrefix(first, prefix) {
		t.Fatalf("%s: first line must start with %q", file, prefix)
	}
	args := append([]string{"-"}, shellWords(strings.TrimPrefix(first, prefix))...)
	var stdout, stderr strings.Builder
	rc := ttopt.Run(args, strings.NewReader(string(src)), &stdout, &stderr)
	got := stdout.String()
	if stderr.Len() > 0 {
		got += "// ---- stderr ----\n" + stderr.String()
	}
	if rc != 0 {
		got += "// ---- exit status " + strconv.Itoa(rc) + " ----\n"
	}
	return got
}

// shellWords splits s at blanks outside single or double quotes, dropping
// the quotes, as a shell does for a RUN line.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	in, quote := false, rune(0)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}
