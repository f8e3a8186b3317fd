package triton_test

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	_ "github.com/ttcompiler/tt/transforms/all"
)

// The front end is checked against TTIR that Triton 3.6 produced for the
// same kernels and specializations: the raw output against Triton's IR
// before its first pass (shared/kernels/passes), and the output of tt's
// ttir-pipeline against Triton's make_ttir result (testdata/cases,
// shared/kernels, frontend/testdata/reference), names and locations
// aside.

const shared = "../../../shared"

func haveShared(t *testing.T) {
	if _, err := os.Stat(shared); err != nil {
		t.Skip("shared/ not found")
	}
}

func compile(t *testing.T, path, kernel string, args []triton.ArgSpec) (*ir.Operation, error) {
	t.Helper()
	ctx := all.NewContext()
	return triton.Compile(ctx, path, triton.Options{Kernel: kernel, Args: args})
}

func mustCompile(t *testing.T, path, kernel string, args []triton.ArgSpec) *ir.Operation {
	t.Helper()
	mod, err := compile(t, path, kernel, args)
	if err != nil {
		t.Fatalf("compile %s:%s: %s", path, kernel, triton.Render(err, os.ReadFile))
	}
	return mod
}

func sig(t *testing.T, s string) []triton.ArgSpec {
	t.Helper()
	a, err := triton.ParseSignature(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// sourceReader reads src as the file path, and no other file.
func sourceReader(path, src string) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if p == path {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
}

// compileSource compiles kernel of the Python source src, read as the
// file path, for signature (triton.tools.compile's syntax).
func compileSource(t *testing.T, path, src, kernel, signature string) error {
	t.Helper()
	_, err := triton.Compile(all.NewContext(), path, triton.Options{Kernel: kernel, Args: sig(t, signature), ReadFile: sourceReader(path, src)})
	return err
}

// rawText prints the front end's output as Triton's dumps do (value
// names from name locations, no locations).
func rawText(mod *ir.Operation) string {
	return asm.Sprint(mod, asm.PrintConfig{UseNameLocAsPrefix: true})
}

// dumpSection extracts the IR before a pass from a Triton pass dump.
func dumpSection(t *testing.T, path, pass string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	text := string(data)
	start := strings.Index(text, "IR Dump Before "+pass)
	if start < 0 {
		t.Fatalf("%s has no dump before %s", path, pass)
	}
	text = text[strings.Index(text[start:], "\n")+start+1:]
	if end := strings.Index(text, "// -----// IR Dump"); end >= 0 {
		text = text[:end]
	}
	return strings.TrimSpace(text) + "\n"
}

// TestRawMatchesTritonFrontEnd: for the seed kernels the front end's TTIR
// (before any pass) is Triton 3.6's, byte for byte: same ops, order,
// names (from name locations), specialized callee names.
func TestRawMatchesTritonFrontEnd(t *testing.T) {
	haveShared(t)
	src := filepath.Join(shared, "kernels", "make_cases.py")
	cases := []struct{ name, kernel, sig string }{
		{"vector_add", "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024"},
		{"softmax", "softmax_kernel", "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024"},
		{"matmul", "matmul_kernel", "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64, 8"},
	}
	for _, c := range cases {
		for _, target := range []string{"sm90", "sm80"} {
			t.Run(c.name+"."+target, func(t *testing.T) {
				want := dumpSection(t, filepath.Join(shared, "kernels", "passes", c.name+"."+target+".passes.mlir"), "Inliner")
				got := rawText(mustCompile(t, src, c.kernel, sig(t, c.sig)))
				if got != want {
					t.Errorf("differs from Triton 3.6 at %s\n--- tt:\n%s--- Triton:\n%s", firstDiff(got, want), got, want)
				}
			})
		}
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "line " + itoa(i+1) + ":\n  tt:     " + al[i] + "\n  Triton: " + bl[i]
		}
	}
	return "line " + itoa(min(len(al), len(bl))+1) + " (one text ends)"
}

func itoa(i int) string { return big.NewInt(int64(i)).String() }

// runTTIRPipeline runs tt's make_ttir.
func runTTIRPipeline(mod *ir.Operation) error {
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module(ttir-pipeline)")
	if err != nil {
		return err
	}
	return pm.Run(mod, passmgr.DefaultConfig())
}

// canonical prints a module for comparison: no locations, value names
// that do not come from locations, and the constants at the start of each
// function sorted and named by their value. tt's canonicalizer hoists
// constants to a function's entry in a different order than MLIR's (see
// transforms/ttir's TestTTIRPipelineMatchesTriton); nothing else moves.
func canonical(mod *ir.Operation) string {
	return normalizeEntryConstants(asm.Sprint(mod, asm.PrintConfig{}))
}

var ssaName = regexp.MustCompile(`%[A-Za-z0-9_$.\-]+`)

func normalizeEntryConstants(text string) string {
	lines := strings.Split(text, "\n")
	rename := map[string]string{}
	for i := 0; i < len(lines); i++ {
		if !strings.Contains(lines[i], "tt.func") {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.Contains(lines[j], "= arith.constant ") {
			j++
		}
		block := lines[i+1 : j]
		sort.Slice(block, func(a, b int) bool { return constBody(block[a]) < constBody(block[b]) })
		for k, l := range block {
			name := strings.TrimSpace(l[:strings.Index(l, "=")])
			rename[name] = "%const" + itoa(k) + "_" + itoa(i)
		}
		i = j - 1
	}
	for i, l := range lines {
		lines[i] = ssaName.ReplaceAllStringFunc(l, func(s string) string {
			if r, ok := rename[s]; ok {
				return r
			}
			return s
		})
	}
	return strings.Join(lines, "\n")
}

func constBody(l string) string { return l[strings.Index(l, "="):] }

// parseRef reads a reference TTIR file.
func parseRef(t *testing.T, path string) *ir.Operation {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := asm.Parse(all.NewContext(), string(data), asm.ParseConfig{Filename: path})
	if err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	return mod
}

// specFromReference derives the specialization Triton compiled from its
// TTIR: the kernel's arguments (by their name locations) with their
// types and divisibility; parameters missing from the TTIR are the given
// constexprs or, for other parameters, the value 1 Triton specialized.
func specFromReference(t *testing.T, ref *ir.Operation, kernel string, k *triton.Kernel, constexprs map[string]triton.Object) []triton.ArgSpec {
	t.Helper()
	var fn *ir.Operation
	for _, op := range builtin.Body(ref).Ops() {
		if op.Name() == "tt.func" && ir.SymbolName(op) == kernel {
			fn = op
		}
	}
	if fn == nil {
		t.Fatalf("reference has no tt.func @%s", kernel)
	}
	type argInfo struct {
		ty  string
		div int
	}
	args := map[string]argInfo{}
	entry := fn.Region(0).Front()
	attrs, _ := fn.Attr("arg_attrs").(*ir.ArrayAttr)
	for i, a := range entry.Arguments() {
		nl := ir.FindNameLoc(a.(*ir.BlockArgument).Loc())
		if nl == nil {
			t.Fatalf("reference argument %d of @%s has no name location", i, kernel)
		}
		info := argInfo{ty: typeString(t, a.Type())}
		if attrs != nil {
			if d, ok := attrs.Elems[i].(*ir.DictionaryAttr); ok {
				for _, e := range d.Entries {
					if e.Name == "tt.divisibility" {
						info.div = int(e.Value.(*ir.IntegerAttr).Int())
					}
				}
			}
		}
		args[nl.Name] = info
	}
	var out []triton.ArgSpec
	for _, p := range k.Params {
		if v, ok := constexprs[p.Name]; ok {
			out = append(out, triton.Constant(v))
			continue
		}
		if a, ok := args[p.Name]; ok {
			out = append(out, triton.ArgSpec{Type: a.ty, Divisibility: a.div})
			continue
		}
		if p.Constexpr {
			t.Fatalf("no value for constexpr %s", p.Name)
		}
		out = append(out, triton.Constant(big.NewInt(1)))
	}
	return out
}

// typeString turns an argument's IR type back into signature syntax.
func typeString(t *testing.T, ty ir.Type) string {
	s := asm.TypeString(ty)
	switch {
	case strings.HasPrefix(s, "!tt.ptr<") && strings.HasSuffix(s, ">"):
		return "*" + scalarName(t, strings.TrimSuffix(strings.TrimPrefix(s, "!tt.ptr<"), ">"))
	}
	return scalarName(t, s)
}

func scalarName(t *testing.T, s string) string {
	m := map[string]string{"f16": "fp16", "bf16": "bf16", "f32": "fp32", "f64": "fp64", "i1": "i1", "i8": "i8",
		"i16": "i16", "i32": "i32", "i64": "i64", "f8E4M3FN": "fp8e4nv", "f8E5M2": "fp8e5"}
	if v, ok := m[s]; ok {
		return v
	}
	t.Fatalf("unexpected argument type %s in the reference", s)
	return ""
}

// comparePipeline compiles, runs ttir-pipeline, and compares with the
// reference (Triton's make_ttir output).
func comparePipeline(t *testing.T, mod, ref *ir.Operation) {
	t.Helper()
	if err := runTTIRPipeline(mod); err != nil {
		t.Fatalf("ttir-pipeline: %v", err)
	}
	got, want := canonical(mod), canonical(ref)
	if got != want {
		t.Errorf("after ttir-pipeline, differs from Triton 3.6's make_ttir at %s\n--- tt:\n%s--- Triton:\n%s", firstDiff(got, want), got, want)
	}
}

// caseConstexprs reads the constexpr arguments the cases of a manifest
// folder (testdata/cases, shared/kernels/cases) were launched with, from
// frontend/testdata/case_constexprs.json.
func caseConstexprs(t *testing.T, folder string) map[string]map[string]triton.Object {
	t.Helper()
	data, err := os.ReadFile("../testdata/case_constexprs.json")
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	var entry struct {
		Constexprs map[string]map[string]string `json:"constexprs"`
	}
	if err := json.Unmarshal(all[folder], &entry); err != nil || entry.Constexprs == nil {
		t.Fatalf("case_constexprs.json has no constexprs for %s (%v)", folder, err)
	}
	out := map[string]map[string]triton.Object{}
	for name, params := range entry.Constexprs {
		out[name] = map[string]triton.Object{}
		for p, src := range params {
			v, err := triton.ParseValue(src)
			if err != nil {
				t.Fatalf("case_constexprs.json: %s.%s = %s: %v", name, p, src, err)
			}
			out[name][p] = v
		}
	}
	return out
}

func bi(v int64) *big.Int { return big.NewInt(v) }

type manifest struct {
	Cases []struct {
		Name, TTIR, Kernel string
	} `json:"cases"`
}

func readManifest(t *testing.T, path string) manifest {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestGPUCasesMatchTriton compiles every kernel of testdata/cases/make_cases.py
// from its Python source and compares the TTIR after ttir-pipeline with
// the TTIR Triton 3.6 produced for the case (testdata/cases).
func TestGPUCasesMatchTriton(t *testing.T) {
	const dir = "../../testdata/cases"
	src := "../../testdata/cases/make_cases.py"
	m := readManifest(t, filepath.Join(dir, "manifest.json"))
	constexprs := caseConstexprs(t, "testdata/cases")
	for _, c := range m.Cases {
		c := c
		t.Run(c.Name, func(t *testing.T) {
			consts, ok := constexprs[c.Name]
			if !ok {
				t.Fatalf("no constexprs recorded for case %s", c.Name)
			}
			k, err := triton.FindKernel(src, c.Kernel, nil)
			if err != nil {
				t.Fatal(err)
			}
			ref := parseRef(t, filepath.Join(dir, c.TTIR))
			args := specFromReference(t, ref, c.Kernel, k, consts)
			comparePipeline(t, mustCompile(t, src, c.Kernel, args), ref)
		})
	}
}

// perfCases are shared/tools/perf_compare.py's kernels and the constexprs
// it launched them with; shared/kernels/perf holds Triton 3.6's TTIR.
var perfCases = []struct {
	name, kernel string
	consts       map[string]triton.Object
}{
	{"vector_add_2e26", "add_kernel", map[string]triton.Object{"BLOCK": bi(1024)}},
	{"softmax_4096x1024", "softmax_kernel", map[string]triton.Object{"BLOCK": bi(1024)}},
	{"softmax_4096x4096", "softmax_kernel", map[string]triton.Object{"BLOCK": bi(4096)}},
	{"softmax_4096x16384", "softmax_kernel", map[string]triton.Object{"BLOCK": bi(16384)}},
	{"softmax_8192x8192", "softmax_kernel", map[string]triton.Object{"BLOCK": bi(8192)}},
	{"softmax_online_8192x8192", "softmax_online_kernel", map[string]triton.Object{"BLOCK": bi(256)}},
	{"layernorm_dropout_4096", "layernorm_kernel", map[string]triton.Object{"BLOCK": bi(4096)}},
	{"matmul_f16_4096_128x128x64_w4", "matmul_kernel", map[string]triton.Object{"BM": bi(128), "BN": bi(128), "BK": bi(64), "GM": bi(8)}},
	{"matmul_f16_4096_128x256x64_w8", "matmul_kernel", map[string]triton.Object{"BM": bi(128), "BN": bi(256), "BK": bi(64), "GM": bi(8)}},
	{"matmul_f16_8192_128x128x64_w4", "matmul_kernel", map[string]triton.Object{"BM": bi(128), "BN": bi(128), "BK": bi(64), "GM": bi(8)}},
	{"matmul_f16_8192_128x256x64_w8", "matmul_kernel", map[string]triton.Object{"BM": bi(128), "BN": bi(256), "BK": bi(64), "GM": bi(8)}},
	{"matmul_bf16_4096_128x256x64_w8", "matmul_kernel", map[string]triton.Object{"BM": bi(128), "BN": bi(256), "BK": bi(64), "GM": bi(8)}},
	{"attention_f16_4096_d64", "attention_kernel", map[string]triton.Object{"BM": bi(128), "BN": bi(64), "D": bi(64)}},
	{"attention_f16_4096_d128", "attention_kernel", map[string]triton.Object{"BM": bi(128), "BN": bi(64), "D": bi(128)}},
}

// TestPerfKernelsMatchTriton: the benchmark kernels of perf_compare.py.
func TestPerfKernelsMatchTriton(t *testing.T) {
	haveShared(t)
	src := filepath.Join(shared, "tools", "perf_compare.py")
	for _, c := range perfCases {
		c := c
		t.Run(c.name, func(t *testing.T) {
			k, err := triton.FindKernel(src, c.kernel, nil)
			if err != nil {
				t.Fatal(err)
			}
			ref := parseRef(t, filepath.Join(shared, "kernels", "perf", c.name+".ttir"))
			args := specFromReference(t, ref, c.kernel, k, c.consts)
			comparePipeline(t, mustCompile(t, src, c.kernel, args), ref)
		})
	}
}

// TestSeedKernelsMatchTriton: shared/kernels' vector_add, softmax and
// matmul TTIR, from the same kernels as shared/kernels/make_cases.py.
func TestSeedKernelsMatchTriton(t *testing.T) {
	haveShared(t)
	src := filepath.Join(shared, "kernels", "make_cases.py")
	for _, c := range []struct {
		file, kernel string
		consts       map[string]triton.Object
	}{
		{"vector_add_f32_b1024.ttir", "add_kernel", map[string]triton.Object{"BLOCK": bi(1024)}},
		{"softmax_f32_b1024_w4.ttir", "softmax_kernel", map[string]triton.Object{"BLOCK": bi(1024)}},
		{"matmul_f16_128x128x64_w4_s3.ttir", "matmul_kernel", map[string]triton.Object{"BM": bi(128), "BN": bi(128), "BK": bi(64), "GM": bi(8)}},
	} {
		c := c
		t.Run(c.file, func(t *testing.T) {
			k, err := triton.FindKernel(src, c.kernel, nil)
			if err != nil {
				t.Fatal(err)
			}
			ref := parseRef(t, filepath.Join(shared, "kernels", c.file))
			args := specFromReference(t, ref, c.kernel, k, c.consts)
			comparePipeline(t, mustCompile(t, src, c.kernel, args), ref)
		})
	}
}
