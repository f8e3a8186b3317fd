package ttopt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, input string, args ...string) (string, string, int) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(path, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	rc := Run(append([]string{path}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), strings.ReplaceAll(errb.String(), path, "FILE"), rc
}

func TestSplitAndPrint(t *testing.T) {
	out, _, rc := run(t, "\"t.a\"() : () -> ()\n// -----\n\"t.b\"() : () -> ()\n", "-split-input-file", "--allow-unregistered-dialect")
	want := "module {\n  \"t.a\"() : () -> ()\n}\n// -----\nmodule {\n  \"t.b\"() : () -> ()\n}\n"
	if rc != 0 || out != want {
		t.Fatalf("rc=%d out:\n%s", rc, out)
	}
}

func TestDiagnosticRendering(t *testing.T) {
	_, errs, rc := run(t, "\"t.a\"() : () -> ()\n")
	if rc != 1 || !strings.Contains(errs, "FILE:1:6: error: operation being parsed with an unregistered dialect") {
		t.Fatalf("unregistered dialect: rc=%d stderr:\n%s", rc, errs)
	}
	_, errs, rc = run(t, "\n  %0 = \"t.x\"(%y) : (i32) -> i32\n", "-allow-unregistered-dialect")
	want := "FILE:2:14: error: use of undeclared SSA value name\n  %0 = \"t.x\"(%y) : (i32) -> i32\n             ^\n"
	if rc != 1 || errs != want {
		t.Fatalf("rc=%d stderr:\n%q\nwant\n%q", rc, errs, want)
	}
}

func TestVerifyDiagnostics(t *testing.T) {
	in := "// expected-error @+1 {{use of undeclared SSA value name}}\n%0 = \"t.x\"(%y) : (i32) -> i32\n// -----\n\"t.ok\"() : () -> ()\n"
	_, errs, rc := run(t, in, "-split-input-file", "-verify-diagnostics", "-allow-unregistered-dialect")
	if rc != 0 {
		t.Fatalf("rc=%d stderr:\n%s", rc, errs)
	}
	// An expectation that is not produced fails with MLIR's message.
	in = "// expected-error @+1 {{nope}}\n\"t.ok\"() : () -> ()\n"
	_, errs, rc = run(t, in, "-verify-diagnostics", "-allow-unregistered-dialect")
	if rc != 1 || !strings.Contains(errs, `FILE:1:4: error: expected error "nope" was not produced`) {
		t.Fatalf("rc=%d stderr:\n%s", rc, errs)
	}
	// A diagnostic that was not expected is reported.
	in = "%0 = \"t.x\"(%y) : (i32) -> i32\n"
	_, errs, rc = run(t, in, "-verify-diagnostics", "-allow-unregistered-dialect")
	if rc != 1 || !strings.Contains(errs, "FILE:1:12: error: unexpected error: use of undeclared SSA value name") {
		t.Fatalf("rc=%d stderr:\n%s", rc, errs)
	}
}

func TestUnknownFlag(t *testing.T) {
	_, _, rc := run(t, "", "-no-such-pass")
	if rc != 2 {
		t.Fatalf("rc=%d", rc)
	}
}
