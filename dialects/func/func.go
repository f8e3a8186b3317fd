package function

import (
	"github.com/ttcompiler/tt/ir"
)

// FuncOpDef is `func.func`.
var FuncOpDef = Dialect.NewOp("func", ir.IsolatedFromAbove|ir.Symbol|ir.AutomaticAllocationScope)

func init() {
	d := FuncOpDef
	d.Inherent = FunctionInherent
	d.DefaultDialect = "func"
	d.Parse = func(p ir.OpParser, st *ir.OperationState) error { return ParseFunctionOp(p, st, false) }
	d.Print = func(p ir.OpPrinter, op *ir.Operation) { PrintFunctionOp(p, op, false) }
	d.Verify = verifyFunc
}

func verifyFunc(op *ir.Operation) error {
	if err := VerifyFunctionOp(op); err != nil {
		return err
	}
	return VerifySymbolVisibility(op)
}

// VerifySymbolVisibility applies MLIR's SymbolOpInterface checks: a known
// visibility, and no public declarations.
func VerifySymbolVisibility(op *ir.Operation) error {
	vis := "public"
	if a := op.Attr(ir.SymbolVisibilityAttrName); a != nil {
		s, ok := a.(*ir.StringAttr)
		if !ok || s.Value != "public" && s.Value != "private" && s.Value != "nested" {
			return ir.OpErrorf(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", attrText(a))
		}
		vis = s.Value
	}
	if op.NumRegions() > 0 && op.Region(0).Empty() && vis == "public" {
		return ir.OpErrorf(op, "symbol declaration cannot have public visibility")
	}
	return nil
}

// FuncOp is a typed view of a func.func operation.
type FuncOp struct{ *ir.Operation }

// Name returns the symbol name.
func (f FuncOp) Name() string { return ir.SymbolName(f.Operation) }

// Type returns the function type.
func (f FuncOp) Type() *ir.FunctionType { return FunctionType(f.Operation) }

// IsDeclaration reports whether the function has no body.
func (f FuncOp) IsDeclaration() bool { return f.Region(0).Empty() }

// Body returns the entry block, or nil for declarations.
func (f FuncOp) Body() *ir.Block { return f.Region(0).Front() }

// Arguments returns the entry block arguments.
func (f FuncOp) Arguments() []ir.Value { return f.Region(0).Arguments() }

// NewFunc builds `func.func @name` of type ft with an entry block whose
// arguments match the inputs (a declaration if declaration is true, then
// made private as MLIR requires).
func NewFunc(b *ir.Builder, loc ir.Location, name string, ft *ir.FunctionType, declaration bool) *ir.Operation {
	return NewFunctionLike(b, "func.func", loc, name, ft, declaration)
}

// NewFunctionLike builds a function op of any FunctionOpInterface kind
// (func.func, tt.func) with the standard inherent attributes.
func NewFunctionLike(b *ir.Builder, opName string, loc ir.Location, name string, ft *ir.FunctionType, declaration bool) *ir.Operation {
	ctx := b.Ctx
	st := ir.NewState(ctx, opName, loc)
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(ctx, name))
	st.AddAttr(FunctionTypeAttr, ir.TypeAttrOf(ctx, ft))
	r := st.AddRegion()
	if declaration {
		st.AddAttr(ir.SymbolVisibilityAttrName, ir.StringAttrOf(ctx, "private"))
	} else {
		locs := make([]ir.Location, len(ft.Inputs))
		for i := range locs {
			locs[i] = loc
		}
		r.Append(ir.NewBlock(ctx, ft.Inputs, locs))
	}
	return b.Create(st)
}
