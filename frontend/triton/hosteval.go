package triton

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// env resolves names for host evaluation.
type env interface {
	lookup(name string) (Object, bool)
}

// hostEval evaluates an expression on constants, as Python would at
// import time: literals, names, attributes of known modules, operators,
// tuples and lists, subscripts, f-strings and calls of host builtins and
// constexpr functions. Anything else is an error (the caller decides
// whether that is fatal).
func hostEval(e env, x python.Expr) (Object, error) {
	switch n := x.(type) {
	case *python.Constant:
		return constantObject(n.Value)
	case *python.Name:
		if v, ok := e.lookup(n.ID); ok {
			return v, nil
		}
		return nil, &pyError{"NameError", fmt.Sprintf("name '%s' is not defined", n.ID)}
	case *python.Attribute:
		v, err := hostEval(e, n.Value)
		if err != nil {
			return nil, err
		}
		return hostAttr(v, n.Attr)
	case *python.BinOp:
		a, err := hostEval(e, n.Left)
		if err != nil {
			return nil, err
		}
		b, err := hostEval(e, n.Right)
		if err != nil {
			return nil, err
		}
		return pyBinary(n.Op, a, b)
	case *python.UnaryOp:
		a, err := hostEval(e, n.Operand)
		if err != nil {
			return nil, err
		}
		return pyUnary(n.Op, a)
	case *python.BoolOp:
		var last Object
		for _, v := range n.Values {
			o, err := hostEval(e, v)
			if err != nil {
				return nil, err
			}
			t, ok := truthy(o)
			if !ok {
				return nil, typeErrorf("cannot take the truth value of %s", typeName(o))
			}
			last = o
			if t == (n.Op == "or") {
				return o, nil
			}
		}
		return last, nil
	case *python.Compare:
		left, err := hostEval(e, n.Left)
		if err != nil {
			return nil, err
		}
		for i, op := range n.Ops {
			right, err := hostEval(e, n.Comparators[i])
			if err != nil {
				return nil, err
			}
			var r Object
			switch op {
			case "is":
				r = identical(left, right)
			case "is not":
				r = !identical(left, right)
			default:
				if r, err = pyCompare(op, left, right); err != nil {
					return nil, err
				}
			}
			if r == false {
				return false, nil
			}
			left = right
		}
		return true, nil
	case *python.IfExp:
		c, err := hostEval(e, n.Test)
		if err != nil {
			return nil, err
		}
		t, ok := truthy(c)
		if !ok {
			return nil, typeErrorf("cannot take the truth value of %s", typeName(c))
		}
		if t {
			return hostEval(e, n.Body)
		}
		return hostEval(e, n.Orelse)
	case *python.Tuple:
		return hostTuple(e, n.Elts)
	case *python.List:
		return hostTuple(e, n.Elts)
	case *python.Subscript:
		v, err := hostEval(e, n.Value)
		if err != nil {
			return nil, err
		}
		if sl, ok := n.Slice.(*python.Slice); ok {
			s, err := hostSlice(e, sl)
			if err != nil {
				return nil, err
			}
			return sliceObject(v, s)
		}
		idx, err := hostEval(e, n.Slice)
		if err != nil {
			return nil, err
		}
		return indexObject(v, idx)
	case *python.JoinedStr:
		var b strings.Builder
		for _, part := range n.Values {
			switch p := part.(type) {
			case *python.Constant:
				b.WriteString(p.Value.(string))
			case *python.FormattedValue:
				v, err := hostEval(e, p.Value)
				if err != nil {
					return nil, err
				}
				s, err := formatValue(e, v, p)
				if err != nil {
					return nil, err
				}
				b.WriteString(s)
			}
		}
		return b.String(), nil
	case *python.Call:
		fn, err := hostEval(e, n.Func)
		if err != nil {
			return nil, err
		}
		var args []Object
		for _, a := range n.Args {
			if st, ok := a.(*python.Starred); ok {
				v, err := hostEval(e, st.Value)
				if err != nil {
					return nil, err
				}
				t, ok := unwrap(v).(*Tuple)
				if !ok {
					return nil, typeErrorf("argument after * must be an iterable")
				}
				args = append(args, t.Values...)
				continue
			}
			v, err := hostEval(e, a)
			if err != nil {
				return nil, err
			}
			args = append(args, v)
		}
		var kws []kwArg
		for _, k := range n.Keywords {
			if k.Name == "" {
				return nil, typeErrorf("**kwargs are not supported here")
			}
			v, err := hostEval(e, k.Value)
			if err != nil {
				return nil, err
			}
			kws = append(kws, kwArg{k.Name, v})
		}
		depth := 0
		if le, ok := e.(*localEnv); ok {
			depth = le.depth
		}
		return hostCallAt(fn, args, kws, depth)
	}
	if v, ok, err := hostEvalMore(e, x); ok {
		return v, err
	}
	return nil, typeErrorf("%s cannot be evaluated at compile time", describeNode(x))
}

