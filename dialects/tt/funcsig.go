package tt

import (
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/ir"
)

// tt.func shares MLIR's FunctionOpInterface syntax with func.func; the
// parse, print and verify helpers of dialects/func implement it.

func parseFunctionOp(p ir.OpParser, st *ir.OperationState) error {
	return function.ParseFunctionOp(p, st, false)
}

func printFunctionOp(p ir.OpPrinter, op *ir.Operation) { function.PrintFunctionOp(p, op, false) }

func verifyFunctionOp(op *ir.Operation) error {
	if err := function.VerifyFunctionOp(op); err != nil {
		return err
	}
	if ft := (FuncOp{op}).Type(); ft != nil {
		return verifyArgHints(op, ft.Inputs)
	}
	return nil
}

// dictArray returns [dict, ...] when any dict is non-empty, else nil.
func dictArray(ctx *ir.Context, ds []*ir.DictionaryAttr) *ir.ArrayAttr {
	any := false
	for _, d := range ds {
		if d != nil && len(d.Entries) > 0 {
			any = true
		}
	}
	if !any {
		return nil
	}
	elems := make([]ir.Attribute, len(ds))
	for i, d := range ds {
		if d == nil {
			d = ir.DictionaryAttrOf(ctx, nil)
		}
		elems[i] = d
	}
	return ir.ArrayAttrOf(ctx, elems)
}

func dictEntries(a ir.Attribute, i int) []ir.NamedAttr {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	if d, ok := arr.Elems[i].(*ir.DictionaryAttr); ok {
		return d.Entries
	}
	return nil
}
