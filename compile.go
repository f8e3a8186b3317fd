package tt

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// Kernel is a compiled kernel: its code for the GPU and what a launch
// needs to know.
type Kernel struct {
	// Name is the kernel's entry point.
	Name string
	// Target ("ptx", "amdgcn") and Arch ("sm_90") say what Code is for.
	Target, Arch string
	// Code is the PTX or AMDGCN assembly.
	Code []byte
	// NumWarps is the warps of a program (the block is 32*NumWarps
	// threads on NVIDIA); NumStages the software pipelining depth.
	NumWarps, NumStages int
	// NumCTAs is the CTAs of a program (Triton's num_ctas): above 1 a
	// program runs as a cluster of NumCTAs CTAs, and Launch launches
	// grid.x*NumCTAs CTAs in clusters of (NumCTAs, 1, 1).
	NumCTAs int
	// ClusterDims is the cluster shape the kernel requires ((1, 1, 1) or
	// zero: none). With NumCTAs 1 and ClusterDims (N, 1, 1) each CTA is a
	// program sharing loads with its cluster (tt.cta-cluster), and the
	// grid's x must be a multiple of N.
	ClusterDims [3]int
	// Shared is the dynamic shared memory a CTA needs, in bytes.
	Shared int
	// GlobalScratch is the global memory a CTA needs (tensor maps the
	// kernel builds), in bytes, and its alignment: Launch passes a buffer
	// of GlobalScratch bytes per CTA as the kernel's last parameter when
	// it is positive.
	GlobalScratch, GlobalScratchAlign int
	// GridVariant is, for a kernel tt made persistent (its first programs
	// walk every tile), the same kernel on the grid's own schedule, a
	// second entry of Code that holds more CTAs an SM: Launch runs it
	// for grids of at most CTAsPerSM times the GPU's SMs programs, where
	// the persistent kernel's single CTA an SM loses (tt-translate's
	// --grid-variant). Nil for other kernels and with
	// Options.NoGridVariant.
	GridVariant *GridVariant
	// Params are the runtime parameters, in order (the specialization's
	// constants are not parameters).
	Params []Param
	// TTIR and TTGIR are the kernel after make_ttir and make_ttgir, when
	// Options.KeepIR asked for them.
	TTIR, TTGIR string
	// Cached says the compilation came from the compile cache.
	Cached bool
}

// GridVariant is a kernel's grid-schedule variant: its entry point, the
// warps and dynamic shared memory of its CTAs, and how many of them an
// SM holds.
type GridVariant struct {
	Name                        string
	NumWarps, Shared, CTAsPerSM int
}

// Param is a runtime parameter: its name and its type in Triton's
// signature syntax ("*fp32", "i32", "fp16").
type Param struct {
	Name, Type string
}

// IsPointer reports whether the parameter takes a buffer.
func (p Param) IsPointer() bool { return strings.HasPrefix(p.Type, "*") }

// CompileError is a compilation's failure: Error is the diagnostics as a
// user reads them (`file:line:col: error: message`, the source line and
// a caret); Err is the underlying error (an ir.Diagnostics, a
// *python.Error).
type CompileError struct {
	Msg string
	Err error
}

func (e *CompileError) Error() string { return e.Msg }
func (e *CompileError) Unwrap() error { return e.Err }

// CompilePython compiles a @triton.jit function of a Python file for the
// specialization o describes (Signature, Constexprs).
func CompilePython(path string, o Options) (*Kernel, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("tt: %w", err)
	}
	return CompilePythonSource(path, string(src), o)
}

// CompilePythonSource is CompilePython on source text; path names it in
// messages, and the modules it imports are found beside path.
func CompilePythonSource(path, src string, o Options) (*Kernel, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	consts, err := o.constexprSpecs()
	if err != nil {
		return nil, err
	}
	var sig []triton.ArgSpec
	if strings.TrimSpace(o.Signature) != "" {
		if sig, err = triton.ParseSignature(o.Signature); err != nil {
			return nil, fmt.Errorf("tt: Signature: %v", err)
		}
	}
	return compilePythonSpecs(path, src, o, func(k *triton.Kernel) ([]triton.ArgSpec, error) {
		return triton.Specialize(k, sig, consts)
	}, specKey(o.Signature, consts))
}

