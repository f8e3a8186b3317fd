package triton

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/frontend/python"
	"github.com/ttcompiler/tt/internal/ascii"
	"github.com/ttcompiler/tt/ir"
)

// Options control one compilation of a kernel (Triton's ast_to_ttir with
// a specialization and the CUDA backend's options).
type Options struct {
	// Kernel is the name of the @triton.jit function to compile.
	Kernel string
	// Args specialize the kernel's parameters in order; parameters past
	// the end take their default values (specialized as Triton's launcher
	// specializes Python values).
	Args []ArgSpec
	// ModuleName is the Python module name of the kernel's file, used in
	// the names of the specialized functions it calls (default __main__,
	// as when the file runs as a script).
	ModuleName string
	// NumWarps is num_warps (tl.extra.cuda.num_warps; default 4).
	NumWarps int
	// Capability is the CUDA compute capability (default: Arch's, else 90).
	Capability int
	// Arch is the GPU architecture (sm_90, gfx942; "": CUDA's of
	// Capability): the target host code sees, and the backend whose
	// libdevice module tl.extra.libdevice is (Triton's get_module_map:
	// OCML's functions on AMD).
	Arch string
	// Debug emits device assertions (Triton's debug option).
	Debug bool
	// NoSanitizeOverflow turns off the integer overflow checks Triton adds
	// to int32 +, -, * (they feed device assertions only).
	NoSanitizeOverflow bool
	// ReadFile reads source files (the kernel's and its siblings');
	// os.ReadFile when nil.
	ReadFile func(path string) ([]byte, error)
	// Stdout receives tl.static_print output (discarded when nil).
	Stdout io.Writer
}

func (o *Options) sanitizeOverflow() bool { return !o.NoSanitizeOverflow }

// capability is Capability, else Arch's (sm_80: 80), else 90.
func (o *Options) capability() int {
	if o.Capability != 0 {
		return o.Capability
	}
	if t := TargetOf(o.Arch); o.Arch != "" && t.Backend == "cuda" {
		if cc, err := strconv.Atoi(t.Arch); err == nil {
			return cc
		}
	}
	return 90
}

// target is the GPU host code and the library see.
func (o *Options) target() GPUTarget {
	if o.Arch != "" {
		return TargetOf(o.Arch)
	}
	return GPUTarget{Backend: "cuda", Arch: strconv.Itoa(o.capability()), WarpSize: 32}
}

// dotPrecisions are the input precisions tl.dot accepts on the target,
// as its backend's options list them (CUDAOptions: all five; HIPOptions:
// ieee, bf16x3 and bf16x6, with tf32, XF32, on CDNA3's gfx942), in the
// order Triton prints them.
func (o *Options) dotPrecisions() []string {
	t := o.target()
	switch {
	case t.Backend != "hip":
		return []string{"tf32", "tf32x3", "ieee", "bf16x3", "bf16x6"}
	case t.Arch == "gfx942":
		return []string{"bf16x3", "bf16x6", "ieee", "tf32"}
	}
	return []string{"ieee", "bf16x3", "bf16x6"}
}

// fp8Types are the fp8 dtypes the target's backend takes, sorted as its
// options list them: CUDA's fp8e4b15 and fp8e5, and fp8e4nv from sm_89;
// HIP's OCP and fnuz types.
func (o *Options) fp8Types() []string {
	switch {
	case o.target().Backend == "hip":
		return []string{"fp8e4b8", "fp8e4nv", "fp8e5", "fp8e5b16"}
	case o.capability() >= 89:
		return []string{"fp8e4b15", "fp8e4nv", "fp8e5"}
	}
	return []string{"fp8e4b15", "fp8e5"}
}

// maxImpreciseAccDefault is max_num_imprecise_acc for an fp8 x fp8 dot
// that does not give it: 2^30 on sm_90 (CUDA's backend), else 0.
func (o *Options) maxImpreciseAccDefault() int64 {
	if t := o.target(); t.Backend == "cuda" && o.capability() == 90 {
		return 1 << 30
	}
	return 0
}

