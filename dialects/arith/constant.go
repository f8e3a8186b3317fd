package arith

import (
	"strconv"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// ConstantOpDef is `arith.constant`.
var ConstantOpDef = Dialect.NewOp("constant", ir.ConstantLike|ir.Pure)

func init() {
	d := ConstantOpDef
	d.Inherent = []string{"value"}
	d.Parse = parseConstant
	d.Print = printConstant
	d.VerifyInvariants = verifyConstantInvariants
	d.Verify = verifyConstant
	d.ResultNames = constantResultNames
	d.Fold = func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		return []ir.FoldResult{{Attr: op.Attr("value")}}
	}
}

// ConstantOp is a typed view of an arith.constant operation.
type ConstantOp struct{ *ir.Operation }

// Value returns the constant's value attribute.
func (c ConstantOp) Value() ir.Attribute { return c.Attr("value") }

// syntax: attr-dict $value
func parseConstant(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	loc := p.Loc()
	v, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	ta, ok := v.(ir.TypedAttribute)
	if !ok || ta.Type() == nil {
		return p.ErrorfAt(loc, "invalid kind of attribute specified")
	}
	st.AddAttr("value", v)
	st.Types = []ir.Type{ta.Type()}
	return nil
}

func printConstant(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" ")
	PrintTypedAttr(p, op.Attr("value"))
}

// PrintTypedAttr prints a typed attribute followed by ` : type`, as MLIR's
// printAttribute does outside attribute dictionaries: only signless i1
// integers elide their type (i64 and f64 keep it).
func PrintTypedAttr(p ir.OpPrinter, a ir.Attribute) {
	switch v := a.(type) {
	case *ir.IntegerAttr:
		if isSignlessI1(v.Typ) {
			p.PrintAttribute(v)
			return
		}
	case *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		p.PrintAttribute(a)
		return
	}
	p.PrintAttributeWithoutType(a)
	p.WriteString(" : ")
	p.PrintType(a.(ir.TypedAttribute).Type())
}

// verifyConstantInvariants checks the ODS constraints of arith.constant.
func verifyConstantInvariants(op *ir.Operation) error {
	if err := CheckCounts(op, 0, 1); err != nil {
		return err
	}
	v := op.Attr("value")
	if v == nil {
		return ir.OpErrorf(op, "requires attribute 'value'")
	}
	ta, ok := v.(ir.TypedAttribute)
	if !ok {
		return ir.OpErrorf(op, "attribute 'value' failed to satisfy constraint: TypedAttr instance")
	}
	if ta.Type() != op.Result(0).Type() {
		return ir.OpErrorf(op, "failed to verify that all of {value, result} have same type")
	}
	return nil
}

func verifyConstant(op *ir.Operation) error {
	v := op.Attr("value")
	t := op.Result(0).Type()
	if it, ok := t.(*ir.IntegerType); ok && it.Signedness != ir.Signless {
		return ir.OpErrorf(op, "integer return type must be signless")
	}
	switch v.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		return ir.OpErrorf(op, "value must be an integer, float, or elements attribute")
	}
	return nil
}

// constantResultNames names results as MLIR does: %true/%false for i1,
// %c42_i32 for integers, %c42 for index, %cst for everything else.
func constantResultNames(op *ir.Operation, set func(ir.Value, string)) {
	if op.NumResults() != 1 {
		return
	}
	r := op.Result(0)
	ia, ok := op.Attr("value").(*ir.IntegerAttr)
	if !ok {
		set(r, "cst")
		return
	}
	it, isInt := r.Type().(*ir.IntegerType)
	if isInt && it.Width == 1 {
		if ia.Bits != 0 {
			set(r, "true")
		} else {
			set(r, "false")
		}
		return
	}
	// APInt prints signed.
	name := "c" + strconv.FormatInt(ir.SignExtend(ia.Bits, ir.BitWidth(ia.Typ)), 10)
	if isInt {
		name += "_" + asm.TypeString(r.Type())
	}
	set(r, name)
}

