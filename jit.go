package tt

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/ttcompiler/tt/frontend/triton"
)

// JITKernel is a @triton.jit function of a Python file that compiles
// itself for the arguments it runs with, as Triton's kernel[grid](...)
// does: one compilation per specialization (kept in the compile cache),
// @triton.heuristics applied, and @triton.autotune tuned once per tuning
// key.
type JITKernel struct {
	path, src string
	opts      Options
	info      *triton.Kernel
	mu        sync.Mutex
	chosen    map[string]int // tuning key -> configuration index
}

// Args are a launch's arguments by parameter name: *Buffer for pointers,
// Go numbers and bools for scalars and tl.constexpr parameters.
type Args map[string]any

// Meta is what a grid function sees: the launch's arguments and the
// chosen configuration's meta-parameters, by name.
type Meta map[string]any

// Int returns an integer meta value (0 when absent or not an integer).
func (m Meta) Int(name string) int {
	n, _ := goInt(m[name])
	return int(n)
}

// GridFunc computes a launch's grid from its Meta, as Triton's
// grid = lambda META: (...) does.
type GridFunc func(Meta) Grid

// CDiv is ceil(a / b), for grids.
func CDiv(a, b int) int { return (a + b - 1) / b }

// JIT prepares kernel of the Python file at path (the file's only one
// when ""); o supplies the compile options (its Signature, Constexprs and
// Kernel are ignored: the arguments decide).
func JIT(path, kernel string, o Options) (*JITKernel, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("tt: %w", err)
	}
	read := func(p string) ([]byte, error) { return os.ReadFile(p) }
	name, err := pythonKernelName(path, kernel, read)
	if err == nil {
		var k *triton.Kernel
		if k, err = triton.FindKernelFor(path, name, read, triton.TargetOf(o.arch())); err == nil {
			return &JITKernel{path: path, src: string(src), opts: o, info: k, chosen: map[string]int{}}, nil
		}
	}
	return nil, &CompileError{Msg: strings.TrimRight(triton.Render(err, read), "\n"), Err: err}
}

// Autotuned reports whether the kernel has @triton.autotune (and it could
// be read: otherwise the error says why).
func (j *JITKernel) Autotuned() (bool, error) {
	return j.info.Autotune != nil, j.info.TuningErr
}

// Compile compiles the specialization of the kernel for args (by
// parameter name, the tl.constexpr ones included) for arch.
func (j *JITKernel) Compile(arch string, args Args) (*Kernel, error) {
	return j.compile(arch, args, nil)
}

// compile compiles the specialization for args with an autotuning
// configuration (its meta-parameters, warps, stages and register bound),
// when c is set.
func (j *JITKernel) compile(arch string, args Args, c *triton.Config) (*Kernel, error) {
	var extra map[string]any
	if c != nil {
		extra = configValues(c)
	}
	if j.info.TuningErr != nil {
		return nil, &CompileError{Msg: strings.TrimRight(triton.Render(j.info.TuningErr, os.ReadFile), "\n"), Err: j.info.TuningErr}
	}
	values, err := j.values(args, extra)
	if err != nil {
		return nil, err
	}
	specs := make([]triton.ArgSpec, len(j.info.Params))
	var key []string
	for i, p := range j.info.Params {
		v, given := values[p.Name]
		switch {
		case given:
			if specs[i], err = launchSpec(v, p.Constexpr); err != nil {
				return nil, fmt.Errorf("tt: argument %s: %v", p.Name, err)
			}
		case p.Default != nil:
			specs[i] = triton.LaunchSpec(p.Default, p.Constexpr)
		default:
			return nil, fmt.Errorf("tt: missing argument %s of %s", p.Name, j.info.Name)
		}
		key = append(key, p.Name+"="+specs[i].String())
	}
	o := j.opts
	o.Arch, o.Kernel = arch, j.info.Name
	if c != nil {
		o.NumWarps, o.NumStages, o.MaxNReg = c.NumWarps, c.NumStages, c.MaxNReg
	}
	return compilePythonSpecs(j.path, j.src, o, func(*triton.Kernel) ([]triton.ArgSpec, error) { return specs, nil }, key)
}

// values are the launch's values by name: the arguments, the extra
// meta-parameters, then the heuristics' values (those above the
// autotuner see no configuration).
func (j *JITKernel) values(args Args, extra map[string]any) (map[string]any, error) {
	out := map[string]any{}
	for n, v := range args {
		out[n] = v
	}
	for n, v := range extra {
		out[n] = v
	}
	for _, h := range j.info.Heuristics {
		d := triton.NewDict()
		for _, n := range sortedNames(out) {
			if !h.SeesConfig && extra != nil {
				if _, fromConfig := extra[n]; fromConfig {
					continue
				}
			}
			obj, err := hostObject(out[n])
			if err != nil {
				return nil, fmt.Errorf("tt: argument %s: %v", n, err)
			}
			d.Set(n, obj)
		}
		v, err := h.Eval(d)
		if err != nil {
			return nil, fmt.Errorf("tt: %v", err)
		}
		out[h.Name] = specValue{v}
	}
	return out, nil
}

