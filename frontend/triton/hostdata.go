package triton

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// Host values beyond constants, which @triton.autotune and
// @triton.heuristics are written with: dicts, lambdas, comprehensions
// and triton.Config objects, and the functions that prune configurations
// (early_config_prune(configs, named_args, **kwargs)). hostEval, hostAttr,
// indexObject and hostCallAt hand these to the functions of this file.

// Dict is a Python dict, in insertion order.
type Dict struct {
	keys, vals []Object
}

// NewDict returns an empty dict.
func NewDict() *Dict { return &Dict{} }

func (d *Dict) find(k Object) int {
	for i, key := range d.keys {
		if objectsEqual(key, k) {
			return i
		}
	}
	return -1
}

// Get returns d[k].
func (d *Dict) Get(k Object) (Object, bool) {
	if i := d.find(k); i >= 0 {
		return d.vals[i], true
	}
	return nil, false
}

// Set sets d[k] = v.
func (d *Dict) Set(k, v Object) {
	if i := d.find(k); i >= 0 {
		d.vals[i] = v
		return
	}
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
}

// union is d | other: a new dict with other's entries over d's.
func (d *Dict) union(other Object) (Object, error) {
	o, ok := other.(*Dict)
	if !ok {
		return nil, typeErrorf("unsupported operand type(s) for |: 'dict' and '%s'", typeName(other))
	}
	out := NewDict()
	for _, src := range []*Dict{d, o} {
		for i, k := range src.keys {
			out.Set(k, src.vals[i])
		}
	}
	return out, nil
}

// Keys returns the keys in insertion order.
func (d *Dict) Keys() []Object { return d.keys }

// Len is len(d).
func (d *Dict) Len() int { return len(d.keys) }

