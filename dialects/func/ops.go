package function

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The func dialect's other operations.
var (
	ReturnOpDef       = Dialect.NewOp("return", ir.Pure|ir.Terminator|ir.ReturnLike)
	CallOpDef         = Dialect.NewOp("call", 0)
	CallIndirectOpDef = Dialect.NewOp("call_indirect", 0)
	ConstantOpDef     = Dialect.NewOp("constant", ir.ConstantLike|ir.Pure)
)

func init() {
	ReturnOpDef.HasParent = []string{"func.func"}
	ReturnOpDef.Parse = parseReturn
	ReturnOpDef.Print = printReturn
	ReturnOpDef.Verify = verifyReturn

	CallOpDef.Inherent = []string{"arg_attrs", "callee", "no_inline", "res_attrs"}
	CallOpDef.Parse = parseCall
	CallOpDef.Print = printCall
	CallOpDef.Verify = verifyCall

	CallIndirectOpDef.Inherent = []string{"arg_attrs", "res_attrs"}
	CallIndirectOpDef.Parse = parseCallIndirect
	CallIndirectOpDef.Print = printCallIndirect
	CallIndirectOpDef.Verify = verifyCallIndirect
	CallIndirectOpDef.Canonicalize = []ir.RewritePattern{callIndirectOfConstant{}}

	ConstantOpDef.Inherent = []string{"value"}
	ConstantOpDef.Parse = parseConstant
	ConstantOpDef.Print = printConstant
	ConstantOpDef.Verify = verifyConstant
	ConstantOpDef.ResultNames = func(op *ir.Operation, set func(ir.Value, string)) {
		if op.NumResults() == 1 {
			set(op.Result(0), "f")
		}
	}
	ConstantOpDef.Fold = func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
		return []ir.FoldResult{{Attr: op.Attr("value")}}
	}
	Dialect.MaterializeConstant = func(b *ir.Builder, value ir.Attribute, typ ir.Type, loc ir.Location) *ir.Operation {
		ref, ok := value.(*ir.SymbolRefAttr)
		if !ok || len(ref.Nested) > 0 {
			return nil
		}
		if _, fn := typ.(*ir.FunctionType); !fn {
			return nil
		}
		st := ir.NewState(b.Ctx, "func.constant", loc)
		st.AddAttr("value", ref)
		st.Types = []ir.Type{typ}
		return b.Create(st)
	}
}

func attrText(a ir.Attribute) string { return asm.AttrString(a) }

// ParseOperandsWithTypes parses the optional `%a, %b : T, U` tail of
// `attr-dict ($operands^ `:` type($operands))?` (the caller parses the
// attribute dictionary first).
func ParseOperandsWithTypes(p ir.OpParser, st *ir.OperationState) error {
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil || len(ops) == 0 {
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
	st.Operands = append(st.Operands, vals...)
	return nil
}

// PrintOperandsWithTypes prints `attr-dict ($operands^ : types)?`:
// ` {attrs} %a, %b : T, U`.
func PrintOperandsWithTypes(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.WriteString(" : ")
		p.PrintTypes(op.OperandTypes())
	}
}

// syntax: attr-dict ($operands^ `:` type($operands))?
func parseReturn(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	return ParseOperandsWithTypes(p, st)
}

func printReturn(p ir.OpPrinter, op *ir.Operation) { PrintOperandsWithTypes(p, op) }

func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp()
	if fn == nil || fn.Def() != FuncOpDef {
		return nil
	}
	ft := FunctionType(fn)
	if ft == nil {
		return nil
	}
	if op.NumOperands() != len(ft.Results) {
		return ir.OpErrorf(op, "has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), ir.SymbolName(fn), len(ft.Results))
	}
	for i, t := range ft.Results {
		if ot := op.Operand(i).Type(); ot != t {
			return ir.Errorf(op.Loc(), "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, asm.TypeString(ot), asm.TypeString(t), ir.SymbolName(fn))
		}
	}
	return nil
}

// NewReturn builds `func.return vals`.
func NewReturn(b *ir.Builder, loc ir.Location, vals []ir.Value) *ir.Operation {
	return b.CreateOp("func.return", loc, vals, nil)
}

// syntax: $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
func parseCall(p ir.OpParser, st *ir.OperationState) error {
	callee, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("callee", ir.FlatSymbolRef(p.Context(), callee))
	ops, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	ins, outs, err := p.ParseFunctionalType()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands(ops, ins)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = outs
	return nil
}

func printCall(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	if ref, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
		p.PrintAttribute(ref)
	}
	p.WriteString("(")
	p.PrintOperands(op.Operands())
	p.WriteString(")")
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
}

func verifyCall(op *ir.Operation) error {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		if op.Attr("callee") == nil {
			return ir.OpErrorf(op, "requires attribute 'callee'")
		}
		return ir.OpErrorf(op, "attribute 'callee' failed to satisfy constraint: flat symbol reference attribute")
	}
	if len(ref.Nested) > 0 {
		return ir.OpErrorf(op, "attribute 'callee' failed to satisfy constraint: flat symbol reference attribute")
	}
	// verifySymbolUses: only when the symbol table is reachable.
	if ir.NearestSymbolTable(op) == nil {
		return nil
	}
	fn := ir.LookupSymbol(op, ref)
	if fn == nil || fn.Def() != FuncOpDef {
		return ir.OpErrorf(op, "'%s' does not reference a valid function", ref.Root)
	}
	ft := FunctionType(fn)
	if ft == nil {
		return nil
	}
	return verifyCallTypes(op, op.OperandTypes(), ft)
}

