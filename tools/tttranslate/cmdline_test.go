package tttranslate

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// run runs tt-translate in process and returns its exit code and streams.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestCommandLineErrors: settings that cannot work are the command line's
// fault: exit 2 and a message naming the flag, never a diagnostic at the
// kernel's source line.
func TestCommandLineErrors(t *testing.T) {
	k := "../../examples/vector_add.ttir"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{k, "--arch=sm_35"}, "tt-translate: --arch=sm_35 is not supported (supported: sm_70, sm_75, sm_80,"},
		{[]string{k, "--arch=gfx800", "--target=llvmir"}, "tt-translate: --arch=gfx800 is not supported"},
		{[]string{k, "--num-warps=64"}, "tt-translate: --num-warps=64 gives 2048 threads a block on sm_90 (32 a warp); a block has at most 1024"},
		{[]string{k, "--num-warps=32", "--target=llvmir", "--arch=gfx942"}, "tt-translate: --num-warps=32 gives 2048 threads a block on gfx942 (64 a warp)"},
		{[]string{k, "--ptx-version=eight"}, "tt-translate: --ptx-version=eight is not a PTX ISA version (want MAJOR.MINOR, e.g. 8.4)"},
		{[]string{k, "--ptx-version=42.0"}, "tt-translate: --ptx-version=42.0 is not a PTX ISA version tt can print (6.0 to 9.x)"},
		{[]string{k, "--ptx-version=7.0"}, "tt-translate: --ptx-version=7.0 is too old for sm_90 (it needs PTX 7.8 or newer)"},
		{[]string{k, "--ptx-version=8.0", "--target=llvmir", "--arch=gfx942"}, "tt-translate: --ptx-version applies to NVIDIA targets, not gfx942"},
		{[]string{k, "--target=ptx", "--arch=gfx942"}, "tt-translate: --target=ptx needs an NVIDIA architecture (sm_...), got --arch=gfx942"},
		{[]string{k, "--bogus"}, "tt-translate: Unknown command line argument '--bogus'.  Try: 'tt-translate --help'"},
		{[]string{k, "--llc=/nonexistent/llc", "--target=amdgcn"}, "tt-translate: --llc=/nonexistent/llc does not run"},
		{[]string{k, "--kernel", "add_kernel"}, "tt-translate: --kernel, --signature and --constexpr apply to Python (.py) input; " + k + " is IR"},
		{[]string{k, "--signature", "*fp32"}, "tt-translate: --kernel, --signature and --constexpr apply to Python (.py) input"},
		{[]string{"--constexpr", "BLOCK=4"}, "tt-translate: --kernel, --signature and --constexpr apply to Python (.py) input; - is IR"},
		{[]string{k, "--grid-variant", "--target=llvmir"}, "tt-translate: --grid-variant applies to --target=ptx (a second entry of the PTX module), not --target=llvmir"},
	} {
		code, _, stderr := run(t, "", c.args...)
		if code != 2 || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q\nwant exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// An llc older than the architecture needs is refused up front (LLVM 14
// does not know gfx942); a new enough one is accepted.
func TestOldLLC(t *testing.T) {
	llc14, err := exec.LookPath("llc")
	if err != nil {
		t.Skip("no llc on PATH")
	}
	out, _ := exec.Command(llc14, "--version").CombinedOutput()
	if !strings.Contains(string(out), "LLVM version 14.") {
		t.Skipf("llc on PATH is not LLVM 14:\n%s", out)
	}
	code, _, stderr := run(t, "", "../../examples/vector_add.ttir", "--target=amdgcn", "--llc="+llc14)
	want := "tt-translate: --llc=" + llc14 + " is LLVM 14, which does not know gfx942 (it needs LLVM 17 or newer)"
	if code != 2 || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d, %q, want %q", code, stderr, want)
	}
	if code, _, stderr := run(t, "", "testdata/perthread.mlir", "--target=amdgcn", "--arch=gfx90a", "--llc="+llc14); code != 0 {
		t.Errorf("LLVM 14 knows gfx90a: exit %d, %s", code, stderr)
	}
}