func describeNode(x python.Expr) string {
	switch x.(type) {
	case *python.Lambda:
		return "a lambda"
	case *python.ListComp, *python.GeneratorExp, *python.SetComp, *python.DictComp:
		return "a comprehension"
	case *python.Dict:
		return "a dict"
	case *python.Set:
		return "a set"
	}
	return fmt.Sprintf("%T", x)
}

func constantObject(v any) (Object, error) {
	switch c := v.(type) {
	case nil:
		return None, nil
	case bool, *big.Int, float64, string:
		return c, nil
	case python.Ellipsis:
		return Ellipsis, nil
	case []byte:
		return nil, typeErrorf("bytes literals are not supported")
	case complex128:
		return nil, typeErrorf("complex numbers are not supported")
	}
	return nil, typeErrorf("unsupported constant %v", v)
}

func hostTuple(e env, elts []python.Expr) (Object, error) {
	t := &Tuple{}
	for _, el := range elts {
		if st, ok := el.(*python.Starred); ok {
			v, err := hostEval(e, st.Value)
			if err != nil {
				return nil, err
			}
			inner, ok := unwrap(v).(*Tuple)
			if !ok {
				return nil, typeErrorf("cannot unpack %s", typeName(v))
			}
			t.Values = append(t.Values, inner.Values...)
			continue
		}
		v, err := hostEval(e, el)
		if err != nil {
			return nil, err
		}
		t.Values = append(t.Values, v)
	}
	return t, nil
}

func hostSlice(e env, s *python.Slice) (*SliceObj, error) {
	out := &SliceObj{Start: None, Stop: None, Step: None}
	for i, p := range []python.Expr{s.Lower, s.Upper, s.Step} {
		if p == nil {
			continue
		}
		v, err := hostEval(e, p)
		if err != nil {
			return nil, err
		}
		switch i {
		case 0:
			out.Start = v
		case 1:
			out.Stop = v
		case 2:
			out.Step = v
		}
	}
	return out, nil
}

// identical is Python's `is` on constants (None, bools and the singleton
// objects compare by identity; numbers by value, which matches CPython
// for small ints).
func identical(a, b Object) bool {
	a, b = unwrap(a), unwrap(b)
	switch x := a.(type) {
	case noneType, bool:
		return a == b
	case *DType:
		y, ok := b.(*DType)
		return ok && x.Equal(y)
	case *big.Int:
		y, ok := b.(*big.Int)
		return ok && x.Cmp(y) == 0
	case string:
		y, ok := b.(string)
		return ok && x == y
	}
	return a == b
}

// sliceObject applies a slice to a tuple or string.
func sliceObject(v Object, s *SliceObj) (Object, error) {
	v = unwrap(v)
	n := 0
	switch x := v.(type) {
	case *Tuple:
		n = len(x.Values)
	case string:
		n = len(x)
	default:
		return nil, typeErrorf("'%s' object is not subscriptable", typeName(v))
	}
	idx, err := sliceIndices(s, n)
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case *Tuple:
		out := &Tuple{}
		for _, i := range idx {
			out.Values = append(out.Values, x.Values[i])
		}
		return out, nil
	case string:
		var b strings.Builder
		for _, i := range idx {
			b.WriteByte(x[i])
		}
		return b.String(), nil
	}
	return nil, nil
}

