package arith

import (
	"math/bits"

	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
)

// Integer folders. Values are the raw bits of a w-bit two's complement
// integer (APInt semantics): results wrap at the width; divisions by zero
// and signed overflow of divisions do not fold.

func init() {
	AddIOp.Fold = withTraitFolds(foldAddI)
	SubIOp.Fold = withTraitFolds(foldSubI)
	MulIOp.Fold = withTraitFolds(foldMulI)
	DivUIOp.Fold = withTraitFolds(foldDivUI)
	DivSIOp.Fold = withTraitFolds(foldDivSI)
	CeilDivUIOp.Fold = withTraitFolds(foldCeilDivUI)
	CeilDivSIOp.Fold = withTraitFolds(foldCeilDivSI)
	FloorDivSIOp.Fold = withTraitFolds(foldFloorDivSI)
	RemUIOp.Fold = withTraitFolds(foldRemUI)
	RemSIOp.Fold = withTraitFolds(foldRemSI)
	AndIOp.Fold = withTraitFolds(foldAndI)
	OrIOp.Fold = withTraitFolds(foldOrI)
	XOrIOp.Fold = withTraitFolds(foldXOrI)
	ShLIOp.Fold = withTraitFolds(foldShift(func(a, s uint64, w int) uint64 { return a << s }))
	ShRUIOp.Fold = withTraitFolds(foldShift(func(a, s uint64, w int) uint64 { return a >> s }))
	ShRSIOp.Fold = withTraitFolds(foldShift(func(a, s uint64, w int) uint64 { return uint64(sext(a, w) >> s) }))
	MaxSIOp.Fold = withTraitFolds(foldMinMax(true, true))
	MaxUIOp.Fold = withTraitFolds(foldMinMax(true, false))
	MinSIOp.Fold = withTraitFolds(foldMinMax(false, true))
	MinUIOp.Fold = withTraitFolds(foldMinMax(false, false))
	AddUIExtendedOp.Fold = foldAddUIExtended
	MulSIExtendedOp.Fold = foldMulExtended(true)
	MulUIExtendedOp.Fold = foldMulExtended(false)
}

func resultWidth(op *ir.Operation) int { return ir.BitWidth(ir.ElementTypeOrSelf(op.Result(0).Type())) }

func definedBy(v ir.Value, d *ir.OpDef) *ir.Operation {
	if def := v.DefiningOp(); def != nil && def.Def() == d {
		return def
	}
	return nil
}

// intFold folds op's two operands element-wise with fn on w-bit values.
func intFold(op *ir.Operation, operands []ir.Attribute, fn func(a, b uint64, w int) (uint64, bool)) []ir.FoldResult {
	// Most attempts have an operand that is not constant; that folds only
	// when the other one is poison (see foldIntBinary), so skip the width
	// lookup and the element walk otherwise.
	a, b := operands[0], operands[1]
	if a == nil && !ub.IsPoison(b) || b == nil && !ub.IsPoison(a) {
		return nil
	}
	w := resultWidth(op)
	m := mask(w)
	return foldAttr(foldIntBinary(op.Context(), op.Result(0).Type(), operands[0], operands[1], func(a, b uint64) (uint64, bool) {
		r, ok := fn(a, b, w)
		return r & m, ok
	}))
}

// intFoldTotal is intFold for an operation defined on every input. (It
// builds intFold's adapter itself, on the stack: returned by a function,
// the adapter and the closure it wraps were allocated at every attempt.)
func intFoldTotal(op *ir.Operation, operands []ir.Attribute, fn func(a, b uint64, w int) uint64) []ir.FoldResult {
	return intFold(op, operands, func(a, b uint64, w int) (uint64, bool) { return fn(a, b, w), true })
}

func foldAddI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroInt(operands[1]) { // addi(x, 0) -> x
		return foldValue(lhs)
	}
	if sub := definedBy(lhs, SubIOp); sub != nil && sub.Operand(1) == rhs { // addi(subi(a, b), b) -> a
		return foldValue(sub.Operand(0))
	}
	if sub := definedBy(rhs, SubIOp); sub != nil && sub.Operand(1) == lhs { // addi(b, subi(a, b)) -> a
		return foldValue(sub.Operand(0))
	}
	return intFoldTotal(op, operands, func(a, b uint64, _ int) uint64 { return a + b })
}

