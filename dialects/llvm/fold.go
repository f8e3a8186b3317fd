package llvm

import (
	"github.com/ttcompiler/tt/ir"
)

// Folders. Integer folding works on scalars of at most 64 bits, with
// LLVM's wrap-around semantics; anything that could be UB (division by
// zero, signed overflow of sdiv, oversized shifts) is left alone.

func one(a ir.Attribute) []ir.FoldResult { return []ir.FoldResult{{Attr: a}} }
func same(v ir.Value) []ir.FoldResult    { return []ir.FoldResult{{Value: v}} }

// intConst returns the bits of a scalar integer constant and the width
// of the integer type t it stands for (llvm.mlir.constant accepts index
// attributes for integer results, so the width comes from the use).
func intConst(a ir.Attribute, t ir.Type) (uint64, int, bool) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, 0, false
	}
	it, ok := t.(*ir.IntegerType)
	if !ok || it.Width > 64 {
		return 0, 0, false
	}
	return ir.Truncate(ia.Bits, it.Width), it.Width, true
}

func isIntValue(a ir.Attribute, t ir.Type, v int64) bool {
	bits, w, ok := intConst(a, t)
	return ok && bits == ir.Truncate(uint64(v), w)
}

// intResult returns the integer attribute of the op's (scalar) result type.
func intResult(op *ir.Operation, v uint64) []ir.FoldResult {
	t, ok := op.Result(0).Type().(*ir.IntegerType)
	if !ok || t.Width > 64 {
		return nil
	}
	return one(ir.IntegerAttrOf(op.Context(), t, int64(ir.Truncate(v, t.Width))))
}

func sext(v uint64, w int) int64 { return ir.SignExtend(v, w) }

type binFold struct {
	// identity: rhs constant that makes op(x, c) == x.
	identity *int64
	// absorb: rhs constant c with op(x, c) == c.
	absorb *int64
	// selfIsX: op(x, x) == x; selfIsZero: op(x, x) == 0.
	selfIsX, selfIsZero bool
	eval                func(a, b uint64, w int) (uint64, bool)
}

func ptr(v int64) *int64 { return &v }

func (f binFold) fold(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if op.NumOperands() != 2 || op.NumResults() != 1 {
		return nil
	}
	a, b := c[0], c[1]
	t := op.Result(0).Type()
	if f.eval != nil {
		if x, w, ok := intConst(a, t); ok {
			if y, _, ok := intConst(b, t); ok {
				if r, ok := f.eval(x, y, w); ok {
					return intResult(op, r)
				}
				return nil
			}
		}
	}
	if f.identity != nil && isIntValue(b, t, *f.identity) {
		return same(op.Operand(0))
	}
	if f.absorb != nil && isIntValue(b, t, *f.absorb) {
		return intResult(op, uint64(*f.absorb))
	}
	if op.Operand(0) == op.Operand(1) {
		if f.selfIsX {
			return same(op.Operand(0))
		}
		if f.selfIsZero {
			if _, ok := op.Result(0).Type().(*ir.IntegerType); ok {
				return intResult(op, 0)
			}
		}
	}
	return nil
}

// foldCommutative also applies the identity and absorbing rules to a
// constant on the left.
func foldCommutative(f binFold) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		if r := f.fold(op, c); r != nil {
			return r
		}
		if t := op.Result(0).Type(); len(c) == 2 && c[0] != nil {
			if f.identity != nil && isIntValue(c[0], t, *f.identity) {
				return same(op.Operand(1))
			}
			if f.absorb != nil && isIntValue(c[0], t, *f.absorb) {
				return intResult(op, uint64(*f.absorb))
			}
		}
		return nil
	}
}