func (d *Dict) String() string {
	parts := make([]string, len(d.keys))
	for i, k := range d.keys {
		parts[i] = repr(k) + ": " + repr(d.vals[i])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// Lambda is a lambda evaluated on the host, closed over the scope it was
// made in.
type Lambda struct {
	Def      *python.Lambda
	env      env
	defaults []Object // for the last len(defaults) positional parameters
}

// HostTensor stands for a buffer argument in the host code that
// heuristics and pruning functions run: its dtype and shape.
type HostTensor struct {
	DType *DType
	Shape []int64
}

func (t *HostTensor) String() string {
	return fmt.Sprintf("tensor(dtype=%s, shape=%v)", t.DType.Repr(), t.Shape)
}

// childEnv is a nested scope (a comprehension's, a lambda's).
type childEnv struct {
	parent env
	vars   *scope
}

func (c *childEnv) lookup(name string) (Object, bool) {
	if v, ok := c.vars.get(name); ok {
		return v, true
	}
	return c.parent.lookup(name)
}

// hostEvalMore evaluates the expressions hostEval leaves to this file;
// ok is false for the others.
func hostEvalMore(e env, x python.Expr) (v Object, ok bool, err error) {
	switch n := x.(type) {
	case *python.Dict:
		d := NewDict()
		for i, ke := range n.Keys {
			val, err := hostEval(e, n.Values[i])
			if err != nil {
				return nil, true, err
			}
			if ke == nil { // {**other}
				src, isDict := unwrap(val).(*Dict)
				if !isDict {
					return nil, true, typeErrorf("'%s' object is not a mapping", typeName(val))
				}
				for j, k := range src.keys {
					d.Set(k, src.vals[j])
				}
				continue
			}
			k, err := hostEval(e, ke)
			if err != nil {
				return nil, true, err
			}
			d.Set(unwrap(k), val)
		}
		return d, true, nil
	case *python.ListComp:
		t, err := comprehendList(e, n.Elt, n.Generators)
		return t, true, err
	case *python.GeneratorExp:
		t, err := comprehendList(e, n.Elt, n.Generators)
		return t, true, err
	case *python.DictComp:
		d := NewDict()
		err := comprehend(e, n.Generators, func(ce env) error {
			k, err := hostEval(ce, n.Key)
			if err != nil {
				return err
			}
			v, err := hostEval(ce, n.Value)
			if err != nil {
				return err
			}
			d.Set(unwrap(k), v)
			return nil
		})
		return d, true, err
	case *python.Lambda:
		l := &Lambda{Def: n, env: e}
		for _, de := range n.Args.Defaults {
			v, err := hostEval(e, de)
			if err != nil {
				return nil, true, err
			}
			l.defaults = append(l.defaults, v)
		}
		return l, true, nil
	}
	return nil, false, nil
}

func comprehendList(e env, elt python.Expr, gens []*python.Comprehension) (*Tuple, error) {
	t := &Tuple{}
	err := comprehend(e, gens, func(ce env) error {
		v, err := hostEval(ce, elt)
		t.Values = append(t.Values, v)
		return err
	})
	return t, err
}

// maxComprehension bounds the items a comprehension may produce.
const maxComprehension = 1 << 20

// comprehend runs body for every binding of the generators' targets that
// passes their conditions, in a scope of the comprehension's own.
func comprehend(e env, gens []*python.Comprehension, body func(env) error) error {
	ce := &childEnv{parent: e, vars: newScope()}
	count := 0
	var level func(i int) error
	level = func(i int) error {
		if i == len(gens) {
			if count++; count > maxComprehension {
				return valueErrorf("comprehension produces more than %d items", maxComprehension)
			}
			return body(ce)
		}
		g := gens[i]
		it, err := hostEval(ce, g.Iter)
		if err != nil {
			return err
		}
		items, err := iterate(it)
		if err != nil {
			return err
		}
	items:
		for _, v := range items {
			if err := bindTarget(ce.vars, g.Target, v); err != nil {
				return err
			}
			for _, cond := range g.Ifs {
				c, err := hostEval(ce, cond)
				if err != nil {
					return err
				}
				t, ok := truthy(c)
				if !ok {
					return typeErrorf("cannot take the truth value of %s", typeName(c))
				}
				if !t {
					continue items
				}
			}
			if err := level(i + 1); err != nil {
				return err
			}
		}
		return nil
	}
	return level(0)
}

// iterate lists what `for x in v` visits.
func iterate(v Object) ([]Object, error) {
	switch x := unwrap(v).(type) {
	case *Tuple:
		return x.Values, nil
	case *Dict:
		return x.keys, nil
	case string:
		out := make([]Object, 0, len(x))
		for _, r := range x {
			out = append(out, string(r))
		}
		return out, nil
	}
	return nil, typeErrorf("'%s' object is not iterable", typeName(v))
}

// bindTarget assigns v to a for/comprehension target: a name or a tuple
// of targets.
func bindTarget(vars *scope, t python.Expr, v Object) error {
	switch x := t.(type) {
	case *python.Name:
		vars.set(x.ID, v)
		return nil
	case *python.Tuple, *python.List:
		elts := targetElts(x)
		items, err := iterate(v)
		if err != nil {
			return err
		}
		if len(items) != len(elts) {
			return valueErrorf("cannot unpack %d values into %d names", len(items), len(elts))
		}
		for i, e := range elts {
			if err := bindTarget(vars, e, items[i]); err != nil {
				return err
			}
		}
		return nil
	}
	return typeErrorf("unsupported assignment target")
}

// hostAttrMore returns the attributes of this file's values.
func hostAttrMore(v Object, name string) (Object, bool) {
	switch x := v.(type) {
	case *Dict:
		return dictMethod(x, name)
	case *ConfigObj:
		return x.attr(name)
	case *HostTensor:
		switch name {
		case "dtype":
			return x.DType, true
		case "shape":
			t := &Tuple{}
			for _, d := range x.Shape {
				t.Values = append(t.Values, big.NewInt(d))
			}
			return t, true
		case "numel":
			return method(name, func() Object {
				n := int64(1)
				for _, d := range x.Shape {
					n *= d
				}
				return big.NewInt(n)
			}), true
		case "element_size":
			return method(name, func() Object { return big.NewInt(int64(x.DType.PrimitiveBitwidth() / 8)) }), true
		}
	}
	return nil, false
}

// method is a bound method taking no arguments.
func method(name string, f func() Object) *Builtin {
	return &Builtin{Name: name, Host: func(args []Object, kws []kwArg) (Object, error) {
		if len(args)+len(kws) > 0 {
			return nil, typeErrorf("%s() takes no arguments", name)
		}
		return f(), nil
	}}
}

func dictMethod(d *Dict, name string) (Object, bool) {
	pairs := func(f func(k, v Object) Object) Object {
		t := &Tuple{}
		for i, k := range d.keys {
			t.Values = append(t.Values, f(k, d.vals[i]))
		}
		return t
	}
	switch name {
	case "get":
		return &Builtin{Name: "get", Host: func(args []Object, kws []kwArg) (Object, error) {
			if len(args) < 1 || len(args) > 2 || len(kws) > 0 {
				return nil, typeErrorf("get expected 1 or 2 arguments, got %d", len(args))
			}
			if v, ok := d.Get(unwrap(args[0])); ok {
				return v, nil
			}
			if len(args) == 2 {
				return args[1], nil
			}
			return None, nil
		}}, true
	case "keys":
		return method(name, func() Object { return pairs(func(k, _ Object) Object { return k }) }), true
	case "values":
		return method(name, func() Object { return pairs(func(_, v Object) Object { return v }) }), true
	case "items":
		return method(name, func() Object {
			return pairs(func(k, v Object) Object { return &Tuple{Values: []Object{k, v}} })
		}), true
	}
	return nil, false
}

// indexMore is v[idx] for this file's values; ok is false for others.
func indexMore(v, idx Object) (Object, bool, error) {
	d, ok := unwrap(v).(*Dict)
	if !ok {
		return nil, false, nil
	}
	if r, found := d.Get(unwrap(idx)); found {
		return r, true, nil
	}
	return nil, true, &pyError{"KeyError", repr(idx)}
}

// callMore calls this file's callables (lambdas); ok is false for others.
func callMore(fn Object, args []Object, kws []kwArg) (Object, bool, error) {
	l, ok := unwrap(fn).(*Lambda)
	if !ok {
		return nil, false, nil
	}
	r, err := l.call(args, kws)
	return r, true, err
}

// call binds a lambda's arguments as Python does and evaluates its body.
func (l *Lambda) call(args []Object, kws []kwArg) (Object, error) {
	a := l.Def.Args
	params := append(append([]*python.Arg(nil), a.PosOnly...), a.Args...)
	vars := newScope()
	if len(args) > len(params) && a.Vararg == nil {
		return nil, typeErrorf("<lambda>() takes %d positional arguments but %d were given", len(params), len(args))
	}
	for i, p := range params {
		if i < len(args) {
			vars.set(p.Name, args[i])
		}
	}
	if a.Vararg != nil {
		rest := &Tuple{}
		if len(args) > len(params) {
			rest.Values = args[len(params):]
		}
		vars.set(a.Vararg.Name, rest)
	}
	var extra *Dict
	if a.Kwarg != nil {
		extra = NewDict()
		vars.set(a.Kwarg.Name, extra)
	}
	for _, kw := range kws {
		named := false
		for _, p := range append(params[len(a.PosOnly):], a.KwOnly...) {
			if p.Name == kw.Name {
				if vars.has(p.Name) {
					return nil, typeErrorf("<lambda>() got multiple values for argument '%s'", kw.Name)
				}
				vars.set(p.Name, kw.Value)
				named = true
			}
		}
		switch {
		case named:
		case extra != nil:
			extra.Set(kw.Name, kw.Value)
		default:
			return nil, typeErrorf("<lambda>() got an unexpected keyword argument '%s'", kw.Name)
		}
	}
	first := len(params) - len(l.defaults)
	for i, p := range params {
		if !vars.has(p.Name) {
			if i < first {
				return nil, typeErrorf("<lambda>() missing required argument: '%s'", p.Name)
			}
			vars.set(p.Name, l.defaults[i-first])
		}
	}
	for i, p := range a.KwOnly {
		if vars.has(p.Name) {
			continue
		}
		if a.KwDefs[i] == nil {
			return nil, typeErrorf("<lambda>() missing required keyword-only argument: '%s'", p.Name)
		}
		v, err := hostEval(l.env, a.KwDefs[i])
		if err != nil {
			return nil, err
		}
		vars.set(p.Name, v)
	}
	return hostEval(&childEnv{parent: l.env, vars: vars}, l.Def.Body)
}

// extraKeywords collects the keyword arguments a function's parameters do
// not name, for its **kwargs.
func extraKeywords(f *JITFunction, kws []kwArg) *Dict {
	d := NewDict()
	for _, kw := range kws {
		named := false
		for _, p := range f.Params {
			named = named || p.Name == kw.Name
		}
		if !named {
			d.Set(kw.Name, kw.Value)
		}
	}
	return d
}

// EvalExpr evaluates a Python expression on host values: vars (by name),
// Python's builtins, triton (triton.cdiv) and cdiv itself, as a launch
// grid is written: "cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N)".
func EvalExpr(src string, vars *Dict) (Object, error) {
	e, err := python.ParseExpr("<expr>", src)
	if err != nil {
		return nil, err
	}
	l := newLoader(nil)
	return hostEval(exprEnv{vars: vars, l: l}, e)
}

type exprEnv struct {
	vars *Dict
	l    *loader
}

func (e exprEnv) lookup(name string) (Object, bool) {
	if v, ok := e.vars.Get(name); ok {
		return v, true
	}
	switch name {
	case "triton":
		return e.l.lib.triton, true
	case "tl":
		return e.l.lib.tl, true
	case "cdiv":
		return e.l.lib.triton.Members["cdiv"], true
	}
	return pyBuiltin(name)
}

// AsInt returns an evaluated value as an int64 when it is an integer.
func AsInt(v Object) (int64, bool) { return intValue(v) }