func (o *Options) numWarps() int {
	if o.NumWarps == 0 {
		return 4
	}
	return o.NumWarps
}

// ArgSpec specializes one kernel parameter: a runtime argument of a type
// (Type set, with an optional divisibility hint) or a constant (Value).
type ArgSpec struct {
	// Type is the argument's type in triton.tools.compile's signature
	// syntax: *fp32, *kfp16 (const), i32, i64, u1, fp32,
	// tensordesc<fp16[64, 64]>.
	Type string
	// Divisibility is the :16 hint (tt.divisibility = 16), or 0.
	Divisibility int
	// Value is the constant when Type is empty.
	Value Object
	// Expr, when Type and Value are empty, is a constant written in
	// Python that names globals of the kernel's file (a @jit function
	// passed as a constexpr argument, a module constant); it is evaluated
	// in that file's global scope when the kernel compiles.
	Expr string
}

func (a ArgSpec) String() string {
	if a.Type == "" && a.Value == nil && a.Expr != "" {
		return a.Expr
	}
	if a.Type == "" {
		return repr(a.Value)
	}
	if a.Divisibility != 0 {
		return a.Type + ":" + strconv.Itoa(a.Divisibility)
	}
	return a.Type
}

// Constant returns the spec of a constant argument.
func Constant(v Object) ArgSpec { return ArgSpec{Value: v} }

// SplitSignature splits a signature into its entries, as ParseSignature
// reads them, without parsing them (a harness mutating signatures edits
// the entries' text).
func SplitSignature(sig string) []string { return splitSignature(sig) }

