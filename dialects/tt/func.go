package tt

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Function ops: tt.func, tt.call, tt.return (copies of func.func & co.
// in Triton, printed with their full `tt.` names).
var (
	FuncDef   = Dialect.NewOp("func", ir.IsolatedFromAbove|ir.Symbol|ir.AutomaticAllocationScope)
	CallDef   = Dialect.NewOp("call", 0)
	ReturnDef = Dialect.NewOp("return", ir.Pure|ir.Terminator|ir.ReturnLike)
)

func init() {
	FuncDef.Inherent = []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"}
	FuncDef.HasParent = []string{"builtin.module"}
	FuncDef.Parse = parseFunctionOp
	FuncDef.Print = printFunctionOp
	(&opSpec{
		attrs: []attrSpec{
			optAttr("sym_visibility", isStrAttr, strAttrSummary),
		},
		verify: verifyFunctionOp,
	}).install(FuncDef)

	CallDef.Inherent = []string{"callee", "arg_attrs", "res_attrs"}
	CallDef.Parse = parseCall
	CallDef.Print = printCall
	(&opSpec{
		attrs: []attrSpec{
			reqAttr("callee", func(a ir.Attribute) bool {
				s, ok := a.(*ir.SymbolRefAttr)
				return ok && len(s.Nested) == 0
			}, symRefSummary),
		},
		verify: verifyCall,
	}).install(CallDef)

	ReturnDef.HasParent = []string{"tt.func"}
	ReturnDef.Parse = parseReturnLike
	ReturnDef.Print = printReturnLike
	(&opSpec{verify: verifyReturn}).install(ReturnDef)
}

// FuncOp is a typed view of tt.func.
type FuncOp struct{ *ir.Operation }

// Name returns the function's symbol name.
func (f FuncOp) Name() string { return ir.SymbolName(f.Operation) }

// Type returns the function type.
func (f FuncOp) Type() *ir.FunctionType {
	if ta, ok := f.Attr("function_type").(*ir.TypeAttr); ok {
		if fn, ok := ta.Value.(*ir.FunctionType); ok {
			return fn
		}
	}
	return nil
}

// Body returns the body region.
func (f FuncOp) Body() *ir.Region { return f.Region(0) }

// IsDeclaration reports whether the function has no body.
func (f FuncOp) IsDeclaration() bool { return f.Region(0).Empty() }

// IsPublic reports whether the function is not private (kernels are).
func (f FuncOp) IsPublic() bool { return !ir.IsPrivateSymbol(f.Operation) }

// ArgAttr returns attribute name of argument i (`tt.divisibility`), or nil.
func (f FuncOp) ArgAttr(i int, name string) ir.Attribute {
	for _, e := range dictEntries(f.Attr("arg_attrs"), i) {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

// SetArgAttr sets attribute name of argument i.
func (f FuncOp) SetArgAttr(i int, name string, v ir.Attribute) {
	ctx := f.Context()
	n := len(f.Type().Inputs)
	ds := make([]*ir.DictionaryAttr, n)
	for j := 0; j < n; j++ {
		entries := dictEntries(f.Attr("arg_attrs"), j)
		if j == i {
			entries = append(append([]ir.NamedAttr(nil), entries...), ir.NamedAttr{Name: name, Value: v})
		}
		ds[j] = ir.DictionaryAttrOf(ctx, entries)
	}
	f.SetAttr("arg_attrs", dictArray(ctx, ds))
}

// NewFunc creates a detached tt.func with an entry block whose arguments
// have the function's input types. visibility may be "" (none), "public"
// or "private".
func NewFunc(ctx *ir.Context, loc ir.Location, name string, fnType *ir.FunctionType, visibility string) FuncOp {
	st := ir.NewState(ctx, "tt.func", loc)
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(ctx, name))
	st.AddAttr("function_type", ir.TypeAttrOf(ctx, fnType))
	if visibility != "" {
		st.AddAttr(ir.SymbolVisibilityAttrName, ir.StringAttrOf(ctx, visibility))
	}
	r := st.AddRegion()
	r.Append(ir.NewBlock(ctx, fnType.Inputs, nil))
	return FuncOp{ir.Create(st)}
}

// NewFuncDecl creates a detached tt.func declaration (no body).
func NewFuncDecl(ctx *ir.Context, loc ir.Location, name string, fnType *ir.FunctionType, visibility string) FuncOp {
	st := ir.NewState(ctx, "tt.func", loc)
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(ctx, name))
	st.AddAttr("function_type", ir.TypeAttrOf(ctx, fnType))
	if visibility != "" {
		st.AddAttr(ir.SymbolVisibilityAttrName, ir.StringAttrOf(ctx, visibility))
	}
	st.AddRegion()
	return FuncOp{ir.Create(st)}
}

// NewReturn creates `tt.return vals`.
func NewReturn(b *ir.Builder, loc ir.Location, vals ...ir.Value) *ir.Operation {
	return b.CreateOp("tt.return", loc, vals, nil)
}

// CallOp is a typed view of tt.call.
type CallOp struct{ *ir.Operation }

// Callee returns the called function's name.
func (c CallOp) Callee() string {
	if s, ok := c.Attr("callee").(*ir.SymbolRefAttr); ok {
		return s.Root
	}
	return ""
}

// NewCall creates `tt.call @callee(args) : (...) -> results`.
func NewCall(b *ir.Builder, loc ir.Location, callee string, results []ir.Type, args ...ir.Value) *ir.Operation {
	return b.CreateOp("tt.call", loc, args, results, ir.NamedAttr{Name: "callee", Value: ir.FlatSymbolRef(b.Ctx, callee)})
}

func parseCall(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("callee", ir.FlatSymbolRef(ctx, name))
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
	if s, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
		p.PrintSymbolName(s.Root)
	}
	p.WriteString("(")
	p.PrintOperands(op.Operands())
	p.WriteString(")")
	p.PrintOptionalAttrDict(op.Attrs(), "callee")
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
}

