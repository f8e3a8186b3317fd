package ttg

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Layout propagation rules (Triton's inferSrcEncoding/inferDstEncoding of
// TritonGPU/Transforms/Utility.cpp): given the layout of one side of an
// op, the layout the other side must have for the op to move no data. nil
// means the op cannot be propagated through. The layout passes
// (remove-layout-conversions, coalesce, ...) move layouts with them.

// sameEncoding reports whether op keeps its operands' layout on its
// results: elementwise ops, ops with SameOperandsAndResultEncoding, loads.
func sameEncoding(op *ir.Operation) bool {
	return op.Has(ir.SameOperandsAndResultEncoding) || op.Has(ir.Elementwise) || op.Name() == "tt.load"
}

// fp4Encoding is the layout across ttg.fp4_to_fp (two fp4 values per byte
// unpacked along axis): fwd from the packed operand's layout, else from
// the result's; shape is that of the side enc belongs to.
func fp4Encoding(op *ir.Operation, enc ir.Attribute, fwd bool) ir.Attribute {
	a, ok := op.Attr("axis").(*ir.IntegerAttr)
	if !ok {
		return nil
	}
	t := op.Result(0).Type().(*ir.RankedTensorType)
	if fwd {
		t = op.Operand(0).Type().(*ir.RankedTensorType)
	}
	r, err := InferFp4ToFpEncoding(op.Context(), t.Dims, int(a.Int()), enc, fwd)
	if err != nil {
		return nil
	}
	return r
}

// bothWays applies the rules both directions share: nothing propagates
// through a missing layout, a scan of a non-blocked layout or an upcast
// (UpcastFp); ops that keep their operands' layout (sameEncoding) keep
// it. decided is false when the direction's own rules decide.
func bothWays(op *ir.Operation, enc ir.Attribute) (r ir.Attribute, decided bool) {
	if enc == nil || ir.Is[UpcastFp](op) {
		return nil, true
	}
	if _, blocked := enc.(*BlockedEncoding); op.Name() == "tt.scan" && !blocked {
		return nil, true
	}
	if sameEncoding(op) {
		return enc, true
	}
	return nil, false
}

// InferSrcEncoding is the layout op's operands need for its result to have
// enc.
func InferSrcEncoding(op *ir.Operation, enc ir.Attribute) ir.Attribute {
	if r, decided := bothWays(op, enc); decided {
		return r
	}
	ctx := op.Context()
	switch op.Name() {
	case "scf.while", "scf.yield", "scf.condition", "ttng.warp_group_dot_wait":
		return enc
	case "tt.reduce":
		if s, ok := enc.(*SliceEncoding); ok && s.Dim == reduceAxis(op) {
			return s.Parent
		}
		return nil
	case "tt.expand_dims":
		if d, ok := enc.(DistributedLayout); ok {
			return NewSlice(ctx, tt.ExpandDimsOp{Operation: op}.Axis(), d)
		}
		return nil
	case "tt.join":
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		r, err := InferSplitEncoding(ctx, enc, rt.Dims)
		if err != nil {
			return nil
		}
		return r
	case "tt.split":
		st := op.Result(0).Type().(*ir.RankedTensorType)
		r, err := InferJoinEncoding(ctx, enc, st.Dims)
		if err != nil {
			return nil
		}
		return r
	case "tt.trans":
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		return transEncoding(ctx, enc, rt.Dims, inversePermutation(transOrder(op)))
	case "tt.reshape":
		src := op.Operand(0).Type().(*ir.RankedTensorType)
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		return reshapeEncoding(ctx, rt.Dims, enc, src.Dims, tt.ReshapeOp{Operation: op}.AllowReorder())
	case "tt.gather":
		return enc
	case "ttg.fp4_to_fp":
		return fp4Encoding(op, enc, false)
	}
	return nil
}

// InferDstEncoding is the layout op's results get when its operand has
// enc.
func InferDstEncoding(op *ir.Operation, enc ir.Attribute) ir.Attribute {
	if r, decided := bothWays(op, enc); decided {
		return r
	}
	ctx := op.Context()
	switch op.Name() {
	case "scf.while", "scf.for", "scf.yield", "scf.condition", "ttng.warp_group_dot_wait":
		return enc
	case "tt.reduce":
		if d, ok := enc.(DistributedLayout); ok {
			return NewSlice(ctx, tt.ReduceOp{Operation: op}.Axis(), d)
		}
		return nil
	case "tt.expand_dims":
		if s, ok := enc.(*SliceEncoding); ok && s.Dim == expandAxis(op) {
			return s.Parent
		}
		return nil
	case "tt.join":
		lt := op.Operand(0).Type().(*ir.RankedTensorType)
		r, err := InferJoinEncoding(ctx, enc, lt.Dims)
		if err != nil {
			return nil
		}
		return r
	case "tt.split":
		st := op.Operand(0).Type().(*ir.RankedTensorType)
		r, err := InferSplitEncoding(ctx, enc, st.Dims)
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
	case "ttg.fp4_to_fp":
		return fp4Encoding(op, enc, true)
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

func transEncoding(ctx *ir.Context, enc ir.Attribute, shape []int64, order []int) ir.Attribute {
	r, err := InferTransEncoding(ctx, enc, shape, order)
	if err != nil {
		return nil
	}
	return r
}

// reshapeEncoding is the layout of a reshape's result from srcShape to
// dstShape when its operand has enc, so that no data moves (see
// InferReshapeEncoding). Reshapes that may reorder elements have
// no such layout (optimize-thread-locality chooses theirs).
func reshapeEncoding(ctx *ir.Context, srcShape []int64, enc ir.Attribute, dstShape []int64, allowReorder bool) ir.Attribute {
	if allowReorder {
		return nil
	}
	return InferReshapeEncoding(ctx, srcShape, enc, dstShape)
}

func reduceAxis(op *ir.Operation) int { return tt.ReduceOp{Operation: op}.Axis() }
func expandAxis(op *ir.Operation) int { return tt.ExpandDimsOp{Operation: op}.Axis() }