// splitSignature splits a signature at top-level commas (a tensordesc
// type holds commas inside brackets).
func splitSignature(sig string) []string {
	var out []string
	depth := 0
	start := 0
	for i, c := range sig {
		switch c {
		case '<', '[', '(':
			depth++
		case '>', ']', ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(sig[start:i]))
				start = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(sig[start:]); rest != "" || len(out) > 0 {
		out = append(out, rest)
	}
	return out
}

// splitHint splits a signature entry TYPE:N at its first colon followed
// by nothing but white space and decimal digits; the type does not span
// lines. ok is false when s has no such hint.
func splitHint(s string) (ty, hint string, ok bool) {
	for i := 0; i < len(s) && s[i] != '\n'; i++ {
		if s[i] != ':' {
			continue
		}
		if d := ascii.TrimLeftSpace(s[i+1:]); ascii.Digits(d) {
			return s[:i], d, true
		}
	}
	return "", "", false
}

// ParseSignature reads a signature in triton.tools.compile's syntax:
// comma-separated types with optional :16 (divisibility) or :1 (the value
// 1) hints, or constants (numbers, and Python literals such as True,
// 'ieee' or tl.float16).
func ParseSignature(sig string) ([]ArgSpec, error) {
	var out []ArgSpec
	for i, part := range splitSignature(sig) {
		if part == "" {
			return nil, fmt.Errorf("signature entry %d is empty", i)
		}
		spec, err := ParseArgSpec(part)
		if err != nil {
			return nil, fmt.Errorf("signature entry %d (%q): %v", i, part, err)
		}
		out = append(out, spec)
	}
	return out, nil
}

// ParseArgSpec reads one signature entry.
func ParseArgSpec(s string) (ArgSpec, error) {
	s = strings.TrimSpace(s)
	if ty, hint, ok := splitHint(s); ok && !strings.HasPrefix(s, "tensordesc") {
		ty = strings.TrimSpace(ty)
		if _, err := ParseTypeString(ty); err == nil {
			switch hint {
			case "16":
				return ArgSpec{Type: ty, Divisibility: 16}, nil
			case "1":
				return Constant(big.NewInt(1)), nil
			}
			return ArgSpec{}, fmt.Errorf("only 1 and 16 are valid hints, got %s", hint)
		}
	}
	_, typeErr := ParseTypeString(s)
	if typeErr == nil {
		return ArgSpec{Type: s}, nil
	}
	if strings.HasPrefix(s, "*") {
		// Only a pointer type starts with '*': say what is wrong with it
		// rather than that it is no constant either.
		return ArgSpec{}, typeErr
	}
	spec, err := ParseConstant(s)
	if err != nil {
		return ArgSpec{}, fmt.Errorf("neither a type (*fp32, i32, ...) nor a constant: %v", err)
	}
	return spec, nil
}

// ParseConstant reads a constant argument written in Python: a literal or
// tl.* value (evaluated now), or an expression over the kernel file's
// globals such as a @jit function's name (kept as Expr, evaluated when
// the kernel compiles).
func ParseConstant(s string) (ArgSpec, error) {
	v, err := ParseValue(s)
	if err == nil {
		return Constant(v), nil
	}
	var pe *pyError
	if errors.As(err, &pe) && pe.Kind == "NameError" {
		return ArgSpec{Expr: strings.TrimSpace(s)}, nil
	}
	return ArgSpec{}, err
}

// ParseValue evaluates a constant written in Python (1024, 1e-5, True,
// None, 'ieee', tl.float16, (16, 16)).
func ParseValue(s string) (Object, error) {
	e, err := python.ParseExpr("<constant>", s)
	if err != nil {
		return nil, err
	}
	l := newLoader(nil)
	return hostEval(valueEnv{l}, e)
}

type valueEnv struct{ l *loader }

func (v valueEnv) lookup(name string) (Object, bool) {
	switch name {
	case "tl":
		return v.l.lib.tl, true
	case "triton":
		return v.l.lib.triton, true
	}
	if d, ok := dtypeNames()[name]; ok {
		return d, true
	}
	return pyBuiltin(name)
}

// KernelParam describes a kernel parameter (for binding launch arguments).
type KernelParam struct {
	Name      string
	Constexpr bool
	// Default is the default value, or nil.
	Default Object
	// Pos is the parameter's position in the def (its errors' location).
	Pos python.Pos
}

// Kernel is a @triton.jit function found in a file.
type Kernel struct {
	Name   string
	Params []KernelParam
	// File and Pos locate the kernel's name in its def, where errors of
	// its specialization as a whole (a signature that does not match its
	// parameters) are reported; a Kernel built by hand has no File.
	File string
	Pos  python.Pos
	// Autotune is its @triton.autotune, or nil; Heuristics the values of
	// its @triton.heuristics. TuningErr says why they could not be read
	// (the kernel still compiles with explicit constexprs).
	Autotune   *Autotune
	Heuristics []*Heuristic
	TuningErr  error
}

// FindKernel loads a file and describes the kernel name (for an H100:
// host code asking the driver for its target gets DefaultTarget).
func FindKernel(path, name string, read func(string) ([]byte, error)) (*Kernel, error) {
	return FindKernelFor(path, name, read, DefaultTarget)
}

// FindKernelFor is FindKernel with the GPU host code sees.
func FindKernelFor(path, name string, read func(string) ([]byte, error), target GPUTarget) (*Kernel, error) {
	l := newLoader(read)
	l.target = target
	m, err := l.load(path, "__main__")
	if err != nil {
		return nil, err
	}
	fn, err := kernelIn(m, name)
	if err != nil {
		return nil, err
	}
	k := &Kernel{Name: fn.Name, File: fn.Src.Path, Pos: fn.Def.NamePos}
	for _, p := range fn.Params {
		kp := KernelParam{Name: p.Name, Constexpr: p.Constexpr, Default: p.Default, Pos: fn.Def.NamePos}
		if p.Node != nil {
			kp.Pos = p.Node.Start()
		}
		k.Params = append(k.Params, kp)
	}
	k.Autotune, k.Heuristics, k.TuningErr = readTuning(fn)
	return k, nil
}

// Kernels lists the @triton.jit functions of a file.
func Kernels(path string, read func(string) ([]byte, error)) ([]string, error) {
	l := newLoader(read)
	m, err := l.load(path, "__main__")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, k := range m.Globals.keys {
		if f, ok := m.Globals.vals[k].(*JITFunction); ok && !f.ConstexprFn && f.Src == m {
			out = append(out, k)
		}
	}
	return out, nil
}

func kernelIn(m *SourceModule, name string) (*JITFunction, error) {
	v, ok := m.Globals.get(name)
	if !ok {
		var names []string
		for _, k := range m.Globals.keys {
			if f, ok := m.Globals.vals[k].(*JITFunction); ok && !f.ConstexprFn && f.Src == m {
				names = append(names, k)
			}
		}
		hint := "it has none"
		if len(names) > 0 {
			hint = "its @triton.jit functions are " + strings.Join(names, ", ")
		}
		return nil, fmt.Errorf("%s: no kernel named %q (%s)", m.Path, name, hint)
	}
	fn, ok := v.(*JITFunction)
	if !ok || fn.ConstexprFn {
		return nil, fmt.Errorf("%s: %s is not a @triton.jit function", m.Path, name)
	}
	return fn, nil
}

// Compile compiles the kernel opts.Kernel of the Python file at path to
// TTIR, as Triton 3.6's front end does for the given specialization.
// Errors are located *python.Error values (render them with Render).
func Compile(ctx *ir.Context, path string, opts Options) (module *ir.Operation, err error) {
	l := newLoader(opts.ReadFile)
	l.target = opts.target()
	name := opts.ModuleName
	if name == "" {
		name = "__main__"
	}
	m, err := l.load(path, name)
	if err != nil {
		return nil, err
	}
	fn, err := kernelIn(m, opts.Kernel)
	if err != nil {
		return nil, err
	}
	c := &compiler{ctx: ctx, opts: &opts, l: l, retTypes: map[string]Type{}, building: map[string]bool{}}
	var g *gen
	defer func() {
		if r := recover(); r != nil {
			module = nil
			err = recoverError(r, func() (*python.Error, bool) {
				if g == nil || g.cur == nil {
					return nil, false
				}
				return g.errAt(g.cur, ""), true
			})
		}
	}()
	slots, err := kernelSlots(fn, opts.Args)
	if err != nil {
		return nil, err
	}
	if !isIdentifier(fn.Name) {
		return nil, fmt.Errorf("invalid function identifier: %s", fn.Name)
	}
	c.module = builtin.NewModule(ctx, ir.FileLineCol(ctx, path, fn.Def.Pos.Line, 0))
	g = c.newGen(fn, fn.Name, slots, true)
	g.genFunction()
	if verr := ir.Verify(c.module); verr != nil {
		return nil, fmt.Errorf("the TTIR the front end built does not verify (a front-end bug): %w", verr)
	}
	return c.module, nil
}

// isIdentifier reports whether s is an ASCII identifier: a letter or
// underscore, then letters, digits and underscores.
func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}