// specKey renders a specialization's inputs for a cache key.
func specKey(signature string, consts map[string]triton.ArgSpec) []string {
	out := []string{"signature=" + signature}
	names := make([]string, 0, len(consts))
	for n := range consts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, n+"="+consts[n].String())
	}
	return out
}

// compilePythonSpecs compiles the kernel o.Kernel of src (the file's only
// one when empty) with the specialization specs returns; spec identifies
// that specialization in the cache key.
func compilePythonSpecs(path, src string, o Options, specs func(*triton.Kernel) ([]triton.ArgSpec, error), spec []string) (*Kernel, error) {
	rec := &compilecache.DepRecorder{Main: path}
	read := func(p string) ([]byte, error) {
		if p == path {
			return []byte(src), nil
		}
		return rec.ReadFile(p)
	}
	t := o.translate()
	key := tttranslate.OptionsKey(compilecache.NewKey("tt-api-python").String("path", path).String("source", src).
		String("kernel", o.Kernel).Strings("spec", spec), &t).Sum()
	render := func(err error) error {
		return &CompileError{Msg: strings.TrimRight(tttranslate.RenderPythonError(path, src, read, err), "\n"), Err: err}
	}
	return cached(o, key, rec.Deps, func() (*Kernel, error) {
		name, err := pythonKernelName(path, o.Kernel, read)
		if err != nil {
			return nil, render(err)
		}
		k, err := triton.FindKernelFor(path, name, read, triton.TargetOf(o.arch()))
		if err != nil {
			return nil, render(err)
		}
		ss, err := specs(k)
		if err != nil {
			return nil, fmt.Errorf("tt: %v", err)
		}
		mod, err := triton.Compile(tttranslate.NewContext(), path, triton.Options{Kernel: name, Args: ss,
			NumWarps: t.NumWarps, Capability: capability(o.arch()), ReadFile: read})
		if err != nil {
			return nil, render(err)
		}
		return compileModule(mod, name, o, render)
	})
}

// pythonKernelName is name, or the file's only @triton.jit function.
func pythonKernelName(path, name string, read func(string) ([]byte, error)) (string, error) {
	if name != "" {
		return name, nil
	}
	ks, err := triton.Kernels(path, read)
	if err != nil {
		return "", err
	}
	if len(ks) != 1 {
		return "", fmt.Errorf("%s defines %d @triton.jit functions (%s): choose one with Options.Kernel", path, len(ks), strings.Join(ks, ", "))
	}
	return ks[0], nil
}

// capability is the CUDA compute capability of sm_XX (90 otherwise: it
// only picks tl.dot's defaults).
func capability(arch string) int {
	var cc int
	if _, err := fmt.Sscanf(strings.TrimSuffix(arch, "a"), "sm_%d", &cc); err == nil {
		return cc
	}
	return 90
}

// CompileTTIR compiles MLIR text (TTIR, or TTGIR laid out for its warps)
// named name in messages; o.Kernel picks the tt.func when the module has
// several.
func CompileTTIR(name, src string, o Options) (*Kernel, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	t := o.translate()
	key := tttranslate.OptionsKey(compilecache.NewKey("tt-api-ir").String("name", name).String("source", src).
		String("kernel", o.Kernel), &t).Sum()
	render := func(err error) error {
		return &CompileError{Msg: strings.TrimRight(tttranslate.RenderError(name, src, err), "\n"), Err: err}
	}
	return cached(o, key, nil, func() (*Kernel, error) {
		mod, err := asm.Parse(tttranslate.NewContext(), src, asm.ParseConfig{Filename: name})
		if err == nil {
			err = ir.Verify(mod)
		}
		if err != nil {
			return nil, render(err)
		}
		return compileModule(mod, o.Kernel, o, render)
	})
}

// cached returns the kernel kept under key, or compiles it and keeps it.
func cached(o Options, key compilecache.Key, deps func() []compilecache.Dep, compile func() (*Kernel, error)) (*Kernel, error) {
	c, err := o.cache()
	if err != nil {
		c = nil // no cache directory: compile every time
	}
	if c != nil {
		if e, ok := c.Get(key); ok {
			if k, err := kernelFromEntry(e); err == nil && (!o.KeepIR || k.TTIR != "" || k.TTGIR != "") {
				k.Cached = true
				return k, nil
			}
		}
	}
	k, err := compile()
	if err != nil {
		return nil, err
	}
	if c != nil {
		e, err := k.entry()
		if err == nil && deps != nil {
			e.Deps = deps()
		}
		if err == nil {
			c.Put(key, e) // best effort: a failure only costs the reuse
		}
	}
	return k, nil
}

