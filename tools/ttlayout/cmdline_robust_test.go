package ttlayout_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandLineRobustness: a value flag given twice with different
// values, and an input file nested too deep, end in one line, not in the
// last value silently winning or a fatal stack overflow.
func TestCommandLineRobustness(t *testing.T) {
	deep := filepath.Join(t.TempDir(), "deep.mlir")
	os.WriteFile(deep, []byte("#a = "+strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000)+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{blocked, "--shape", "128x64", "--shape", "4x4"}, 2, "tt-layout: --shape is given twice (128x64, then 4x4); it takes one value\n"},
		{[]string{blocked, "--shape", "128x64", "--format=table", "--format=triton"}, 2, "tt-layout: --format is given twice (table, then triton)"},
		{[]string{"-i", deep, "-t", "tensor<4xf32>"}, 1, "tt-layout: " + deep + ":1:"},
	} {
		code, _, stderr := run(t, c.args...)
		if code != c.code || !strings.HasPrefix(stderr, c.want) || !strings.Contains(stderr, "nesting deeper") && c.code == 1 {
			t.Errorf("%.80q: exit %d, stderr %.300q\nwant exit %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
	if code, _, stderr := run(t, blocked, blocked, "--shape", "16x16", "--shape", "16x16"); code != 0 {
		t.Errorf("two layouts, one shape twice: exit %d, %s", code, stderr)
	}
}
