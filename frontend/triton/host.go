package triton

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// The host side of a kernel file: the module-level code that runs in
// Python before Triton compiles anything (imports, constexpr globals,
// decorators, default values). The front end evaluates the part of it
// that kernels can see and leaves the rest Opaque.

// SourceModule is a loaded Python file.
type SourceModule struct {
	Name    string // the module name: __main__, a sibling's stem, triton.language.standard
	Path    string
	Text    string
	AST     *python.Module
	Globals *scope
	l       *loader
}

// JITFunction is a @triton.jit function (or a constexpr_function when
// ConstexprFn is set: a plain Python function run at compile time).
type JITFunction struct {
	Name, QualName, Module string
	Def                    *python.FunctionDef
	Src                    *SourceModule
	Noinline               bool
	Params                 []*Param
	DoNotSpecialize        map[string]bool
	ConstexprFn            bool
	// Dedent is the indentation textwrap.dedent removes from the source
	// (Triton's columns are relative to the dedented source).
	Dedent int
}

// Param is one parameter of a JIT function.
type Param struct {
	Name string
	// Constexpr is set for parameters annotated tl.constexpr.
	Constexpr  bool
	Annotation Object
	Default    Object // nil: no default
	Node       *python.Arg
}

// ParamNames lists the function's parameters in order.
func (f *JITFunction) ParamNames() []string {
	out := make([]string, len(f.Params))
	for i, p := range f.Params {
		out[i] = p.Name
	}
	return out
}

// loader reads and evaluates Python files.
type loader struct {
	// target is the GPU host code sees (triton.runtime.driver.active).
	target  GPUTarget
	read    func(path string) ([]byte, error)
	byPath  map[string]*SourceModule
	loading map[string]bool
	lib     *library
}

func newLoader(read func(string) ([]byte, error)) *loader {
	if read == nil {
		read = os.ReadFile
	}
	l := &loader{target: DefaultTarget, read: read, byPath: map[string]*SourceModule{}, loading: map[string]bool{}}
	l.lib = newLibrary(l)
	return l
}

// load parses and evaluates the file at path (once).
func (l *loader) load(path, name string) (*SourceModule, error) {
	if m, ok := l.byPath[path]; ok {
		return m, nil
	}
	data, err := l.read(path)
	if err != nil {
		return nil, err
	}
	return l.loadSource(path, name, string(data))
}

func (l *loader) loadSource(path, name, text string) (*SourceModule, error) {
	if l.loading[path] {
		return nil, fmt.Errorf("%s: circular import", path)
	}
	l.loading[path] = true
	defer delete(l.loading, path)
	mod, err := python.Parse(path, text)
	if err != nil {
		return nil, err
	}
	return l.evalModule(path, name, text, mod)
}

