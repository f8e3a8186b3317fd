package ttir_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// run parses src, runs the comma-separated passes on the module (with
// verification after each) and returns the result in the default print
// form.
func run(t *testing.T, passes, src string) (string, error) {
	t.Helper()
	ctx := all.NewContext()
	ctx.AllowUnregistered = true
	mod, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("input does not verify: %v", err)
	}
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+passes+")")
	if err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	if err := pm.Run(mod, &passmgr.Config{VerifyEach: true, DisableThreading: true}); err != nil {
		return "", err
	}
	return asm.Sprint(mod, asm.PrintConfig{}), nil
}

// expect runs passes on src and compares the printed result with want
// (both trimmed of surrounding blank lines; want may be indented by the
// test source, which is removed).
func expect(t *testing.T, passes, src, want string) {
	t.Helper()
	got, err := run(t, passes, src)
	if err != nil {
		t.Fatalf("%s failed: %v", passes, err)
	}
	if g, w := strings.TrimSpace(got), strings.TrimSpace(dedent(want)); g != w {
		t.Errorf("%s:\n--- got:\n%s\n--- want:\n%s\n--- first difference: %s", passes, g, w, firstDifference(g, w))
	}
}

// expectError runs passes on src and checks that they fail with a
// located diagnostic containing msg.
func expectError(t *testing.T, passes, src, msg string) {
	t.Helper()
	_, err := run(t, passes, src)
	if err == nil {
		t.Fatalf("%s succeeded, want an error containing %q", passes, msg)
	}
	if !strings.Contains(err.Error(), msg) {
		t.Fatalf("%s: error %q does not contain %q", passes, err, msg)
	}
	if strings.Contains(err.Error(), "crashed") {
		t.Fatalf("%s crashed: %v", passes, err)
	}
	var loc ir.Location
	switch d := err.(type) {
	case *ir.Diagnostic:
		loc = d.Loc
	case ir.Diagnostics:
		if len(d) > 0 {
			loc = d[0].Loc
		}
	}
	if ir.FindFileLineCol(loc) == nil {
		t.Errorf("%s: error %q has no file location", passes, err)
	}
}

// dedent removes the common leading tabs of the lines of s.
func dedent(s string) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, "\t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	for i, l := range lines {
		if len(l) >= indent && indent > 0 {
			lines[i] = l[indent:]
		}
	}
	return strings.Join(lines, "\n")
}

// replaceAll applies old/new pairs to s.
func replaceAll(s string, pairs ...string) string {
	return strings.NewReplacer(pairs...).Replace(s)
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