// sliceIndices lists the indices a Python slice selects from n items.
func sliceIndices(s *SliceObj, n int) ([]int, error) {
	get := func(o Object, def int) (int, error) {
		if _, ok := unwrap(o).(noneType); ok || o == nil {
			return def, nil
		}
		v, ok := intValue(o)
		if !ok {
			return 0, typeErrorf("slice indices must be integers or None")
		}
		return int(v), nil
	}
	step, err := get(s.Step, 1)
	if err != nil {
		return nil, err
	}
	if step == 0 {
		return nil, valueErrorf("slice step cannot be zero")
	}
	clamp := func(i, lo, hi int) int {
		if i < 0 {
			i += n
		}
		if i < lo {
			i = lo
		}
		if i > hi {
			i = hi
		}
		return i
	}
	var out []int
	if step > 0 {
		start, err := get(s.Start, 0)
		if err != nil {
			return nil, err
		}
		stop, err := get(s.Stop, n)
		if err != nil {
			return nil, err
		}
		start, stop = clamp(start, 0, n), clamp(stop, 0, n)
		for i := start; i < stop; i += step {
			out = append(out, i)
		}
		return out, nil
	}
	start, err := get(s.Start, n-1)
	if err != nil {
		return nil, err
	}
	stop, err := get(s.Stop, -n-1)
	if err != nil {
		return nil, err
	}
	start = clamp(start, -1, n-1)
	if stop < 0 {
		stop += n
	}
	if stop < -1 {
		stop = -1
	}
	for i := start; i > stop; i += step {
		out = append(out, i)
	}
	return out, nil
}

// indexObject is v[idx] for tuples and strings.
func indexObject(v, idx Object) (Object, error) {
	v = unwrap(v)
	if r, ok, err := indexMore(v, idx); ok {
		return r, err
	}
	i, ok := intValue(idx)
	if !ok {
		return nil, typeErrorf("indices must be integers, not %s", typeName(idx))
	}
	switch x := v.(type) {
	case *Tuple:
		n := int64(len(x.Values))
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			return nil, &pyError{"IndexError", "tuple index out of range"}
		}
		return x.Values[i], nil
	case string:
		n := int64(len(x))
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			return nil, &pyError{"IndexError", "string index out of range"}
		}
		return x[i : i+1], nil
	}
	return nil, typeErrorf("'%s' object is not subscriptable", typeName(v))
}

// formatValue renders an f-string field with its conversion and spec.
func formatValue(e env, v Object, f *python.FormattedValue) (string, error) {
	s := str(v)
	switch f.Conversion {
	case 'r', 'a':
		s = repr(v)
	}
	if f.Spec == nil {
		return s, nil
	}
	var spec strings.Builder
	for _, part := range f.Spec.Values {
		switch p := part.(type) {
		case *python.Constant:
			spec.WriteString(p.Value.(string))
		case *python.FormattedValue:
			sv, err := hostEval(e, p.Value)
			if err != nil {
				return "", err
			}
			ss, err := formatValue(e, sv, p)
			if err != nil {
				return "", err
			}
			spec.WriteString(ss)
		}
	}
	if f.Conversion != 0 {
		return formatSpec(s, spec.String())
	}
	return formatSpec(v, spec.String())
}

// hostAttr is getattr on constants.
func hostAttr(v Object, name string) (Object, error) {
	v = unwrap(v)
	switch x := v.(type) {
	case *Namespace:
		if m, ok := x.Lookup(name); ok {
			return m, nil
		}
		return nil, &pyError{"AttributeError", fmt.Sprintf("module '%s' has no attribute '%s'", x.Name, name)}
	case *Opaque:
		return &Opaque{What: x.What + "." + name}, nil
	case *DType:
		if a, ok := dtypeAttr(x, name); ok {
			return a, nil
		}
	case *Class:
		if x.Attrs != nil {
			if a, ok := x.Attrs[name]; ok {
				return a, nil
			}
		}
	case *JITFunction:
		switch name {
		case "__name__":
			return x.Name, nil
		case "fn":
			return x, nil
		}
	}
	if a, ok := hostAttrMore(v, name); ok {
		return a, nil
	}
	return nil, &pyError{"AttributeError", fmt.Sprintf("'%s' object has no attribute '%s'", typeName(v), name)}
}

// hostCall calls a function on constants.
func hostCall(fn Object, args []Object, kws []kwArg) (Object, error) {
	return hostCallAt(fn, args, kws, 0)
}