func foldSubI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if lhs == rhs { // subi(x, x) -> 0
		if z := ZeroAttr(op.Context(), op.Result(0).Type()); z != nil && (!isShaped(op.Result(0).Type()) || staticShape(op.Result(0).Type().(ir.ShapedType))) {
			return foldAttr(z)
		}
	}
	if isZeroInt(operands[1]) { // subi(x, 0) -> x
		return foldValue(lhs)
	}
	if add := definedBy(lhs, AddIOp); add != nil {
		if rhs == add.Operand(1) { // subi(addi(a, b), b) -> a
			return foldValue(add.Operand(0))
		}
		if rhs == add.Operand(0) { // subi(addi(a, b), a) -> b
			return foldValue(add.Operand(1))
		}
	}
	return intFoldTotal(op, operands, func(a, b uint64, _ int) uint64 { return a - b })
}

func foldMulI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isZeroInt(operands[1]) { // muli(x, 0) -> 0
		return foldValue(op.Operand(1))
	}
	if isOneInt(operands[1]) { // muli(x, 1) -> x
		return foldValue(op.Operand(0))
	}
	return intFoldTotal(op, operands, func(a, b uint64, _ int) uint64 { return a * b })
}

// foldDivMul folds (a * b) / b -> a when the multiplication carries the
// overflow flag that makes it exact.
func foldDivMul(op *ir.Operation, flag IntegerOverflowFlags) ir.Value {
	mul := definedBy(op.Operand(0), MulIOp)
	if mul == nil || OverflowOf(mul)&flag != flag {
		return nil
	}
	rhs := op.Operand(1)
	if mul.Operand(0) == rhs {
		return mul.Operand(1)
	}
	if mul.Operand(1) == rhs {
		return mul.Operand(0)
	}
	return nil
}

func foldDivUI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isOneInt(operands[1]) {
		return foldValue(op.Operand(0))
	}
	if v := foldDivMul(op, OverflowNUW); v != nil {
		return foldValue(v)
	}
	return intFold(op, operands, func(a, b uint64, _ int) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		return a / b, true
	})
}

func minSigned(w int) uint64 { return 1 << uint(w-1) }

func foldDivSI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isOneInt(operands[1]) {
		return foldValue(op.Operand(0))
	}
	if v := foldDivMul(op, OverflowNSW); v != nil {
		return foldValue(v)
	}
	return intFold(op, operands, sdiv)
}

// sdiv is APInt::sdiv_ov; it refuses division by zero and MIN / -1.
func sdiv(a, b uint64, w int) (uint64, bool) {
	if b == 0 || a == minSigned(w) && b == mask(w) {
		return 0, false
	}
	return uint64(sext(a, w) / sext(b, w)), true
}

func foldCeilDivUI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isOneInt(operands[1]) {
		return foldValue(op.Operand(0))
	}
	return intFold(op, operands, func(a, b uint64, _ int) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		q := a / b
		if a%b != 0 {
			q++
		}
		return q, true
	})
}

// Signed w-bit arithmetic with APInt's overflow reporting.
func ssubOv(a, b uint64, w int) (uint64, bool) {
	r := sext(a, w) - sext(b, w)
	ok := r >= sext(minSigned(w), w) && r <= int64(mask(w)>>1)
	if w == 64 {
		x, y := int64(a), int64(b)
		ok = !((x >= 0) != (y >= 0) && (r >= 0) != (x >= 0))
	}
	return uint64(r) & mask(w), ok
}

func saddOv(a, b uint64, w int) (uint64, bool) {
	r := sext(a, w) + sext(b, w)
	ok := r >= sext(minSigned(w), w) && r <= int64(mask(w)>>1)
	if w == 64 {
		x, y := int64(a), int64(b)
		ok = !((x >= 0) == (y >= 0) && (r >= 0) != (x >= 0))
	}
	return uint64(r) & mask(w), ok
}

// ceilNonneg returns (a-1)/b + 1 for positive a and b.
func ceilNonneg(a, b uint64, w int) (uint64, bool) {
	x, ok1 := ssubOv(a, 1, w)
	q, ok2 := sdiv(x, b, w)
	r, ok3 := saddOv(q, 1, w)
	return r, ok1 && ok2 && ok3
}

