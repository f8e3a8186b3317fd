// Package builtin defines MLIR's builtin operations: the module and the
// unrealized conversion cast. (Builtin types and attributes live in ir.)
package builtin

import "github.com/ttcompiler/tt/ir"

// Dialect is the builtin dialect.
var Dialect = &ir.Dialect{Name: "builtin"}

// Module is `builtin.module`, printed as `module`.
var Module = Dialect.NewOp("module", ir.IsolatedFromAbove|ir.NoTerminator|ir.SymbolTable|ir.SingleBlock|ir.Symbol)

// UnrealizedConversionCast is `builtin.unrealized_conversion_cast`.
var UnrealizedConversionCast = Dialect.NewOp("unrealized_conversion_cast", ir.Pure)

func init() {
	Module.Inherent = []string{"sym_name", "sym_visibility"}
	Module.DefaultDialect = "builtin"
	Module.RegionKind = func(*ir.Operation, int) ir.RegionKind { return ir.Graph }
	Module.Parse = parseModule
	Module.Print = printModule
	Module.Verify = verifyModule

	UnrealizedConversionCast.Parse = parseCast
	UnrealizedConversionCast.Print = printCast
}

// Load registers the builtin dialect in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

// NewModule creates an empty module with one (empty) block.
func NewModule(ctx *ir.Context, loc ir.Location) *ir.Operation {
	st := ir.NewState(ctx, "builtin.module", loc)
	st.AddRegion().Append(ir.NewBlock(ctx, nil, nil))
	return ir.Create(st)
}

// Body returns the single block of a module.
func Body(module *ir.Operation) *ir.Block { return module.Region(0).Front() }

func parseModule(p ir.OpParser, st *ir.OperationState) error {
	if name, ok := p.ParseOptionalSymbolName(); ok {
		st.AddAttr("sym_name", ir.StringAttrOf(p.Context(), name))
	}
	if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
		return err
	}
	r := st.AddRegion()
	if err := p.ParseRegion(r, nil); err != nil {
		return err
	}
	if r.Empty() {
		r.Append(ir.NewBlock(p.Context(), nil, nil))
	}
	return nil
}

func printModule(p ir.OpPrinter, op *ir.Operation) {
	if name := ir.SymbolName(op); name != "" {
		p.WriteString(" ")
		p.PrintSymbolName(name)
	}
	p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "sym_visibility")
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), false, false)
}

func verifyModule(op *ir.Operation) error {
	if op.NumRegions() != 1 {
		return ir.OpErrorf(op, "requires one region")
	}
	if b := op.Region(0).Front(); b != nil && b.NumArguments() > 0 {
		return ir.OpErrorf(op, "expected body region to have no arguments")
	}
	seen := map[string]*ir.Operation{}
	if op.Region(0).Front() == nil {
		return nil
	}
	for _, o := range op.Region(0).Front().Ops() {
		name := ir.SymbolName(o)
		if name == "" {
			continue
		}
		if prev, dup := seen[name]; dup {
			return ir.OpErrorf(o, "redefinition of symbol named '%s'", name).Note(prev.Loc(), "see existing symbol definition here")
		}
		seen[name] = o
	}
	return nil
}

func parseCast(p ir.OpParser, st *ir.OperationState) error {
	ins, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(ins) > 0 {
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		vals, err := p.ResolveOperands(ins, ts)
		if err != nil {
			return err
		}
		st.Operands = vals
	}
	if err := p.ParseExpectedKeyword("to"); err != nil {
		return err
	}
	outs, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	st.Types = outs
	return p.ParseOptionalAttrDict(st)
}

func printCast(p ir.OpPrinter, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		p.WriteString(" : ")
		p.PrintTypes(op.OperandTypes())
	}
	p.WriteString(" to ")
	p.PrintTypes(op.ResultTypes())
	p.PrintOptionalAttrDict(op.Attrs())
}
