package ttrun

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/interp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/npy"
	"github.com/ttcompiler/tt/passmgr"
	_ "github.com/ttcompiler/tt/transforms/all" // ttir-pipeline
)

// Running @triton.jit kernels from their Python source: the launch
// arguments specialize the kernel as Triton's launcher does (buffers are
// 16-byte aligned pointers, integers equal to 1 become constants,
// integers divisible by 16 get tt.divisibility), tt's front end compiles
// it to TTIR and make_ttir (ttir-pipeline) runs before the interpreter,
// as in Triton.

// isPython reports whether a kernel file is Python source.
func isPython(path string) bool { return strings.HasSuffix(path, ".py") }

// PythonKernel describes how to launch a kernel from Python source.
type PythonKernel struct {
	Path, Kernel string
	// Args are the --arg values (NAME=VALUE, NAME=@file.npy, or
	// positional), Constexprs the --constexpr NAME=VALUE values.
	Args, Constexprs []string
	// Signature, when set, overrides the inferred argument types
	// (triton.tools.compile syntax; entries may be left empty: "*bf16,,").
	Signature string
	// Cache, when set, keeps the TTIR of each specialization.
	Cache *compilecache.Cache
	// Config, when set, is an autotuning configuration whose
	// meta-parameters join the constexprs (and whose num_warps the
	// front end sees).
	Config *triton.Config
	// Target is the GPU the file's host code sees (zero: an H100's).
	Target triton.GPUTarget
}

// LoadPython compiles the kernel for its arguments and returns it with
// the arguments that remain runtime parameters (as NAME=VALUE, for
// bindArgs).
func LoadPython(p PythonKernel) (*Kernel, []string, error) {
	k, err := FindPython(p)
	if err != nil {
		return nil, nil, err
	}
	return loadPython(p, k)
}

// FindPython describes the kernel p names (the file's only one when
// p.Kernel is empty), with its tuning decorators.
func FindPython(p PythonKernel) (*triton.Kernel, error) {
	name := p.Kernel
	if name == "" {
		ks, err := triton.Kernels(p.Path, nil)
		if err != nil {
			return nil, renderPython(err)
		}
		if len(ks) != 1 {
			return nil, fmt.Errorf("%s defines %d @triton.jit functions (%s): choose one with --kernel", p.Path, len(ks), strings.Join(ks, ", "))
		}
		name = ks[0]
	}
	target := p.Target
	if target.Backend == "" {
		target = triton.DefaultTarget
	}
	k, err := triton.FindKernelFor(p.Path, name, nil, target)
	if err != nil {
		return nil, renderPython(err)
	}
	return k, nil
}