func foldCeilDivSI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isOneInt(operands[1]) {
		return foldValue(op.Operand(0))
	}
	return intFold(op, operands, func(a, b uint64, w int) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		if a == 0 {
			return 0, true
		}
		aPos, bPos := sext(a, w) > 0, sext(b, w) > 0
		switch {
		case aPos && bPos:
			return ceilNonneg(a, b, w)
		case !aPos && !bPos:
			na, ok1 := ssubOv(0, a, w)
			nb, ok2 := ssubOv(0, b, w)
			r, ok3 := ceilNonneg(na, nb, w)
			return r, ok1 && ok2 && ok3
		case !aPos && bPos:
			na, ok1 := ssubOv(0, a, w)
			d, ok2 := sdiv(na, b, w)
			r, ok3 := ssubOv(0, d, w)
			return r, ok1 && ok2 && ok3
		}
		nb, ok1 := ssubOv(0, b, w)
		d, ok2 := sdiv(a, nb, w)
		r, ok3 := ssubOv(0, d, w)
		return r, ok1 && ok2 && ok3
	})
}

func foldFloorDivSI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isOneInt(operands[1]) {
		return foldValue(op.Operand(0))
	}
	return intFold(op, operands, func(a, b uint64, w int) (uint64, bool) {
		q, ok := sdiv(a, b, w)
		if !ok {
			return 0, false
		}
		x, y := sext(a, w), sext(b, w)
		if x%y != 0 && (x < 0) != (y < 0) {
			q--
		}
		return q, true
	})
}

func foldRemUI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isOneInt(operands[1]) { // remui(x, 1) -> 0
		return foldAttr(ZeroAttr(op.Context(), op.Result(0).Type()))
	}
	return intFold(op, operands, func(a, b uint64, _ int) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		return a % b, true
	})
}

func foldRemSI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isOneInt(operands[1]) { // remsi(x, 1) -> 0
		return foldAttr(ZeroAttr(op.Context(), op.Result(0).Type()))
	}
	return intFold(op, operands, func(a, b uint64, w int) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		if b == mask(w) { // x % -1 == 0 (also for MIN)
			return 0, true
		}
		return uint64(sext(a, w) % sext(b, w)), true
	})
}

// isNotOf reports whether v is xori(x, all-ones).
func isNotOf(v, x ir.Value) bool {
	xor := definedBy(v, XOrIOp)
	return xor != nil && xor.Operand(0) == x && isAllOnesInt(ConstantAttrOf(xor.Operand(1)))
}

func foldAndI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroInt(operands[1]) { // and(x, 0) -> 0
		return foldValue(rhs)
	}
	if isAllOnesInt(operands[1]) { // and(x, allOnes) -> x
		return foldValue(lhs)
	}
	if isNotOf(rhs, lhs) || isNotOf(lhs, rhs) { // and(x, not(x)) -> 0
		return foldAttr(ZeroAttr(op.Context(), op.Result(0).Type()))
	}
	// and(a, and(a, b)) -> and(a, b)
	for _, rev := range []bool{false, true} {
		prevV, other := lhs, rhs
		if rev {
			prevV, other = rhs, lhs
		}
		if prev := definedBy(prevV, AndIOp); prev != nil && (other == prev.Operand(0) || other == prev.Operand(1)) {
			return foldValue(prev.Result(0))
		}
	}
	return intFoldTotal(op, operands, func(a, b uint64, _ int) uint64 { return a & b })
}

func foldOrI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroInt(operands[1]) { // or(x, 0) -> x
		return foldValue(lhs)
	}
	if isAllOnesInt(operands[1]) { // or(x, allOnes) -> allOnes
		return foldAttr(operands[1])
	}
	if isNotOf(rhs, lhs) { // or(x, xor(x, 1)) -> 1
		return foldValue(rhs.DefiningOp().Operand(1))
	}
	if isNotOf(lhs, rhs) {
		return foldValue(lhs.DefiningOp().Operand(1))
	}
	return intFoldTotal(op, operands, func(a, b uint64, _ int) uint64 { return a | b })
}

func foldXOrI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroInt(operands[1]) { // xor(x, 0) -> x
		return foldValue(lhs)
	}
	if lhs == rhs { // xor(x, x) -> 0
		return foldAttr(ZeroAttr(op.Context(), op.Result(0).Type()))
	}
	if prev := definedBy(lhs, XOrIOp); prev != nil { // xor(xor(x, a), a) -> x
		if prev.Operand(1) == rhs {
			return foldValue(prev.Operand(0))
		}
		if prev.Operand(0) == rhs {
			return foldValue(prev.Operand(1))
		}
	}
	if prev := definedBy(rhs, XOrIOp); prev != nil { // xor(a, xor(x, a)) -> x
		if prev.Operand(1) == lhs {
			return foldValue(prev.Operand(0))
		}
		if prev.Operand(0) == lhs {
			return foldValue(prev.Operand(1))
		}
	}
	return intFoldTotal(op, operands, func(a, b uint64, _ int) uint64 { return a ^ b })
}