// TestInputErrors: what is wrong with the input is reported against it.
func TestInputErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.ttir")
	os.WriteFile(empty, nil, 0o644)
	nokernel := filepath.Join(dir, "lib.ttir")
	os.WriteFile(nokernel, []byte("module {\n  tt.func private @helper() {\n    tt.return\n  }\n}\n"), 0o644)
	ttgir := filepath.Join(dir, "k.ttgir")
	os.WriteFile(ttgir, []byte(parseFile(t, "../../testdata/cases/add2d.ttgir")), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{empty}, "tt-translate: " + empty + ": no public tt.func in the module\n"},
		{[]string{nokernel}, "tt-translate: " + nokernel + ": no public tt.func in the module\n"},
		{[]string{"-"}, "tt-translate: <stdin>: no public tt.func in the module\n"},
		{[]string{ttgir, "--num-warps=8"}, "error: --num-warps=8 disagrees with the module's \"ttg.num-warps\" = 4 (TTGIR is laid out for its warps; drop --num-warps or compile the TTIR)"},
	} {
		code, _, stderr := run(t, "", c.args...)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want exit 1 and %q", c.args, code, stderr, c.want)
		}
	}
	// The module's own warp count is accepted whether given or not.
	if code, _, stderr := run(t, "", ttgir, "--num-warps=4"); code != 0 {
		t.Errorf("matching --num-warps: exit %d, %s", code, stderr)
	}
	// An i128 scalar argument is not a PTX parameter type: the error
	// points at the argument.
	i128 := filepath.Join(dir, "i128.ttir")
	os.WriteFile(i128, []byte(`module {
  tt.func public @k(%p: !tt.ptr<i32>, %n: i128) {
    %t = arith.trunci %n : i128 to i32
    tt.store %p, %t : !tt.ptr<i32>
    tt.return
  }
}
`), 0o644)
	code, _, stderr := run(t, "", i128)
	if code != 1 || !strings.Contains(stderr, i128+":2:39: error: kernel parameter 1: unsupported type i128") {
		t.Errorf("i128: exit %d, %s", code, stderr)
	}
}

// TestSignatureMismatchLocated: a --signature that does not match the
// kernel's parameters is reported at the def, with the source line, as
// the front end's errors are (it was a bare command-line message).
func TestSignatureMismatchLocated(t *testing.T) {
	k := "../../examples/kernel_patterns.py"
	for _, c := range []struct {
		sig, want string
	}{
		{"*fp32:16, *fp32:16, *fp32:16, i32, 1024, i32", k + ":11:5: error: the signature has 6 entries but vector_add_kernel takes 5 parameters"},
		{"*fp32:16, *fp32:16, *fp32:16", k + ":15:5: error: parameter n_elements of vector_add_kernel has no signature entry or constexpr value"},
	} {
		code, _, stderr := run(t, "", k, "--kernel", "vector_add_kernel", "--signature", c.sig, "--target=ttir")
		if code != 1 || !strings.HasPrefix(stderr, c.want) || !strings.Contains(stderr, "^") {
			t.Errorf("--signature %q: exit %d, stderr %q\nwant exit 1 and %q with the line", c.sig, code, stderr, c.want)
		}
	}
}