// specValue is a value already specialized (a heuristic's).
type specValue struct{ spec triton.ArgSpec }

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// hostObject is the front end's view of a Go argument, for heuristics
// and pruning functions.
func hostObject(v any) (triton.Object, error) {
	switch x := v.(type) {
	case *Buffer:
		if x.DType == "" {
			return nil, fmt.Errorf("the buffer's DType is unknown")
		}
		n := int64(x.size) / int64(max(dtypeBytes(x.DType), 1))
		return triton.BufferArg("*"+x.DType, n)
	case specValue:
		return x.spec.Value, nil
	}
	spec, err := goConstant(v)
	if err != nil {
		return nil, err
	}
	if spec.Value == nil {
		return nil, fmt.Errorf("%v cannot be evaluated", v)
	}
	return spec.Value, nil
}

// dtypeBytes is the size of an element type.
func dtypeBytes(dtype string) int {
	switch dtype {
	case "i8", "u8", "fp8e4nv", "fp8e5", "i1":
		return 1
	case "i16", "u16", "fp16", "bf16":
		return 2
	case "i64", "u64", "fp64":
		return 8
	}
	return 4
}

// launchSpec specializes a launch argument as Triton's launcher does:
// buffers are 16-byte-aligned pointers of their dtype, integers are i32
// (or i64) with the divisibility hint, 1 becomes a constant, and
// constexpr parameters take the value.
func launchSpec(v any, constexpr bool) (triton.ArgSpec, error) {
	switch x := v.(type) {
	case *Buffer:
		if constexpr {
			return triton.ArgSpec{}, fmt.Errorf("a buffer for a tl.constexpr parameter")
		}
		if x.DType == "" {
			return triton.ArgSpec{}, fmt.Errorf("the buffer's DType is unknown (set it: \"fp32\", \"fp16\", ...)")
		}
		spec := triton.ArgSpec{Type: "*" + x.DType}
		if x.ptr%16 == 0 {
			spec.Divisibility = 16
		}
		return spec, nil
	case specValue:
		return x.spec, nil
	}
	c, err := goConstant(v)
	if err != nil {
		return triton.ArgSpec{}, err
	}
	if c.Value == nil {
		return c, nil // a Py expression naming the file's globals
	}
	return triton.LaunchSpec(c.Value, constexpr), nil
}

// Run launches the kernel on d over grid with args, compiling the
// specialization the arguments need (once; then from the cache). A
// kernel with @triton.autotune is tuned on d first, once per tuning key
// (Tune does it on several GPUs), and runs with the winner.
func (j *JITKernel) Run(d *Device, grid GridFunc, args Args) error {
	var c *triton.Config
	var extra map[string]any
	if at := j.info.Autotune; at != nil {
		i, err := j.winner(d, grid, args)
		if err != nil {
			return err
		}
		c = at.Configs[i]
		extra = configValues(c)
	}
	k, err := j.compile(d.arch, args, c)
	if err != nil {
		return err
	}
	return j.launch(d, k, grid, args, extra)
}

// launch runs a compiled specialization with args.
func (j *JITKernel) launch(d *Device, k *Kernel, grid GridFunc, args Args, extra map[string]any) error {
	f, err := d.Load(k)
	if err != nil {
		return err
	}
	vals := make([]any, len(k.Params))
	for i, p := range k.Params {
		v, ok := args[p.Name]
		if !ok {
			return fmt.Errorf("tt: missing argument %s of %s", p.Name, k.Name)
		}
		vals[i] = v
	}
	return f.Launch(grid(j.meta(args, extra)), vals...)
}

// meta is the grid function's view of a launch.
func (j *JITKernel) meta(args Args, extra map[string]any) Meta {
	m := Meta{}
	for n, v := range args {
		m[n] = v
	}
	for n, v := range extra {
		m[n] = v
	}
	return m
}

// configValues are a configuration's meta-parameters as Go values.
func configValues(c *triton.Config) map[string]any {
	out := map[string]any{}
	for _, n := range c.Params {
		spec, _ := c.Value(n)
		out[n] = specValue{spec}
		if i, ok := spec.Int(); ok {
			out[n] = int(i)
		}
	}
	return out
}

// StaticGrid is a GridFunc for a fixed grid.
func StaticGrid(g Grid) GridFunc { return func(Meta) Grid { return g } }

// Writer for tuning tables (nil: discarded).
func orDiscard(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}
