package tttranslate

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestCommandLineRobustness runs tt-translate on absurd and malformed
// flag values, flags given twice or in conflict, and inputs that are
// missing, a directory, empty, binary, 50 MB, with NUL bytes or invalid
// UTF-8, or nested 100,000 levels deep. Each must end in its exit code
// with a one-line message (a located one for the input's own faults) or
// compile: never a panic, a hang, a fatal stack overflow, or a success
// that drops the bad value.
func TestCommandLineRobustness(t *testing.T) {
	t.Setenv("TT_CACHE_DIR", t.TempDir())
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	k := "../../examples/vector_add.ttir"
	py := "../../examples/kernel_patterns.py"
	sig := "*fp32:16, *fp32:16, *fp32:16, i32"
	kernel := "module {\n  tt.func public @k(%p: !tt.ptr<i32>) {\n"
	end := "    tt.return\n  }\n}\n"
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(i*131 + i>>3) // no NUL-free, no UTF-8 luck
	}
	// 50 MB of one op, and text nested 100,000 levels deep (regions, an
	// attribute, a type), each a few MB.
	huge := write("huge.ttir", kernel+"    %c = arith.constant 1 : i32\n"+strings.Repeat("    tt.store %p, %c : !tt.ptr<i32>\n", 50<<20/35)+end)
	const deep = 100_000
	regions := write("regions.ttir", kernel+strings.Repeat("    scf.execute_region {\n", deep)+strings.Repeat("    scf.yield\n  }\n", deep)+end)
	attr := write("attr.ttir", "module attributes {x = "+strings.Repeat("[", deep)+strings.Repeat("]", deep)+"} {\n  tt.func public @k() {\n"+end)
	typ := write("type.ttir", "module {\n  tt.func public @k(%p: "+strings.Repeat("!tt.ptr<", deep)+"i32"+strings.Repeat(">", deep)+") {\n"+end)
	for _, c := range []struct {
		args []string
		code int
		want string // stderr's first line starts with it (code 0: stdout contains it)
	}{
		// Absurd values: refused naming the flag (exit 2).
		{[]string{k, "--num-warps=0"}, 2, "tt-translate: --num-warps must be a power of two, got 0"},
		{[]string{k, "--num-warps=3"}, 2, "tt-translate: --num-warps must be a power of two, got 3"},
		{[]string{k, "--num-warps=1000000"}, 2, "tt-translate: --num-warps must be a power of two, got 1000000"},
		{[]string{k, "--num-warps=-1"}, 2, "tt-translate: --num-warps must be a power of two, got -1"},
		{[]string{k, "--num-warps=x"}, 2, `tt-translate: invalid value "x" for flag -num-warps: parse error`},
		{[]string{k, "--num-warps=99999999999999999999"}, 2, `tt-translate: invalid value "99999999999999999999" for flag -num-warps: value out of range`},
		{[]string{k, "--num-stages=-1"}, 2, "tt-translate: --num-stages must be at least 1, got -1"},
		{[]string{k, "--num-stages=0"}, 2, "tt-translate: --num-stages must be at least 1, got 0"},
		{[]string{k, "--num-ctas=0"}, 2, "tt-translate: --num-ctas=0: want 1, 2, 4, 8 or 16"},
		{[]string{k, "--num-ctas=3"}, 2, "tt-translate: --num-ctas=3: want 1, 2, 4, 8 or 16"},
		{[]string{k, "--num-ctas=64"}, 2, "tt-translate: --num-ctas=64: want 1, 2, 4, 8 or 16"},
		{[]string{k, "--arch=sm_1000"}, 2, "tt-translate: --arch=sm_1000 is not supported"},
		{[]string{k, "--arch=sm_90b"}, 2, "tt-translate: --arch=sm_90b is not supported"},
		{[]string{k, "--arch=gfx", "--target=llvmir"}, 2, "tt-translate: --arch=gfx is not supported"},
		{[]string{k, "--arch="}, 2, "tt-translate: --arch is empty"},
		{[]string{k, "--maxnreg=100000"}, 2, "tt-translate: --maxnreg=100000: a thread has at most 255 registers"},
		{[]string{k, "--maxnreg=-1"}, 2, "tt-translate: --maxnreg=-1: the register bound must be positive"},
		{[]string{k, "--ptx-version=junk"}, 2, "tt-translate: --ptx-version=junk is not a PTX ISA version"},
		{[]string{k, "--target=nonsense"}, 2, `tt-translate: unknown target "nonsense"`},
		{[]string{k, "--kernel=missing"}, 2, "tt-translate: --kernel, --signature and --constexpr apply to Python (.py) input"},
		{[]string{k, "--mlir-print-ir-after=no-such-pass"}, 2, "tt-translate: --mlir-print-ir-after: 'no-such-pass' does not refer to a registered pass"},
		{[]string{k, "--mlir-print-ir-before=cse,ConvertTritonToTritonGPU"}, 2, "tt-translate: --mlir-print-ir-before: 'ConvertTritonToTritonGPU' does not refer"},
		// Flags twice with different values, or in conflict.
		{[]string{k, "--num-warps=4", "--num-warps=8"}, 2, "tt-translate: --num-warps is given twice (4, then 8); it takes one value"},
		{[]string{k, "--target=ptx", "--target", "llvmir"}, 2, "tt-translate: --target is given twice (ptx, then llvmir)"},
		{[]string{k, "--remarks", "--remarks=false"}, 2, "tt-translate: --remarks is given twice (true, then false)"},
		{[]string{k, k}, 2, "tt-translate: too many input files"},
		{[]string{k, "--target=ptx", "--arch=gfx942"}, 2, "tt-translate: --target=ptx needs an NVIDIA architecture"},
		{[]string{k, "--grid-variant", "--target=llvmir"}, 2, "tt-translate: --grid-variant applies to --target=ptx"},
		// Python's flags.
		{[]string{py, "--kernel", "vector_add_kernel", "--signature", sig + ", *junk"}, 2, `tt-translate: --signature: signature entry 4 ("*junk"): unknown type "junk"`},
		{[]string{py, "--kernel", "vector_add_kernel", "--signature", sig + ", 1024, i32", "--target=ttir"}, 1, py + ":11:5: error: the signature has 6 entries but vector_add_kernel takes 5 parameters"},
		{[]string{py, "--kernel", "vector_add_kernel", "--signature", sig, "--constexpr", "BLOCK_SIZE"}, 2, `tt-translate: --constexpr takes NAME=VALUE, got "BLOCK_SIZE"`},
		{[]string{py, "--kernel", "vector_add_kernel", "--signature", sig, "--constexpr", "BLOCK_SIZE=1024", "--constexpr", "BLOCK_SIZE=512"}, 2, "tt-translate: --constexpr BLOCK_SIZE is given twice (1024, then 512)"},
		{[]string{py, "--kernel", "no_such_kernel", "--signature", sig}, 1, "error: " + py + `: no kernel named "no_such_kernel"`},
		// Inputs.
		{[]string{filepath.Join(dir, "missing.ttir")}, 1, "tt-translate: could not open input file '" + filepath.Join(dir, "missing.ttir") + "': "},
		{[]string{dir}, 1, "tt-translate: could not open input file '" + dir + "': it is a directory"},
		{[]string{write("empty.ttir", "")}, 1, "tt-translate: " + filepath.Join(dir, "empty.ttir") + ": no public tt.func in the module"},
		{[]string{write("garbage.ttir", string(garbage))}, 1, filepath.Join(dir, "garbage.ttir") + ":1:1: error: unexpected character"},
		{[]string{write("nul.ttir", kernel+"    \x00\n"+end)}, 1, filepath.Join(dir, "nul.ttir") + `:3:5: error: unexpected character '\00'`},
		{[]string{write("utf8.ttir", "module {\n  tt.func public @k\xff\xfe() {\n"+end)}, 1, filepath.Join(dir, "utf8.ttir") + `:2:20: error: unexpected character '\FF'`},
		{[]string{huge}, 1, "tt-translate: input file '" + huge + "' is 50.0 MiB, over the 16 MiB tt reads"},
		{[]string{regions}, 1, regions + ":1002:5: error: nesting deeper than 1000 levels"},
		{[]string{attr}, 1, attr + ":1:1024: error: nesting deeper than 1000 levels"},
		{[]string{typ}, 1, typ + ":2:"},
		// Values that are odd but mean something: compiled.
		{[]string{k, "--num-stages=1000"}, 0, ".entry add_kernel"},
		{[]string{k, "--num-warps=4", "--num-warps=4"}, 0, ".entry add_kernel"},
		{[]string{k, "--ptx-version=08.4"}, 0, ".version 8.4"},
		{[]string{k, "--maxnreg=255"}, 0, ".maxnreg 255"},
		{[]string{write("utf8attr.ttir", "module attributes {x = \"\xff\xfe\"} {\n  tt.func public @k() {\n"+end)}, 0, ".entry k"},
	} {
		start := time.Now()
		code, stdout, stderr := run(t, "", c.args...)
		first, _, _ := strings.Cut(stderr, "\n")
		switch {
		case strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine "):
			t.Errorf("%.80q: crashed:\n%.2000s", c.args, stderr)
		case code != c.code:
			t.Errorf("%.80q: exit %d, want %d; stderr: %.500s", c.args, code, c.code, stderr)
		case c.code == 0 && !strings.Contains(stdout, c.want):
			t.Errorf("%.80q: output lacks %q; stderr: %.500s", c.args, c.want, stderr)
		case c.code != 0 && !strings.HasPrefix(first, c.want):
			t.Errorf("%.80q: stderr %.500q, want it to begin %q", c.args, stderr, c.want)
		case c.code == 2 && strings.Count(stderr, "\n") != 1:
			t.Errorf("%.80q: a command-line error of more than one line: %q", c.args, stderr)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%.80q took %v", c.args, d)
		}
	}
}

// TestLowerRefusesUnknownArch: the Go API (tt-run --backend sim lowers
// through it) refuses an architecture tt-translate's --arch does not take,
// rather than compiling sm_1000 as a GPU numbered 1000.
func TestLowerRefusesUnknownArch(t *testing.T) {
	for _, arch := range []string{"sm_1000", "sm_35", "gfx", "gfx800", "cuda:35"} {
		m := parseKernel(t, "../../examples/vector_add.ttir")
		o := DefaultOptions()
		o.Arch = arch
		if _, _, err := Lower(m, o); err == nil || !strings.Contains(err.Error(), "unknown architecture \""+arch+"\" (supported: sm_70,") {
			t.Errorf("--arch=%s: %v", arch, err)
		}
	}
	m := parseKernel(t, "../../examples/vector_add.ttir")
	o := DefaultOptions()
	o.Arch = "cuda:80"
	if _, _, err := Lower(m, o); err != nil {
		t.Errorf("cuda:80: %v", err)
	}
}

func parseKernel(t *testing.T, path string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(NewContext(), parseFile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
