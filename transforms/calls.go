package transforms

import (
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// This file models MLIR's CallOpInterface and CallableOpInterface, and
// the dialect inliner hooks, for the func and tt dialects.

// isCall reports whether op is a direct call (func.call, tt.call).
func isCall(op *ir.Operation) bool {
	d := op.Def()
	return d == function.CallOpDef || d == tt.CallDef
}

// calleeRef returns the callee symbol of a call, or nil.
func calleeRef(call *ir.Operation) *ir.SymbolRefAttr {
	ref, _ := call.Attr("callee").(*ir.SymbolRefAttr)
	return ref
}

// isCallable reports whether op is a function op (func.func, tt.func).
func isCallable(op *ir.Operation) bool {
	d := op.Def()
	return d == function.FuncOpDef || d == tt.FuncDef
}

// callableRegion returns the body of a callable, or nil for a
// declaration (MLIR gives external functions no callable region).
func callableRegion(op *ir.Operation) *ir.Region {
	if op.NumRegions() == 0 || op.Region(0).Empty() {
		return nil
	}
	return op.Region(0)
}

// callableResultTypes returns the result types of a callable.
func callableResultTypes(op *ir.Operation) ([]ir.Type, bool) {
	ft := function.FunctionType(op)
	if ft == nil {
		return nil, false
	}
	return ft.Results, true
}

// isReturnOf reports whether t is the return terminator of a callable
// (func.return, tt.return): the terminator the inliner rewrites.
func isReturnOf(t *ir.Operation) bool {
	d := t.Def()
	return d == function.ReturnOpDef || d == tt.ReturnDef
}

// legalToInline is the dialects' isLegalToInline(call, callable): Triton
// never inlines a tt.func marked `noinline = true`; func.call carries
// MLIR's `no_inline` unit attribute.
func legalToInline(call, callable *ir.Operation) bool {
	if boolAttrSet(callable.Attr("noinline")) {
		return false
	}
	if call.Def() == function.CallOpDef && call.Attr("no_inline") != nil {
		return false
	}
	return true
}

func boolAttrSet(a ir.Attribute) bool {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return a.Bool()
	case *ir.UnitAttr:
		return true
	}
	return false
}

// axisInfoHints are the hint attributes Triton's inliner copies from a
// tt.call onto the ops defining the inlined results (its handleResult
// hook), so that tl.multiple_of & co. on a helper's result survive.
var axisInfoHints = []string{"tt.divisibility", "tt.contiguity", "tt.constancy"}

// handleResults runs the call dialect's result hook on the values that
// replace the call's results.
func handleResults(call *ir.Operation, results []ir.Value) {
	if call.Def() != tt.CallDef {
		return
	}
	for _, v := range results {
		def := v.DefiningOp()
		if def == nil {
			continue
		}
		for _, name := range axisInfoHints {
			if a := call.Attr(name); a != nil {
				def.SetAttr(name, a)
			}
		}
	}
}
