package ttir

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// structuralPatterns carry 1:N converted values through functions, calls,
// returns, scf control flow and arith.select (Triton's
// populateFunctionTypeConversions and populateArithTypeConversions, and
// MLIR's populateSCFStructuralTypeConversions).
func structuralPatterns() []conversion.Pattern {
	return []conversion.Pattern{
		conversion.NewPattern("FunctionOpInterfaceSignatureConversion", "tt.func", 1, convertFuncSignature),
		conversion.NewPattern("CallOpConversion", "tt.call", 1, convertCall),
		conversion.NewPattern("ReturnOpConversion", "tt.return", 1, convertTerminator),
		conversion.NewPattern("ConvertForOpTypes", "scf.for", 1, convertFor),
		conversion.NewPattern("ConvertIfOpTypes", "scf.if", 1, convertIf),
		conversion.NewPattern("ConvertWhileOpTypes", "scf.while", 1, convertWhile),
		conversion.NewPattern("ConvertYieldOpTypes", "scf.yield", 1, convertTerminator),
		conversion.NewPattern("ConvertConditionOpTypes", "scf.condition", 1, convertTerminator),
		conversion.NewPattern("RewriteArithSelectOp", "arith.select", 1, convertSelect),
	}
}

// flatten replaces each value by its converted values.
func flatten(rw *conversion.Rewriter, vs []ir.Value) []ir.Value {
	var out []ir.Value
	for _, v := range vs {
		out = append(out, rw.RemappedN(v)...)
	}
	return out
}

// groups splits the results of a converted op into one group per
// original result, sized by the type conversion.
func groups(tc *conversion.TypeConverter, old []ir.Type, news []ir.Value) ([][]ir.Value, bool) {
	var out [][]ir.Value
	k := 0
	for _, t := range old {
		ts, ok := tc.ConvertTypes(t)
		if !ok || k+len(ts) > len(news) {
			return nil, false
		}
		out = append(out, news[k:k+len(ts)])
		k += len(ts)
	}
	return out, k == len(news)
}

// remapAttrList spreads per-value attribute dictionaries (arg_attrs or
// res_attrs) over the converted values: each original dictionary goes to
// the first value its value converts to.
func remapAttrList(ctx *ir.Context, tc *conversion.TypeConverter, a ir.Attribute, old []ir.Type) ir.Attribute {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || len(arr.Elems) != len(old) {
		return a
	}
	empty := ir.DictionaryAttrOf(ctx, nil)
	var out []ir.Attribute
	for i, t := range old {
		ts, _ := tc.ConvertTypes(t)
		out = append(out, arr.Elems[i])
		for range max(len(ts)-1, 0) {
			out = append(out, empty)
		}
	}
	return ir.ArrayAttrOf(ctx, out)
}

func convertFuncSignature(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	tc := rw.TypeConverter()
	ft := tt.FuncOp{Operation: op}.Type()
	if ft == nil {
		return false
	}
	ins, ok1 := tc.ConvertTypeList(ft.Inputs)
	outs, ok2 := tc.ConvertTypeList(ft.Results)
	if !ok1 || !ok2 {
		return false
	}
	if !op.Region(0).Empty() && !rw.ConvertRegionTypes(op.Region(0), nil) {
		return false
	}
	ctx := op.Context()
	rw.ModifyInPlace(op, func() {
		op.SetAttr("function_type", ir.TypeAttrOf(ctx, ir.Function(ctx, ins, outs)))
		if a := op.Attr("arg_attrs"); a != nil {
			op.SetAttr("arg_attrs", remapAttrList(ctx, tc, a, ft.Inputs))
		}
		if a := op.Attr("res_attrs"); a != nil {
			op.SetAttr("res_attrs", remapAttrList(ctx, tc, a, ft.Results))
		}
	})
	return true
}

func convertCall(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	tc := rw.TypeConverter()
	results, ok := tc.ConvertTypeList(op.ResultTypes())
	if !ok {
		return false
	}
	st := ir.NewState(op.Context(), op.Name(), op.Loc())
	st.Operands = flatten(rw, op.Operands())
	st.Types = results
	st.Props = append([]ir.NamedAttr(nil), op.Props()...)
	st.Attrs = append([]ir.NamedAttr(nil), op.DiscardableAttrs()...)
	call := rw.Create(st)
	g, ok := groups(tc, op.ResultTypes(), call.Results())
	if !ok {
		return false
	}
	rw.ReplaceOpN(op, g)
	return true
}

// convertTerminator rebuilds a terminator (tt.return, scf.yield,
// scf.condition) on the converted values of its operands.
func convertTerminator(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	st := ir.NewState(op.Context(), op.Name(), op.Loc())
	st.Operands = flatten(rw, op.Operands())
	st.Props = append([]ir.NamedAttr(nil), op.Props()...)
	st.Attrs = append([]ir.NamedAttr(nil), op.DiscardableAttrs()...)
	rw.Create(st)
	rw.EraseOp(op)
	return true
}

// rebuildWithRegions creates op anew with converted operands and result
// types, moves its regions over, converts their block arguments and
// replaces op.
func rebuildWithRegions(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	tc := rw.TypeConverter()
	results, ok := tc.ConvertTypeList(op.ResultTypes())
	if !ok {
		return false
	}
	st := ir.NewState(op.Context(), op.Name(), op.Loc())
	st.Operands = operands
	st.Types = results
	st.Props = append([]ir.NamedAttr(nil), op.Props()...)
	st.Attrs = append([]ir.NamedAttr(nil), op.DiscardableAttrs()...)
	for _, r := range op.Regions() {
		st.AddRegion().TakeBody(r)
	}
	n := rw.Create(st)
	for _, r := range n.Regions() {
		if !rw.ConvertRegionTypes(r, nil) {
			return false
		}
	}
	g, ok := groups(tc, op.ResultTypes(), n.Results())
	if !ok {
		return false
	}
	rw.ReplaceOpN(op, g)
	return true
}

func convertFor(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	operands := append(op.Operands()[:3:3], flatten(rw, op.Operands()[3:])...)
	return rebuildWithRegions(op, operands, rw)
}

func convertIf(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	return rebuildWithRegions(op, op.Operands(), rw)
}

func convertWhile(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	return rebuildWithRegions(op, flatten(rw, op.Operands()), rw)
}

// convertSelect turns a select of converted values into an scf.if that
// yields one group or the other.
func convertSelect(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	tv, fv := rw.RemappedN(op.Operand(1)), rw.RemappedN(op.Operand(2))
	if len(tv) != len(fv) {
		return false
	}
	ctx := op.Context()
	b := rw.B()
	ifOp := scf.NewIfShell(b, op.Loc(), op.Operand(0), ir.TypesOf(tv), true)
	ifOp.SetDiscardableAttrs(op.DiscardableAttrs())
	yb := ir.NewBuilder(ctx)
	yb.SetInsertionPointToEnd(ifOp.Region(0).Front())
	scf.NewYield(yb, op.Loc(), tv)
	yb.SetInsertionPointToEnd(ifOp.Region(1).Front())
	scf.NewYield(yb, op.Loc(), fv)
	rw.ReplaceOpN(op, [][]ir.Value{ifOp.Results()})
	return true
}
