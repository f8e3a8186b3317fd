package ttrun

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/internal/sharedtest"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/npy"
)

// The case manifests' kernels, compiled from their Python source by tt's
// front end (as `tt-run kernel.py --kernel K --arg ... --constexpr ...`
// does) and run on the interpreter, must reproduce the outputs Triton 3.6
// recorded on the GPU.

// caseSource is one manifest folder's Python source and the constexpr
// arguments its cases were launched with (frontend/testdata/case_constexprs.json).
type caseSource struct {
	Source     string                       `json:"source"`
	Constexprs map[string]map[string]string `json:"constexprs"`
}

func readCaseSource(t *testing.T, folder string) caseSource {
	t.Helper()
	data, err := os.ReadFile("../../frontend/testdata/case_constexprs.json")
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	var s caseSource
	if err := json.Unmarshal(all[folder], &s); err != nil || s.Source == "" {
		t.Fatalf("case_constexprs.json has no entry for %s (%v)", folder, err)
	}
	return s
}

// pointerTypes reads the pointer parameters' types from the case's
// TTIR: the manifests record buffers by their storage dtype (a float32
// accumulator saved as int32 bits, float16 as int16), so the element
// type Triton's launcher saw is taken from Triton's own signature.
func pointerTypes(path, kernel string) (map[string]string, error) {
	k, err := LoadKernelFile(path, kernel, false)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, a := range k.Func.Region(0).Front().Arguments() {
		ty := asm.TypeString(a.Type())
		elem, ok := strings.CutPrefix(ty, "!tt.ptr<")
		if !ok {
			continue
		}
		elem = strings.TrimSuffix(elem, ">")
		name, ok := map[string]string{"f16": "fp16", "bf16": "bf16", "f32": "fp32", "f64": "fp64", "i1": "i1",
			"i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "f8E4M3FN": "fp8e4nv", "f8E5M2": "fp8e5"}[elem]
		nl := ir.FindNameLoc(a.(*ir.BlockArgument).Loc())
		if !ok || nl == nil {
			return nil, fmt.Errorf("%s: parameter %s", path, ty)
		}
		out[nl.Name] = "*" + name
	}
	return out, nil
}

// pythonCaseLoader compiles a case's kernel from the Python source with
// the case's arguments as tt-run's --arg/--constexpr options.
// pySource is where a case's kernel comes from: the Python file and the
// constexpr arguments it was launched with (Python source).
type pySource struct {
	path       string
	constexprs map[string]string
}

func pythonCaseLoader(t *testing.T, dir string, sources func(c *Case) pySource) func(c *Case) (*Kernel, error) {
	return func(c *Case) (*Kernel, error) {
		src := sources(c)
		source, consts := src.path, src.constexprs
		p := PythonKernel{Path: source, Kernel: c.Kernel}
		pointers, err := pointerTypes(filepath.Join(dir, c.TTIR), c.Kernel)
		if err != nil {
			return nil, err
		}
		sigByName := map[string]string{}
		for _, a := range c.Args {
			if a.Kind == "buffer" {
				p.Args = append(p.Args, a.Name+"=@"+filepath.Join(dir, a.Npy))
				sigByName[a.Name] = pointers[a.Name] + ":16"
				continue
			}
			p.Args = append(p.Args, a.Name+"="+a.Value.String())
		}
		for _, a := range c.Specialized {
			p.Args = append(p.Args, a.Name+"="+a.Value.String())
		}
		for n, v := range consts {
			p.Constexprs = append(p.Constexprs, n+"="+v)
		}
		names, err := pythonParamNames(source, c.Kernel)
		if err != nil {
			return nil, err
		}
		entries := make([]string, len(names))
		for i, n := range names {
			entries[i] = sigByName[n]
		}
		p.Signature = strings.Join(entries, ",")
		k, runtime, err := LoadPython(p)
		if err != nil {
			return nil, err
		}
		if len(runtime) != len(c.Args) {
			t.Errorf("%s: %d runtime arguments after specialization (%v), Triton's kernel took %d", c.Name, len(runtime), runtime, len(c.Args))
		}
		return k, nil
	}
}

// runPythonCases runs a manifest's cases from Python source.
func runPythonCases(t *testing.T, manifest string, sources func(c *Case) pySource) {
	m, err := ReadManifest(manifest)
	if err != nil {
		t.Skip(err)
	}
	dir := filepath.Dir(manifest)
	load := pythonCaseLoader(t, dir, sources)
	for i := range m.Cases {
		c := &m.Cases[i]
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			r, err := RunCase(dir, c, Interp{}, CaseOptions{Load: load})
			if err != nil {
				t.Fatal(err)
			}
			if !r.Pass {
				t.Fatal(r)
			}
		})
	}
}