// TestOutputFiles: -o replaces a file whole or not at all, /dev/null gets
// no metadata beside it, and --dump-stages writes the input, every stage,
// the output and (for PTX) the LLVM IR --target=llvmir would print, or the
// stage that failed.
func TestOutputFiles(t *testing.T) {
	requireStages(t, LevelTTIR)
	dir := t.TempDir()
	out := filepath.Join(dir, "k.ptx")
	os.WriteFile(out, []byte("previous"), 0o644)
	if code, _, _ := run(t, "", "testdata/bad.ttir", "-o", out); code != 1 {
		t.Fatalf("bad input compiled")
	}
	if b, _ := os.ReadFile(out); string(b) != "previous" {
		t.Errorf("a failed compilation changed the output file to %q", b)
	}
	if _, err := os.Stat(filepath.Join(dir, "k.json")); err == nil {
		t.Errorf("a failed compilation wrote metadata")
	}
	if code, _, stderr := run(t, "", "../../examples/vector_add.ttir", "-o", os.DevNull); code != 0 {
		t.Fatalf("-o /dev/null: exit %d %s", code, stderr)
	}
	if _, err := os.Stat(os.DevNull + ".json"); err == nil {
		t.Errorf("-o %s created %s.json", os.DevNull, os.DevNull)
	}
	dumps := filepath.Join(dir, "stages")
	if code, _, stderr := run(t, "", "../../examples/vector_add.ttir", "--dump-stages", dumps, "-o", out); code != 0 {
		t.Fatalf("exit %d %s", code, stderr)
	}
	for _, f := range []string{"00-input.mlir", "01-ttir.mlir", "02-ttgir.mlir", "03-llir.mlir", "out.ptx", "out.ll"} {
		if _, err := os.Stat(filepath.Join(dumps, f)); err != nil {
			t.Errorf("--dump-stages: %v", err)
		}
	}
	ll := filepath.Join(dir, "k.ll")
	if code, _, stderr := run(t, "", "../../examples/vector_add.ttir", "--target=llvmir", "-o", ll); code != 0 {
		t.Fatalf("--target=llvmir: exit %d %s", code, stderr)
	}
	want, _ := os.ReadFile(ll)
	if got, err := os.ReadFile(filepath.Join(dumps, "out.ll")); err != nil || string(got) != string(want) || !strings.Contains(string(got), "define ptx_kernel void @") {
		t.Errorf("--dump-stages out.ll differs from --target=llvmir's output (%v):\n%s", err, got)
	}
	// A kernel the lowering refuses: its TTGIR is there to inspect.
	failed := filepath.Join(dir, "failed")
	huge := filepath.Join(dir, "huge.ttir")
	os.WriteFile(huge, []byte(tileKernel(t, 1<<18)), 0o644)
	if code, _, _ := run(t, "", huge, "--dump-stages", failed); code != 1 {
		t.Fatalf("the huge tile compiled")
	}
	for _, f := range []string{"00-input.mlir", "01-ttir.mlir", "02-ttgir.mlir", "03-llir.failed.mlir"} {
		if _, err := os.Stat(filepath.Join(failed, f)); err != nil {
			t.Errorf("--dump-stages on failure: %v", err)
		}
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := run(t, "", "--version")
	if code != 0 || !strings.HasPrefix(stdout, "tt-translate (tt) version ") || !strings.Contains(stdout, ", commit ") {
		t.Errorf("--version: exit %d, %q", code, stdout)
	}
}

// TestRemarks: the passes' remarks (block ping-pong says what it did on
// this gfx942 matmul) are printed only when asked for, by --remarks or by
// Triton's MLIR_ENABLE_DIAGNOSTICS=remarks, and a cached compilation
// replays what its options ask for.
func TestRemarks(t *testing.T) {
	t.Setenv("TT_CACHE_DIR", t.TempDir())
	k := "../../testdata/cases/matmul_f32_ieee.ttir"
	args := []string{k, "--target=llvmir", "--arch=gfx942", "--num-stages=2", "-o", filepath.Join(t.TempDir(), "k.ll")}
	const want = "remark: Performed one ping pong cluster transformation"
	for i := 0; i < 2; i++ { // cold, then from the cache
		if code, _, stderr := run(t, "", args...); code != 0 || strings.Contains(stderr, "remark:") {
			t.Errorf("run %d without --remarks: exit %d, stderr:\n%s", i, code, stderr)
		}
		if code, _, stderr := run(t, "", append(args, "--remarks")...); code != 0 || !strings.Contains(stderr, want) {
			t.Errorf("run %d with --remarks: exit %d, stderr lacks %q:\n%s", i, code, want, stderr)
		}
	}
	t.Setenv("MLIR_ENABLE_DIAGNOSTICS", "warnings,remarks")
	if code, _, stderr := run(t, "", args...); code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("MLIR_ENABLE_DIAGNOSTICS=warnings,remarks: exit %d, stderr lacks %q:\n%s", code, want, stderr)
	}
}