func verifyCall(op *ir.Operation) error {
	ref, _ := op.Attr("callee").(*ir.SymbolRefAttr)
	if ref == nil {
		return nil
	}
	fn := ir.LookupSymbol(op, ref)
	if fn == nil || fn.Name() != "tt.func" {
		return opError(op, "'%s' does not reference a valid function", ref.Root)
	}
	ft := FuncOp{fn}.Type()
	if ft == nil {
		return nil
	}
	if len(ft.Inputs) != op.NumOperands() {
		return opError(op, "incorrect number of operands for callee")
	}
	for i, t := range ft.Inputs {
		if got := op.Operand(i).Type(); got != t {
			return opError(op, "operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", asm.TypeString(t), asm.TypeString(got), i)
		}
	}
	if len(ft.Results) != op.NumResults() {
		return opError(op, "incorrect number of results for callee")
	}
	for i, t := range ft.Results {
		if got := op.Result(i).Type(); got != t {
			return opError(op, "result type mismatch at index %d", i).(*ir.Diagnostic).
				Note(op.Loc(), "      op result types: %s", typeList(op.ResultTypes())).
				Note(op.Loc(), "function result types: %s", typeList(ft.Results))
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
		s += "'" + asm.TypeString(t) + "'"
	}
	return s
}

// parseReturnLike parses `attr-dict ($vals^ : type($vals))?`.
func parseReturnLike(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(ops) == 0 {
		return nil
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

func printReturnLike(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.Attrs())
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.WriteString(" : ")
		p.PrintTypes(op.OperandTypes())
	}
}

func verifyReturn(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil || parent.Name() != "tt.func" {
		return nil
	}
	f := FuncOp{parent}
	ft := f.Type()
	if ft == nil {
		return nil
	}
	if op.NumOperands() != len(ft.Results) {
		return opError(op, "has %d operands, but enclosing function (@%s) returns %d", op.NumOperands(), f.Name(), len(ft.Results))
	}
	for i, t := range ft.Results {
		if got := op.Operand(i).Type(); got != t {
			return plainError(op, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, asm.TypeString(got), asm.TypeString(t), f.Name())
		}
	}
	return nil
}
