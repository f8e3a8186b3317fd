package triton

import (
	"math/big"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// visitExpr evaluates an expression: constants fold, tensor operations
// emit IR at the current location.
func (g *gen) visitExpr(e python.Expr) Object {
	done := g.enter(e)
	defer done()
	switch x := e.(type) {
	case *python.Constant:
		v, err := constantObject(x.Value)
		if err != nil {
			g.fail(x, "%v", err)
		}
		return v
	case *python.Name:
		return g.lookup(x)
	case *python.Attribute:
		return g.attribute(g.visitExpr(x.Value), x.Attr)
	case *python.BinOp:
		l := g.visitExpr(x.Left)
		r := g.visitExpr(x.Right)
		return g.binaryOp(x.Op, l, r)
	case *python.UnaryOp:
		return g.unaryOp(x.Op, g.visitExpr(x.Operand))
	case *python.BoolOp:
		return g.boolOp(x)
	case *python.Compare:
		if len(x.Ops) != 1 {
			g.fail(x, "simultaneous multiple comparison is not supported")
		}
		l := g.visitExpr(x.Left)
		r := g.visitExpr(x.Comparators[0])
		switch op := x.Ops[0]; op {
		case "is":
			return identical(l, r)
		case "is not":
			return !identical(l, r)
		case "in", "not in":
			if isTritonValue(l) || isTritonValue(r) && !isTupleOfConstants(r) {
				g.fail(x, "AST comparison operator '%s' is not (currently) implemented.", op)
			}
			v, err := pyCompare(op, l, r)
			g.check(err)
			return v
		default:
			return g.binaryOp(op, l, r)
		}
	case *python.Call:
		return g.visitCall(x)
	case *python.Subscript:
		v := g.visitExpr(x.Value)
		idx := g.visitExpr(x.Slice)
		return g.subscript(v, idx)
	case *python.Tuple:
		return g.tupleOf(x.Elts)
	case *python.List:
		return g.tupleOf(x.Elts)
	case *python.IfExp:
		return g.ifExp(x)
	case *python.Slice:
		s := &SliceObj{Start: None, Stop: None, Step: None}
		if x.Lower != nil {
			s.Start = g.visitExpr(x.Lower)
		}
		if x.Upper != nil {
			s.Stop = g.visitExpr(x.Upper)
		}
		if x.Step != nil {
			s.Step = g.visitExpr(x.Step)
		}
		return s
	case *python.JoinedStr:
		return g.fstring(x)
	case *python.ListComp:
		return g.listComp(x)
	case *python.Lambda:
		g.fail(x, "lambda is not supported in a kernel")
	case *python.GeneratorExp:
		g.fail(x, "generator expressions are not supported in a kernel")
	case *python.SetComp, *python.DictComp:
		g.fail(e, "set and dict comprehensions are not supported in a kernel")
	case *python.Dict:
		g.fail(x, "dict literals are not supported in a kernel")
	case *python.Set:
		g.fail(x, "set literals are not supported in a kernel")
	case *python.NamedExpr:
		g.fail(x, "assignment expressions (:=) are not supported in a kernel")
	case *python.Await, *python.Yield, *python.YieldFrom:
		g.fail(e, "await and yield are not supported in a kernel")
	case *python.Starred:
		g.fail(x, "starred expressions are only supported as call arguments")
	}
	g.fail(e, "unsupported expression")
	return nil
}

func isTupleOfConstants(o Object) bool {
	t, ok := o.(*Tuple)
	if !ok {
		return false
	}
	for _, v := range t.Values {
		if isTritonValue(v) {
			return false
		}
	}
	return true
}

func (g *gen) tupleOf(elts []python.Expr) Object {
	t := &Tuple{}
	for _, el := range elts {
		if st, ok := el.(*python.Starred); ok {
			g.fail(st, "starred expressions are only supported as call arguments")
		}
		t.Values = append(t.Values, g.visitExpr(el))
	}
	return t
}

// binaryMethods maps operators to the tensor dunder names of Triton.
var binaryMethods = map[string]string{"+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv",
	"%": "mod", "**": "pow", "<<": "lshift", ">>": "rshift", "&": "and", "|": "or", "^": "xor", "@": "matmul",
	"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}

// reflected swaps a comparison for the reflected operands (5 > t is
// t < 5 in Python's data model: __rgt__ is greater_than(other, self)).
func (g *gen) binaryOp(op string, l, r Object) Object {
	l, r = unwrap(l), unwrap(r)
	if lt, ok := l.(*Tensor); ok {
		return g.tensorBinary(op, lt, r, false)
	}
	if rt, ok := r.(*Tensor); ok {
		return g.tensorBinary(op, rt, l, true)
	}
	if _, ok := l.(*Desc); ok {
		g.failCur("TypeError: unsupported operand type(s) for %s: 'tensor_descriptor' and '%s'", op, typeName(r))
	}
	if _, ok := r.(*Desc); ok {
		g.failCur("TypeError: unsupported operand type(s) for %s: '%s' and 'tensor_descriptor'", op, typeName(l))
	}
	switch op {
	case "==", "!=", "<", "<=", ">", ">=":
		v, err := pyCompare(op, l, r)
		g.check(err)
		return v
	}
	v, err := pyBinary(op, l, r)
	g.check(err)
	return v
}

// tensorBinary applies a tensor's dunder method; when reverse is set the
// tensor t was the right operand.
func (g *gen) tensorBinary(op string, t *Tensor, other Object, reverse bool) Object {
	var a, b Object = t, other
	if reverse {
		a, b = other, t
	}
	switch op {
	case "+":
		return g.add(a, b, true)
	case "-":
		return g.sub(a, b, true)
	case "*":
		return g.mul(a, b, true)
	case "/":
		return g.truediv(a, b)
	case "//":
		return g.floordiv(a, b)
	case "%":
		return g.mod(a, b)
	case "&":
		return g.and(a, b)
	case "|":
		return g.or(a, b)
	case "^":
		return g.xor(a, b)
	case "<<":
		g.warnShift(a, b)
		return g.shift("arith.shli", a, b)
	case ">>":
		g.warnShift(a, b)
		// The signedness of the tensor the method is called on decides.
		if t.T.Scalar().IsIntSigned() {
			return g.shift("arith.shrsi", a, b)
		}
		return g.shift("arith.shrui", a, b)
	case "==", "!=", "<", "<=", ">", ">=":
		other := g.toTensorOrFail(other)
		if reverse {
			return g.compare(op, other, t)
		}
		return g.compare(op, t, other)
	case "**":
		g.failCur("AttributeError: 'tensor' object has no attribute '__pow__' (use tl.math or libdevice pow)")
	case "@":
		g.failCur("AttributeError: 'tensor' object has no attribute '__matmul__' (use tl.dot)")
	}
	g.failCur("unsupported operator %s on tensors", op)
	return nil
}

// toTensorOrFail converts constants for comparisons (to_tensor).
func (g *gen) toTensorOrFail(o Object) *Tensor {
	if t, ok := unwrap(o).(*Tensor); ok {
		return t
	}
	return g.toTensor(o)
}

func (g *gen) warnShift(a, b Object) {}

func (g *gen) unaryOp(op string, v Object) Object {
	v = unwrap(v)
	if t, ok := v.(*Tensor); ok {
		switch op {
		case "-":
			return g.minus(t)
		case "~":
			return g.invert(t)
		case "not":
			return g.not(t)
		case "+":
			g.failCur("AST unary operator '__pos__' is not (currently) implemented on type tensor")
		}
	}
	if isConstexpr(v) {
		r, err := pyUnary(op, v)
		g.check(err)
		return r
	}
	if op == "not" {
		b, _ := truthy(v)
		return !b
	}
	g.failCur("AST unary operator '%s' is not (currently) implemented on type %s", op, typeName(v))
	return nil
}

// boolOp compiles `and`/`or`: constants short-circuit, tensors combine
// with logical_and/logical_or from the right.
func (g *gen) boolOp(x *python.BoolOp) Object {
	and := x.Op == "and"
	var nontrivial []Object
	var last Object
	for _, sub := range x.Values {
		v := g.visitExpr(sub)
		last = v
		if _, ok := unwrap(v).(*Tensor); !ok {
			b, ok := truthy(v)
			if !ok {
				g.fail(sub, "cannot take the truth value of %s", typeName(v))
			}
			if !b && and || b && !and {
				return v
			}
			continue
		}
		nontrivial = append(nontrivial, v)
	}
	if len(nontrivial) == 0 {
		nontrivial = append(nontrivial, last)
	}
	for len(nontrivial) >= 2 {
		rhs := nontrivial[len(nontrivial)-1]
		lhs := nontrivial[len(nontrivial)-2]
		nontrivial = nontrivial[:len(nontrivial)-2]
		nontrivial = append(nontrivial, g.logicalOp(lhs, rhs, and))
	}
	return nontrivial[0]
}

func (g *gen) logicalOp(lhs, rhs Object, and bool) Object {
	lhs, rhs = unwrap(lhs), unwrap(rhs)
	if lt, ok := lhs.(*Tensor); ok {
		return g.logical(lt, g.toTensorOrFail(rhs), and)
	}
	if rt, ok := rhs.(*Tensor); ok {
		return g.logical(rt, g.toTensorOrFail(lhs), and)
	}
	l, _ := truthy(lhs)
	if and {
		if !l {
			return lhs
		}
		return rhs
	}
	if l {
		return lhs
	}
	return rhs
}

// subscript is x[idx]: tensors expand dims with None and keep dims with
// ':'; tuples index or slice; constants index as Python does.
// subscriptConstant indexes or slices a tuple or a constant (a Python
// sequence) at compile time.
func (g *gen) subscriptConstant(v, idx Object) Object {
	if s, ok := idx.(*SliceObj); ok {
		r, err := sliceObject(v, s)
		g.check(err)
		return r
	}
	r, err := indexObject(v, idx)
	g.check(err)
	return r
}

func (g *gen) subscript(v, idx Object) Object {
	v, idx = unwrap(v), unwrap(idx)
	switch x := v.(type) {
	case *Tensor:
		var items []Object
		if t, ok := idx.(*Tuple); ok {
			items = t.Values
		} else {
			items = []Object{idx}
		}
		ret := x
		for dim, it := range items {
			it = unwrap(it)
			if _, ok := it.(noneType); ok {
				ret = g.expandDims(ret, dim)
				continue
			}
			if s, ok := it.(*SliceObj); ok && isNone(s.Start) && isNone(s.Stop) && isNone(s.Step) {
				continue
			}
			g.failCur("ValueError: unsupported tensor index: %s", str(it))
		}
		return ret
	case *Tuple:
		return g.subscriptConstant(x, idx)
	case *Desc:
		g.failCur("TypeError: 'tensor_descriptor' object is not subscriptable")
	}
	if isConstexpr(v) {
		return g.subscriptConstant(v, idx)
	}
	g.failCur("TypeError: '%s' object is not subscriptable", typeName(v))
	return nil
}

func isNone(o Object) bool {
	_, ok := unwrap(o).(noneType)
	return ok || o == nil
}

// fstring evaluates an f-string; its fields must be constants.
func (g *gen) fstring(x *python.JoinedStr) Object {
	var b strings.Builder
	for _, part := range x.Values {
		switch p := part.(type) {
		case *python.Constant:
			b.WriteString(p.Value.(string))
		case *python.FormattedValue:
			v := g.visitExpr(p.Value)
			if isTritonValue(v) {
				g.fail(x, "Cannot evaluate f-string containing non-constexpr conversion values, found conversion of type %s", typeName(v))
			}
			s, err := formatValue(g.specEnv(), v, p)
			g.check(err)
			b.WriteString(s)
		}
	}
	return b.String()
}

// specEnv evaluates nested format-spec fields of an f-string in the
// kernel's scope (constants only).
func (g *gen) specEnv() env { return kernelEnv{g} }

type kernelEnv struct{ g *gen }

func (k kernelEnv) lookup(name string) (Object, bool) {
	if v, ok := k.g.lscope.get(name); ok && !isTritonValue(v) {
		return v, true
	}
	if v, ok := k.g.fn.Src.Globals.get(name); ok {
		return unwrap(v), true
	}
	return pyBuiltin(name)
}

// listComp is a comprehension over a tuple, unrolled at compile time.
func (g *gen) listComp(x *python.ListComp) Object {
	if len(x.Generators) != 1 {
		g.fail(x, "ValueError: nested comprehensions are not supported")
	}
	comp := x.Generators[0]
	if c, ok := comp.Iter.(*python.Call); ok {
		if f, ok := unwrap(g.visitExpr(c.Func)).(*Class); ok && f.Name == "range" {
			// range() outside a for statement is Python's range object,
			// not a tl.tuple.
			g.fail(comp.Iter, "NotImplementedError: only tuple comprehensions are supported")
		}
	}
	it := g.visitExpr(comp.Iter)
	tup, ok := unwrap(it).(*Tuple)
	if !ok {
		g.fail(comp.Iter, "NotImplementedError: only tuple comprehensions are supported")
	}
	target, ok := comp.Target.(*python.Name)
	if !ok {
		g.fail(comp.Target, "comprehension targets must be a single name")
	}
	if len(comp.Ifs) > 0 {
		g.fail(comp.Ifs[0], "conditions in comprehensions are not supported in a kernel")
	}
	out := &Tuple{}
	for _, v := range tup.Values {
		g.setValue(target.ID, v)
		out.Values = append(out.Values, g.visitExpr(x.Elt))
	}
	return out
}

// attribute is get_Attribute.
func (g *gen) attribute(v Object, name string) Object {
	v = unwrap(v)
	switch x := v.(type) {
	case *Tensor:
		if name == "T" {
			return g.permute(x, []int64{1, 0})
		}
		return g.tensorAttr(x, name)
	case *Desc:
		return g.descAttr(x, name)
	case *Tuple:
		switch name {
		case "values":
			return x
		}
		for i, f := range x.Fields {
			if f == name {
				return x.Values[i]
			}
		}
		if name == "type" {
			if holdsIRValue(x) {
				return typeOf(x)
			}
			// Tuples of constants come from constexpr parameters and
			// constexpr-annotated names, which Triton wraps in tl.constexpr.
			return &ConstexprType{Value: x}
		}
		g.failCur("AttributeError: 'tuple' object has no attribute '%s'", name)
	}
	a, err := hostAttr(v, name)
	if err != nil {
		if o, ok := v.(*Opaque); ok {
			g.failCur("%s is a host value the compiler cannot evaluate", o.What)
		}
		if a, ok := constexprAttr(v, name); ok {
			return a
		}
		g.check(err)
	}
	return a
}

// constexprAttr is an attribute of tl.constexpr: in a kernel Triton wraps
// literals, constexpr parameters and what is computed from them in
// constexpr objects, whose .value is the Python value and .type its
// constexpr_type. tt keeps the bare value, so a constant answers them.
func constexprAttr(v Object, name string) (Object, bool) {
	switch v.(type) {
	case noneType, bool, *big.Int, float64, string, *DType:
	default:
		return nil, false
	}
	switch name {
	case "value":
		return v, true
	case "type":
		return &ConstexprType{Value: v}, true
	}
	return nil, false
}

// tryAttribute is attribute without failing when the name is missing.
func (g *gen) tryAttribute(v Object, name string) (r Object, ok bool) {
	switch x := unwrap(v).(type) {
	case *Tensor:
		switch name {
		case "dtype", "type", "shape", "numel", "T":
			return g.attribute(x, name), true
		}
		if m, ok := g.c.l.lib.tensorMethod(name); ok {
			return &BoundMethod{Self: x, Fn: m}, true
		}
		return nil, false
	case *Desc:
		switch name {
		case "dtype", "block_shape", "block_type", "type":
			return g.attribute(x, name), true
		case "shape", "strides":
			return g.attribute(x, name), x.Shape != nil
		}
		m, ok := g.c.l.lib.descMethod(name)
		return &BoundMethod{Self: x, Fn: m}, ok
	case *Tuple:
		for i, f := range x.Fields {
			if f == name {
				return x.Values[i], true
			}
		}
		if name == "type" {
			return g.attribute(x, name), true
		}
		return nil, false
	}
	a, err := hostAttr(v, name)
	if err != nil {
		return constexprAttr(unwrap(v), name)
	}
	return a, true
}

// tensorAttr resolves tensor attributes and methods.
func (g *gen) tensorAttr(t *Tensor, name string) Object {
	switch name {
	case "dtype":
		return t.T.Scalar()
	case "type":
		return t.T
	case "shape":
		out := &Tuple{}
		for _, d := range t.T.Shape() {
			out.Values = append(out.Values, big.NewInt(d))
		}
		return out
	case "numel":
		return big.NewInt(t.T.Numel())
	case "handle":
		g.failCur("tensor.handle is not available to kernels")
	}
	if m, ok := g.c.l.lib.tensorMethod(name); ok {
		return &BoundMethod{Self: t, Fn: m}
	}
	g.failCur("AttributeError: 'tensor' object has no attribute '%s'", name)
	return nil
}

func (g *gen) descAttr(d *Desc, name string) Object {
	switch name {
	case "dtype":
		return d.T.Block.Scalar()
	case "block_shape":
		out := &Tuple{}
		for _, s := range d.T.Block.Shape() {
			out.Values = append(out.Values, big.NewInt(s))
		}
		return out
	case "block_type":
		return d.T.Block
	case "type":
		return d.T
	case "shape":
		if d.Shape != nil {
			return &Tuple{Values: d.Shape}
		}
	case "strides":
		if d.Strides != nil {
			return &Tuple{Values: d.Strides}
		}
	}
	if m, ok := g.c.l.lib.descMethod(name); ok {
		return &BoundMethod{Self: d, Fn: m}
	}
	g.failCur("AttributeError: 'tensor_descriptor' object has no attribute '%s'", name)
	return nil
}