// kernelSlots binds the specialization to the kernel's parameters.
// Its errors are located at the parameter whose entry is wrong, or at
// the kernel's name when the entries outnumber the parameters.
func kernelSlots(fn *JITFunction, args []ArgSpec) ([]argSlot, error) {
	if len(args) > len(fn.Params) {
		return nil, &python.Error{File: fn.Src.Path, Pos: fn.Def.NamePos, Msg: fmt.Sprintf("the signature has %d entries but %s takes %d parameters (%s)",
			len(args), fn.Name, len(fn.Params), strings.Join(fn.ParamNames(), ", "))}
	}
	slots := make([]argSlot, len(fn.Params))
	for i, p := range fn.Params {
		errorf := func(format string, a ...any) error {
			pos := fn.Def.NamePos
			if p.Node != nil {
				pos = p.Node.Start()
			}
			return &python.Error{File: fn.Src.Path, Pos: pos, Msg: fmt.Sprintf(format, a...)}
		}
		var spec ArgSpec
		switch {
		case i < len(args):
			spec = args[i]
		case p.Default != nil:
			if o, ok := p.Default.(*Opaque); ok {
				return nil, errorf("parameter %s has no signature entry and its default (%s) cannot be evaluated", p.Name, o.What)
			}
			spec = LaunchSpec(unwrap(p.Default), p.Constexpr)
		default:
			return nil, errorf("parameter %s of %s has no signature entry (the signature lists %d of its %d parameters: %s)",
				p.Name, fn.Name, len(args), len(fn.Params), strings.Join(fn.ParamNames(), ", "))
		}
		if spec.Type == "" && spec.Value == nil && spec.Expr != "" {
			e, err := python.ParseExpr("<constant>", spec.Expr)
			if err != nil {
				return nil, errorf("parameter %s: %v", p.Name, err)
			}
			v, err := hostEval(&hostEnv{m: fn.Src}, e)
			if err != nil {
				return nil, errorf("parameter %s: %s in the global scope of %s: %v", p.Name, spec.Expr, fn.Src.Path, err)
			}
			spec = Constant(v)
		}
		if spec.Type == "" {
			v := unwrap(spec.Value)
			if holdsIRValue(v) {
				return nil, errorf("parameter %s: a constant must not be a tensor", p.Name)
			}
			slots[i] = argSlot{IsCst: true, Const: v, Ty: &ConstexprType{Value: v}}
			continue
		}
		if p.Constexpr {
			return nil, errorf("parameter %s is a tl.constexpr: give its value in the signature or with --constexpr %s=VALUE, not the type %s", p.Name, p.Name, spec.Type)
		}
		ty, err := ParseTypeString(spec.Type)
		if err != nil {
			return nil, errorf("parameter %s: %v", p.Name, err)
		}
		s := argSlot{Ty: ty}
		if spec.Divisibility == 16 {
			s.Div = 16
		} else if spec.Divisibility != 0 {
			return nil, errorf("parameter %s: only 1 and 16 are valid hints, got %d", p.Name, spec.Divisibility)
		}
		slots[i] = s
	}
	return slots, nil
}

