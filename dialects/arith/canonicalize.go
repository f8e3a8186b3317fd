package arith

import "github.com/ttcompiler/tt/ir"

func init() {
	AddIOp.Canonicalize = append(constantChainPatterns(AddIOp),
		ir.NewPattern("AddIMulNegativeOne", "arith.addi", 1, addIMulNegativeOne))
	SubIOp.Canonicalize = append(constantChainPatterns(SubIOp),
		ir.NewPattern("SubISubILHSRHSLHS", "arith.subi", 1, subISubILHSRHSLHS))
	MulIOp.Canonicalize = constantChainPatterns(MulIOp)
	XOrIOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("XorINotCmpI", "arith.xori", 1, xorINotCmpI)}
	CmpIOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("CmpIOfExt", "arith.cmpi", 1, cmpIOfExt)}
	ExtSIOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("ExtSIOfExtUI", "arith.extsi", 1, extSIOfExtUI)}
	TruncIOp.Canonicalize = []ir.RewritePattern{
		ir.NewPattern("TruncIOfExtToExt", "arith.trunci", 1, truncIOfExtToExt),
		ir.NewPattern("TruncIOfShrSIToShrUI", "arith.trunci", 1, truncIOfShrSIToShrUI),
	}
	IndexCastOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("IndexCastOfSExt", "arith.index_cast", 1, castOfExt(ExtSIOp))}
	IndexCastUIOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("IndexCastUIOfExtUI", "arith.index_castui", 1, castOfExt(ExtUIOp))}
	BitcastOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("BitcastOfBitcast", "arith.bitcast", 1, bitcastOfBitcast)}
	AndIOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("LogicOfExt", "arith.andi", 1, logicOfExt)}
	OrIOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("LogicOfExt", "arith.ori", 1, logicOfExt)}
	MulFOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("FloatOfNegF", "arith.mulf", 1, floatOfNegF)}
	DivFOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("FloatOfNegF", "arith.divf", 1, floatOfNegF)}
	SelectOp.Canonicalize = []ir.RewritePattern{
		ir.NewPattern("RedundantSelect", "arith.select", 1, redundantSelect),
		ir.NewPattern("SelectNotCond", "arith.select", 1, selectNotCond),
		ir.NewPattern("SelectI1ToNot", "arith.select", 1, selectI1ToNot),
		ir.NewPattern("SelectToExtUI", "arith.select", 1, selectToExtUI),
	}
	AddUIExtendedOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("AddUIExtendedToAddI", "arith.addui_extended", 1, extendedToPlain(AddIOp))}
	MulSIExtendedOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("MulSIExtendedToMulI", "arith.mulsi_extended", 1, extendedToPlain(MulIOp))}
	MulUIExtendedOp.Canonicalize = []ir.RewritePattern{ir.NewPattern("MulUIExtendedToMulI", "arith.mului_extended", 1, extendedToPlain(MulIOp))}
}

// intConst returns the scalar integer constant defining v (DRR's
// ConstantLikeMatcher APIntAttr).
func intConst(v ir.Value) (uint64, bool) {
	a, ok := ConstantAttrOf(v).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Bits, true
}

// newIntConst materializes an integer constant of v's type.
func newIntConst(rw ir.Rewriter, loc ir.Location, t ir.Type, bits uint64) ir.Value {
	a := ir.Unique(rw.B().Ctx, &ir.IntegerAttr{Typ: t, Bits: bits & mask(ir.BitWidth(t))})
	return NewConstant(rw.B(), loc, a).Result(0)
}

// newBinaryFlags builds a binary op with the given overflow flags.
func newBinaryFlags(rw ir.Rewriter, d *ir.OpDef, loc ir.Location, x, y ir.Value, f IntegerOverflowFlags) ir.Value {
	op := NewBinary(rw.B(), d.Name, loc, x, y)
	if binaryInfo[d].flag == flagOverflow {
		op.SetAttr("overflowFlags", Overflow(op.Context(), f))
	}
	return op.Result(0)
}

