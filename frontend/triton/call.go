package triton

import (
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// Builtin is a function implemented by the compiler: a triton.language
// builtin (Kernel), a Python builtin or compile-time helper (Host), or a
// function that reads its arguments' syntax (Static: static_assert).
type Builtin struct {
	Name   string
	Kernel func(g *gen, c *callArgs) Object
	Host   func(args []Object, kws []kwArg) (Object, error)
	Static func(g *gen, call *python.Call) Object
	// MustUse is the message when the result of a call is discarded.
	MustUse string
}

// callArgs are the evaluated arguments of a call.
type callArgs struct {
	name string
	args []Object
	kws  []kwArg
}

// bind binds the arguments to a builtin's parameters as Python would:
// "p" is required, "p=" optional (nil when absent), "*p" collects the
// remaining positional arguments into a *Tuple.
func (c *callArgs) bind(g *gen, params ...string) []Object {
	return bindBuiltin(g, c.name, c.args, c.kws, params...)
}

func bindBuiltin(g *gen, name string, args []Object, kws []kwArg, params ...string) []Object {
	out := make([]Object, len(params))
	set := make([]bool, len(params))
	pos := 0
	for i, p := range params {
		if strings.HasPrefix(p, "*") {
			rest := &Tuple{}
			if pos < len(args) {
				rest.Values = append(rest.Values, args[pos:]...)
			}
			pos = len(args)
			out[i], set[i] = rest, true
			continue
		}
		if pos < len(args) {
			out[i], set[i] = args[pos], true
			pos++
		}
	}
	if pos < len(args) {
		g.failCur("TypeError: %s() takes %d positional arguments but %d were given", name, countPositional(params), len(args))
	}
	for _, kw := range kws {
		found := false
		for i, p := range params {
			pn := strings.TrimSuffix(strings.TrimPrefix(p, "*"), "=")
			if pn == kw.Name && !strings.HasPrefix(p, "*") {
				if set[i] {
					g.failCur("TypeError: %s() got multiple values for argument '%s'", name, kw.Name)
				}
				out[i], set[i], found = kw.Value, true, true
				break
			}
		}
		if !found {
			g.failCur("TypeError: %s() got an unexpected keyword argument '%s'", name, kw.Name)
		}
	}
	for i, p := range params {
		if !set[i] && !strings.HasSuffix(p, "=") && !strings.HasPrefix(p, "*") {
			g.failCur("TypeError: %s() missing required argument: '%s'", name, p)
		}
	}
	return out
}

func countPositional(params []string) int {
	n := 0
	for _, p := range params {
		if !strings.HasPrefix(p, "*") {
			n++
		}
	}
	return n
}

// visitCall is visit_Call: keyword arguments are evaluated before the
// positional ones, as Triton does (this orders the IR).
func (g *gen) visitCall(x *python.Call) Object {
	fn := unwrap(g.visitExpr(x.Func))
	if b, ok := fn.(*Builtin); ok {
		if b.Static != nil {
			return b.Static(g, x)
		}
		if b.MustUse != "" && g.unusedCall == x {
			g.fail(x, "The result of %s is not being used. %s", exprText(g, x.Func), b.MustUse)
		}
	}
	if bm, ok := fn.(*BoundMethod); ok {
		if b, ok := bm.Fn.(*Builtin); ok && b.MustUse != "" && g.unusedCall == x {
			g.fail(x, "The result of %s is not being used. %s", exprText(g, x.Func), b.MustUse)
		}
	}
	var kws []kwArg
	for _, k := range x.Keywords {
		if k.Name == "" {
			g.fail(k, "**kwargs are not supported in a kernel call")
		}
		done := g.enter(k)
		v := g.visitExpr(k.Value)
		done()
		kws = append(kws, kwArg{k.Name, v})
	}
	var args []Object
	for _, a := range x.Args {
		if st, ok := a.(*python.Starred); ok {
			v := unwrap(g.visitExpr(st.Value))
			t, ok := v.(*Tuple)
			if !ok {
				g.fail(st, "AssertionError: only tuples can be unpacked with * in a call")
			}
			args = append(args, t.Values...)
			continue
		}
		args = append(args, g.visitExpr(a))
	}
	return g.callFunction(x, fn, args, kws)
}

// exprText is the source text of an expression, for messages.
func exprText(g *gen, e python.Expr) string {
	text := g.fn.Src.Text
	lines := strings.Split(text, "\n")
	s, t := e.Start(), e.Stop()
	if s.Line != t.Line || s.Line < 1 || s.Line > len(lines) {
		return "the call"
	}
	ln := lines[s.Line-1]
	if t.Col > len(ln) || s.Col > t.Col {
		return "the call"
	}
	return ln[s.Col:t.Col]
}

// callFunction is call_Function.
func (g *gen) callFunction(node *python.Call, fn Object, args []Object, kws []kwArg) Object {
	switch f := unwrap(fn).(type) {
	case *BoundMethod:
		return g.callFunction(node, f.Fn, append([]Object{f.Self}, args...), kws)
	case *JITFunction:
		if f.ConstexprFn {
			return g.hostCall(f.Name, fn, args, kws)
		}
		return g.callJIT(f, args, kws)
	case *Builtin:
		if f.Kernel != nil {
			return f.Kernel(g, &callArgs{name: f.Name, args: args, kws: kws})
		}
		if f.Host != nil {
			return g.hostCall(f.Name, fn, args, kws)
		}
		if f.Static != nil {
			g.failCur("%s must be called directly", f.Name)
		}
	case *Class:
		if f.Call != nil {
			return f.Call(g, &callArgs{name: f.Name, args: args, kws: kws})
		}
		if f.Host != nil {
			return g.hostCall(f.Name, fn, args, kws)
		}
		g.failCur("TypeError: %s cannot be called in a kernel", f.Name)
	case *Opaque:
		g.failCur("%s is a host value the compiler cannot evaluate", f.What)
	}
	g.failCur("TypeError: '%s' object is not callable", typeName(fn))
	return nil
}

// hostCall runs a Python-level function on constant arguments.
func (g *gen) hostCall(name string, fn Object, args []Object, kws []kwArg) Object {
	for i, a := range args {
		if holdsIRValue(a) {
			g.failCur("TypeError: %s() cannot take the tensor argument %d: it runs at compile time on constants", name, i+1)
		}
		args[i] = unwrap(a)
	}
	for i, k := range kws {
		if holdsIRValue(k.Value) {
			g.failCur("TypeError: %s() cannot take the tensor argument %s: it runs at compile time on constants", name, k.Name)
		}
		kws[i].Value = unwrap(k.Value)
	}
	r, err := hostCall(fn, args, kws)
	g.check(err)
	return r
}