// folderSources serves the cases of one manifest folder, all from one
// Python file, with the constexprs case_constexprs.json lists.
func folderSources(t *testing.T, folder, sourceRoot string) func(c *Case) pySource {
	src := readCaseSource(t, folder)
	path := filepath.Join(sourceRoot, strings.TrimPrefix(src.Source, "shared/"))
	return func(c *Case) pySource {
		consts, ok := src.Constexprs[c.Name]
		if !ok {
			t.Fatalf("case_constexprs.json lists no constexprs for %s", c.Name)
		}
		return pySource{path, consts}
	}
}

// TestGeneratedCasesFromPython: testdata/cases from testdata/cases/make_cases.py.
func TestGeneratedCasesFromPython(t *testing.T) {
	runPythonCases(t, "../../testdata/cases/manifest.json", folderSources(t, "testdata/cases", "../.."))
}

// TestSharedCasesFromPython: shared/kernels/cases from shared/kernels/make_cases.py.
func TestSharedCasesFromPython(t *testing.T) {
	sh := sharedtest.Dir(t)
	runPythonCases(t, filepath.Join(sh, "kernels", "cases", "manifest.json"), folderSources(t, "shared/kernels/cases", sh))
}

// TestReferenceRunsFromPython: the examples' and Triton tutorials'
// kernels that gen_reference.py launched on the GPU
// (frontend/testdata/reference/runs; each case names its Python file and
// constexprs), run from their Python source on the interpreter.
func TestReferenceRunsFromPython(t *testing.T) {
	const manifest = "../../frontend/testdata/reference/runs/manifest.json"
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Skipf("no %s: run gen_reference.py on the GPU machine", manifest)
	}
	var m struct {
		Cases []struct {
			Name   string `json:"name"`
			Python struct {
				File       string            `json:"file"`
				Constexprs map[string]string `json:"constexprs"`
			} `json:"python"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	byName := map[string]pySource{}
	for _, c := range m.Cases {
		path := filepath.Join("../..", c.Python.File)
		if rest, ok := strings.CutPrefix(c.Python.File, "shared/"); ok {
			path = sharedtest.Path(t, rest)
		}
		byName[c.Name] = pySource{path, c.Python.Constexprs}
	}
	runPythonCases(t, manifest, func(c *Case) pySource {
		src, ok := byName[c.Name]
		if !ok || src.path == "" {
			t.Fatalf("case %s names no Python file", c.Name)
		}
		return src
	})
}

func pythonParamNames(source, kernel string) ([]string, error) {
	k, err := triton.FindKernel(source, kernel, nil)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, p := range k.Params {
		names = append(names, p.Name)
	}
	return names, nil
}

// tl.map_elementwise (test_core.py's test_map_elementwise and
// test_map_elementwise_pack): a scalar function with early returns under
// if/elif, and one mapped over element pairs (pack=2) returning four
// values, compiled from Python and run on the interpreter.
func TestPythonMapElementwise(t *testing.T) {
	dir := t.TempDir()
	src := `import triton
import triton.language as tl


@triton.jit
def compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1


@triton.jit
def kernel(X, Y, Z, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    y = tl.load(Y + tl.arange(0, BLOCK))
    z = tl.map_elementwise(compare, x, y)
    tl.store(Z + tl.arange(0, BLOCK), z)


@triton.jit
def divmod(a0, a1, b0, b1):
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1


@triton.jit
def kernel_pack(A, B, C, D, BLOCK: tl.constexpr):
    a = tl.load(A + tl.arange(0, BLOCK))
    b = tl.load(B + tl.arange(0, BLOCK))
    c, d = tl.map_elementwise(divmod, a, b, pack=2)
    tl.store(C + tl.arange(0, BLOCK), c)
    tl.store(D + tl.arange(0, BLOCK), d)
`
	path := filepath.Join(dir, "map.py")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	const n = 128
	x, y := make([]int32, n), make([]int32, n)
	for i := range x {
		x[i], y[i] = int32(i*7%11)-5, int32(i*5%13)-6
	}
	run := func(kernel string, in map[string][]int32, outs ...string) map[string][]int32 {
		var args []string
		for name, vals := range in {
			a, err := npy.FromSlice(vals, len(vals))
			if err != nil {
				t.Fatal(err)
			}
			f := filepath.Join(dir, name+".npy")
			if err := npy.WriteFile(f, a); err != nil {
				t.Fatal(err)
			}
			args = append(args, name+"=@"+f)
		}
		k, runtime, err := LoadPython(PythonKernel{Path: path, Kernel: kernel, Args: args, Constexprs: []string{"BLOCK=128"}})
		if err != nil {
			t.Fatal(err)
		}
		bound, err := bindArgs(k, runtime)
		if err != nil {
			t.Fatal(err)
		}
		if err := (Interp{}).Run(k, [3]int{1, 1, 1}, bound, Options{}); err != nil {
			t.Fatal(err)
		}
		got := map[string][]int32{}
		for _, a := range bound {
			for _, o := range outs {
				if a.Name == o {
					if got[o], err = a.Buffer.Int32s(); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		return got
	}
	got := run("kernel", map[string][]int32{"X": x, "Y": y, "Z": make([]int32, n)}, "Z")
	for i := range x {
		want := int32(0)
		if x[i] < y[i] {
			want = -1
		} else if x[i] > y[i] {
			want = 1
		}
		if got["Z"][i] != want {
			t.Fatalf("compare(%d, %d) = %d, want %d", x[i], y[i], got["Z"][i], want)
		}
	}
	a, b := make([]int32, n), make([]int32, n)
	for i := range a {
		a[i], b[i] = int32(i*37%1000), int32(i%29+1)
	}
	got = run("kernel_pack", map[string][]int32{"A": a, "B": b, "C": make([]int32, n), "D": make([]int32, n)}, "C", "D")
	for i := range a {
		if got["C"][i] != a[i]/b[i] || got["D"][i] != a[i]%b[i] {
			t.Fatalf("divmod(%d, %d) = %d, %d", a[i], b[i], got["C"][i], got["D"][i])
		}
	}
}

// tl.assume: a hint the compiled kernel carries (llvm.intr.assume) and
// the interpreter checks, stopping at the assumption's source location
// when it is false, as Triton's interpreter does.
func TestPythonAssume(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "assume.py")
	src := `import triton
import triton.language as tl


@triton.jit
def copy(X, Y, n, BLOCK: tl.constexpr):
    tl.assume(n > 0)
    o = tl.arange(0, BLOCK)
    tl.store(Y + o, tl.load(X + o, mask=o < n), mask=o < n)
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	x := make([]float32, 64)
	for i := range x {
		x[i] = float32(i) + 0.5
	}
	for _, name := range []string{"X", "Y"} {
		a, err := npy.FromSlice(x, len(x))
		if err != nil {
			t.Fatal(err)
		}
		if name == "Y" {
			a, _ = npy.FromSlice(make([]float32, len(x)), len(x))
		}
		if err := npy.WriteFile(filepath.Join(dir, name+".npy"), a); err != nil {
			t.Fatal(err)
		}
	}
	run := func(n string) ([]Arg, error) {
		k, runtime, err := LoadPython(PythonKernel{Path: path, Kernel: "copy", Constexprs: []string{"BLOCK=64"},
			Args: []string{"X=@" + filepath.Join(dir, "X.npy"), "Y=@" + filepath.Join(dir, "Y.npy"), "n=" + n}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(asm.Sprint(k.Module, asm.PrintConfig{}), "llvm.intr.assume") {
			t.Fatal("the compiled kernel lost the assumption")
		}
		bound, err := bindArgs(k, runtime)
		if err != nil {
			t.Fatal(err)
		}
		return bound, (Interp{}).Run(k, [3]int{1, 1, 1}, bound, Options{})
	}
	bound, err := run("48")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := bound[1].Buffer.Float32s()
	for i, v := range got {
		if want := map[bool]float32{true: x[i], false: 0}[i < 48]; v != want {
			t.Fatalf("Y[%d] = %v, want %v", i, v, want)
		}
	}
	if _, err := run("-3"); err == nil || !strings.Contains(err.Error(), "assume.py:7:14") ||
		!strings.Contains(err.Error(), "assumed condition is false") {
		t.Fatalf("a false assumption: got %v", err)
	}
}

// referenceLaunch is the launch of a spec kernel (spec.json's "launch").
type referenceLaunch struct {
	Grid    []int          `json:"grid"`
	Args    map[string]any `json:"args"`
	Outputs []string       `json:"outputs"`
}

var tensorArg = regexp.MustCompile(`^(randn|rand|zeros|empty)\((\w+)((?:,\s*\d+)+)\)$`)

// makeTensor builds a launch argument written randn/rand/zeros/empty(dtype,
// *shape) with deterministic values.
func makeTensor(t *testing.T, spec string, rng *rand.Rand) npy.Array {
	m := tensorArg.FindStringSubmatch(spec)
	if m == nil {
		t.Fatalf("bad tensor argument %q", spec)
	}
	var shape []int
	n := 1
	for _, d := range strings.Split(strings.Trim(m[3], ", "), ",") {
		v, err := strconv.Atoi(strings.TrimSpace(d))
		if err != nil {
			t.Fatal(err)
		}
		shape = append(shape, v)
		n *= v
	}
	vals := make([]float32, n)
	for i := range vals {
		switch m[1] {
		case "randn":
			vals[i] = float32(rng.NormFloat64())
		case "rand":
			vals[i] = rng.Float32()
		}
	}
	var a npy.Array
	var err error
	switch m[2] {
	case "f32":
		a, err = npy.FromSlice(vals, shape...)
	case "f16":
		bits := make([]uint16, n)
		for i, v := range vals {
			bits[i] = npy.Float32ToFloat16(v)
		}
		a, err = npy.FromFloat16Bits(bits, shape...)
	case "i32":
		a, err = npy.FromSlice(make([]int32, n), shape...)
	default:
		t.Fatalf("dtype %s in %q", m[2], spec)
	}
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestReferenceLaunchesRun runs every launch of the reference spec on the
// interpreter from Python with deterministic random inputs (no GPU
// needed): the launch must be valid for the kernel (arguments, grid,
// sizes) and write every element of its outputs, which start poisoned
// with NaN. TestReferenceRunsFromPython then compares the same launches'
// outputs with the GPU's.
func TestReferenceLaunchesRun(t *testing.T) {
	data, err := os.ReadFile("../../frontend/testdata/reference/spec.json")
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Cases []struct {
			Name, File, Kernel, Signature string
			Constexprs                    map[string]string
			Launch                        *referenceLaunch
		}
	}
	if err := json.Unmarshal(data, &spec); err != nil {
		t.Fatal(err)
	}
	for _, c := range spec.Cases {
		if c.Launch == nil {
			continue
		}
		c := c
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("../..", c.File)
			if rest, ok := strings.CutPrefix(c.File, "shared/"); ok {
				path = sharedtest.Path(t, rest)
			}
			k, err := triton.FindKernel(path, c.Kernel, nil)
			if err != nil {
				t.Fatal(err)
			}
			sig, err := triton.ParseSignature(c.Signature)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			rng := rand.New(rand.NewSource(int64(len(c.Name))))
			p := PythonKernel{Path: path, Kernel: c.Kernel}
			for i, prm := range k.Params {
				if prm.Constexpr {
					v := c.Constexprs[prm.Name]
					if v == "" {
						v = sig[i].String()
					}
					p.Constexprs = append(p.Constexprs, prm.Name+"="+v)
					continue
				}
				switch v := c.Launch.Args[prm.Name].(type) {
				case string:
					f := filepath.Join(dir, prm.Name+".npy")
					a := makeTensor(t, v, rng)
					if strings.HasPrefix(v, "empty(f") {
						if err := poisonAll(&a); err != nil {
							t.Fatal(err)
						}
					}
					if err := npy.WriteFile(f, a); err != nil {
						t.Fatal(err)
					}
					p.Args = append(p.Args, prm.Name+"=@"+f)
				case float64:
					p.Args = append(p.Args, prm.Name+"="+strconv.FormatFloat(v, 'g', -1, 64))
				default:
					t.Fatalf("launch has no argument %s", prm.Name)
				}
			}
			kern, runtime, err := LoadPython(p)
			if err != nil {
				t.Fatal(err)
			}
			bound, err := bindArgs(kern, runtime)
			if err != nil {
				t.Fatal(err)
			}
			grid := [3]int{1, 1, 1}
			copy(grid[:], c.Launch.Grid)
			if err := (Interp{}).Run(kern, grid, bound, Options{}); err != nil {
				t.Fatal(err)
			}
			for _, o := range c.Launch.Outputs {
				for _, a := range bound {
					if a.Name != o {
						continue
					}
					vals, err := a.Buffer.Float64Values()
					if err != nil {
						t.Fatal(err)
					}
					for i, v := range vals {
						if math.IsNaN(v) {
							t.Fatalf("output %s[%d] was not written", o, i)
						}
					}
				}
			}
		})
	}
}

// poisonAll fills a float array with NaN.
func poisonAll(a *npy.Array) error {
	vals, err := a.Float64Values()
	if err != nil {
		return err
	}
	switch a.DType {
	case npy.Float32:
		f := make([]float32, len(vals))
		for i := range f {
			f[i] = float32(math.NaN())
		}
		*a, err = npy.FromSlice(f, a.Shape...)
	case npy.Float16:
		b := make([]uint16, len(vals))
		for i := range b {
			b[i] = 0x7e00
		}
		*a, err = npy.FromFloat16Bits(b, a.Shape...)
	}
	return err
}