// mergedFlags is the most conservative combination of two ops' flags.
func mergedFlags(a, b *ir.Operation) IntegerOverflowFlags { return OverflowOf(a) & OverflowOf(b) }

// constOperand splits a binary op into (other operand, constant) when its
// operand i is a scalar integer constant.
func constAt(op *ir.Operation, i int) (ir.Value, uint64, bool) {
	c, ok := intConst(op.Operand(i))
	return op.Operand(1 - i), c, ok
}

// addi(x, muli(y, -1)) -> subi(x, y); addi(muli(x, -1), y) -> subi(y, x)
func addIMulNegativeOne(op *ir.Operation, rw ir.Rewriter) bool {
	for i := 0; i < 2; i++ {
		mul := definedBy(op.Operand(1-i), MulIOp)
		if mul == nil {
			continue
		}
		y, c, ok := constAt(mul, 1)
		if !ok || c != mask(ir.BitWidth(op.Result(0).Type())) {
			continue
		}
		rw.ReplaceOp(op, []ir.Value{newBinaryFlags(rw, SubIOp, op.Loc(), op.Operand(i), y, OverflowNone)})
		return true
	}
	return false
}

// subi(subi(a, b), a) -> subi(0, b)
func subISubILHSRHSLHS(op *ir.Operation, rw ir.Rewriter) bool {
	inner := definedBy(op.Operand(0), SubIOp)
	if inner == nil || inner.Operand(0) != op.Operand(1) {
		return false
	}
	t := op.Result(0).Type()
	z := ZeroAttr(op.Context(), t)
	if z == nil {
		return false
	}
	c := NewConstant(rw.B(), op.Loc(), z).Result(0)
	rw.ReplaceOp(op, []ir.Value{newBinaryFlags(rw, SubIOp, op.Loc(), c, inner.Operand(1), OverflowNone)})
	return true
}

// xori(cmpi(pred, a, b), 1) -> cmpi(~pred, a, b)
func xorINotCmpI(op *ir.Operation, rw ir.Rewriter) bool {
	cmp := definedBy(op.Operand(0), CmpIOp)
	if c, ok := intConst(op.Operand(1)); !ok || c != 1 || cmp == nil || !ir.IsInteger(op.Result(0).Type(), 1) {
		return false
	}
	n := NewCmpI(rw.B(), op.Loc(), CmpIPredicateOf(cmp).Invert(), cmp.Operand(0), cmp.Operand(1))
	rw.ReplaceOp(op, n.Results())
	return true
}

// cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b) for matching extensions.
func cmpIOfExt(op *ir.Operation, rw ir.Rewriter) bool {
	p := CmpIPredicateOf(op)
	if p != CmpIEQ && p != CmpINE {
		return false
	}
	l, r := op.Operand(0).DefiningOp(), op.Operand(1).DefiningOp()
	if l == nil || r == nil || l.Def() != r.Def() || (l.Def() != ExtSIOp && l.Def() != ExtUIOp) {
		return false
	}
	if l.Operand(0).Type() != r.Operand(0).Type() {
		return false
	}
	n := NewCmpI(rw.B(), op.Loc(), p, l.Operand(0), r.Operand(0))
	rw.ReplaceOp(op, n.Results())
	return true
}

// extsi(extui(x)) -> extui(x)
func extSIOfExtUI(op *ir.Operation, rw ir.Rewriter) bool {
	inner := definedBy(op.Operand(0), ExtUIOp)
	if inner == nil {
		return false
	}
	n := NewCast(rw.B(), "arith.extui", op.Loc(), inner.Operand(0), op.Result(0).Type())
	rw.ReplaceOp(op, n.Results())
	return true
}