// foldShift folds shifts; amounts at or beyond the width do not fold.
func foldShift(f func(a, s uint64, w int) uint64) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if isZeroInt(operands[1]) {
			return foldValue(op.Operand(0))
		}
		return intFold(op, operands, func(a, s uint64, w int) (uint64, bool) {
			if s >= uint64(w) {
				return 0, false
			}
			return f(a, s, w), true
		})
	}
}

func foldMinMax(isMax, signed bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if op.Operand(0) == op.Operand(1) {
			return foldValue(op.Operand(1))
		}
		if c, w, ok := intScalar(operands[1]); ok {
			maxV, minV := mask(w), uint64(0)
			if signed {
				maxV, minV = mask(w)>>1, minSigned(w)
			}
			// max(x, MAX) -> MAX, max(x, MIN) -> x; min the other way round.
			absorbing, identity := maxV, minV
			if !isMax {
				absorbing, identity = minV, maxV
			}
			if c == absorbing {
				return foldValue(op.Operand(1))
			}
			if c == identity {
				return foldValue(op.Operand(0))
			}
		}
		return intFoldTotal(op, operands, func(a, b uint64, w int) uint64 {
			less := a < b
			if signed {
				less = sext(a, w) < sext(b, w)
			}
			if less == isMax {
				return b
			}
			return a
		})
	}
}

func foldAddUIExtended(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	ctx := op.Context()
	ovT := op.Result(1).Type()
	if isZeroInt(operands[1]) { // addui_extended(x, 0) -> x, false
		z := ZeroAttr(ctx, ovT)
		if z == nil {
			return nil
		}
		return []ir.FoldResult{{Value: op.Operand(0)}, {Attr: z}}
	}
	w := resultWidth(op)
	sum := foldIntBinary(ctx, op.Result(0).Type(), operands[0], operands[1], func(a, b uint64) (uint64, bool) {
		return (a + b) & mask(w), true
	})
	if sum == nil {
		return nil
	}
	if anyPoison(sum) {
		return []ir.FoldResult{{Attr: sum}, {Attr: sum}}
	}
	carry := foldIntBinary(ctx, ovT, sum, operands[0], func(s, a uint64) (uint64, bool) {
		if s < a {
			return 1, true
		}
		return 0, true
	})
	if carry == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: sum}, {Attr: carry}}
}

func foldMulExtended(signed bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		ctx := op.Context()
		t := op.Result(0).Type()
		if isZeroInt(operands[1]) {
			return []ir.FoldResult{{Attr: operands[1]}, {Attr: operands[1]}}
		}
		if !signed && isOneInt(operands[1]) {
			return []ir.FoldResult{{Value: op.Operand(0)}, {Attr: ZeroAttr(ctx, t)}}
		}
		w := resultWidth(op)
		low := foldIntBinary(ctx, t, operands[0], operands[1], func(a, b uint64) (uint64, bool) {
			return (a * b) & mask(w), true
		})
		if low == nil {
			return nil
		}
		high := foldIntBinary(ctx, t, operands[0], operands[1], func(a, b uint64) (uint64, bool) {
			return mulHigh(a, b, w, signed), true
		})
		return []ir.FoldResult{{Attr: low}, {Attr: high}}
	}
}

// mulHigh returns the high w bits of the 2w-bit product (APIntOps::mulhs
// and mulhu).
func mulHigh(a, b uint64, w int, signed bool) uint64 {
	if w < 32 || (w == 32 && !signed) {
		if signed {
			return uint64(sext(a, w)*sext(b, w)>>uint(w)) & mask(w)
		}
		return (a * b >> uint(w)) & mask(w)
	}
	if signed {
		x, y := sext(a, w), sext(b, w)
		hi, lo := bits.Mul64(uint64(x), uint64(y))
		// Correct the unsigned 128-bit product for the signs.
		if x < 0 {
			hi -= uint64(y)
		}
		if y < 0 {
			hi -= uint64(x)
		}
		if w == 64 {
			return hi
		}
		return (lo>>uint(w) | hi<<uint(64-w)) & mask(w)
	}
	hi, lo := bits.Mul64(a, b)
	if w == 64 {
		return hi
	}
	return (lo>>uint(w) | hi<<uint(64-w)) & mask(w)
}
