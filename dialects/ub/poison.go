package ub

import "github.com/ttcompiler/tt/ir"

// PoisonAttr is `#ub.poison`, the value of a poison constant.
type PoisonAttr struct{ ir.AttrBase }

type poisonKey struct{}

func (*PoisonAttr) UniqueKey() any            { return poisonKey{} }
func (*PoisonAttr) Namespace() string         { return "ub" }
func (*PoisonAttr) Mnemonic() string          { return "poison" }
func (*PoisonAttr) PrintParams(ir.AsmPrinter) {}
func (*PoisonAttr) String() string            { return "#ub.poison" }

var _ ir.DialectAttribute = (*PoisonAttr)(nil)

// Poison returns the #ub.poison attribute.
func Poison(ctx *ir.Context) *PoisonAttr { return ir.Unique(ctx, &PoisonAttr{}) }

// IsPoison reports whether a (folded operand) attribute is poison.
func IsPoison(a ir.Attribute) bool {
	_, ok := a.(*PoisonAttr)
	return ok
}

// PoisonOp is `ub.poison`: a constant poison value of any type.
var PoisonOp = Dialect.NewOp("poison", ir.ConstantLike|ir.Pure)

func init() {
	PoisonOp.Inherent = []string{"value"}
	PoisonOp.Parse = parsePoison
	PoisonOp.Print = printPoison
	PoisonOp.VerifyInvariants = verifyPoison
	PoisonOp.PopulateDefaults = func(st *ir.OperationState) {
		if st.Attr("value") == nil {
			st.AddAttr("value", Poison(st.Ctx))
		}
	}
	PoisonOp.Fold = func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		return []ir.FoldResult{{Attr: op.Attr("value")}}
	}
}

// NewPoison builds `ub.poison : t`; value may be nil for #ub.poison.
func NewPoison(b *ir.Builder, loc ir.Location, t ir.Type, value ir.Attribute) *ir.Operation {
	if value == nil {
		value = Poison(b.Ctx)
	}
	st := ir.NewState(b.Ctx, "ub.poison", loc)
	st.Types = []ir.Type{t}
	st.AddAttr("value", value)
	return b.Create(st)
}

// syntax: attr-dict (`<` $value^ `>`)? `:` type($result)
func parsePoison(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	var value ir.Attribute = Poison(p.Context())
	if p.ParseOptionalLess() {
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		if err := p.ParseGreater(); err != nil {
			return err
		}
		value = a
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.Types = []ir.Type{t}
	st.AddAttr("value", value)
	return nil
}

func printPoison(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	if v := op.Attr("value"); v != nil && !IsPoison(v) {
		p.WriteString("<")
		p.PrintAttribute(v)
		p.WriteString(">")
	}
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

func verifyPoison(op *ir.Operation) error {
	if op.NumOperands() != 0 {
		return ir.OpErrorf(op, "expected 0 operands, but found %d", op.NumOperands())
	}
	if op.NumResults() != 1 {
		return ir.OpErrorf(op, "requires one result")
	}
	return nil
}