// IsBuildableWith reports whether arith.constant can hold value with type
// typ (MLIR's ConstantOp::isBuildableWith).
func IsBuildableWith(value ir.Attribute, typ ir.Type) bool {
	ta, ok := value.(ir.TypedAttribute)
	if !ok || ta.Type() != typ {
		return false
	}
	if it, ok := ir.ElementTypeOrSelf(typ).(*ir.IntegerType); ok && it.Signedness != ir.Signless {
		return false
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
		return true
	}
	return false
}

// NewConstant builds `arith.constant value`; the result type is the
// attribute's type.
func NewConstant(b *ir.Builder, loc ir.Location, value ir.Attribute) *ir.Operation {
	return b.CreateOp("arith.constant", loc, nil, []ir.Type{value.(ir.TypedAttribute).Type()}, ir.NamedAttr{Name: "value", Value: value})
}

// IntAttr returns the integer constant v of type t: an integer attribute
// for integer and index types, a splat for vectors and tensors.
func IntAttr(ctx *ir.Context, t ir.Type, v int64) ir.Attribute {
	if s, ok := t.(ir.ShapedType); ok {
		return ir.DenseIntElements(ctx, s, []int64{v})
	}
	return ir.IntegerAttrOf(ctx, t, v)
}

// FloatAttr returns the float constant v (rounded to the element type) of
// type t: a float attribute, or a splat for vectors and tensors.
func FloatAttr(ctx *ir.Context, t ir.Type, v float64) ir.Attribute {
	elem := ir.ElementTypeOrSelf(t).(*ir.FloatType)
	v = roundTo(elem, v)
	if s, ok := t.(ir.ShapedType); ok {
		return ir.DenseFloatElements(ctx, s, []float64{v})
	}
	return ir.FloatAttrOf(ctx, t, v)
}

// ZeroAttr returns the zero of an integer, index or float type (or a
// splat of it), or nil.
func ZeroAttr(ctx *ir.Context, t ir.Type) ir.Attribute {
	switch ir.ElementTypeOrSelf(t).(type) {
	case *ir.IntegerType, *ir.IndexType:
		return IntAttr(ctx, t, 0)
	case *ir.FloatType:
		return FloatAttr(ctx, t, 0)
	}
	return nil
}

// ConstantInt builds an integer constant of type t (integer, index, or a
// vector/tensor of them, then a splat) and returns its value.
func ConstantInt(b *ir.Builder, loc ir.Location, v int64, t ir.Type) ir.Value {
	return NewConstant(b, loc, IntAttr(b.Ctx, t, v)).Result(0)
}

// ConstantIndex builds `arith.constant v : index`.
func ConstantIndex(b *ir.Builder, loc ir.Location, v int64) ir.Value {
	return ConstantInt(b, loc, v, ir.Index(b.Ctx))
}

// ConstantBool builds `arith.constant true|false`.
func ConstantBool(b *ir.Builder, loc ir.Location, v bool) ir.Value {
	return NewConstant(b, loc, ir.BoolAttrOf(b.Ctx, v)).Result(0)
}

// ConstantFloat builds a float constant of type t (a float type or a
// vector/tensor of one, then a splat); v is rounded to the element type.
func ConstantFloat(b *ir.Builder, loc ir.Location, v float64, t ir.Type) ir.Value {
	return NewConstant(b, loc, FloatAttr(b.Ctx, t, v)).Result(0)
}

// ConstantAttrOf returns the value of the constant-like op defining v
// (arith.constant, ub.poison, ...), or nil.
func ConstantAttrOf(v ir.Value) ir.Attribute {
	def := v.DefiningOp()
	if def == nil || !def.Has(ir.ConstantLike) {
		return nil
	}
	return def.Attr("value")
}

// MatchConstantInt returns the value of an integer (or integer splat)
// constant v, sign-extended.
func MatchConstantInt(v ir.Value) (int64, bool) {
	bits, w, ok := intScalar(ConstantAttrOf(v))
	if !ok {
		return 0, false
	}
	return ir.SignExtend(bits, w), true
}
