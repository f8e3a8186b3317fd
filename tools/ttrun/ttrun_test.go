package ttrun

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/npy"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

const addKernel = `tt.func public @add(%x_ptr: !tt.ptr<f32>, %y_ptr: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32, %scale: f32) {
  %pid = tt.get_program_id x : i32
  %c8 = arith.constant 8 : i32
  %base = arith.muli %pid, %c8 : i32
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %b = tt.splat %base : i32 -> tensor<8xi32>
  %o = arith.addi %b, %r : tensor<8xi32>
  %ns = tt.splat %n : i32 -> tensor<8xi32>
  %m = arith.cmpi slt, %o, %ns : tensor<8xi32>
  %xp0 = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %xp = tt.addptr %xp0, %o : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %x = tt.load %xp, %m : tensor<8x!tt.ptr<f32>>
  %yp0 = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %yp = tt.addptr %yp0, %o : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %y = tt.load %yp, %m : tensor<8x!tt.ptr<f32>>
  %s = tt.splat %scale : f32 -> tensor<8xf32>
  %ys = arith.mulf %y, %s : tensor<8xf32>
  %z = arith.addf %x, %ys : tensor<8xf32>
  %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %op = tt.addptr %op0, %o : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %op, %z, %m : tensor<8x!tt.ptr<f32>>
  tt.return
}
`

func writeNpy(t *testing.T, dir, name string, v []float32) string {
	t.Helper()
	a, err := npy.FromSlice(v, len(v))
	return writeArray(t, dir, name, a, err)
}

// writeArray writes the array a constructor returned (failing the test on
// its error) as dir/name and returns the path.
func writeArray(t *testing.T, dir, name string, a npy.Array, err error) string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := npy.WriteFile(p, a); err != nil {
		t.Fatal(err)
	}
	return p
}

// translate runs tt-translate with args (its cache off) writing to out
// and returns what it wrote; an error exit fails the test.
func translate(t *testing.T, out string, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args = append(args, "--no-cache", "-o", out)
	if code := tttranslate.Run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("tt-translate %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func runTool(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// addFiles are addKernel's source and 13-element buffers in a temporary
// directory: x, y, a zero out, and the expectation x + 0.25*y.
type addFiles struct {
	dir, src, x, y, out, expect string
	want                        []float32
}

func writeAddFiles(t *testing.T) addFiles {
	t.Helper()
	f := addFiles{dir: t.TempDir()}
	f.src = filepath.Join(f.dir, "add.ttir")
	if err := os.WriteFile(f.src, []byte(addKernel), 0o644); err != nil {
		t.Fatal(err)
	}
	n := 13
	x, y := make([]float32, n), make([]float32, n)
	f.want = make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), float32(2*i)+0.5
		f.want[i] = x[i] + y[i]*0.25
	}
	f.x, f.y = writeNpy(t, f.dir, "x.npy", x), writeNpy(t, f.dir, "y.npy", y)
	f.out = writeNpy(t, f.dir, "out.npy", make([]float32, n))
	f.expect = writeNpy(t, f.dir, "expect.npy", f.want)
	return f
}

func TestRunKernelCLI(t *testing.T) {
	f := writeAddFiles(t)
	src, xp, yp, op, ep, want := f.src, f.x, f.y, f.out, f.expect, f.want
	res := filepath.Join(f.dir, "res.npy")

	// By name, in any order; --out writes the buffer; --check passes.
	code, stdout, stderr := runTool(src, "--kernel", "add", "--grid", "2",
		"--arg", "scale=0.25", "--arg", "y_ptr=@"+yp, "--arg", "x_ptr=@"+xp, "--arg", "out=@"+op, "--arg", "n=13",
		"--out", "out="+res, "--check", "out=@"+ep)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "PASS out: 0/13 elements differ") {
		t.Errorf("check report: %q", stdout)
	}
	a, err := npy.ReadFile(res)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := a.Float32s()
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("out[%d] = %v, want %v", i, got[i], want[i])
		}
	}

	// Positionally, with a grid that leaves elements unwritten: the
	// check fails with exit status 1 and names the first mismatch.
	code, stdout, _ = runTool(src, "--grid=1", "--arg", "@"+xp, "--arg", "@"+yp, "--arg", "@"+op, "--arg", "13", "--arg", "0.25",
		"--check", "out=@"+ep, "--rtol", "1e-6")
	if code != 1 || !strings.Contains(stdout, "FAIL out: 5/13 elements outside") || !strings.Contains(stdout, "first mismatch at [8]") {
		t.Errorf("exit %d, report %q", code, stdout)
	}

	// Frobenius tolerance.
	code, stdout, _ = runTool(src, "--grid", "2,1,1", "--arg", "@"+xp, "--arg", "@"+yp, "--arg", "@"+op, "--arg", "13", "--arg", "0.25",
		"--check", "out=@"+ep, "--tol", "1e-6")
	if code != 0 || !strings.Contains(stdout, "rel_err 0.00e+00") {
		t.Errorf("exit %d, report %q", code, stdout)
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "add.ttir")
	os.WriteFile(src, []byte(addKernel), 0o644)
	xp := writeNpy(t, dir, "x.npy", make([]float32, 4))
	bad := filepath.Join(dir, "bad.ttir")
	os.WriteFile(bad, []byte("tt.func public @k() {\n  %x = arith.addi %y, %y : i32\n  tt.return\n}\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{src}, 2, "--grid is required"},
		{[]string{src, "--grid", "0"}, 2, "bad grid dimension"},
		{[]string{src, "--grid", "1", "--arg", "nope=3"}, 2, `no parameter "nope"`},
		{[]string{src, "--grid", "1", "--arg", "@" + xp}, 2, "missing argument y_ptr"},
		{[]string{src, "--grid", "1", "--arg", "x_ptr=5"}, 2, "needs a buffer"},
		{[]string{src, "--grid", "1", "--backend", "no-such-backend"}, 2, `unknown backend "no-such-backend"`},
		{[]string{src, "--grid", "1", "--kernel", "other"}, 1, "no function @other"},
		{[]string{bad, "--grid", "1"}, 1, "bad.ttir:2:"},
		{[]string{src, "--grid", "1", "--tol", "1e-3", "--rtol", "1e-3"}, 2, "exclusive"},
		{[]string{src, "--grid", "1", "--bogus"}, 2, "tt-run: Unknown command line argument '--bogus'.  Try: 'tt-run --help'"},
		// Out-of-bounds access: a kernel error, reported with its location.
		{[]string{src, "--grid", "1", "--arg", "@" + xp, "--arg", "@" + xp, "--arg", "@" + xp, "--arg", "8", "--arg", "1"}, 1,
			"add.ttir:12:8: error: 'tt.load' op program (0, 0, 0), element [4]"},
	} {
		code, stdout, stderr := runTool(c.args...)
		if code != c.code || !strings.Contains(stdout+stderr, c.want) {
			t.Errorf("%v: exit %d, want %d with %q\nstdout: %s\nstderr: %s", c.args, code, c.code, c.want, stdout, stderr)
		}
	}
	if code, stdout, _ := runTool("--help"); code != 0 || !strings.Contains(stdout, "usage: tt-run") {
		t.Error("--help")
	}
}

