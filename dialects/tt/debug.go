package tt

import "github.com/ttcompiler/tt/ir"

// Debug ops: print, assert. Both write global memory (so they are never
// hoisted or erased).
var (
	PrintDef  = Dialect.NewOp("print", 0)
	AssertDef = Dialect.NewOp("assert", 0)
)

func writesGlobal(_ *ir.Operation, buf []ir.Effect) []ir.Effect {
	return append(buf, ir.Effect{Kind: ir.Write, Resource: "global"})
}

func init() {
	PrintDef.Inherent = []string{"prefix", "hex", "isSigned"}
	PrintDef.Parse = parsePrint
	PrintDef.Print = printPrint
	PrintDef.AppendEffects = writesGlobal
	(&opSpec{
		attrs: []attrSpec{
			reqAttr("prefix", isStrAttr, strAttrSummary), reqAttr("hex", isBoolAttr, boolAttrSummary),
			reqAttr("isSigned", isI32Array, i32ArraySummary),
		},
		operands: []operandSpec{vari(cType)}, sameVariadic: true, results: []operandSpec{},
	}).install(PrintDef)

	AssertDef.Inherent = []string{"message"}
	AssertDef.Parse = parseAssert
	AssertDef.Print = printAssert
	AssertDef.AppendEffects = writesGlobal
	(&opSpec{
		attrs:    []attrSpec{reqAttr("message", isStrAttr, strAttrSummary)},
		operands: []operandSpec{one(cI1Assert)}, results: []operandSpec{},
	}).install(AssertDef)
}

// parsePrint parses `$prefix attr-dict (: $args^ : type($args))?`.
func parsePrint(p ir.OpParser, st *ir.OperationState) error {
	s, err := p.ParseString()
	if err != nil {
		return err
	}
	st.AddAttr("prefix", ir.StringAttrOf(p.Context(), s))
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if !p.ParseOptionalColon() {
		return nil
	}
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands(ops, ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printPrint(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	if s, ok := op.Attr("prefix").(*ir.StringAttr); ok {
		p.PrintString(s.Value)
	}
	p.PrintOptionalAttrDict(op.Attrs(), "prefix")
	if op.NumOperands() > 0 {
		p.WriteString(" : ")
		p.PrintOperands(op.Operands())
		p.WriteString(" : ")
		p.PrintTypes(op.OperandTypes())
	}
}

func parseAssert(p ir.OpParser, st *ir.OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	msg, err := p.ParseString()
	if err != nil {
		return err
	}
	st.AddAttr("message", ir.StringAttrOf(p.Context(), msg))
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(c, t)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	return nil
}

func printAssert(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	if s, ok := op.Attr("message").(*ir.StringAttr); ok {
		p.PrintString(s.Value)
	}
	p.PrintOptionalAttrDict(op.Attrs(), "message")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

// NewPrint creates `tt.print prefix {hex, isSigned} : args`.
func NewPrint(b *ir.Builder, loc ir.Location, prefix string, hex bool, args []ir.Value, isSigned []int64) *ir.Operation {
	return b.CreateOp("tt.print", loc, args, nil,
		ir.NamedAttr{Name: "prefix", Value: ir.StringAttrOf(b.Ctx, prefix)},
		ir.NamedAttr{Name: "hex", Value: ir.BoolAttrOf(b.Ctx, hex)},
		ir.NamedAttr{Name: "isSigned", Value: ir.DenseI32Array(b.Ctx, isSigned)})
}

// NewAssert creates `tt.assert cond, message`.
func NewAssert(b *ir.Builder, loc ir.Location, cond ir.Value, message string) *ir.Operation {
	return b.CreateOp("tt.assert", loc, []ir.Value{cond}, nil, ir.NamedAttr{Name: "message", Value: ir.StringAttrOf(b.Ctx, message)})
}
