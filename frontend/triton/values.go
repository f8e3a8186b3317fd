package triton

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
	"github.com/ttcompiler/tt/ir"
)

// Object is anything the code generator evaluates an expression to: an
// IR-backed value (*Tensor, *Desc, or a *Tuple holding them) or a
// compile-time Python object, which Triton calls a constexpr: None,
// bool, *big.Int, float64, string, *DType, *Tuple, *SliceObj, functions,
// namespaces and the other types of this file.
type Object any

// noneType is Python's None.
type noneType struct{}

// None is Python's None.
var None Object = noneType{}

// Ellipsis is Python's `...`.
var Ellipsis Object = python.Ellipsis{}

// Tensor is a Triton tensor: an IR value and its language type (a
// scalar, pointer or block dtype).
type Tensor struct {
	V ir.Value
	T *DType
}

// Desc is a tensor descriptor value; Shape and Strides are set for a
// tensor_descriptor (a kernel argument or make_tensor_descriptor result)
// and nil for a tensor_descriptor_base.
type Desc struct {
	V              ir.Value
	T              *DescType
	Shape, Strides []Object
}

// Tuple is language.tuple (lists and tuples in kernels both become one).
type Tuple struct {
	Values []Object
	Fields []string // named-tuple fields, or nil
}

// SliceObj is language.slice (`a:b:c` inside a subscript).
type SliceObj struct {
	Start, Stop, Step Object
}

// ConstexprBox is a `tl.constexpr(v)` object evaluated outside a kernel
// (a constexpr global or default): kernels may read it.
type ConstexprBox struct{ V Object }

// Opaque is a host-side Python value the front end does not model (a
// torch tensor, the result of an arbitrary call); a kernel that reads it
// gets an error naming it.
type Opaque struct{ What string }

// EnumVal is a member of an enumeration such as tl.PropagateNan.
type EnumVal struct {
	Enum, Name string
	Value      int
}

// BoundMethod is an attribute of a value that is a function: a tensor
// method (x.to, x.sum) or a builtin taking the object first.
type BoundMethod struct {
	Self Object
	Fn   Object
}

// Namespace is a module-like object: triton, triton.language (tl),
// tl.math, libdevice, an imported sibling file.
type Namespace struct {
	Name    string
	Members map[string]Object
	// Resolve, when set, supplies members on demand.
	Resolve func(name string) (Object, bool)
	// Host marks modules the front end does not model (torch, numpy):
	// their attributes are Opaque.
	Host bool
}

// Lookup returns a member of the namespace.
func (n *Namespace) Lookup(name string) (Object, bool) {
	if v, ok := n.Members[name]; ok {
		return v, true
	}
	if n.Resolve != nil {
		if v, ok := n.Resolve(name); ok {
			return v, true
		}
	}
	if n.Host {
		return &Opaque{What: n.Name + "." + name}, true
	}
	return nil, false
}

// Class is a Python class the front end knows by name: tl.constexpr,
// tl.tensor, tl.range, int, float, ...; calling it goes to Call.
type Class struct {
	Name string
	// Call constructs an instance inside a kernel; Host outside.
	Call func(g *gen, c *callArgs) Object
	Host func(args []Object, kws []kwArg) (Object, error)
	// Attrs are class attributes (enumeration members).
	Attrs map[string]Object
	// IsInstance reports whether a value is an instance (isinstance).
	IsInstance func(o Object) bool
}

// isTensor reports whether o is an IR-backed value (not a constexpr).
func isTensor(o Object) bool {
	switch o.(type) {
	case *Tensor, *Desc:
		return true
	}
	return false
}

// isTritonValue is _is_triton_value: tensors, descriptors and tuples.
func isTritonValue(o Object) bool {
	switch o.(type) {
	case *Tensor, *Desc, *Tuple:
		return true
	}
	return false
}

// holdsIRValue reports whether o is, or is a tuple holding (at any
// depth), a tensor or descriptor: what host code cannot take. A tuple of
// constants, such as a tensor's shape, is a plain Python tuple to it.
func holdsIRValue(o Object) bool {
	switch x := o.(type) {
	case *Tensor, *Desc:
		return true
	case *Tuple:
		for _, v := range x.Values {
			if holdsIRValue(v) {
				return true
			}
		}
	}
	return false
}