func TestManifestFlag(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "cases", "manifest.json")
	code, stdout, stderr := runTool("--manifest", path, "--only", "add2d,int_ops", "--ir", "ttgir")
	if code != 0 || !strings.Contains(stdout, "2 passed, 0 failed") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	// The GPU contracts a*b+c into one fma; without modelling that the
	// case's exact bit patterns cannot be reproduced.
	code, stdout, _ = runTool("--manifest", path, "--only", "fma_contract", "--no-fp-fusion", "--workers", "1")
	if code != 1 || !strings.Contains(stdout, "FAIL fma_contract") {
		t.Errorf("--no-fp-fusion: exit %d\n%s", code, stdout)
	}
}

func TestCompare(t *testing.T) {
	shape := []int{2, 3}
	want := []float64{1, 2, 3, 4, 5, 6}
	got := []float64{1, 2, 3.001, 4, 5, math.NaN()}
	c := Compare(got, want, shape, Tolerance{Tol: 1e-3}, false)
	if c.Pass || c.NaNs != 1 || c.FirstBad == nil || c.FirstBad[0] != 0 || c.FirstBad[1] != 2 {
		t.Errorf("NaN must fail: %+v", c)
	}
	got[5] = 6
	c = Compare(got, want, shape, Tolerance{Tol: 1e-3}, false)
	if !c.Pass || c.MaxAbsIndex[1] != 2 || math.Abs(c.MaxAbs-0.001) > 1e-12 {
		t.Errorf("frobenius: %+v", c)
	}
	if c = Compare(got, want, shape, Tolerance{Tol: 1e-5}, false); c.Pass {
		t.Error("frobenius tolerance not enforced")
	}
	if c = Compare(got, want, shape, Tolerance{RTol: 1e-3}, false); !c.Pass {
		t.Errorf("allclose: %s", c)
	}
	if c = Compare(got, want, shape, Tolerance{ATol: 1e-4}, false); c.Pass || c.Bad != 1 {
		t.Errorf("allclose atol: %s", c)
	}
	if c = Compare(got, want, shape, Tolerance{Tol: 1}, true); c.Pass {
		t.Error("integers must compare exactly")
	}
	nan := []float64{math.NaN(), math.Inf(1)}
	if c = Compare(nan, nan, []int{2}, Tolerance{}, false); !c.Pass {
		t.Errorf("NaN and inf where expected: %s", c)
	}
}

func TestValuesKinds(t *testing.T) {
	bf := npy.Array{DType: npy.Uint16, Shape: []int{2}, Data: make([]byte, 4)}
	binary.LittleEndian.PutUint16(bf.Data, 0x3FC0)     // 1.5
	binary.LittleEndian.PutUint16(bf.Data[2:], 0xC000) // -2
	v, integer, err := Values(&bf, KindBFloat16)
	if err != nil || integer || v[0] != 1.5 || v[1] != -2 {
		t.Errorf("bfloat16: %v %v %v", v, integer, err)
	}
	f8 := npy.Array{DType: npy.Uint8, Shape: []int{2}, Data: []byte{0x38, 0x7E}}
	v, _, err = Values(&f8, KindF8E4M3)
	if err != nil || v[0] != 1 || v[1] != 448 {
		t.Errorf("e4m3: %v %v", v, err)
	}
}