func init() {
	ConstantOp.Fold = func(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult { return one(op.Attr("value")) }

	AddOp.Fold = foldCommutative(binFold{identity: ptr(0), eval: func(a, b uint64, _ int) (uint64, bool) { return a + b, true }})
	SubOp.Fold = binFold{identity: ptr(0), selfIsZero: true, eval: func(a, b uint64, _ int) (uint64, bool) { return a - b, true }}.fold
	MulOp.Fold = foldCommutative(binFold{identity: ptr(1), absorb: ptr(0), eval: func(a, b uint64, _ int) (uint64, bool) { return a * b, true }})
	AndOp.Fold = foldCommutative(binFold{identity: ptr(-1), absorb: ptr(0), selfIsX: true, eval: func(a, b uint64, _ int) (uint64, bool) { return a & b, true }})
	OrOp.Fold = foldCommutative(binFold{identity: ptr(0), absorb: ptr(-1), selfIsX: true, eval: func(a, b uint64, _ int) (uint64, bool) { return a | b, true }})
	XOrOp.Fold = foldCommutative(binFold{identity: ptr(0), selfIsZero: true, eval: func(a, b uint64, _ int) (uint64, bool) { return a ^ b, true }})
	ShlOp.Fold = binFold{identity: ptr(0), eval: func(a, b uint64, w int) (uint64, bool) { return a << b, b < uint64(w) }}.fold
	LShrOp.Fold = binFold{identity: ptr(0), eval: func(a, b uint64, w int) (uint64, bool) {
		return ir.Truncate(a, w) >> b, b < uint64(w)
	}}.fold
	AShrOp.Fold = binFold{identity: ptr(0), eval: func(a, b uint64, w int) (uint64, bool) {
		return uint64(sext(a, w) >> b), b < uint64(w)
	}}.fold
	UDivOp.Fold = binFold{identity: ptr(1), eval: func(a, b uint64, w int) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		return ir.Truncate(a, w) / ir.Truncate(b, w), true
	}}.fold
	SDivOp.Fold = binFold{identity: ptr(1), eval: func(a, b uint64, w int) (uint64, bool) {
		x, y := sext(a, w), sext(b, w)
		if y == 0 || y == -1 && x == sext(1<<(w-1), w) {
			return 0, false
		}
		return uint64(x / y), true
	}}.fold
	URemOp.Fold = binFold{eval: func(a, b uint64, w int) (uint64, bool) {
		if b == 0 {
			return 0, false
		}
		return ir.Truncate(a, w) % ir.Truncate(b, w), true
	}}.fold
	SRemOp.Fold = binFold{eval: func(a, b uint64, w int) (uint64, bool) {
		x, y := sext(a, w), sext(b, w)
		if y == 0 || y == -1 {
			return 0, y == -1
		}
		return uint64(x % y), true
	}}.fold

	ICmpOp.Fold = foldICmp
	SelectOp.Fold = foldSelect
	ZExtOp.Fold = foldExt(false)
	SExtOp.Fold = foldExt(true)
	TruncOp.Fold = foldTrunc
	BitcastOp.Fold = foldCastChain
	AddrSpaceCastOp.Fold = foldCastChain
	ExtractValueOp.Fold = foldExtractValue
	ExtractElementOp.Fold = foldExtractElement
	InsertElementOp.Fold = foldInsertElement
}

func foldICmp(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	t, ok := op.Result(0).Type().(*ir.IntegerType)
	if !ok {
		return nil
	}
	pred := ICmpPredicate(enumOf(op, "predicate", 0))
	boolean := func(b bool) []ir.FoldResult {
		v := int64(0)
		if b {
			v = 1
		}
		return one(ir.IntegerAttrOf(op.Context(), t, v))
	}
	if op.Operand(0) == op.Operand(1) {
		switch pred {
		case ICmpEQ, ICmpSLE, ICmpSGE, ICmpULE, ICmpUGE:
			return boolean(true)
		default:
			return boolean(false)
		}
	}
	x, w, ok1 := intConst(c[0], op.Operand(0).Type())
	y, wy, ok2 := intConst(c[1], op.Operand(0).Type())
	if ok1 != ok2 {
		return foldICmpExtreme(pred, x, y, max(w, wy), ok2, boolean)
	}
	if !ok1 {
		return nil
	}
	ux, uy := ir.Truncate(x, w), ir.Truncate(y, w)
	sx, sy := sext(x, w), sext(y, w)
	switch pred {
	case ICmpEQ:
		return boolean(ux == uy)
	case ICmpNE:
		return boolean(ux != uy)
	case ICmpSLT:
		return boolean(sx < sy)
	case ICmpSLE:
		return boolean(sx <= sy)
	case ICmpSGT:
		return boolean(sx > sy)
	case ICmpSGE:
		return boolean(sx >= sy)
	case ICmpULT:
		return boolean(ux < uy)
	case ICmpULE:
		return boolean(ux <= uy)
	case ICmpUGT:
		return boolean(ux > uy)
	case ICmpUGE:
		return boolean(ux >= uy)
	}
	return nil
}

// foldICmpExtreme folds a compare of a value with a constant k (the
// right operand where rightConst, else the left) that is an extreme of
// the w-bit type in the predicate's order, where the answer does not
// depend on the value: v u< 0 is false and v u>= 0 true, v s> SMAX is
// false, and so on (the carry test of a sum with zero, lo u< 0, which
// the libdevice ports' multi-word arithmetic makes, for one).
func foldICmpExtreme(pred ICmpPredicate, x, y uint64, w int, rightConst bool, boolean func(bool) []ir.FoldResult) []ir.FoldResult {
	if w <= 0 || w > 64 {
		return nil
	}
	k := ir.Truncate(y, w)
	if !rightConst {
		// k pred v is v swapped-pred k.
		k = ir.Truncate(x, w)
		pred = map[ICmpPredicate]ICmpPredicate{ICmpEQ: ICmpEQ, ICmpNE: ICmpNE, ICmpSLT: ICmpSGT, ICmpSLE: ICmpSGE,
			ICmpSGT: ICmpSLT, ICmpSGE: ICmpSLE, ICmpULT: ICmpUGT, ICmpULE: ICmpUGE, ICmpUGT: ICmpULT, ICmpUGE: ICmpULE}[pred]
	}
	umax := ir.Truncate(^uint64(0), w)
	smin := uint64(1) << (w - 1)
	smax := smin - 1
	switch {
	case pred == ICmpULT && k == 0, pred == ICmpUGT && k == umax, pred == ICmpSLT && k == smin, pred == ICmpSGT && k == smax:
		return boolean(false)
	case pred == ICmpUGE && k == 0, pred == ICmpULE && k == umax, pred == ICmpSGE && k == smin, pred == ICmpSLE && k == smax:
		return boolean(true)
	}
	return nil
}

