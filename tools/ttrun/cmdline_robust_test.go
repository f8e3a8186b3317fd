package ttrun

import (
	"strings"
	"testing"
)

// TestCommandLineRobustness: tt-run's malformed flag values and flags
// given twice with different values end in one line and exit 2 before
// anything runs; an architecture tt does not compile for is refused as
// such (--backend sim compiled sm_1000 as a GPU it knew, and gfx failed
// at the module's first location, another file's).
func TestCommandLineRobustness(t *testing.T) {
	f := writeAddFiles(t)
	args := []string{f.src, "--kernel", "add", "--arg", "@" + f.x, "--arg", "@" + f.y, "--arg", "@" + f.out, "--arg", "13", "--arg", "0.25"}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--grid", "1", "--grid", "2"}, "tt-run: --grid is given twice (1, then 2); it takes one value\n"},
		{[]string{"--grid", "1", "--workers", "0"}, "tt-run: --workers takes a count of at least 1, got \"0\"\n"},
		{[]string{"--grid", "1", "--workers", "-3"}, "tt-run: --workers takes a count of at least 1, got \"-3\"\n"},
		{[]string{"--grid", "1", "--rtol", "x"}, "tt-run: --rtol takes a number, got \"x\"\n"},
		{[]string{"--grid", "1", "--backend", "sim", "--arch", "sm_1000"}, "tt-run: --arch=sm_1000 is not supported (supported: sm_70,"},
		{[]string{"--grid", "1", "--backend", "sim", "--arch", "gfx"}, "tt-run: --arch=gfx is not supported"},
		{[]string{"--grid", "1", "--backend", "sim", "--arch", "sm_90", "--arch", "sm_80"}, "tt-run: --arch is given twice (sm_90, then sm_80)"},
		{[]string{"--grid", "0"}, "tt-run: bad grid dimension \"0\"\n"},
	} {
		code, _, stderr := runTool(append(append([]string{}, args...), c.flags...)...)
		if code != 2 || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q\nwant exit 2 and %q", c.flags, code, stderr, c.want)
		}
	}
	// Repeatable flags and a repeated equal value still run.
	if code, _, stderr := runTool(append(args, "--grid", "1", "--grid", "1", "--backend", "sim", "--arch", "sm_80")...); code != 0 {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