// loadPython specializes and compiles kernel k for p's arguments.
func loadPython(p PythonKernel, k *triton.Kernel) (*Kernel, []string, error) {
	name := k.Name
	vals, err := bindPythonArgs(k, p.Args)
	if err != nil {
		return nil, nil, err
	}
	consts, err := triton.ParseConstexprs(p.Constexprs)
	if err != nil {
		return nil, nil, err
	}
	for _, n := range slices.Sorted(maps.Keys(consts)) {
		if !hasParam(k, n) {
			return nil, nil, fmt.Errorf("--constexpr %s: kernel %s has no parameter %s", n, name, n)
		}
	}
	if err := applyTuning(p, k, vals, consts); err != nil {
		return nil, nil, err
	}
	var override []triton.ArgSpec
	if p.Signature != "" {
		for i, part := range strings.Split(p.Signature, ",") {
			if strings.TrimSpace(part) == "" {
				override = append(override, triton.ArgSpec{})
				continue
			}
			s, err := triton.ParseArgSpec(part)
			if err != nil {
				return nil, nil, fmt.Errorf("--signature entry %d: %v", i, err)
			}
			override = append(override, s)
		}
	}
	var specs []triton.ArgSpec
	var runtime []string
	for i, prm := range k.Params {
		var spec triton.ArgSpec
		v, given := vals[prm.Name]
		switch c, isConst := consts[prm.Name]; {
		case isConst:
			spec = c
		case given && strings.HasPrefix(v, "@"):
			t, err := bufferType(v[1:])
			if err != nil {
				return nil, nil, fmt.Errorf("argument %s: %v", prm.Name, err)
			}
			spec = triton.ArgSpec{Type: t, Divisibility: 16}
		case given:
			obj, err := triton.ParseValue(v)
			if err != nil {
				return nil, nil, fmt.Errorf("argument %s: %v", prm.Name, err)
			}
			spec = triton.LaunchSpec(obj, prm.Constexpr)
		case prm.Default != nil:
			spec = triton.LaunchSpec(prm.Default, prm.Constexpr)
		default:
			return nil, nil, fmt.Errorf("missing argument %s of kernel %s", prm.Name, name)
		}
		if i < len(override) && (override[i].Type != "" || override[i].Value != nil || override[i].Expr != "") {
			spec = override[i]
		}
		specs = append(specs, spec)
		if spec.Type != "" {
			if !given {
				return nil, nil, fmt.Errorf("missing argument %s of kernel %s", prm.Name, name)
			}
			runtime = append(runtime, prm.Name+"="+v)
		}
	}
	numWarps := 0
	if p.Config != nil {
		numWarps = p.Config.NumWarps
	}
	mod, err := pythonTTIR(p, name, specs, numWarps)
	if err != nil {
		return nil, nil, err
	}
	fn, err := interp.FindKernel(mod, name)
	if err != nil {
		return nil, nil, err
	}
	meta := map[string]triton.Object{}
	for i, prm := range k.Params {
		if specs[i].Type == "" && specs[i].Value != nil {
			meta[prm.Name] = specs[i].Value
		}
	}
	return &Kernel{Module: mod, Func: fn, Name: ir.SymbolName(fn), Source: p.Path, Meta: meta}, runtime, nil
}

