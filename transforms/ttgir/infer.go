package ttgir

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
	"github.com/ttcompiler/tt/transforms/ttgir/layouts"
)

// Layout propagation rules (Triton's inferSrcEncoding/inferDstEncoding):
// given the layout of one side of an op, the layout the other side must
// have for the op to move no data. nil means the op cannot be
// propagated through.

// sameEncoding reports whether op keeps its operands' layout on its
// results: elementwise ops, ops with SameOperandsAndResultEncoding, loads.
func sameEncoding(op *ir.Operation) bool {
	return op.Has(ir.SameOperandsAndResultEncoding) || op.Has(ir.Elementwise) || op.Name() == "tt.load"
}

func isUpcast(op *ir.Operation) bool {
	return op.Name() == "ttg.upcast_mxfp" || op.Name() == "ttg.fp4_to_fp"
}

// inferSrcEncoding is the layout op's operands need for its result to have
// enc.
func inferSrcEncoding(op *ir.Operation, enc ir.Attribute) ir.Attribute {
	if enc == nil {
		return nil
	}
	ctx := op.Context()
	if op.Name() == "tt.scan" {
		if _, ok := enc.(*ttg.BlockedEncoding); !ok {
			return nil
		}
	}
	if isUpcast(op) {
		return nil
	}
	if sameEncoding(op) {
		return enc
	}
	switch op.Name() {
	case "scf.while", "scf.yield", "scf.condition", "ttng.warp_group_dot_wait":
		return enc
	case "tt.reduce":
		if s, ok := enc.(*ttg.SliceEncoding); ok && s.Dim == reduceAxis(op) {
			return s.Parent
		}
		return nil
	case "tt.expand_dims":
		if d, ok := enc.(ttg.DistributedLayout); ok {
			return ttg.NewSlice(ctx, tt.ExpandDimsOp{Operation: op}.Axis(), d)
		}
		return nil
	case "tt.join":
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		r, err := ttg.InferSplitEncoding(ctx, enc, rt.Dims)
		if err != nil {
			return nil
		}
		return r
	case "tt.split":
		st := op.Result(0).Type().(*ir.RankedTensorType)
		r, err := layouts.InferJoinEncoding(ctx, enc, st.Dims)
		if err != nil {
			return nil
		}
		return r
	case "tt.trans":
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		return transEncoding(ctx, enc, rt.Dims, inverse(transOrder(op)))
	case "tt.reshape":
		src := op.Operand(0).Type().(*ir.RankedTensorType)
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		return reshapeEncoding(ctx, rt.Dims, enc, src.Dims, tt.ReshapeOp{Operation: op}.AllowReorder())
	case "tt.gather":
		return enc
	}
	return nil
}

// inferDstEncoding is the layout op's results get when its operand has
// enc.
func inferDstEncoding(op *ir.Operation, enc ir.Attribute) ir.Attribute {
	if enc == nil {
		return nil
	}
	ctx := op.Context()
	if op.Name() == "tt.scan" {
		if _, ok := enc.(*ttg.BlockedEncoding); !ok {
			return nil
		}
	}
	if isUpcast(op) {
		return nil
	}
	if sameEncoding(op) {
		return enc
	}
	switch op.Name() {
	case "scf.while", "scf.for", "scf.yield", "scf.condition", "ttng.warp_group_dot_wait":
		return enc
	case "tt.reduce":
		if d, ok := enc.(ttg.DistributedLayout); ok {
			return ttg.NewSlice(ctx, tt.ReduceOp{Operation: op}.Axis(), d)
		}
		return nil
	case "tt.expand_dims":
		if s, ok := enc.(*ttg.SliceEncoding); ok && s.Dim == expandAxis(op) {
			return s.Parent
		}
		return nil
	case "tt.join":
		lt := op.Operand(0).Type().(*ir.RankedTensorType)
		r, err := layouts.InferJoinEncoding(ctx, enc, lt.Dims)
		if err != nil {
			return nil
		}
		return r
	case "tt.split":
		st := op.Operand(0).Type().(*ir.RankedTensorType)
		r, err := ttg.InferSplitEncoding(ctx, enc, st.Dims)
		if err != nil {
			return nil
		}
		return r
	case "tt.trans":
		st := op.Operand(0).Type().(*ir.RankedTensorType)
		return transEncoding(ctx, enc, st.Dims, transOrder(op))
	case "tt.reshape":
		src := op.Operand(0).Type().(*ir.RankedTensorType)
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		return reshapeEncoding(ctx, src.Dims, enc, rt.Dims, tt.ReshapeOp{Operation: op}.AllowReorder())
	case "tt.gather":
		return enc
	}
	return nil
}

func transOrder(op *ir.Operation) []int {
	o := tt.TransOp{Operation: op}.Order()
	out := make([]int, len(o))
	for i, x := range o {
		out[i] = int(x)
	}
	return out
}

func inverse(p []int) []int {
	out := make([]int, len(p))
	for i, x := range p {
		if x >= 0 && x < len(p) {
			out[x] = i
		}
	}
	return out
}

func transEncoding(ctx *ir.Context, enc ir.Attribute, shape []int64, order []int) ir.Attribute {
	r, err := ttg.InferTransEncoding(ctx, enc, shape, order)
	if err != nil {
		return nil
	}
	return r
}

// reshapeEncoding is the layout of a reshape's result from srcShape to
// dstShape when its operand has enc, so that no data moves: the same
// layout for a no-op reshape, the default layout for the default layout,
// otherwise the operand's linear layout with its elements renumbered in
// row-major order. Reshapes that may reorder elements have no such
// layout (optimize-thread-locality chooses theirs).
func reshapeEncoding(ctx *ir.Context, srcShape []int64, enc ir.Attribute, dstShape []int64, allowReorder bool) ir.Attribute {
	if allowReorder {
		return nil
	}
	if ir.EqualShape(srcShape, dstShape) {
		return enc
	}
	if b, ok := enc.(*ttg.BlockedEncoding); ok {
		warps, threads := prod(b.WarpsPerCTA), prod(b.ThreadsPerWarp)
		ctas := b.CGALayout.NumCTAs()
		if enc == ttg.DefaultBlocked(ctx, srcShape, warps, threads, ctas) {
			return ttg.DefaultBlocked(ctx, dstShape, warps, threads, ctas)
		}
	}
	if _, ok := enc.(ttg.DistributedLayout); !ok {
		return nil
	}
	ll, err := ttg.ToLinearLayout(enc, srcShape)
	if err != nil || ir.NumElements(srcShape) != ir.NumElements(dstShape) {
		return nil
	}
	// Out dims are flattened with the first one minor; reversing them
	// first makes the last dim minor, i.e. row-major order.
	src := ll.OutDimNames()
	rev := make([]string, len(src))
	for i, n := range src {
		rev[len(src)-1-i] = n
	}
	dst := linearlayout.LabeledShape(dstShape)
	revDst := make([]linearlayout.Dim, len(dst))
	names := make([]string, len(dst))
	for i, d := range dst {
		revDst[len(dst)-1-i] = d
		names[i] = d.Name
	}
	reshaped := ll.TransposeOuts(rev).ReshapeOuts(revDst).TransposeOuts(names)
	return ttg.NewLinearFromLL(ctx, reshaped)
}

func prod(v []int) int {
	p := 1
	for _, x := range v {
		p *= x
	}
	return p
}

func reduceAxis(op *ir.Operation) int { return tt.ReduceOp{Operation: op}.Axis() }
func expandAxis(op *ir.Operation) int { return tt.ExpandDimsOp{Operation: op}.Axis() }
