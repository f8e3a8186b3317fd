package ttlayout_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttlayout"
	"github.com/ttcompiler/tt/tools/ttlit"
)

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := ttlayout.Run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

const blocked = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"

// The table: threads and registers of each element, the bases, the
// replication (8 lanes along 16 columns of 4-element chunks hold every
// element twice).
func TestDistributedTable(t *testing.T) {
	code, out, errs := run(t, blocked, "--shape", "16x16")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"Layout: " + blocked + "\nTensor: tensor<16x16xf32>\n",
		"Threads: 128 (4 warps x 32 lanes), 4 registers a thread; each element is held by 2 register(s)\n",
		"  register  (0, 1) (0, 2)\n",
		"  lane      (0, 4) (0, 8) (0, 0) (1, 0) (2, 0)\n",
		"  warp      (4, 0) (8, 0)\n",
		"\n 0      T0:0|T4:0      T0:1|T4:1      T0:2|T4:2",
		"\n15  T120:0|T124:0  T120:1|T124:1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// The hardware view: in each warp, the element of each lane and register.
func TestHardwareView(t *testing.T) {
	_, out, _ := run(t, "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>", "--shape", "16x8", "--hw")
	// mma.sync m16n8: lane l holds row l/4 and columns 2*(l%4), +1; its
	// registers 2 and 3 hold the rows 8 further down.
	for _, want := range []string{"warp 0:\n", "\n0  ( 0,0)  ( 0,2)  ( 0,4)  ( 0,6)  ( 1,0)", "\n2  ( 8,0)  ( 8,2)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// Shared layouts: offsets and banks show the swizzle; --access counts a
// warp's wavefronts.
func TestSharedTable(t *testing.T) {
	_, out, _ := run(t, "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [1, 0]}>", "--shape", "4x4")
	// Row r's elements are XOR-swizzled by r.
	for _, want := range []string{
		"Buffer: 64 bytes per CTA (16 elements of 4 bytes)",
		"\n1    5:5    4:4    7:7    6:6\n",
		"\n3  15:15  14:14  13:13  12:12\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	nvmma := "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>"
	// Rows of 16-byte vectors, 8 lanes a 128-byte row: conflict-free on the
	// 128-byte swizzle; 8-byte vectors put two rows in a phase, whose
	// swizzled chunks share banks.
	rows16 := "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
	_, out, _ = run(t, nvmma, "-t", "tensor<128x64xf16>", "--access", rows16)
	if !strings.Contains(out, "8 instructions of 8-element vectors, 32 wavefronts (at best 32): 0 lost to bank conflicts\n") {
		t.Errorf("128-byte swizzle read by rows: want no conflict:\n%s", out[strings.LastIndex(out, "Access"):])
	}
	_, out, _ = run(t, nvmma, "-t", "tensor<128x64xf16>", "--access", blocked)
	if !strings.Contains(out, "64 wavefronts (at best 32): 32 lost to bank conflicts\n") {
		t.Errorf("8-byte vectors on the 128-byte swizzle:\n%s", out[strings.LastIndex(out, "Access"):])
	}
	_, out, _ = run(t, "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>", "-t", "tensor<32x32xf32>",
		"--access", "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>")
	if !strings.Contains(out, "256 wavefronts (at best 32): 224 lost to bank conflicts") {
		t.Errorf("columns of an unswizzled buffer: want a 32-way conflict:\n%s", out[strings.LastIndex(out, "Access"):])
	}
}

// Padding moves the offsets (and banks) of padded_shared's elements.
func TestPaddedShared(t *testing.T) {
	_, out, _ := run(t, "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 32]}>", "--shape", "32x32")
	for _, want := range []string{
		"Buffer: 4592 bytes per CTA (1024 elements of 4 bytes, 124 of padding)",
		"\n 1     36:4     37:5     38:6", // row 1 starts after 32 elements and 4 of padding
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%.600s", want, out)
		}
	}
}

// The SVG has a cell per element, labelled when small, in runs when not.
func TestSVG(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.svg")
	if code, _, errs := run(t, blocked, "--shape", "16x16", "--svg", small); code != 0 {
		t.Fatal(errs)
	}
	b, _ := os.ReadFile(small)
	svg := string(b)
	if !strings.HasPrefix(svg, "<svg ") || strings.Count(svg, "<rect ") != 256 || !strings.Contains(svg, ">T123:3+</text>") {
		t.Errorf("small SVG: %d cells\n%.400s", strings.Count(svg, "<rect "), svg)
	}
	big := filepath.Join(dir, "big.svg")
	run(t, blocked, "--shape", "128x128", "--svg", big)
	b, _ = os.ReadFile(big)
	// Each thread's 4 consecutive columns are one run: 4096 rects, no labels.
	if n := strings.Count(string(b), "<rect "); n != 128*128/4 || strings.Contains(string(b), "T0:0") {
		t.Errorf("big SVG: %d rects", n)
	}
}

// triton-tensor-layout's text, for the layouts of Triton's own test.
func TestTritonFormat(t *testing.T) {
	_, out, _ := run(t, "--format=triton", "-l", blocked, "-t", "tensor<16x16xf16>")
	want := "Print layout attribute: " + blocked + "\n[[  T0:0|  T4:0,   T0:1|  T4:1,"
	if !strings.HasPrefix(out, want) {
		t.Errorf("got %.200q\nwant prefix %q", out, want)
	}
	if !strings.Contains(out, "\n[ T120:0|T124:0, T120:1|T124:1,") || !strings.HasSuffix(out, "T123:3|T127:3]]\n") {
		t.Errorf("last row:\n%s", out[strings.LastIndex(out[:len(out)-1], "\n"):])
	}
}

// Triton 3.6's test/Tools/tensor_layout_print.mlir, unchanged: tt-lit runs
// its triton-tensor-layout RUN lines with tt-layout.
func TestTritonConformance(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "conformance", "triton-3.6-lit", "test", "Tools", "tensor_layout_print.mlir")
	if _, err := os.Stat(path); err != nil {
		t.Skip("../shared is not present")
	}
	res := ttlit.Config().RunFile(path)
	if res.Status.IsFailure() {
		t.Fatalf("%s: %s\n%s", path, res.Status, res.Log)
	}
}

func TestCommandLine(t *testing.T) {
	if code, out, _ := run(t, "--version"); code != 0 || !strings.HasPrefix(out, "tt-layout (tt) version ") {
		t.Errorf("--version: %d %q", code, out)
	}
	if code, out, _ := run(t, "--help"); code != 0 || !strings.HasPrefix(out, "USAGE: tt-layout") {
		t.Errorf("--help: %d", code)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{blocked, "--bogus"}, 2, "tt-layout: Unknown command line argument '--bogus'.  Try: 'tt-layout --help'\n"},
		{[]string{blocked}, 2, "tt-layout: give the tensor's shape: --shape 128x64 (or -t 'tensor<128x64xf16>')\n"},
		{[]string{blocked, "--shape", "12x16"}, 2, "tt-layout: tensor<12x16xf32>: layouts map power-of-two extents, not 12\n"},
		{[]string{"--shape", "16x16"}, 1, "tt-layout: no layout given"},
		{[]string{"#ttg.blocked<{sizePerThread = [1]}>", "--shape", "16"}, 1, "<layout>:1:"},
		{[]string{"-i", "nope.mlir", "--shape", "16"}, 1, "tt-layout: could not open input file"},
	} {
		code, _, errs := run(t, c.args...)
		if code != c.code || !strings.HasPrefix(errs, c.want) && !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
	// -o writes the text whole.
	out := filepath.Join(t.TempDir(), "layout.txt")
	if code, _, errs := run(t, blocked, "--shape", "16x16", "-o", out); code != 0 {
		t.Fatal(errs)
	}
	if b, _ := os.ReadFile(out); !strings.HasPrefix(string(b), "Layout: ") {
		t.Errorf("-o wrote %.100q", b)
	}
}
