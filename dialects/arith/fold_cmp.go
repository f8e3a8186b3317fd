package arith

import (
	"math"

	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
)

func init() {
	CmpIOp.Fold = foldCmpI
	CmpFOp.Fold = foldCmpF
	SelectOp.Fold = foldSelect
}

// ApplyCmpI evaluates pred on two w-bit integers.
func ApplyCmpI(pred CmpIPredicate, a, b uint64, w int) bool {
	sa, sb := sext(a, w), sext(b, w)
	a, b = a&mask(w), b&mask(w)
	switch pred {
	case CmpIEQ:
		return a == b
	case CmpINE:
		return a != b
	case CmpISLT:
		return sa < sb
	case CmpISLE:
		return sa <= sb
	case CmpISGT:
		return sa > sb
	case CmpISGE:
		return sa >= sb
	case CmpIULT:
		return a < b
	case CmpIULE:
		return a <= b
	case CmpIUGT:
		return a > b
	}
	return a >= b
}

// ApplyCmpF evaluates pred on two floats (u* predicates are true when
// either operand is NaN).
func ApplyCmpF(pred CmpFPredicate, a, b float64) bool {
	unord := math.IsNaN(a) || math.IsNaN(b)
	eq, lt, gt := !unord && a == b, !unord && a < b, !unord && a > b
	switch pred {
	case CmpFAlwaysFalse:
		return false
	case CmpFOEQ:
		return eq
	case CmpFOGT:
		return gt
	case CmpFOGE:
		return gt || eq
	case CmpFOLT:
		return lt
	case CmpFOLE:
		return lt || eq
	case CmpFONE:
		return !unord && !eq
	case CmpFORD:
		return !unord
	case CmpFUEQ:
		return unord || eq
	case CmpFUGT:
		return unord || gt
	case CmpFUGE:
		return unord || gt || eq
	case CmpFULT:
		return unord || lt
	case CmpFULE:
		return unord || lt || eq
	case CmpFUNE:
		return !eq
	case CmpFUNO:
		return unord
	}
	return true
}

// boolAttrOf is MLIR's getBoolAttribute: true/false, or a splat of it for
// statically shaped types (nil otherwise).
func boolAttrOf(ctx *ir.Context, t ir.Type, v bool) ir.Attribute {
	if s, ok := t.(ir.ShapedType); ok {
		if !staticShape(s) {
			return nil
		}
		return ir.DenseSplat(ctx, s, ir.BoolAttrOf(ctx, v))
	}
	return ir.BoolAttrOf(ctx, v)
}

func equalOperandsTrue(p CmpIPredicate) bool {
	switch p {
	case CmpIEQ, CmpISLE, CmpISGE, CmpIULE, CmpIUGE:
		return true
	}
	return false
}

// i1OrVectorOfI1 is MLIR's getIntegerWidth(t) == 1 (integers and vectors
// only, not tensors).
func i1OrVectorOfI1(t ir.Type) bool {
	if v, ok := t.(*ir.VectorType); ok {
		t = v.Elem
	}
	return ir.IsInteger(t, 1)
}

