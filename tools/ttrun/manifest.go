package ttrun

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/interp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/npy"
)

// Manifest is a set of kernel cases made by the real Triton: the format of
// shared/kernels/cases/manifest.json.
type Manifest struct {
	Triton string `json:"triton"`
	GPU    string `json:"gpu"`
	Cases  []Case `json:"cases"`
}

// Case is one kernel launch with its inputs and Triton's outputs.
type Case struct {
	Name      string       `json:"name"`
	TTIR      string       `json:"ttir"`
	Kernel    string       `json:"kernel"`
	Grid      []int        `json:"grid"`
	NumWarps  int          `json:"num_warps"`
	NumStages int          `json:"num_stages"`
	Shared    int          `json:"shared"`
	Args      []CaseArg    `json:"args"`
	Outputs   []CaseOutput `json:"outputs"`
	Tol       float64      `json:"tol"`
	Note      string       `json:"note"`
	// Specialized are constexpr-specialized arguments (absent from the
	// IR), recorded for reference.
	Specialized []CaseArg `json:"specialized,omitempty"`
}

// CaseArg is a buffer (Kind "buffer", with Npy) or a scalar (Kind the
// scalar type: i32, i64, f32, ..., with Value).
type CaseArg struct {
	Name  string      `json:"name"`
	Kind  string      `json:"kind"`
	Dtype string      `json:"dtype,omitempty"`
	Shape []int       `json:"shape,omitempty"`
	Npy   string      `json:"npy,omitempty"`
	Value json.Number `json:"value,omitempty"`
}

// CaseOutput names a buffer argument whose final contents are checked.
type CaseOutput struct {
	Arg         string `json:"arg"`
	Expect      string `json:"expect"`
	OnlyWritten string `json:"only_written,omitempty"`
}

// ReadManifest reads a case manifest. A file of another shape (not JSON,
// a list such as the perf kernels' manifest, an object without "cases",
// a case without its name or kernel) is an error that says so.
func ReadManifest(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if err := checkManifestShape(data); err != nil {
		return nil, fmt.Errorf("%s is not a case manifest: %v", path, err)
	}
	var m Manifest
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &m, nil
}

// checkManifestShape says how data differs from a case manifest: an
// object whose "cases" is a list of objects, each with a "name", a
// "kernel" and a list of "args".
func checkManifestShape(data []byte) error {
	var top any
	if err := json.Unmarshal(data, &top); err != nil {
		return fmt.Errorf("it is not JSON (%v); a case manifest is a JSON object with a \"cases\" list, as testdata/cases/manifest.json", err)
	}
	obj, ok := top.(map[string]any)
	if !ok {
		what := "a JSON " + jsonKind(top)
		if _, list := top.([]any); list {
			what += " (the perf kernels' manifest has this shape)"
		}
		return fmt.Errorf("it is %s; a case manifest is an object with a \"cases\" list, as testdata/cases/manifest.json", what)
	}
	cases, ok := obj["cases"].([]any)
	if !ok {
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, strconv.Quote(k))
		}
		sort.Strings(keys)
		if _, has := obj["cases"]; has {
			return fmt.Errorf("its \"cases\" is a %s, not a list", jsonKind(obj["cases"]))
		}
		return fmt.Errorf("it has no \"cases\" list (its keys: %s)", strings.Join(keys, ", "))
	}
	for i, c := range cases {
		co, ok := c.(map[string]any)
		if !ok {
			return fmt.Errorf("case %d is a %s, not an object", i, jsonKind(c))
		}
		for _, field := range []string{"name", "kernel"} {
			if _, ok := co[field].(string); !ok {
				return fmt.Errorf("case %d has no %q string", i, field)
			}
		}
		if _, ok := co["args"].([]any); !ok {
			return fmt.Errorf("case %d (%v) has no \"args\" list", i, co["name"])
		}
	}
	return nil
}

// jsonKind names the JSON type of a decoded value.
func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "list"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	}
	return "null"
}

// CaseResult is the outcome of one case.
type CaseResult struct {
	Name    string
	Outputs map[string]Comparison
	Pass    bool
}

func (r CaseResult) String() string {
	var parts []string
	for name, c := range r.Outputs {
		parts = append(parts, name+": "+c.String())
	}
	status := "PASS"
	if !r.Pass {
		status = "FAIL"
	}
	return fmt.Sprintf("%s %s: %s", status, r.Name, strings.Join(parts, "; "))
}

// CaseOptions control RunCase.
type CaseOptions struct {
	// IR selects the file to run: "ttir" (default) or "ttgir" (the case's
	// TTIR path with the .ttgir extension).
	IR     string
	Stdout io.Writer
	// Transform, if set, rewrites the loaded module before it runs (tests
	// use it to run pass pipelines and check the results do not change).
	Transform func(mod *ir.Operation, c *Case) error
	// Load, if set, builds the case's kernel (from its Python source, say)
	// instead of reading the case's IR file.
	Load func(c *Case) (*Kernel, error)
	// Context, when set, stops the case's run when it is done.
	Context context.Context
}

