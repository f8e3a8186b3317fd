package ttopt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandLineRobustness: tt-opt's malformed flags, flags given twice
// with different values, and inputs that are binary, too large or nested
// too deep each end in a one-line message and a nonzero exit.
func TestCommandLineRobustness(t *testing.T) {
	const in = "module {\n}\n"
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o644)
	for _, c := range []struct {
		input string
		args  []string
		code  int
		want  string
	}{
		{in, []string{"--mlir-print-ir-after=no-such-pass"}, 2, "tt-opt: --mlir-print-ir-after: 'no-such-pass' does not refer to a registered pass\n"},
		{in, []string{"--mlir-print-ir-before=cse,,Canonicalizer"}, 2, "tt-opt: --mlir-print-ir-before: 'Canonicalizer' does not refer to a registered pass\n"},
		{in, []string{"--mlir-elide-elementsattrs-if-larger=x"}, 2, "tt-opt: -mlir-elide-elementsattrs-if-larger takes a number, got \"x\"\n"},
		{in, []string{"--mlir-print-elementsattrs-with-hex-if-larger", "y"}, 2, "tt-opt: -mlir-print-elementsattrs-with-hex-if-larger takes a number, got \"y\"\n"},
		{in, []string{"-o", "/dev/null", "-o", "/dev/stdout"}, 2, "tt-opt: -o is given twice (/dev/null, then /dev/stdout); it takes one value\n"},
		{in, []string{"--pass-pipeline=builtin.module(cse)", "--pass-pipeline=builtin.module(canonicalize)"}, 2, "tt-opt: --pass-pipeline is given twice"},
		{in, []string{"--mlir-print-ir-tree-dir=" + filepath.Join(notDir, "d"), "--mlir-print-ir-after-all", "--cse"}, 2, "tt-opt: -mlir-print-ir-tree-dir=" + filepath.Join(notDir, "d") + ": mkdir "},
		{"\x8f\x01\xfe", nil, 1, "FILE:1:1: error: unexpected character '\\8F'"},
		{"module attributes {x = " + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + "} {\n}\n", nil, 1, "FILE:1:1024: error: nesting deeper than 1000 levels"},
		{strings.Repeat("// a comment line of forty bytes or so\n", 17<<20/40), nil, 1, "tt-opt: input file 'FILE' is 16.6 MiB, over the 16 MiB tt reads"},
	} {
		out, stderr, code := run(t, c.input, c.args...)
		if code != c.code || !strings.HasPrefix(stderr, c.want) || strings.Contains(stderr, "goroutine ") {
			t.Errorf("%.60q %q: exit %d, stderr %.300q (stdout %.100q)\nwant exit %d and %q", c.input, c.args, code, stderr, out, c.code, c.want)
		}
	}
	// Passes may repeat; the same value twice changes nothing.
	if _, stderr, code := run(t, in, "--canonicalize", "--cse", "--canonicalize", "-o", "/dev/null", "-o", "/dev/null"); code != 0 {
		t.Errorf("repeated passes: exit %d, %s", code, stderr)
	}
}