func foldSelect(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if op.Operand(1) == op.Operand(2) {
		return same(op.Operand(1))
	}
	if v, _, ok := intConst(c[0], op.Operand(0).Type()); ok {
		if v&1 != 0 {
			return same(op.Operand(1))
		}
		return same(op.Operand(2))
	}
	return nil
}

func foldExt(signed bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
		v, w, ok := intConst(c[0], op.Operand(0).Type())
		if !ok {
			return nil
		}
		if signed {
			return intResult(op, uint64(sext(v, w)))
		}
		return intResult(op, ir.Truncate(v, w))
	}
}

func foldTrunc(op *ir.Operation, c []ir.Attribute) []ir.FoldResult {
	if v, _, ok := intConst(c[0], op.Operand(0).Type()); ok {
		return intResult(op, v)
	}
	// trunc(zext x) and trunc(sext x) back to x's type is x.
	if d := op.Operand(0).DefiningOp(); d != nil && (d.Name() == ZExtOp.Name || d.Name() == SExtOp.Name) {
		if d.Operand(0).Type() == op.Result(0).Type() {
			return same(d.Operand(0))
		}
	}
	return nil
}

// foldCastChain folds a cast to its own type, and a cast of a cast of the
// same kind back to the original type.
func foldCastChain(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	in := op.Operand(0)
	if in.Type() == op.Result(0).Type() {
		return same(in)
	}
	if d := in.DefiningOp(); d != nil && d.Name() == op.Name() && d.Operand(0).Type() == op.Result(0).Type() {
		return same(d.Operand(0))
	}
	return nil
}

// foldExtractValue looks through insertvalue chains for the value stored
// at the extracted position.
func foldExtractValue(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	pos := Position(op)
	for c := op.Operand(0); ; {
		d := c.DefiningOp()
		if d == nil || d.Name() != InsertValueOp.Name {
			return nil
		}
		ipos := Position(d)
		if equalInts(ipos, pos) {
			return same(d.Operand(1))
		}
		if isPrefix(ipos, pos) || isPrefix(pos, ipos) {
			// Overlapping positions: the extracted value is partly the
			// inserted one.
			return nil
		}
		c = d.Operand(0)
	}
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func isPrefix(p, s []int64) bool {
	return len(p) <= len(s) && equalInts(p, s[:len(p)])
}

// laneIndex returns the value of a constant vector index.
func laneIndex(v ir.Value) (int64, bool) {
	a, ok := ConstantInt(v)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

// foldExtractElement looks through insertelement chains with constant
// indices for the value stored in the extracted lane.
func foldExtractElement(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	k, ok := laneIndex(op.Operand(1))
	if !ok {
		return nil
	}
	for c := op.Operand(0); ; {
		d := c.DefiningOp()
		if d == nil || d.Name() != InsertElementOp.Name {
			return nil
		}
		i, ok := laneIndex(d.Operand(2))
		if !ok {
			return nil
		}
		if i == k {
			return same(d.Operand(1))
		}
		c = d.Operand(0)
	}
}

// foldInsertElement folds a chain of insertelements that puts lane j of
// one vector v of the result's type into every lane j back to v (the
// packing of a vector's own lanes into a word, after a packed
// conversion, is then a plain bitcast of the conversion's result).
func foldInsertElement(op *ir.Operation, _ []ir.Attribute) []ir.FoldResult {
	vt, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || len(vt.Dims) != 1 {
		return nil
	}
	n := vt.Dims[0]
	seen := make(map[int64]bool, n)
	var src ir.Value
	for c := ir.Value(op.Result(0)); int64(len(seen)) < n; {
		d := c.DefiningOp()
		if d == nil || d.Name() != InsertElementOp.Name {
			return nil
		}
		i, ok := laneIndex(d.Operand(2))
		if !ok || i < 0 || i >= n {
			return nil
		}
		if !seen[i] {
			x := d.Operand(1).DefiningOp()
			if x == nil || x.Name() != ExtractElementOp.Name || x.Operand(0).Type() != op.Result(0).Type() {
				return nil
			}
			if j, ok := laneIndex(x.Operand(1)); !ok || j != i {
				return nil
			}
			if src == nil {
				src = x.Operand(0)
			} else if src != x.Operand(0) {
				return nil
			}
			seen[i] = true
		}
		c = d.Operand(0)
	}
	return same(src)
}