func foldCmpI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	ctx := op.Context()
	pred := CmpIPredicateOf(op)
	lhs, rhs := op.Operand(0), op.Operand(1)
	if lhs == rhs {
		return foldAttr(boolAttrOf(ctx, op.Result(0).Type(), equalOperandsTrue(pred)))
	}
	if isZeroInt(operands[1]) {
		for _, d := range []*ir.OpDef{ExtSIOp, ExtUIOp} {
			// ext(%x : i1 -> iN) != 0 -> %x
			if ext := definedBy(lhs, d); ext != nil && i1OrVectorOfI1(ext.Operand(0).Type()) && pred == CmpINE {
				return foldValue(ext.Operand(0))
			}
		}
		if ir.IsInteger(ir.ElementTypeOrSelf(lhs.Type()), 1) && pred == CmpINE {
			return foldValue(lhs)
		}
	}
	if isOneInt(operands[1]) && ir.IsInteger(ir.ElementTypeOrSelf(lhs.Type()), 1) && pred == CmpIEQ {
		return foldValue(lhs)
	}
	// Move a constant to the right.
	if operands[0] != nil && operands[1] == nil {
		op.SetAttr("predicate", pred.Swap().Attr(ctx))
		op.SetOperand(0, rhs)
		op.SetOperand(1, lhs)
		return inPlace(op)
	}
	if operands[0] == nil {
		return nil
	}
	w := ir.BitWidth(ir.ElementTypeOrSelf(lhs.Type()))
	ta, ok := operands[0].(ir.TypedAttribute)
	if !ok {
		return nil
	}
	resT := I1SameShape(ctx, ta.Type())
	return foldAttr(foldIntBinary(ctx, resT, operands[0], operands[1], func(a, b uint64) (uint64, bool) {
		if ApplyCmpI(pred, a, b, w) {
			return 1, true
		}
		return 0, true
	}))
}

func foldCmpF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	l, lok := operands[0].(*ir.FloatAttr)
	r, rok := operands[1].(*ir.FloatAttr)
	if lok && math.IsNaN(l.Value) {
		r, rok = l, true
	}
	if rok && math.IsNaN(r.Value) {
		l, lok = r, true
	}
	if !lok || !rok {
		return nil
	}
	return foldAttr(ir.BoolAttrOf(op.Context(), ApplyCmpF(CmpFPredicateOf(op), l.Value, r.Value)))
}

func foldSelect(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	cond, tv, fv := op.Operand(0), op.Operand(1), op.Operand(2)
	if tv == fv {
		return foldValue(tv)
	}
	if isOneInt(operands[0]) { // select true, %0, %1 -> %0
		return foldValue(tv)
	}
	if isZeroInt(operands[0]) { // select false, %0, %1 -> %1
		return foldValue(fv)
	}
	if ub.IsPoison(operands[1]) {
		return foldValue(fv)
	}
	if ub.IsPoison(operands[2]) {
		return foldValue(tv)
	}
	if isSignlessI1(op.Result(0).Type()) && isOneInt(operands[1]) && isZeroInt(operands[2]) {
		return foldValue(cond) // select %x, true, false -> %x
	}
	if cmp := definedBy(cond, CmpIOp); cmp != nil {
		if p := CmpIPredicateOf(cmp); p == CmpIEQ || p == CmpINE {
			l, r := cmp.Operand(0), cmp.Operand(1)
			if l == tv && r == fv || r == tv && l == fv {
				if p == CmpINE {
					return foldValue(tv)
				}
				return foldValue(fv)
			}
		}
	}
	// Constant-fold constant operands over a non-splat constant condition.
	c, ok := operands[0].(*ir.DenseElementsAttr)
	t, ok1 := operands[1].(*ir.DenseElementsAttr)
	f, ok2 := operands[2].(*ir.DenseElementsAttr)
	if !ok || !ok1 || !ok2 || t.IsFloat() != f.IsFloat() {
		return nil
	}
	n := int(ir.NumElements(c.Typ.Shape()))
	if t.IsFloat() {
		out := make([]float64, n)
		for i := range out {
			if c.Ints[i%len(c.Ints)] != 0 {
				out[i] = t.FloatAt(i)
			} else {
				out[i] = f.FloatAt(i)
			}
		}
		return foldAttr(ir.DenseFloatElements(op.Context(), t.Typ, out))
	}
	out := make([]int64, n)
	for i := range out {
		if c.Ints[i%len(c.Ints)] != 0 {
			out[i] = int64(t.Ints[i%len(t.Ints)])
		} else {
			out[i] = int64(f.Ints[i%len(f.Ints)])
		}
	}
	return foldAttr(ir.DenseIntElements(op.Context(), t.Typ, out))
}