func (l *loader) evalModule(path, name, text string, mod *python.Module) (*SourceModule, error) {
	m := &SourceModule{Name: name, Path: path, Text: text, AST: mod, Globals: newScope(), l: l}
	l.byPath[path] = m
	h := &hostEnv{m: m}
	for _, s := range mod.Body {
		if err := h.exec(s); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// hostEnv evaluates module-level statements.
type hostEnv struct {
	m *SourceModule
}

func (h *hostEnv) lookup(name string) (Object, bool) {
	if v, ok := h.m.Globals.get(name); ok {
		return v, true
	}
	return pyBuiltin(name)
}

func (h *hostEnv) set(name string, v Object) { h.m.Globals.set(name, v) }

// exec runs one top-level statement; what cannot be evaluated binds its
// names to Opaque values (kernels that read them get an error).
func (h *hostEnv) exec(s python.Stmt) error {
	switch x := s.(type) {
	case *python.Import:
		for _, a := range x.Names {
			mod := h.importModule(a.Name)
			if a.AsName != "" {
				h.set(a.AsName, mod)
				continue
			}
			// `import a.b` binds a.
			top := strings.SplitN(a.Name, ".", 2)[0]
			h.set(top, h.importModule(top))
		}
	case *python.ImportFrom:
		h.importFrom(x)
	case *python.FunctionDef:
		h.set(x.Name, h.defineFunction(x, x.Name))
	case *python.ClassDef:
		h.set(x.Name, &Opaque{What: "class " + x.Name})
	case *python.Assign:
		v, err := hostEval(h, x.Value)
		if err != nil {
			v = &Opaque{What: "the value of " + describeTargets(x.Targets)}
		}
		for _, t := range x.Targets {
			h.bind(t, v)
		}
	case *python.AnnAssign:
		if x.Value != nil {
			v, err := hostEval(h, x.Value)
			if err != nil {
				v = &Opaque{What: "the value of " + describeTargets([]python.Expr{x.Target})}
			}
			h.bind(x.Target, v)
		}
	case *python.AugAssign:
		if n, ok := x.Target.(*python.Name); ok {
			h.set(n.ID, &Opaque{What: n.ID})
		}
	case *python.If:
		v, err := hostEval(h, x.Test)
		t, ok := truthy(v)
		if err != nil || !ok {
			for _, name := range assignedNames(append(append([]python.Stmt(nil), x.Body...), x.Orelse...)) {
				h.set(name, &Opaque{What: name + " (set under a condition the front end cannot evaluate)"})
			}
			return nil
		}
		body := x.Body
		if !t {
			body = x.Orelse
		}
		for _, st := range body {
			if err := h.exec(st); err != nil {
				return err
			}
		}
	case *python.Try:
		for _, st := range x.Body {
			if err := h.exec(st); err != nil {
				return err
			}
		}
	default:
		for _, name := range assignedNames([]python.Stmt{s}) {
			h.set(name, &Opaque{What: name})
		}
	}
	return nil
}

func describeTargets(ts []python.Expr) string {
	var names []string
	for _, t := range ts {
		if n, ok := t.(*python.Name); ok {
			names = append(names, n.ID)
		}
	}
	if len(names) == 0 {
		return "an assignment"
	}
	return strings.Join(names, ", ")
}

// bind assigns v to a target (a name, or a tuple of names).
func (h *hostEnv) bind(t python.Expr, v Object) {
	switch x := t.(type) {
	case *python.Name:
		h.set(x.ID, v)
	case *python.Tuple, *python.List:
		elts := targetElts(x)
		tup, ok := unwrap(v).(*Tuple)
		for i, e := range elts {
			if ok && len(tup.Values) == len(elts) {
				h.bind(e, tup.Values[i])
			} else {
				h.bind(e, &Opaque{What: "an unpacked value"})
			}
		}
	}
}

// assignedNames lists the names statements bind at their top level.
func assignedNames(body []python.Stmt) []string {
	var out []string
	var target func(e python.Expr)
	target = func(e python.Expr) {
		switch x := e.(type) {
		case *python.Name:
			out = append(out, x.ID)
		case *python.Tuple:
			for _, el := range x.Elts {
				target(el)
			}
		case *python.List:
			for _, el := range x.Elts {
				target(el)
			}
		case *python.Starred:
			target(x.Value)
		}
	}
	for _, s := range body {
		switch x := s.(type) {
		case *python.Assign:
			for _, t := range x.Targets {
				target(t)
			}
		case *python.AnnAssign:
			target(x.Target)
		case *python.AugAssign:
			target(x.Target)
		case *python.FunctionDef:
			out = append(out, x.Name)
		case *python.ClassDef:
			out = append(out, x.Name)
		case *python.For:
			target(x.Target)
			out = append(out, assignedNames(x.Body)...)
		case *python.While:
			out = append(out, assignedNames(x.Body)...)
		case *python.If:
			out = append(out, assignedNames(x.Body)...)
			out = append(out, assignedNames(x.Orelse)...)
		case *python.With:
			out = append(out, assignedNames(x.Body)...)
		case *python.Try:
			out = append(out, assignedNames(x.Body)...)
		case *python.Import:
			for _, a := range x.Names {
				if a.AsName != "" {
					out = append(out, a.AsName)
				} else {
					out = append(out, strings.SplitN(a.Name, ".", 2)[0])
				}
			}
		case *python.ImportFrom:
			for _, a := range x.Names {
				if a.AsName != "" {
					out = append(out, a.AsName)
				} else {
					out = append(out, a.Name)
				}
			}
		}
	}
	return out
}

// importModule resolves `import name`: Triton's modules, a sibling file,
// or an opaque host module (torch, numpy, ...).
func (h *hostEnv) importModule(name string) Object {
	if ns, ok := h.m.l.lib.module(name); ok {
		return ns
	}
	if ns := h.sibling(name); ns != nil {
		return ns
	}
	return &Namespace{Name: name, Host: true, Members: map[string]Object{}}
}

// sibling loads name.py from the directory of the current file.
func (h *hostEnv) sibling(name string) *Namespace {
	rel := strings.ReplaceAll(name, ".", string(filepath.Separator)) + ".py"
	path := filepath.Join(filepath.Dir(h.m.Path), rel)
	if _, err := h.m.l.read(path); err != nil {
		return nil
	}
	m, err := h.m.l.load(path, name)
	if err != nil {
		return &Namespace{Name: name, Host: true, Members: map[string]Object{"__error__": &Opaque{What: err.Error()}}}
	}
	return moduleNamespace(m)
}

// moduleNamespace exposes a loaded file's globals as a namespace.
func moduleNamespace(m *SourceModule) *Namespace {
	return &Namespace{Name: m.Name, Resolve: func(n string) (Object, bool) { return m.Globals.get(n) }}
}

func (h *hostEnv) importFrom(x *python.ImportFrom) {
	var src Object
	if x.Level > 0 {
		if ns := h.sibling(x.Module); ns != nil {
			src = ns
		}
	}
	if src == nil {
		src = h.importModule(x.Module)
	}
	ns, _ := src.(*Namespace)
	for _, a := range x.Names {
		bindAs := a.AsName
		if bindAs == "" {
			bindAs = a.Name
		}
		if a.Name == "*" {
			continue
		}
		var v Object
		if ns != nil {
			if m, ok := ns.Lookup(a.Name); ok {
				v = m
			}
		}
		if v == nil {
			// `from pkg import submodule`
			v = h.importModule(x.Module + "." + a.Name)
		}
		h.set(bindAs, v)
	}
}

// defineFunction turns a def into a JITFunction (decorated with
// triton.jit or constexpr_function) or an opaque host function.
func (h *hostEnv) defineFunction(d *python.FunctionDef, qualName string) Object {
	jit := false
	constexprFn := false
	noinline := false
	var dns map[string]bool
	for _, dec := range d.Decorators {
		callee := dec
		var call *python.Call
		if c, ok := dec.(*python.Call); ok {
			callee, call = c.Func, c
		}
		v, err := hostEval(h, callee)
		if err != nil {
			continue
		}
		b, ok := v.(*Builtin)
		if !ok {
			continue
		}
		switch b.Name {
		case "jit":
			jit = true
			if call != nil {
				for _, kw := range call.Keywords {
					kv, err := hostEval(h, kw.Value)
					if err != nil {
						continue
					}
					switch kw.Name {
					case "noinline":
						noinline, _ = truthy(kv)
					case "do_not_specialize", "do_not_specialize_on_alignment":
						if t, ok := unwrap(kv).(*Tuple); ok {
							for _, e := range t.Values {
								if s, ok := e.(string); ok {
									if dns == nil {
										dns = map[string]bool{}
									}
									dns[s] = true
								}
							}
						}
					}
				}
			}
		case "constexpr_function":
			constexprFn = true
		}
	}
	f := &JITFunction{Name: d.Name, QualName: qualName, Module: h.m.Name, Def: d, Src: h.m, Noinline: noinline,
		DoNotSpecialize: dns, ConstexprFn: constexprFn || !jit, Dedent: dedentOf(h.m.Text, d)}
	args := d.Args
	all := append(append([]*python.Arg(nil), args.PosOnly...), args.Args...)
	nd := len(args.Defaults)
	for i, a := range all {
		p := &Param{Name: a.Name, Node: a}
		if a.Annotation != nil {
			if av, err := hostEval(h, a.Annotation); err == nil {
				p.Annotation = av
				p.Constexpr = isConstexprAnnotation(av)
			} else if isConstexprSpelling(a.Annotation) {
				p.Constexpr = true
			}
		}
		if j := i - (len(all) - nd); j >= 0 {
			dv, err := hostEval(h, args.Defaults[j])
			if err != nil {
				dv = &Opaque{What: "the default of " + a.Name}
			}
			p.Default = dv
		}
		f.Params = append(f.Params, p)
	}
	for i, a := range args.KwOnly {
		p := &Param{Name: a.Name, Node: a}
		if a.Annotation != nil {
			if av, err := hostEval(h, a.Annotation); err == nil {
				p.Annotation = av
				p.Constexpr = isConstexprAnnotation(av)
			}
		}
		if args.KwDefs[i] != nil {
			dv, err := hostEval(h, args.KwDefs[i])
			if err != nil {
				dv = &Opaque{What: "the default of " + a.Name}
			}
			p.Default = dv
		}
		f.Params = append(f.Params, p)
	}
	if !jit && !constexprFn {
		// A plain function: usable at compile time when its arguments are
		// constants (Triton calls it as Python).
		f.ConstexprFn = true
	}
	return f
}

// isConstexprSpelling recognizes `tl.constexpr`/`constexpr` annotations
// textually when they cannot be evaluated (e.g. a string annotation).
func isConstexprSpelling(e python.Expr) bool {
	switch x := e.(type) {
	case *python.Attribute:
		return x.Attr == "constexpr"
	case *python.Name:
		return x.ID == "constexpr"
	case *python.Constant:
		s, ok := x.Value.(string)
		return ok && (s == "tl.constexpr" || s == "constexpr" || strings.HasSuffix(s, ".constexpr"))
	}
	return false
}

func isConstexprAnnotation(v Object) bool {
	c, ok := v.(*Class)
	return ok && c.Name == "constexpr"
}

// dedentOf is the common indentation textwrap.dedent removes from a
// function's source (its decorators through its last line).
func dedentOf(text string, d *python.FunctionDef) int {
	first := d.Pos.Line
	for _, dec := range d.Decorators {
		if dec.Start().Line-1 < first {
			first = dec.Start().Line - 1 // the '@' precedes the expression
		}
	}
	if len(d.Decorators) > 0 {
		first = d.Decorators[0].Start().Line
	}
	lines := strings.Split(text, "\n")
	best := -1
	for ln := first; ln <= d.End.Line && ln-1 < len(lines); ln++ {
		s := strings.TrimRight(lines[ln-1], "\r")
		if strings.TrimSpace(s) == "" {
			continue
		}
		n := len(s) - len(strings.TrimLeft(s, " \t"))
		if best < 0 || n < best {
			best = n
		}
	}
	if best < 0 {
		return 0
	}
	return best
}

// hostBigInt is a helper for host builtins.
func hostBigInt(v int64) *big.Int { return big.NewInt(v) }
