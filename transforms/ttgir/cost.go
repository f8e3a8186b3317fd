package ttgir

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// What rematerializing or re-laying-out an op costs, in Triton's terms.

// isExpensiveLoadOrStore: a block-pointer access, or a tensor access with
// at least one element per thread. Scalar and tiny accesses (all threads
// hit the same few lines) are cheap to repeat in another layout.
func isExpensiveLoadOrStore(op *ir.Operation) bool {
	if op.NumOperands() == 0 {
		return false
	}
	ptr := op.Operand(0).Type()
	if tt.IsTensorPointer(ptr) {
		return true
	}
	rt, ok := ptr.(*ir.RankedTensorType)
	if !ok || rt.NumElements() == 1 {
		return false
	}
	warps, _ := ttg.LookupNumWarps(op)
	threads := ttg.ThreadsPerWarp(ttg.ModuleOf(op))
	return rt.NumElements() >= int64(warps*threads)
}

// isExpensiveCat: the layout would give threads fewer registers than the
// concatenation produces.
func isExpensiveCat(cat *ir.Operation, target ir.Attribute) bool {
	rt := cat.Result(0).Type().(*ir.RankedTensorType)
	return ttg.TotalElemsPerThread(withEncoding(cat.Context(), rt, target)) < ttg.TotalElemsPerThread(rt)
}

// isExpensiveToRemat reports ops never worth recomputing in another layout.
func isExpensiveToRemat(op *ir.Operation, target ir.Attribute) bool {
	if op == nil {
		return true
	}
	switch op.Name() {
	case "tt.load", "tt.store":
		return isExpensiveLoadOrStore(op)
	case "tt.cat":
		return isExpensiveCat(op, target)
	case "ttg.async_copy_global_to_local", "tt.atomic_rmw", "tt.atomic_cas", "tt.dot",
		"scf.yield", "scf.for", "scf.if", "scf.while", "scf.condition":
		return true
	}
	return false
}

// canFoldIntoConversion reports ops that can be recreated directly in the
// target layout (constants, ranges, splats, layout conversions, shared
// memory accesses, cheap concatenations and reshapes).
func canFoldIntoConversion(op *ir.Operation, target ir.Attribute) bool {
	switch op.Name() {
	case "tt.cat":
		return !isExpensiveCat(op, target)
	case "ttg.convert_layout":
		if _, isMma := target.(*ttg.NvidiaMmaEncoding); isMma {
			return encodingOf(op.Operand(0)) == target
		}
		return true
	case "tt.reshape":
		r := tt.ReshapeOp{Operation: op}
		if !r.AllowReorder() || r.EfficientLayout() {
			return false
		}
		return !ttg.IsExpensiveView(op.Operand(0).Type(), withEncoding(op.Context(), op.Result(0).Type(), target))
	case "arith.constant", "tt.make_range", "tt.splat", "tt.histogram",
		"ttg.local_alloc", "ttg.local_load", "ttg.local_store":
		return true
	}
	return false
}

// isFreeConvert reports a convert_layout that only reorders registers.
func isFreeConvert(op *ir.Operation) bool {
	if op.Name() != "ttg.convert_layout" {
		return false
	}
	src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
	dst, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
	return ok1 && ok2 && ttg.ReordersRegisters(src, dst)
}

// isLayoutAnchor reports ops whose layout is kept and propagated from:
// TMA descriptor accesses, expensive loads and stores, dots, atomics,
// gathers with an optimized layout, and reshapes that may reorder
// elements (their result may take any layout).
func isLayoutAnchor(op *ir.Operation) bool {
	if ir.Is[ir.DotLike](op) {
		return true
	}
	switch op.Name() {
	case "tt.descriptor_load", "tt.descriptor_store", "tt.descriptor_gather", "tt.descriptor_scatter", "tt.descriptor_reduce":
		return true
	case "tt.load", "tt.store":
		return isExpensiveLoadOrStore(op)
	case "tt.atomic_rmw", "tt.atomic_cas", "ttng.tmem_load":
		return true
	case "tt.gather":
		return op.Attr("efficient_layout") != nil
	case "tt.reshape":
		return tt.ReshapeOp{Operation: op}.AllowReorder()
	}
	return false
}

// canBeRemat reports ops that may be recomputed in another layout.
func canBeRemat(op *ir.Operation) bool {
	switch op.Name() {
	case "tt.load", "tt.store":
		return !isExpensiveLoadOrStore(op)
	case "tt.atomic_rmw", "tt.atomic_cas", "tt.dot", "scf.while", "scf.condition":
		return false
	case "tt.gather":
		return op.Attr("efficient_layout") == nil
	}
	return true
}

// propagatesLayout reports ops whose results take their operands' layout
// through ttg.InferDstEncoding (Triton's list in propagateToUsers and
// rewriteOp).
func propagatesLayout(op *ir.Operation) bool {
	if op.Has(ir.SameOperandsAndResultEncoding) || op.Has(ir.Elementwise) {
		return true
	}
	switch op.Name() {
	case "tt.reduce", "tt.expand_dims", "tt.reshape", "tt.trans", "tt.join", "tt.split", "ttg.convert_layout":
		return true
	}
	return false
}