func hasParam(k *triton.Kernel, name string) bool {
	for _, p := range k.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// bindPythonArgs maps --arg values to the kernel's parameters: by name,
// then the positional ones in order into the parameters not named.
func bindPythonArgs(k *triton.Kernel, specs []string) (map[string]string, error) {
	out := map[string]string{}
	var positional []string
	for _, s := range specs {
		if n, v, ok := strings.Cut(s, "="); ok && hasParam(k, n) {
			if _, dup := out[n]; dup {
				return nil, fmt.Errorf("argument %s given twice", n)
			}
			out[n] = v
			continue
		}
		positional = append(positional, s)
	}
	for _, p := range k.Params {
		if _, ok := out[p.Name]; ok || len(positional) == 0 {
			continue
		}
		out[p.Name], positional = positional[0], positional[1:]
	}
	if len(positional) > 0 {
		return nil, fmt.Errorf("too many arguments: kernel %s takes %d", k.Name, len(k.Params))
	}
	return out, nil
}

// bufferType is the pointer type Triton's launcher gives a tensor of the
// .npy file's dtype (bfloat16 and fp8 data, stored as integers, need
// --signature).
func bufferType(path string) (string, error) {
	a, err := npy.ReadFile(path)
	if err != nil {
		return "", err
	}
	t, ok := map[npy.DType]string{npy.Bool: "*i1", npy.Int8: "*i8", npy.Int16: "*i16", npy.Int32: "*i32",
		npy.Int64: "*i64", npy.Uint8: "*u8", npy.Uint16: "*u16", npy.Uint32: "*u32", npy.Uint64: "*u64",
		npy.Float16: "*fp16", npy.Float32: "*fp32", npy.Float64: "*fp64"}[a.DType]
	if !ok {
		return "", fmt.Errorf("unsupported dtype %s", a.DType)
	}
	return t, nil
}

func renderPython(err error) error {
	return diagError(strings.TrimRight(triton.Render(err, os.ReadFile), "\n"))
}

// pythonTTIR compiles the kernel to TTIR after make_ttir (ttir-pipeline),
// or parses the TTIR the cache kept for the same source, modules it
// imports and specialization.
func pythonTTIR(p PythonKernel, name string, specs []triton.ArgSpec, numWarps int) (*ir.Operation, error) {
	src, err := cli.ReadFile(p.Path)
	if err != nil {
		return nil, err
	}
	var specText []string
	for _, s := range specs {
		specText = append(specText, s.String())
	}
	key := compilecache.NewKey("tt-run-python-ttir").String("path", p.Path).Bytes("source", src).
		String("kernel", name).Strings("specs", specText).Int("num-warps", int64(numWarps)).Sum()
	ctx := all.NewContext()
	if p.Cache != nil {
		if e, ok := p.Cache.Get(key); ok {
			if mod, err := asm.Parse(ctx, string(e.Parts["ttir"]), asm.ParseConfig{Filename: p.Path}); err == nil {
				return mod, nil
			}
		}
	}
	rec := &compilecache.DepRecorder{Main: p.Path}
	mod, err := triton.Compile(ctx, p.Path, triton.Options{Kernel: name, Args: specs, ReadFile: rec.ReadFile, NumWarps: numWarps})
	if err != nil {
		return nil, renderPython(err)
	}
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module(ttir-pipeline)")
	if err != nil {
		return nil, err
	}
	if err := pm.Run(mod, passmgr.DefaultConfig()); err != nil {
		return nil, err
	}
	if p.Cache != nil {
		e := &compilecache.Entry{Parts: map[string][]byte{"ttir": []byte(asm.Sprint(mod, asm.PrintConfig{DebugInfo: true}))}, Deps: rec.Deps()}
		p.Cache.Put(key, e) // best effort: a failure only costs the reuse
	}
	return mod, nil
}

// applyTuning adds a configuration's meta-parameters and the
// @triton.heuristics values to consts. A heuristic sees the launch's
// arguments by name, the constexprs, and the configuration's values when
// it sits below @triton.autotune.
func applyTuning(p PythonKernel, k *triton.Kernel, vals map[string]string, consts map[string]triton.ArgSpec) error {
	fromConfig := map[string]bool{}
	if c := p.Config; c != nil {
		for _, n := range c.Params {
			if _, given := consts[n]; given {
				return fmt.Errorf("conflicting meta-parameters: %s is given by --constexpr and by the autotuning configuration", n)
			}
			consts[n], _ = c.Value(n)
			fromConfig[n] = true
		}
	}
	if len(k.Heuristics) == 0 {
		return nil
	}
	if k.TuningErr != nil {
		return renderPython(k.TuningErr)
	}
	args, err := hostArgs(k, vals)
	if err != nil {
		return err
	}
	for _, h := range k.Heuristics {
		d := triton.NewDict()
		for _, n := range args.Keys() {
			v, _ := args.Get(n)
			d.Set(n, v)
		}
		for _, prm := range k.Params {
			if c, ok := consts[prm.Name]; ok && c.Value != nil && (h.SeesConfig || !fromConfig[prm.Name]) {
				d.Set(prm.Name, c.Value)
			}
		}
		spec, err := h.Eval(d)
		if err != nil {
			return renderPython(err)
		}
		consts[h.Name] = spec
	}
	return nil
}

// hostArgs are the launch's arguments as the kernel file's host code sees
// them: buffers (dtype and shape) and scalars, by name.
func hostArgs(k *triton.Kernel, vals map[string]string) (*triton.Dict, error) {
	d := triton.NewDict()
	for _, prm := range k.Params {
		v, ok := vals[prm.Name]
		if !ok {
			continue
		}
		var obj triton.Object
		var err error
		if path, isBuf := strings.CutPrefix(v, "@"); isBuf {
			obj, err = bufferObject(path)
		} else {
			obj, err = triton.ParseValue(v)
		}
		if err != nil {
			return nil, fmt.Errorf("argument %s: %v", prm.Name, err)
		}
		d.Set(prm.Name, obj)
	}
	return d, nil
}

// bufferObject is a .npy buffer as host code sees it.
func bufferObject(path string) (triton.Object, error) {
	t, err := bufferType(path)
	if err != nil {
		return nil, err
	}
	a, err := npy.ReadFile(path)
	if err != nil {
		return nil, err
	}
	shape := make([]int64, len(a.Shape))
	for i, s := range a.Shape {
		shape[i] = int64(s)
	}
	return triton.BufferArg(t, shape...)
}