// trunci(ext(x)) -> ext(x) when x is narrower than the result.
func truncIOfExtToExt(op *ir.Operation, rw ir.Rewriter) bool {
	inner := op.Operand(0).DefiningOp()
	if inner == nil || (inner.Def() != ExtSIOp && inner.Def() != ExtUIOp) {
		return false
	}
	x := inner.Operand(0)
	if elemWidth(x.Type()) >= elemWidth(op.Result(0).Type()) {
		return false
	}
	n := NewCast(rw.B(), inner.Name(), op.Loc(), x, op.Result(0).Type())
	rw.ReplaceOp(op, n.Results())
	return true
}

// trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when c is exactly the number
// of bits the truncation drops: the bits the arithmetic shift replicates
// from the sign are then all truncated away (MLIR's
// TruncIShrSIToTrunciShrUI).
func truncIOfShrSIToShrUI(op *ir.Operation, rw ir.Rewriter) bool {
	shr := definedBy(op.Operand(0), ShRSIOp)
	if shr == nil {
		return false
	}
	c, ok := intOrSplatConst(shr.Operand(1))
	if !ok || int(c) != elemWidth(shr.Result(0).Type())-elemWidth(op.Result(0).Type()) {
		return false
	}
	amount := NewConstant(rw.B(), op.Loc(), ConstantAttrOf(shr.Operand(1))).Result(0)
	u := NewBinary(rw.B(), "arith.shrui", op.Loc(), shr.Operand(0), amount)
	n := NewCast(rw.B(), "arith.trunci", op.Loc(), u.Result(0), op.Result(0).Type())
	rw.ReplaceOp(op, n.Results())
	return true
}

// intOrSplatConst returns the value of a scalar integer constant or of a
// splat of one (getIntOrSplatIntValue).
func intOrSplatConst(v ir.Value) (uint64, bool) {
	switch a := ConstantAttrOf(v).(type) {
	case *ir.IntegerAttr:
		return a.Bits, true
	case *ir.DenseElementsAttr:
		if a.IsSplat() && a.Floats == nil && len(a.Ints) > 0 {
			return a.Ints[0], true
		}
	}
	return 0, false
}

// castOfExt returns cast(ext(x)) -> cast(x) for the extension ext.
func castOfExt(ext *ir.OpDef) func(*ir.Operation, ir.Rewriter) bool {
	return func(op *ir.Operation, rw ir.Rewriter) bool {
		inner := definedBy(op.Operand(0), ext)
		if inner == nil {
			return false
		}
		n := NewCast(rw.B(), op.Name(), op.Loc(), inner.Operand(0), op.Result(0).Type())
		rw.ReplaceOp(op, n.Results())
		return true
	}
}

// bitcast(bitcast(x)) -> x or bitcast(x)
func bitcastOfBitcast(op *ir.Operation, rw ir.Rewriter) bool {
	inner := definedBy(op.Operand(0), BitcastOp)
	if inner == nil {
		return false
	}
	x := inner.Operand(0)
	if x.Type() == op.Result(0).Type() {
		rw.ReplaceOp(op, []ir.Value{x})
		return true
	}
	n := NewCast(rw.B(), "arith.bitcast", op.Loc(), x, op.Result(0).Type())
	rw.ReplaceOp(op, n.Results())
	return true
}

// andi/ori(ext(x), ext(y)) -> ext(andi/ori(x, y)) for matching extensions.
func logicOfExt(op *ir.Operation, rw ir.Rewriter) bool {
	l, r := op.Operand(0).DefiningOp(), op.Operand(1).DefiningOp()
	if l == nil || r == nil || l.Def() != r.Def() || (l.Def() != ExtSIOp && l.Def() != ExtUIOp) {
		return false
	}
	if l.Operand(0).Type() != r.Operand(0).Type() {
		return false
	}
	inner := NewBinary(rw.B(), op.Name(), op.Loc(), l.Operand(0), r.Operand(0))
	n := NewCast(rw.B(), l.Name(), op.Loc(), inner.Result(0), op.Result(0).Type())
	rw.ReplaceOp(op, n.Results())
	return true
}

