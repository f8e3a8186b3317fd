package amdgpu

import "github.com/ttcompiler/tt/ir"

// The canonicalization patterns of the AMD dialect: concat of one tensor
// is that tensor, and extract_slice of a concat that picks exactly one of
// its operands is that operand.

func init() {
	Concat.Def.Canonicalize = []ir.RewritePattern{ir.NewPattern("FoldSingleSourceConcat", "amdg.concat", 1, foldSingleSourceConcat)}
	ExtractSlice.Def.Canonicalize = []ir.RewritePattern{ir.NewPattern("ExtractSliceOfConcat", "amdg.extract_slice", 1, extractSliceOfConcat)}
}

// foldSingleSourceConcat: concat(x) -> x.
func foldSingleSourceConcat(op *ir.Operation, rw ir.Rewriter) bool {
	if op.NumOperands() != 1 {
		return false
	}
	rw.ReplaceOp(op, []ir.Value{op.Operand(0)})
	return true
}

// extractSliceOfConcat: extract_slice(concat(a0, a1, ...)) -> ai when the
// slice has the operands' type; i is the slice's offset, in operand-sized
// tiles, linearized row-major over the concat's tile grid.
func extractSliceOfConcat(op *ir.Operation, rw ir.Rewriter) bool {
	cat := op.Operand(0).DefiningOp()
	if cat == nil || cat.Name() != "amdg.concat" || cat.NumOperands() == 0 {
		return false
	}
	item, ok := cat.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || op.Result(0).Type() != ir.Type(item) {
		return false
	}
	dst, ok := cat.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	offs, ok := op.Attr("static_offsets").(*ir.DenseArrayAttr)
	if !ok || len(offs.Ints) != len(item.Dims) || len(dst.Dims) != len(item.Dims) {
		return false
	}
	idx := int64(0)
	for d := range item.Dims {
		if item.Dims[d] == 0 {
			return false
		}
		idx = idx*(dst.Dims[d]/item.Dims[d]) + offs.Ints[d]/item.Dims[d]
	}
	if idx < 0 || idx >= int64(cat.NumOperands()) {
		return false
	}
	rw.ReplaceOp(op, []ir.Value{cat.Operand(int(idx))})
	return true
}