// entry is the kernel as a cache entry.
func (k *Kernel) entry() (*compilecache.Entry, error) {
	meta := *k
	meta.Code, meta.TTIR, meta.TTGIR, meta.Cached = nil, "", "", false
	b, err := json.Marshal(meta)
	if err != nil {
		return nil, err
	}
	return &compilecache.Entry{Parts: map[string][]byte{"code": k.Code, "kernel.json": b, "ttir": []byte(k.TTIR), "ttgir": []byte(k.TTGIR)}}, nil
}

func kernelFromEntry(e *compilecache.Entry) (*Kernel, error) {
	var k Kernel
	if err := json.Unmarshal(e.Parts["kernel.json"], &k); err != nil {
		return nil, err
	}
	k.Code, k.TTIR, k.TTGIR = e.Parts["code"], string(e.Parts["ttir"]), string(e.Parts["ttgir"])
	return &k, nil
}

// compileModule lowers a TTIR or TTGIR module to the target and describes
// the kernel name (the module's only public tt.func when empty).
func compileModule(mod *ir.Operation, name string, o Options, render func(error) error) (*Kernel, error) {
	fn, err := findFunc(mod, name)
	if err != nil {
		return nil, err
	}
	name = ir.SymbolName(fn)
	params := paramsOf(fn)
	t := o.translate()
	var dir string
	if o.KeepIR {
		if dir, err = os.MkdirTemp("", "tt-ir"); err != nil {
			return nil, fmt.Errorf("tt: %w", err)
		}
		defer os.RemoveAll(dir)
		t.DumpStages = dir
	}
	res, err := tttranslate.Compile(mod, t)
	if err != nil {
		return nil, render(err)
	}
	k := &Kernel{Name: name, Target: t.Target, Arch: o.arch(), Code: res.Output, NumStages: t.NumStages, Params: params}
	found := false
	for _, m := range res.Kernels {
		if m.Name == name {
			k.NumWarps, k.NumCTAs, k.Shared, found = m.NumWarps, max(m.NumCTAs, 1), m.Shared, true
			k.ClusterDims = m.ClusterDims
			if gs := m.GlobalScratch; gs != nil {
				k.GlobalScratch, k.GlobalScratchAlign = gs.GlobalScratchSize, gs.GlobalScratchAlign
			}
			if v := m.GridVariant; v != nil {
				k.GridVariant = &GridVariant{Name: v.Name, NumWarps: v.NumWarps, Shared: v.Shared, CTAsPerSM: v.CTAsPerSM}
			}
		}
	}
	if !found {
		return nil, fmt.Errorf("tt: the compiled module has no kernel %s", name)
	}
	if o.KeepIR {
		k.TTIR, k.TTGIR = readStage(dir, "ttir"), readStage(dir, "ttgir")
		if res.Input == tttranslate.LevelTTGIR {
			k.TTGIR = readStage(dir, "input")
		}
	}
	return k, nil
}

// readStage reads the IR the compiler dumped after a stage ("" if none).
func readStage(dir, stage string) string {
	m, _ := filepath.Glob(filepath.Join(dir, "*-"+stage+".mlir"))
	if len(m) != 1 {
		return ""
	}
	b, _ := os.ReadFile(m[0])
	return string(b)
}

// findFunc finds the public tt.func name, or the only one.
func findFunc(mod *ir.Operation, name string) (*ir.Operation, error) {
	var all []*ir.Operation
	ir.WalkOps(mod, func(op *ir.Operation) {
		if op.Name() == "tt.func" && !ir.IsPrivateSymbol(op) {
			all = append(all, op)
		}
	})
	var names []string
	for _, f := range all {
		if name == "" || ir.SymbolName(f) == name {
			if name != "" || len(all) == 1 {
				return f, nil
			}
		}
		names = append(names, ir.SymbolName(f))
	}
	switch {
	case len(all) == 0:
		return nil, errors.New("tt: the module has no public tt.func (no kernel to compile)")
	case name == "":
		return nil, fmt.Errorf("tt: the module has %d kernels (%s): choose one with Options.Kernel", len(all), strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("tt: no kernel %s in the module (its kernels: %s)", name, strings.Join(names, ", "))
}
