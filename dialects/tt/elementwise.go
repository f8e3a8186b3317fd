package tt

import (
	"github.com/ttcompiler/tt/ir"
)

// Elementwise math: clampf, precise_sqrt, precise_divf, mulhiui,
// extern_elementwise, elementwise_inline_asm.
var (
	ClampFDef      = Dialect.NewOp("clampf", ir.Elementwise|ir.SameOperandsAndResultType|ir.Pure)
	PreciseSqrtDef = Dialect.NewOp("precise_sqrt", ir.Elementwise|ir.SameOperandsAndResultType|ir.Pure)
	PreciseDivFDef = Dialect.NewOp("precise_divf", ir.Elementwise|ir.SameOperandsAndResultType|ir.Pure)
	MulhiUIDef     = Dialect.NewOp("mulhiui", ir.Elementwise|ir.SameOperandsAndResultType|ir.Pure)
	ExternElemDef  = Dialect.NewOp("extern_elementwise", ir.Elementwise|ir.SameOperandsAndResultEncoding)
	InlineAsmDef   = Dialect.NewOp("elementwise_inline_asm", ir.Elementwise|ir.SameOperandsAndResultEncoding)
)

func init() {
	ew := []func(*ir.Operation) error{verifyElementwise}

	ClampFDef.Inherent = []string{"propagateNan"}
	ClampFDef.Parse = parseClampF
	ClampFDef.Print = printClampF
	(&opSpec{
		attrs:    []attrSpec{enumAttrSpec("propagateNan", PropagateNanEnum, true)},
		operands: []operandSpec{one(cFloatLike), one(cFloatLike), one(cFloatLike)},
		results:  []operandSpec{one(cFloatLike)}, traits: ew,
	}).install(ClampFDef)

	PreciseSqrtDef.Parse = parseSameType(1)
	PreciseSqrtDef.Print = printSameType
	(&opSpec{operands: []operandSpec{one(cFloatLike)}, results: []operandSpec{one(cFloatLike)}, traits: ew}).install(PreciseSqrtDef)
	PreciseDivFDef.Parse = parseSameType(2)
	PreciseDivFDef.Print = printSameType
	(&opSpec{operands: []operandSpec{one(cFloatLike), one(cFloatLike)}, results: []operandSpec{one(cFloatLike)}, traits: ew}).install(PreciseDivFDef)
	MulhiUIDef.Parse = parseSameType(2)
	MulhiUIDef.Print = printSameType
	(&opSpec{operands: []operandSpec{one(cIntLike), one(cIntLike)}, results: []operandSpec{one(cIntLike)}, traits: ew}).install(MulhiUIDef)

	ExternElemDef.Inherent = []string{"libname", "libpath", "symbol", "pure"}
	ExternElemDef.Parse = parseFunctional
	ExternElemDef.Print = printFunctional
	ExternElemDef.AppendEffects = pureAttrEffects
	(&opSpec{
		attrs: []attrSpec{
			reqAttr("libname", isStrAttr, strAttrSummary), reqAttr("libpath", isStrAttr, strAttrSummary),
			reqAttr("symbol", isStrAttr, strAttrSummary), reqAttr("pure", isBoolAttr, boolAttrSummary),
		},
		operands: []operandSpec{vari(cType)}, sameVariadic: true,
		results: []operandSpec{one(cType)}, traits: ew,
	}).install(ExternElemDef)

	InlineAsmDef.Inherent = []string{"asm_string", "constraints", "pure", "packed_element"}
	InlineAsmDef.Parse = parseInlineAsm
	InlineAsmDef.Print = printInlineAsm
	InlineAsmDef.AppendEffects = pureAttrEffects
	(&opSpec{
		attrs: []attrSpec{
			reqAttr("asm_string", isStrAttr, strAttrSummary), reqAttr("constraints", isStrAttr, strAttrSummary),
			reqAttr("pure", isBoolAttr, boolAttrSummary), reqAttr("packed_element", isI32Attr, i32AttrSummary),
		},
		operands: []operandSpec{vari(cType)}, results: []operandSpec{vari(cType)},
		traits: ew, verify: verifyInlineAsm,
	}).install(InlineAsmDef)
}

// pureAttrEffects: ops with a `pure` flag have no effects when it is set,
// else they read and write global memory (Triton's getEffects).
func pureAttrEffects(op *ir.Operation, buf []ir.Effect) []ir.Effect {
	if a, ok := op.Attr("pure").(*ir.IntegerAttr); ok && a.Bool() {
		return buf
	}
	return append(buf, ir.Effect{Kind: ir.Read, Resource: "global"}, ir.Effect{Kind: ir.Write, Resource: "global"})
}