// isConstexpr is _is_constexpr: everything that is not an IR value or a
// tuple.
func isConstexpr(o Object) bool { return !isTritonValue(o) }

// typeOf is the language type of a value (constexpr_type for constants).
func typeOf(o Object) Type {
	switch x := o.(type) {
	case *Tensor:
		return x.T
	case *Desc:
		return x.T
	case *Tuple:
		t := &TupleType{Fields: x.Fields}
		for _, v := range x.Values {
			t.Types = append(t.Types, typeOf(v))
		}
		return t
	}
	return &ConstexprType{Value: o}
}

// flattenValues appends the IR values of o (nothing for constants).
func flattenValues(o Object, out []ir.Value) []ir.Value {
	switch x := o.(type) {
	case *Tensor:
		return append(out, x.V)
	case *Desc:
		out = append(out, x.V)
		for _, s := range x.Shape {
			out = flattenValues(s, out)
		}
		for _, s := range x.Strides {
			out = flattenValues(s, out)
		}
	case *Tuple:
		for _, v := range x.Values {
			out = flattenValues(v, out)
		}
	}
	return out
}

// unflatten rebuilds a value of type t from IR values, returning it and
// the number consumed.
func unflatten(t Type, vals []ir.Value) (Object, int) {
	switch x := t.(type) {
	case *DType:
		return &Tensor{V: vals[0], T: x}, 1
	case *TupleType:
		tup := &Tuple{Fields: x.Fields}
		n := 0
		for _, et := range x.Types {
			v, k := unflatten(et, vals[n:])
			tup.Values = append(tup.Values, v)
			n += k
		}
		return tup, n
	case *DescType:
		d := &Desc{V: vals[0], T: x}
		n := 1
		if x.Shape != nil {
			s, k := unflatten(x.Shape, vals[n:])
			n += k
			st, k2 := unflatten(x.Strides, vals[n:])
			n += k2
			d.Shape, d.Strides = s.(*Tuple).Values, st.(*Tuple).Values
		}
		return d, n
	case *ConstexprType:
		return x.Value, 0
	}
	panic(fmt.Sprintf("unflatten: unexpected type %T", t))
}

// unwrap returns the value inside a ConstexprBox.
func unwrap(o Object) Object {
	if b, ok := o.(*ConstexprBox); ok {
		return unwrap(b.V)
	}
	return o
}

// truthy is Python's bool() of a constant.
func truthy(o Object) (bool, bool) {
	switch x := unwrap(o).(type) {
	case noneType:
		return false, true
	case bool:
		return x, true
	case *big.Int:
		return x.Sign() != 0, true
	case float64:
		return x != 0, true
	case string:
		return x != "", true
	case *Tuple:
		return len(x.Values) > 0, true
	case *DType, *JITFunction, *Builtin, *Namespace, *Class, *EnumVal, *Lambda, *ConfigObj, *HostTensor:
		return true, true
	case *Dict:
		return x.Len() > 0, true
	}
	return false, false
}

func objectsEqual(a, b Object) bool {
	a, b = unwrap(a), unwrap(b)
	switch x := a.(type) {
	case *big.Int:
		switch y := b.(type) {
		case *big.Int:
			return x.Cmp(y) == 0
		case float64:
			f, _ := new(big.Float).SetInt(x).Float64()
			return f == y
		case bool:
			return x.Cmp(boolInt(y)) == 0
		}
		return false
	case float64:
		switch y := b.(type) {
		case float64:
			return x == y
		case *big.Int, bool:
			return objectsEqual(b, a)
		}
		return false
	case bool:
		switch y := b.(type) {
		case bool:
			return x == y
		case *big.Int, float64:
			return objectsEqual(boolInt(x), y)
		}
		return false
	case *DType:
		y, ok := b.(*DType)
		return ok && x.Equal(y)
	case *Tuple:
		y, ok := b.(*Tuple)
		if !ok || len(x.Values) != len(y.Values) {
			return false
		}
		for i := range x.Values {
			if !objectsEqual(x.Values[i], y.Values[i]) {
				return false
			}
		}
		return true
	case *EnumVal:
		y, ok := b.(*EnumVal)
		return ok && x.Enum == y.Enum && x.Value == y.Value
	case *Tensor:
		y, ok := b.(*Tensor)
		return ok && x.V == y.V
	case *TupleType, *DescType, *ConstexprType:
		y, ok := b.(Type)
		return ok && typesEqual(x.(Type), y)
	}
	return a == b
}

