package ttopt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const foldable = `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%a: i32, %t: tensor<128xi32, #blocked>) -> i32 {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %s = arith.addi %c1, %c2 : i32
    %r = arith.addi %a, %s : i32
    tt.return %r : i32
  }
}
`

func mustContain(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

func mustNotContain(t *testing.T, what, text string, bad ...string) {
	t.Helper()
	for _, b := range bad {
		if strings.Contains(text, b) {
			t.Errorf("%s has %q:\n%s", what, b, text)
		}
	}
}

// --mlir-print-ir-after-change prints only after passes that changed the
// IR: canonicalize folds 1+2, cse then finds nothing.
func TestPrintIRAfterChange(t *testing.T) {
	_, errs, rc := run(t, foldable, "-canonicalize", "-cse", "--mlir-print-ir-after-change")
	if rc != 0 {
		t.Fatalf("rc=%d %s", rc, errs)
	}
	mustContain(t, "stderr", errs, "// -----// IR Dump After Canonicalizer (canonicalize)")
	mustNotContain(t, "stderr", errs, "IR Dump After CSE")
}

// --mlir-print-ir-after-failure prints only the IR a failing pass left,
// in the generic form when it does not verify, unless
// --mlir-print-assume-verified.
func TestPrintIRAfterFailure(t *testing.T) {
	_, errs, rc := run(t, foldable, "-canonicalize", "-test-pass-invalid-ir", "--mlir-print-ir-after-failure")
	if rc != 1 {
		t.Fatalf("rc=%d %s", rc, errs)
	}
	mustContain(t, "stderr", errs, "// -----// IR Dump After TestInvalidIRPass Failed (test-pass-invalid-ir)", `"arith.addi"(`)
	mustNotContain(t, "stderr", errs, "IR Dump After Canonicalizer")
	_, errs, _ = run(t, foldable, "-test-pass-invalid-ir", "--mlir-print-ir-after-failure", "--mlir-print-assume-verified")
	mustContain(t, "stderr with assume-verified", errs, "IR Dump After TestInvalidIRPass Failed", "arith.addi %")
	// A pass that returns an error is a failure too.
	_, errs, _ = run(t, foldable, "-test-pass-failure", "--mlir-print-ir-after-failure")
	mustContain(t, "stderr", errs, "// -----// IR Dump After TestFailurePass Failed (test-pass-failure)", "tt.func @f")
}

// --mlir-print-local-scope prints no alias definitions.
func TestPrintLocalScope(t *testing.T) {
	out, _, rc := run(t, foldable, "--mlir-print-local-scope")
	if rc != 0 {
		t.Fatalf("rc=%d", rc)
	}
	mustNotContain(t, "output", out, "#blocked =", "#blocked>")
	mustContain(t, "output", out, "tensor<128xi32, #ttg.blocked<{sizePerThread = [1]")
	out, _, _ = run(t, foldable)
	mustContain(t, "default output", out, "#blocked = #ttg.blocked<", "tensor<128xi32, #blocked>")
}

// --mlir-pretty-debuginfo prints locations as file:line:col, inline.
func TestPrettyDebugInfo(t *testing.T) {
	out, _, rc := run(t, foldable, "--mlir-print-debuginfo", "--mlir-pretty-debuginfo")
	if rc != 0 {
		t.Fatalf("rc=%d", rc)
	}
	if !strings.Contains(out, "in.mlir:7:10\n") {
		t.Errorf("no pretty location in:\n%s", out)
	}
	mustNotContain(t, "output", out, "loc(", "#loc")
}

// --mlir-print-value-users comments values with their users, as mlir-opt
// does; ops without results take a value number as their id (the function
// itself is %0), so numbering starts at %1.
func TestPrintValueUsers(t *testing.T) {
	src := `func.func @f(%a: i32, %b: i32, %u: i32) -> i32 {
  %x = arith.addi %a, %b : i32
  %y = arith.muli %x, %x : i32
  %z = arith.subi %x, %a : i32
  %w = arith.addi %a, %a : i32
  "test.sink"(%y) : (i32) -> ()
  return %z : i32
}
`
	out, errs, rc := run(t, src, "--mlir-print-value-users", "--allow-unregistered-dialect")
	if rc != 0 {
		t.Fatalf("rc=%d %s", rc, errs)
	}
	want := `module {
  func.func @f(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    // %arg0 is used by %4, %3, %1
    // %arg1 is used by %1
    // %arg2 is unused
    %1 = arith.addi %arg0, %arg1 : i32 // users: %3, %2
    %2 = arith.muli %1, %1 : i32 // user: %5
    %3 = arith.subi %1, %arg0 : i32 // user: %6
    %4 = arith.addi %arg0, %arg0 : i32 // unused
    "test.sink"(%2) : (i32) -> () // id: %5
    return %3 : i32 // id: %6
  }
}
`
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

// --mlir-print-ir-tree-dir writes each dump to a file named after the
// nesting of the op and the pass, as mlir-opt does.
func TestPrintIRTreeDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tree")
	_, errs, rc := run(t, foldable, "--pass-pipeline=builtin.module(canonicalize,tt.func(cse))",
		"--mlir-print-ir-after-all", "--mlir-print-ir-tree-dir="+dir)
	if rc != 0 {
		t.Fatalf("rc=%d %s", rc, errs)
	}
	if strings.Contains(errs, "IR Dump") {
		t.Errorf("dumps went to stderr:\n%s", errs)
	}
	for _, f := range []string{
		"builtin_module_no-symbol-name/0_canonicalize.mlir",
		"builtin_module_no-symbol-name/tt_func_f/0_0_cse.mlir",
	} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		mustContain(t, f, string(b), "// -----// IR Dump After")
	}
}

