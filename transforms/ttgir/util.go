package ttgir

import (
	"sort"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// memAccessPtr returns the pointer operand of a global memory access
// (Triton's getMemAccessPtr), or nil.
func memAccessPtr(op *ir.Operation) ir.Value {
	switch op.Name() {
	case "tt.load", "tt.atomic_rmw", "tt.atomic_cas", "ttg.async_copy_global_to_local", "tt.store":
		if op.NumOperands() > 0 {
			return op.Operand(0)
		}
	}
	return nil
}

// orderFromContiguity sorts the dims by decreasing contiguity; ties keep
// the lower dim first. (Triton's main branch breaks ties towards row-major
// order, but its 3.6 release reverted that change (release/3.6 PR #8920):
// 3.6 sorts like argSort, which the kernels compiled by 3.6 confirm.)
func orderFromContiguity(contig []int64) []int {
	n := len(contig)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return contig[order[a]] > contig[order[b]] })
	return order
}

// elementBits is the bit width of the elements a tensor holds or (for a
// tensor of pointers) addresses.
func elementBits(t *ir.RankedTensorType) int {
	e := t.Elem
	if p, ok := e.(*tt.PointerType); ok {
		e = p.Pointee
	}
	return ir.BitWidth(e)
}

// numWarpsAt is the number of warps in effect at op, or a located error.
func numWarpsAt(op *ir.Operation) (int, error) {
	if n, ok := ttg.LookupNumWarps(op); ok && n > 0 {
		return n, nil
	}
	return 0, ir.OpErrorf(op, "needs the number of warps: set \"%s\" on the module (convert-triton-to-tritongpu does)", ttg.AttrNumWarps)
}

// shapePerCTA is the part of t one CTA holds.
func shapePerCTA(t *ir.RankedTensorType) []int64 {
	return ttg.ShapePerCTA(ttg.CGAOf(t.Encoding, t.Rank()).CTASplitNum(), t.Dims)
}

func reduceAxis(op *ir.Operation) int { return tt.ReduceOp{Operation: op}.Axis() }

// withEncoding returns tensor type t with encoding enc.
func withEncoding(ctx *ir.Context, t ir.Type, enc ir.Attribute) *ir.RankedTensorType {
	rt := t.(*ir.RankedTensorType)
	return ir.RankedTensor(ctx, rt.Dims, rt.Elem, enc)
}

func tensorType(v ir.Value) (*ir.RankedTensorType, bool) {
	t, ok := v.Type().(*ir.RankedTensorType)
	return t, ok
}

func encodingOf(v ir.Value) ir.Attribute {
	if t, ok := v.Type().(*ir.RankedTensorType); ok {
		return t.Encoding
	}
	return nil
}

// yieldOf returns the terminator of region i of op.
func yieldOf(op *ir.Operation, i int) *ir.Operation {
	if i >= op.NumRegions() || op.Region(i).Empty() {
		return nil
	}
	return op.Region(i).Front().Last()
}