// RunCase runs one manifest case from dir on a backend and compares its
// outputs with Triton's. Float output buffers are poisoned with NaN first,
// so every element the kernel must write is checked.
func RunCase(dir string, c *Case, b Backend, opts CaseOptions) (CaseResult, error) {
	res := CaseResult{Name: c.Name, Outputs: map[string]Comparison{}}
	path := filepath.Join(dir, c.TTIR)
	if opts.IR == "ttgir" {
		path = strings.TrimSuffix(path, filepath.Ext(path)) + ".ttgir"
	}
	load := func(c *Case) (*Kernel, error) { return LoadKernelFile(path, c.Kernel, false) }
	if opts.Load != nil {
		load = opts.Load
	}
	k, err := load(c)
	if err != nil {
		return res, err
	}
	if opts.Transform != nil {
		if err := opts.Transform(k.Module, c); err != nil {
			return res, fmt.Errorf("case %s: %v", c.Name, err)
		}
		if k.Func, err = interp.FindKernel(k.Module, c.Kernel); err != nil {
			return res, err
		}
	}
	params := k.Func.Region(0).Front().ArgumentTypes()
	if len(params) != len(c.Args) {
		return res, fmt.Errorf("case %s: kernel @%s takes %d arguments, manifest lists %d", c.Name, k.Name, len(params), len(c.Args))
	}
	outputs := map[string]bool{}
	for _, o := range c.Outputs {
		outputs[o.Arg] = true
	}
	args := make([]Arg, len(c.Args))
	kinds := map[string]string{}
	for i, ca := range c.Args {
		a := Arg{Name: ca.Name, Type: params[i]}
		if ca.Kind == "buffer" {
			arr, err := npy.ReadFile(filepath.Join(dir, ca.Npy))
			if err != nil {
				return res, fmt.Errorf("case %s: %v", c.Name, err)
			}
			kind := caseKind(ca.Dtype, params[i])
			kinds[ca.Name] = kind
			if outputs[ca.Name] && isFloatKind(&arr, kind) {
				poison(&arr, kind)
			}
			a.Buffer = &arr
		} else if err := setScalar(&a, ca.Value.String()); err != nil {
			return res, fmt.Errorf("case %s: argument %s: %v", c.Name, ca.Name, err)
		}
		args[i] = a
	}
	grid := [3]int{1, 1, 1}
	copy(grid[:], c.Grid)
	if err := b.Run(k, grid, args, Options{Stdout: opts.Stdout, NumWarps: c.NumWarps, Shared: c.Shared, NumStages: c.NumStages, Context: opts.Context}); err != nil {
		return res, err
	}
	res.Pass = true
	for _, o := range c.Outputs {
		var got *Arg
		for i := range args {
			if args[i].Name == o.Arg {
				got = &args[i]
			}
		}
		if got == nil || got.Buffer == nil {
			return res, fmt.Errorf("case %s: output %s is not a buffer argument", c.Name, o.Arg)
		}
		want, err := npy.ReadFile(filepath.Join(dir, o.Expect))
		if err != nil {
			return res, err
		}
		kind := kinds[o.Arg]
		gv, integer, err := Values(got.Buffer, kind)
		if err != nil {
			return res, err
		}
		wv, _, err := Values(&want, kind)
		if err != nil {
			return res, err
		}
		if len(gv) != len(wv) {
			return res, fmt.Errorf("case %s: output %s has %d elements, expectation %d", c.Name, o.Arg, len(gv), len(wv))
		}
		shape := want.Shape
		if o.OnlyWritten == "columns < n_cols" {
			gv, wv, shape = firstColumns(gv, wv, shape, scalarArg(c, "n_cols"))
		}
		cmp := Compare(gv, wv, shape, Tolerance{Tol: c.Tol}, integer)
		res.Outputs[o.Arg] = cmp
		res.Pass = res.Pass && cmp.Pass
	}
	return res, nil
}

// caseKind maps a manifest dtype (torch spelling) to a decoding kind,
// falling back to the parameter's pointee type.
func caseKind(dtype string, param ir.Type) string {
	switch dtype {
	case "bfloat16":
		return KindBFloat16
	case "float8_e4m3fn":
		return KindF8E4M3
	case "float8_e5m2":
		return KindF8E5M2
	}
	return elementKind(param)
}

func scalarArg(c *Case, name string) int {
	for _, a := range c.Args {
		if a.Name == name {
			v, _ := strconv.Atoi(a.Value.String())
			return v
		}
	}
	return 0
}

// firstColumns keeps the first n columns of the last dimension.
func firstColumns(got, want []float64, shape []int, n int) ([]float64, []float64, []int) {
	if len(shape) == 0 || n <= 0 || n >= shape[len(shape)-1] {
		return got, want, shape
	}
	w := shape[len(shape)-1]
	var g2, w2 []float64
	for i := 0; i < len(got); i += w {
		g2 = append(g2, got[i:i+n]...)
		w2 = append(w2, want[i:i+n]...)
	}
	s := append(append([]int(nil), shape[:len(shape)-1]...), n)
	return g2, w2, s
}