// Mixing --pass-pipeline with pass flags is an error, as in mlir-opt.
func TestPassPipelineWithPassFlags(t *testing.T) {
	_, errs, rc := run(t, foldable, "--pass-pipeline=builtin.module(cse)", "-canonicalize")
	if rc != 2 || !strings.Contains(errs, "tt-opt: '-pass-pipeline' option can't be used with individual pass options") {
		t.Errorf("rc=%d stderr %q", rc, errs)
	}
}

// -list-passes shows each pass's options with type and default.
func TestListPassesOptions(t *testing.T) {
	out, _, rc := run(t, "", "-list-passes")
	if rc != 0 {
		t.Fatalf("rc=%d", rc)
	}
	mustContain(t, "-list-passes", out,
		"  -canonicalize ",
		"      max-iterations=<int> ",
		"(default: 10)",
		"  -convert-triton-to-tritongpu ",
		"      num-warps=<int> ",
		"  -ttgir-pipeline ")
}

// -o writes the output whole on success and leaves the file as it was on
// failure; remark-only test-print passes succeed.
func TestOutputFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.mlir")
	os.WriteFile(out, []byte("previous"), 0o644)
	_, _, rc := run(t, foldable, "-test-pass-failure", "-o", out)
	if b, _ := os.ReadFile(out); rc != 1 || string(b) != "previous" {
		t.Errorf("failed run: rc=%d, output file %q", rc, b)
	}
	_, _, rc = run(t, foldable, "-canonicalize", "-o", out)
	if b, _ := os.ReadFile(out); rc != 0 || !strings.Contains(string(b), "tt.func @f") {
		t.Errorf("successful run: rc=%d, output file %q", rc, b)
	}
	stdout, errs, rc := run(t, foldable, "-test-print-alignment")
	if rc != 0 || !strings.Contains(errs, "remark: 'arith.addi' result #0 => contiguity") || !strings.Contains(stdout, "tt.func @f") {
		t.Errorf("test-print-alignment: rc=%d\nstdout:\n%s\nstderr:\n%s", rc, stdout, errs)
	}
}

func TestVersionHelpUnknownFlag(t *testing.T) {
	out, _, rc := run(t, "", "--version")
	if rc != 0 || !strings.HasPrefix(out, "tt-opt (tt) version ") {
		t.Errorf("--version: rc=%d %q", rc, out)
	}
	out, _, rc = run(t, "", "--help")
	if rc != 0 || !strings.HasPrefix(out, "USAGE: tt-opt") {
		t.Errorf("--help: rc=%d", rc)
	}
	_, errs, rc := run(t, "", "--no-such-flag")
	if rc != 2 || errs != "tt-opt: Unknown command line argument '--no-such-flag'.  Try: 'tt-opt --help'\n" {
		t.Errorf("unknown flag: rc=%d %q", rc, errs)
	}
}

// --output-split-marker joins the chunks' outputs; dense attributes of
// more elements than --mlir-print-elementsattrs-with-hex-if-larger print
// as hex (-1: never).
func TestSplitMarkerAndHex(t *testing.T) {
	src := "\"t.a\"() {v = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> ()\n// -----\n\"t.b\"() : () -> ()\n"
	out, _, rc := run(t, src, "-split-input-file", "--allow-unregistered-dialect", "--output-split-marker=// ====", "--mlir-print-elementsattrs-with-hex-if-larger=2")
	if rc != 0 || !strings.Contains(out, "}\n// ====\nmodule {") || !strings.Contains(out, `dense<"0x01000000020000000300000004000000">`) {
		t.Errorf("rc=%d\n%s", rc, out)
	}
	out, _, _ = run(t, src, "-split-input-file", "--allow-unregistered-dialect", "--mlir-print-elementsattrs-with-hex-if-larger=-1")
	if !strings.Contains(out, "dense<[1, 2, 3, 4]>") || !strings.Contains(out, "}\n// -----\nmodule {") {
		t.Errorf("defaults:\n%s", out)
	}
}