func boolInt(b bool) *big.Int {
	if b {
		return big.NewInt(1)
	}
	return big.NewInt(0)
}

// str is Python's str() of a constant (used in mangled names, f-strings
// and messages).
func str(o Object) string {
	switch x := unwrap(o).(type) {
	case noneType:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case *big.Int:
		return x.String()
	case float64:
		return python.FloatRepr(x)
	case string:
		return x
	case *DType:
		return x.String()
	case *Tuple:
		parts := make([]string, len(x.Values))
		for i, v := range x.Values {
			parts[i] = repr(v)
		}
		return "(" + strings.Join(parts, ", ") + ")"
	case *Tensor:
		if x.T.IsBlock() {
			parts := make([]string, len(x.T.shape))
			for i, d := range x.T.shape {
				parts[i] = fmt.Sprint(d)
			}
			return x.T.Scalar().String() + "[" + strings.Join(parts, ", ") + "]"
		}
		return x.T.String() + "[]"
	case *JITFunction:
		return "JITFunction(" + x.Module + ":" + x.QualName + ")"
	case *Builtin:
		return "<function " + x.Name + ">"
	case *Namespace:
		return "<module '" + x.Name + "'>"
	case *EnumVal:
		return x.Enum + "." + x.Name
	case python.Ellipsis:
		return "Ellipsis"
	case *SliceObj:
		return "slice(" + repr(x.Start) + ", " + repr(x.Stop) + ", " + repr(x.Step) + ")"
	case *Class:
		return "<class '" + x.Name + "'>"
	case *Opaque:
		return "<" + x.What + ">"
	case *Desc:
		return x.T.String()
	}
	return fmt.Sprint(o)
}

// repr is Python's repr() of a constant.
func repr(o Object) string {
	switch x := unwrap(o).(type) {
	case string:
		return pyQuote(x)
	case *DType:
		return x.Repr()
	}
	return str(o)
}

// pyQuote is repr(str): single quotes unless the text holds one and no
// double quote.
func pyQuote(s string) string {
	q := "'"
	if strings.Contains(s, "'") && !strings.Contains(s, "\"") {
		q = "\""
	}
	var b strings.Builder
	b.WriteString(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case string(r) == q:
			b.WriteString(`\` + q)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(q)
	return b.String()
}

// typeName is type(o).__name__ for messages.
func typeName(o Object) string {
	switch unwrap(o).(type) {
	case noneType:
		return "NoneType"
	case bool:
		return "bool"
	case *big.Int:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case *DType:
		return "dtype"
	case *Tuple:
		return "tuple"
	case *Tensor:
		return "tensor"
	case *Desc:
		return "tensor_descriptor"
	case *JITFunction:
		return "JITFunction"
	case *Builtin, *BoundMethod:
		return "function"
	case *Namespace:
		return "module"
	case *SliceObj:
		return "slice"
	case *Class:
		return "type"
	case *Dict:
		return "dict"
	case *Lambda:
		return "function"
	case *ConfigObj:
		return "Config"
	case *HostTensor:
		return "Tensor"
	}
	return fmt.Sprintf("%T", o)
}

// intValue returns a constant as an int64 when it is a Python int (or
// bool) that fits.
func intValue(o Object) (int64, bool) {
	switch x := unwrap(o).(type) {
	case *big.Int:
		if x.IsInt64() {
			return x.Int64(), true
		}
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

func bigOf(v int64) *big.Int { return big.NewInt(v) }

// floatOf converts a numeric constant to float64.
func floatOf(o Object) (float64, bool) {
	switch x := unwrap(o).(type) {
	case float64:
		return x, true
	case *big.Int:
		f, _ := new(big.Float).SetInt(x).Float64()
		return f, true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return math.NaN(), false
}

// isNumber is isinstance(o, numbers.Number) for constants.
func isNumber(o Object) bool {
	switch unwrap(o).(type) {
	case bool, *big.Int, float64:
		return true
	}
	return false
}