// LaunchSpec specializes a Python value the way Triton's launcher does:
// ints equal to 1 and constexpr parameters become constants, other ints
// are i32 (or i64/u64 by range) with divisibility 16 when divisible,
// floats fp32, bools u1.
func LaunchSpec(v Object, constexpr bool) ArgSpec {
	v = unwrap(v)
	if constexpr {
		return Constant(v)
	}
	switch x := v.(type) {
	case *big.Int:
		if x.Cmp(big.NewInt(1)) == 0 {
			return Constant(x)
		}
		t := "i32"
		switch {
		case x.Cmp(big.NewInt(-1<<31)) >= 0 && x.Cmp(big.NewInt(1<<31-1)) <= 0:
		case x.IsInt64():
			t = "i64"
		default:
			t = "u64"
		}
		div := 0
		if new(big.Int).And(x, big.NewInt(15)).Sign() == 0 {
			div = 16
		}
		return ArgSpec{Type: t, Divisibility: div}
	case float64:
		return ArgSpec{Type: "fp32"}
	case bool:
		return ArgSpec{Type: "u1"}
	}
	return Constant(v)
}

// Render formats a front-end error with the source line and a caret; it
// reads the files it needs (the library's sources are built in).
func Render(err error, read func(string) ([]byte, error)) string {
	var pe *python.Error
	if !errors.As(err, &pe) {
		return "error: " + err.Error() + "\n"
	}
	return pe.Render(SourceReader(read))
}

// SourceReader finds the text of a file a kernel's locations point at:
// Triton's library modules (triton/language/*.py, built in) or, through
// read when it is not nil, any other file.
func SourceReader(read func(string) ([]byte, error)) func(file string) (string, bool) {
	return func(file string) (string, bool) {
		for _, f := range preludeModules {
			if file == "triton/language/"+strings.TrimPrefix(f, "prelude/") {
				b, err := preludeFS.ReadFile(f)
				return string(b), err == nil
			}
		}
		if read == nil {
			return "", false
		}
		b, err := read(file)
		return string(b), err == nil
	}
}