func verifyCallTypes(op *ir.Operation, args []ir.Type, ft *ir.FunctionType) error {
	if len(ft.Inputs) != len(args) {
		return ir.OpErrorf(op, "incorrect number of operands for callee")
	}
	for i, t := range ft.Inputs {
		if args[i] != t {
			return ir.OpErrorf(op, "operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", asm.TypeString(t), asm.TypeString(args[i]), i)
		}
	}
	if len(ft.Results) != op.NumResults() {
		return ir.OpErrorf(op, "incorrect number of results for callee")
	}
	for i, t := range ft.Results {
		if rt := op.Result(i).Type(); rt != t {
			d := ir.OpErrorf(op, "result type mismatch at index %d", i)
			d.Note(op.Loc(), "      op result types: %s", typeList(op.ResultTypes()))
			d.Note(op.Loc(), "function result types: %s", typeList(ft.Results))
			return d
		}
	}
	return nil
}

func typeList(ts []ir.Type) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += asm.TypeString(t)
	}
	return s
}

// NewCall builds `func.call @callee(args) : (...) -> results`.
func NewCall(b *ir.Builder, loc ir.Location, callee string, results []ir.Type, args []ir.Value) *ir.Operation {
	st := ir.NewState(b.Ctx, "func.call", loc)
	st.AddAttr("callee", ir.FlatSymbolRef(b.Ctx, callee))
	st.Operands = args
	st.Types = results
	return b.Create(st)
}

// syntax: $callee `(` $callee_operands `)` attr-dict `:` type($callee)
func parseCallIndirect(p ir.OpParser, st *ir.OperationState) error {
	callee, err := p.ParseOperand()
	if err != nil {
		return err
	}
	ops, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return p.ErrorfAt(loc, "'callee' must be function type, but got '%s'", asm.TypeString(t))
	}
	c, err := p.ResolveOperand(callee, ft)
	if err != nil {
		return err
	}
	args, err := p.ResolveOperands(ops, ft.Inputs)
	if err != nil {
		return err
	}
	st.Operands = append([]ir.Value{c}, args...)
	st.Types = ft.Results
	return nil
}

func printCallIndirect(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString("(")
	p.PrintOperands(op.Operands()[1:])
	p.WriteString(")")
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

func verifyCallIndirect(op *ir.Operation) error {
	if op.NumOperands() < 1 {
		return ir.OpErrorf(op, "expected 1 or more operands, but found 0")
	}
	ft, ok := op.Operand(0).Type().(*ir.FunctionType)
	if !ok {
		return ir.OpErrorf(op, "operand #0 must be function type, but got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if len(ft.Inputs) != op.NumOperands()-1 || !sameTypes(ft.Inputs, op.OperandTypes()[1:]) {
		return ir.OpErrorf(op, "failed to verify that callee input types match argument types")
	}
	if !sameTypes(ft.Results, op.ResultTypes()) {
		return ir.OpErrorf(op, "failed to verify that callee result types match result types")
	}
	return nil
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// callIndirectOfConstant rewrites call_indirect of a func.constant into a
// direct func.call (MLIR's SimplifyIndirectCallWithKnownCallee).
type callIndirectOfConstant struct{}

func (callIndirectOfConstant) RootName() string { return "func.call_indirect" }
func (callIndirectOfConstant) Benefit() int     { return 1 }
func (callIndirectOfConstant) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	c := op.Operand(0).DefiningOp()
	if c == nil || c.Def() != ConstantOpDef {
		return false
	}
	ref, ok := c.Attr("value").(*ir.SymbolRefAttr)
	if !ok {
		return false
	}
	st := ir.NewState(op.Context(), "func.call", op.Loc())
	st.AddAttr("callee", ref)
	st.Operands = op.Operands()[1:]
	st.Types = op.ResultTypes()
	rw.ReplaceOpWithOp(op, rw.Create(st))
	return true
}

// syntax: attr-dict $value `:` type(results)
func parseConstant(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("value", ir.FlatSymbolRef(p.Context(), name))
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.Types = []ir.Type{t}
	return nil
}

func printConstant(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" ")
	p.PrintAttribute(op.Attr("value"))
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

func verifyConstant(op *ir.Operation) error {
	ref, ok := op.Attr("value").(*ir.SymbolRefAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'value'")
	}
	if ir.NearestSymbolTable(op) == nil {
		return nil
	}
	fn := ir.LookupSymbol(op, ref)
	if fn == nil || fn.Def() != FuncOpDef {
		return ir.OpErrorf(op, "reference to undefined function '%s'", ref.Root)
	}
	if ft := FunctionType(fn); ft != nil && ir.Type(ft) != op.Result(0).Type() {
		return ir.OpErrorf(op, "reference to function with mismatched type")
	}
	return nil
}