// hostCallAt calls a function from a compile-time function's body at
// the given call depth.
func hostCallAt(fn Object, args []Object, kws []kwArg, depth int) (Object, error) {
	switch f := unwrap(fn).(type) {
	case *Builtin:
		if f.Host == nil {
			return nil, typeErrorf("%s() can only be called inside a @triton.jit function", f.Name)
		}
		return f.Host(args, kws)
	case *Class:
		if f.Host == nil {
			return nil, typeErrorf("%s() cannot be called outside a kernel", f.Name)
		}
		return f.Host(args, kws)
	case *JITFunction:
		if f.ConstexprFn {
			return callPyFunction(f, args, kws, depth)
		}
		return nil, typeErrorf("@triton.jit function %s can only be called from a kernel", f.Name)
	case *Opaque:
		return &Opaque{What: "the result of " + f.What + "()"}, nil
	}
	if r, ok, err := callMore(fn, args, kws); ok {
		return r, err
	}
	return nil, typeErrorf("'%s' object is not callable", typeName(fn))
}

// kwArg is one keyword argument.
type kwArg struct {
	Name  string
	Value Object
}

// bindParams binds call arguments to a function's parameters as Python
// does (positionally, then by keyword, then defaults).
func bindParams(f *JITFunction, args []Object, kws []kwArg) ([]Object, error) {
	out := make([]Object, len(f.Params))
	set := make([]bool, len(f.Params))
	nPos := len(f.Def.Args.PosOnly) + len(f.Def.Args.Args)
	if len(args) > nPos {
		return nil, typeErrorf("%s() takes %d positional arguments but %d were given", f.Name, nPos, len(args))
	}
	for i, a := range args {
		out[i], set[i] = a, true
	}
	for _, kw := range kws {
		found := false
		for i, p := range f.Params {
			if p.Name == kw.Name {
				if i < len(f.Def.Args.PosOnly) {
					break
				}
				if set[i] {
					return nil, typeErrorf("%s() got multiple values for argument '%s'", f.Name, kw.Name)
				}
				out[i], set[i], found = kw.Value, true, true
				break
			}
		}
		if !found && f.Def.Args.Kwarg == nil {
			return nil, typeErrorf("%s() got an unexpected keyword argument '%s'", f.Name, kw.Name)
		}
	}
	var missing []string
	for i, p := range f.Params {
		if set[i] {
			continue
		}
		if p.Default == nil {
			missing = append(missing, "'"+p.Name+"'")
			continue
		}
		out[i] = p.Default
	}
	if len(missing) > 0 {
		return nil, typeErrorf("%s() missing %d required argument(s): %s", f.Name, len(missing), strings.Join(missing, ", "))
	}
	return out, nil
}

// localEnv is the scope of a constexpr function being interpreted.
type localEnv struct {
	vars   *scope
	module *SourceModule
	depth  int // compile-time function calls below the kernel
}

// maxPyDepth is Python's default recursion limit.
const maxPyDepth = 1000

func (l *localEnv) lookup(name string) (Object, bool) {
	if v, ok := l.vars.get(name); ok {
		return v, true
	}
	if v, ok := l.module.Globals.get(name); ok {
		return v, true
	}
	return pyBuiltin(name)
}

// stepBudget bounds the statements a constexpr function may run.
const stepBudget = 1 << 20

type returnSignal struct{ v Object }

// callPyFunction interprets a plain Python function on constants (Triton
// runs constexpr_functions, and plain functions a kernel calls, in
// Python at compile time).
func callPyFunction(f *JITFunction, args []Object, kws []kwArg, depth int) (Object, error) {
	if depth >= maxPyDepth {
		return nil, &pyError{"RecursionError", "maximum recursion depth exceeded"}
	}
	for i := range args {
		args[i] = unwrap(args[i])
	}
	vals, err := bindParams(f, args, kws)
	if err != nil {
		return nil, err
	}
	le := &localEnv{vars: newScope(), module: f.Src, depth: depth + 1}
	for i, p := range f.Params {
		le.vars.set(p.Name, unwrap(vals[i]))
	}
	if kw := f.Def.Args.Kwarg; kw != nil {
		le.vars.set(kw.Name, extraKeywords(f, kws))
	}
	steps := 0
	ret, err := execPy(le, f.Def.Body, &steps)
	if err != nil {
		return nil, err
	}
	if ret != nil {
		return ret.v, nil
	}
	return None, nil
}

