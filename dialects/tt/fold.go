package tt

import (
	"math"

	"github.com/ttcompiler/tt/ir"
)

// Folders: the hasFolder hooks of Triton 3.6's tt ops.

func foldValue(v ir.Value) []ir.FoldResult { return []ir.FoldResult{{Value: v}} }
func foldAttr(a ir.Attribute) []ir.FoldResult {
	if a == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: a}}
}

// splat(constant) -> dense splat constant.
func foldSplat(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if len(operands) == 0 {
		return nil
	}
	st, ok := op.Result(0).Type().(ir.ShapedType)
	if !ok {
		return nil
	}
	switch operands[0].(type) {
	case *ir.IntegerAttr, *ir.FloatAttr:
		return foldAttr(ir.DenseSplat(op.Context(), st, operands[0]))
	}
	return nil
}

// reshapeDense returns a with type t (a splat is resized, other data kept
// in order).
func reshapeDense(ctx *ir.Context, a *ir.DenseElementsAttr, t ir.ShapedType) *ir.DenseElementsAttr {
	return ir.Unique(ctx, &ir.DenseElementsAttr{Typ: t, Ints: a.Ints, Floats: a.Floats})
}

// foldViewLike folds expand_dims/reshape of a dense constant.
func foldViewLike(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if len(operands) == 0 {
		return nil
	}
	d, ok := operands[0].(*ir.DenseElementsAttr)
	st, ok2 := op.Result(0).Type().(ir.ShapedType)
	if !ok || !ok2 {
		return nil
	}
	return foldAttr(reshapeDense(op.Context(), d, st))
}

func foldReshape(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.Result(0).Type() == op.Operand(0).Type() && op.Attr("allow_reorder") == nil {
		return foldValue(op.Operand(0))
	}
	return foldViewLike(op, operands)
}

func foldBroadcast(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.Result(0).Type() == op.Operand(0).Type() {
		return foldValue(op.Operand(0))
	}
	if len(operands) > 0 {
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok && d.IsSplat() {
			if st, ok := op.Result(0).Type().(ir.ShapedType); ok {
				return foldAttr(reshapeDense(op.Context(), d, st))
			}
		}
	}
	return nil
}

func isIota(order []int64) bool {
	for i, o := range order {
		if o != int64(i) {
			return false
		}
	}
	return true
}

func foldTrans(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	order := orderOf(op)
	if isIota(order) && op.Operand(0).Type() == op.Result(0).Type() {
		return foldValue(op.Operand(0))
	}
	if inner := op.Operand(0).DefiningOp(); inner != nil && inner.Name() == "tt.trans" {
		innerOrder := orderOf(inner)
		if len(innerOrder) == len(order) {
			// trans(trans(x, a), b) == trans(x, a∘b): out[i] = a[b[i]].
			composed := make([]int64, len(order))
			for i, o := range order {
				composed[i] = innerOrder[o]
			}
			op.SetAttr("order", ir.DenseI32Array(op.Context(), composed))
			op.SetOperand(0, inner.Operand(0))
			return foldValue(op.Result(0))
		}
	}
	if len(operands) > 0 {
		if d, ok := operands[0].(*ir.DenseElementsAttr); ok && d.IsSplat() {
			if st, ok := op.Result(0).Type().(ir.ShapedType); ok {
				return foldAttr(reshapeDense(op.Context(), d, st))
			}
		}
	}
	return nil
}

// make_range(s, s+1) -> dense<s>.
func foldMakeRange(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	start, ok := op.Attr("start").(*ir.IntegerAttr)
	end, ok2 := op.Attr("end").(*ir.IntegerAttr)
	st, ok3 := op.Result(0).Type().(ir.ShapedType)
	if !ok || !ok2 || !ok3 || start.Int()+1 != end.Int() {
		return nil
	}
	return foldAttr(ir.DenseSplat(op.Context(), st, start))
}

// isZeroInt reports whether a is integer zero (scalar or splat).
func isZeroInt(a ir.Attribute) bool {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return a.Bits == 0
	case *ir.DenseElementsAttr:
		return a.IsSplat() && !a.IsFloat() && a.Ints[0] == 0
	}
	return false
}

// addptr(p, 0) -> p.
func foldAddPtr(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if len(operands) > 1 && isZeroInt(operands[1]) {
		return foldValue(op.Operand(0))
	}
	return nil
}

// advance(p, 0, ..., 0) -> p.
func foldAdvance(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	for _, a := range operands[1:] {
		if a == nil || !isZeroInt(a) {
			return nil
		}
	}
	return foldValue(op.Operand(0))
}

// hasNegativeZero reports whether a float format can represent -0.
func hasNegativeZero(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	switch ft.Kind {
	case ir.F8E5M2FNUZ, ir.F8E4M3FNUZ, ir.F8E4M3B11FNUZ, ir.F8E8M0FNU:
		return false
	}
	return true
}

// fp_to_fp(x : T -> T) -> x; fp_to_fp(±0) -> ±0 in the result type.
func foldFpToFp(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if op.Operand(0).Type() == op.Result(0).Type() {
		return foldValue(op.Operand(0))
	}
	if len(operands) == 0 || operands[0] == nil {
		return nil
	}
	var v float64
	switch a := operands[0].(type) {
	case *ir.FloatAttr:
		v = a.Value
	case *ir.DenseElementsAttr:
		if !a.IsSplat() || !a.IsFloat() {
			return nil
		}
		v = a.Floats[0]
	default:
		return nil
	}
	if v != 0 {
		return nil
	}
	rt := op.Result(0).Type()
	elem := ir.ElementTypeOrSelf(rt)
	zero := 0.0
	if math.Signbit(v) && hasNegativeZero(elem) {
		zero = math.Copysign(0, -1)
	}
	if st, ok := rt.(ir.ShapedType); ok {
		return foldAttr(ir.DenseFloatElements(op.Context(), st, []float64{zero}))
	}
	return foldAttr(ir.FloatAttrOf(op.Context(), elem, zero))
}