// mulf/divf(negf(a), negf(b)) -> mulf/divf(a, b)
func floatOfNegF(op *ir.Operation, rw ir.Rewriter) bool {
	l, r := definedBy(op.Operand(0), NegFOp), definedBy(op.Operand(1), NegFOp)
	if l == nil || r == nil {
		return false
	}
	n := NewBinary(rw.B(), op.Name(), op.Loc(), l.Operand(0), r.Operand(0))
	n.SetAttr("fastmath", op.Attr("fastmath"))
	rw.ReplaceOp(op, n.Results())
	return true
}

// select(c, select(c, a, b), d) -> select(c, a, d) and
// select(c, a, select(c, b, d)) -> select(c, a, d)
func redundantSelect(op *ir.Operation, rw ir.Rewriter) bool {
	c := op.Operand(0)
	if in := definedBy(op.Operand(1), SelectOp); in != nil && in.Operand(0) == c {
		rw.ModifyInPlace(op, func() { op.SetOperand(1, in.Operand(1)) })
		return true
	}
	if in := definedBy(op.Operand(2), SelectOp); in != nil && in.Operand(0) == c {
		rw.ModifyInPlace(op, func() { op.SetOperand(2, in.Operand(2)) })
		return true
	}
	return false
}

// select(not(c), a, b) -> select(c, b, a)
func selectNotCond(op *ir.Operation, rw ir.Rewriter) bool {
	xor := definedBy(op.Operand(0), XOrIOp)
	if xor == nil {
		return false
	}
	if c, ok := intConst(xor.Operand(1)); !ok || c != 1 || !ir.IsInteger(xor.Result(0).Type(), 1) {
		return false
	}
	n := NewSelect(rw.B(), op.Loc(), xor.Operand(0), op.Operand(2), op.Operand(1))
	rw.ReplaceOp(op, n.Results())
	return true
}

// select(c, false, true) -> xori(c, true)
func selectI1ToNot(op *ir.Operation, rw ir.Rewriter) bool {
	t, ok1 := intConst(op.Operand(1))
	f, ok2 := intConst(op.Operand(2))
	if !ok1 || !ok2 || t != 0 || f != 1 || !isSignlessI1(op.Result(0).Type()) || !isSignlessI1(op.Operand(0).Type()) {
		return false
	}
	one := ConstantBool(rw.B(), op.Loc(), true)
	rw.ReplaceOp(op, NewBinary(rw.B(), "arith.xori", op.Loc(), op.Operand(0), one).Results())
	return true
}

// select(c, 1, 0) -> extui(c); select(c, 0, 1) -> extui(xori(c, 1))
func selectToExtUI(op *ir.Operation, rw ir.Rewriter) bool {
	t := op.Result(0).Type()
	if !isSignlessInt(t) || ir.IsInteger(t, 1) || !isSignlessI1(op.Operand(0).Type()) {
		return false
	}
	tv, ok1 := intConst(op.Operand(1))
	fv, ok2 := intConst(op.Operand(2))
	if !ok1 || !ok2 {
		return false
	}
	cond := op.Operand(0)
	switch {
	case tv == 1 && fv == 0:
	case tv == 0 && fv == 1:
		one := ConstantInt(rw.B(), op.Loc(), 1, cond.Type())
		cond = NewBinary(rw.B(), "arith.xori", op.Loc(), cond, one).Result(0)
	default:
		return false
	}
	rw.ReplaceOp(op, NewCast(rw.B(), "arith.extui", op.Loc(), cond, t).Results())
	return true
}

// extendedToPlain rewrites addui_extended/mul*_extended whose second
// result is unused into the plain op.
func extendedToPlain(plain *ir.OpDef) func(*ir.Operation, ir.Rewriter) bool {
	return func(op *ir.Operation, rw ir.Rewriter) bool {
		if ir.HasUses(op.Result(1)) {
			return false
		}
		n := NewBinary(rw.B(), plain.Name, op.Loc(), op.Operand(0), op.Operand(1))
		rw.ReplaceOp(op, []ir.Value{n.Result(0), op.Result(1)})
		return true
	}
}