// execPy runs statements of a constexpr function.
func execPy(le *localEnv, body []python.Stmt, steps *int) (*returnSignal, error) {
	for _, s := range body {
		*steps++
		if *steps > stepBudget {
			return nil, valueErrorf("compile-time function did not finish within %d steps", stepBudget)
		}
		switch x := s.(type) {
		case *python.Return:
			if x.Value == nil {
				return &returnSignal{None}, nil
			}
			v, err := hostEval(le, x.Value)
			if err != nil {
				return nil, err
			}
			return &returnSignal{v}, nil
		case *python.Assign:
			v, err := hostEval(le, x.Value)
			if err != nil {
				return nil, err
			}
			for _, t := range x.Targets {
				if err := assignPy(le, t, v); err != nil {
					return nil, err
				}
			}
		case *python.AnnAssign:
			if x.Value != nil {
				v, err := hostEval(le, x.Value)
				if err != nil {
					return nil, err
				}
				if err := assignPy(le, x.Target, v); err != nil {
					return nil, err
				}
			}
		case *python.AugAssign:
			cur, err := hostEval(le, x.Target)
			if err != nil {
				return nil, err
			}
			v, err := hostEval(le, x.Value)
			if err != nil {
				return nil, err
			}
			r, err := pyBinary(x.Op, cur, v)
			if err != nil {
				return nil, err
			}
			if err := assignPy(le, x.Target, r); err != nil {
				return nil, err
			}
		case *python.If:
			c, err := hostEval(le, x.Test)
			if err != nil {
				return nil, err
			}
			t, ok := truthy(c)
			if !ok {
				return nil, typeErrorf("cannot take the truth value of %s", typeName(c))
			}
			b := x.Body
			if !t {
				b = x.Orelse
			}
			if r, err := execPy(le, b, steps); r != nil || err != nil {
				return r, err
			}
		case *python.While:
			for {
				*steps++
				if *steps > stepBudget {
					return nil, valueErrorf("compile-time loop did not finish within %d steps", stepBudget)
				}
				c, err := hostEval(le, x.Test)
				if err != nil {
					return nil, err
				}
				t, ok := truthy(c)
				if !ok {
					return nil, typeErrorf("cannot take the truth value of %s", typeName(c))
				}
				if !t {
					break
				}
				if r, err := execPy(le, x.Body, steps); r != nil || err != nil {
					return r, err
				}
			}
		case *python.For:
			it, err := hostEval(le, x.Iter)
			if err != nil {
				return nil, err
			}
			t, ok := unwrap(it).(*Tuple)
			if !ok {
				return nil, typeErrorf("'%s' object is not iterable", typeName(it))
			}
			for _, v := range t.Values {
				if err := assignPy(le, x.Target, v); err != nil {
					return nil, err
				}
				if r, err := execPy(le, x.Body, steps); r != nil || err != nil {
					return r, err
				}
			}
		case *python.Assert:
			c, err := hostEval(le, x.Test)
			if err != nil {
				return nil, err
			}
			if t, _ := truthy(c); !t {
				msg := ""
				if x.Msg != nil {
					if m, err := hostEval(le, x.Msg); err == nil {
						msg = str(m)
					}
				}
				return nil, &pyError{"AssertionError", msg}
			}
		case *python.Raise:
			msg := "exception raised"
			if x.Exc != nil {
				if c, ok := x.Exc.(*python.Call); ok && len(c.Args) > 0 {
					if m, err := hostEval(le, c.Args[0]); err == nil {
						msg = str(m)
					}
				}
			}
			return nil, valueErrorf("%s", msg)
		case *python.ExprStmt, *python.Pass:
		default:
			return nil, typeErrorf("this statement is not supported in a compile-time function")
		}
	}
	return nil, nil
}

func assignPy(le *localEnv, t python.Expr, v Object) error {
	switch x := t.(type) {
	case *python.Name:
		le.vars.set(x.ID, v)
		return nil
	case *python.Tuple:
		tup, ok := unwrap(v).(*Tuple)
		if !ok || len(tup.Values) != len(x.Elts) {
			return valueErrorf("cannot unpack %s into %d names", typeName(v), len(x.Elts))
		}
		for i, e := range x.Elts {
			if err := assignPy(le, e, tup.Values[i]); err != nil {
				return err
			}
		}
		return nil
	}
	return typeErrorf("unsupported assignment target in a compile-time function")
}