func parseClampF(p ir.OpParser, st *ir.OperationState) error {
	var ops []ir.UnresolvedOperand
	for i := 0; i < 3; i++ {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		ops = append(ops, u)
		if err := p.ParseComma(); err != nil {
			return err
		}
	}
	if err := p.ParseExpectedKeyword("propagateNan"); err != nil {
		return err
	}
	if err := p.ParseEqual(); err != nil {
		return err
	}
	v, err := parseEnumKeyword(p, st, PropagateNanEnum, "propagateNan")
	if err != nil {
		return err
	}
	st.AddAttr("propagateNan", ir.I32Attr(p.Context(), v))
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	vals, err := resolveAll(p, ops, t)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{t}
	return nil
}

func printClampF(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.WriteString(", propagateNan = ")
	printEnumKeyword(p, PropagateNanEnum, op.Attr("propagateNan"))
	p.PrintOptionalAttrDict(op.Attrs(), "propagateNan")
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// parseInlineAsm parses `$asm_string attr-dict ($args^ : type($args))? -> type($result)`.
func parseInlineAsm(p ir.OpParser, st *ir.OperationState) error {
	s, err := p.ParseString()
	if err != nil {
		return err
	}
	st.AddAttr("asm_string", ir.StringAttrOf(p.Context(), s))
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(ops) > 0 {
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		vals, err := p.ResolveOperands(ops, ts)
		if err != nil {
			return err
		}
		st.Operands = vals
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	st.Types = ts
	return nil
}

func printInlineAsm(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	if s, ok := op.Attr("asm_string").(*ir.StringAttr); ok {
		p.PrintString(s.Value)
	}
	p.PrintOptionalAttrDict(op.Attrs(), "asm_string")
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.WriteString(" : ")
		p.PrintTypes(op.OperandTypes())
	}
	p.WriteString(" -> ")
	p.PrintTypes(op.ResultTypes())
}

func verifyInlineAsm(op *ir.Operation) error {
	if op.NumOperands() >= 1 {
		n := int64(1)
		if rt, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok {
			n = rt.NumElements()
		}
		pe := enumValue(op, "packed_element", 1)
		if pe != 0 && n%pe != 0 {
			return plainError(op, "number of input elements %d must be a multiple of the op's packed_element attribute, %d", n, pe)
		}
	}
	return nil
}

// NewExternElementwise creates `tt.extern_elementwise`.
func NewExternElementwise(b *ir.Builder, loc ir.Location, args []ir.Value, result ir.Type, libname, libpath, symbol string, pure bool) *ir.Operation {
	ctx := b.Ctx
	return b.CreateOp("tt.extern_elementwise", loc, args, []ir.Type{result},
		ir.NamedAttr{Name: "libname", Value: ir.StringAttrOf(ctx, libname)},
		ir.NamedAttr{Name: "libpath", Value: ir.StringAttrOf(ctx, libpath)},
		ir.NamedAttr{Name: "symbol", Value: ir.StringAttrOf(ctx, symbol)},
		ir.NamedAttr{Name: "pure", Value: ir.BoolAttrOf(ctx, pure)})
}

// NewClampF creates `tt.clampf x, lo, hi, propagateNan = ...`.
func NewClampF(b *ir.Builder, loc ir.Location, x, lo, hi ir.Value, nan PropagateNan) *ir.Operation {
	return b.CreateOp("tt.clampf", loc, []ir.Value{x, lo, hi}, []ir.Type{x.Type()},
		ir.NamedAttr{Name: "propagateNan", Value: ir.I32EnumAttr(b.Ctx, nan)})
}

// NewMulhiUI creates `tt.mulhiui`.
func NewMulhiUI(b *ir.Builder, loc ir.Location, x, y ir.Value) *ir.Operation {
	return b.CreateOp("tt.mulhiui", loc, []ir.Value{x, y}, []ir.Type{x.Type()})
}

// NewPreciseSqrt creates `tt.precise_sqrt`.
func NewPreciseSqrt(b *ir.Builder, loc ir.Location, x ir.Value) *ir.Operation {
	return b.CreateOp("tt.precise_sqrt", loc, []ir.Value{x}, []ir.Type{x.Type()})
}

// NewPreciseDivF creates `tt.precise_divf`.
func NewPreciseDivF(b *ir.Builder, loc ir.Location, x, y ir.Value) *ir.Operation {
	return b.CreateOp("tt.precise_divf", loc, []ir.Value{x, y}, []ir.Type{x.Type()})
}
