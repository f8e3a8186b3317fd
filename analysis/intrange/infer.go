package intrange

import "github.com/ttcompiler/tt/dialects/arith"

// The transfer functions of MLIR's InferIntRangeCommon, one per integer
// op kind.

// arithFn computes op(a, b), false on overflow.
type arithFn func(a, b uint64, w uint) (uint64, bool)

// boundsBy computes op on the minima and on the maxima; overflow of either
// gives the maximal range.
func boundsBy(op arithFn, minL, minR, maxL, maxR uint64, w uint, signed bool) Range {
	lo, ok1 := op(minL, minR, w)
	hi, ok2 := op(maxL, maxR, w)
	if ok1 && ok2 {
		return FromBounds(lo, hi, w, signed)
	}
	return MaxRange(w)
}

// minMaxBy computes the extreme results of op over the corner values.
func minMaxBy(op arithFn, lhs, rhs []uint64, w uint, signed bool) Range {
	less := func(a, b uint64) bool { return a < b }
	lo, hi := mask(w), uint64(0)
	if signed {
		less = func(a, b uint64) bool { return slt(a, b, w) }
		lo, hi = signedMax(w), signedMin(w)
	}
	for _, l := range lhs {
		for _, r := range rhs {
			v, ok := op(l, r, w)
			if !ok {
				return MaxRange(w)
			}
			if less(v, lo) {
				lo = v
			}
			if less(hi, v) {
				hi = v
			}
		}
	}
	return FromBounds(lo, hi, w, signed)
}

// withOverflow turns an overflow-reporting op into one that saturates when
// the op promises no wrap (nsw/nuw: the result is poison otherwise).
func withOverflow(ov func(a, b uint64, w uint) (uint64, bool), sat func(a, b uint64, w uint) uint64, noWrap bool) arithFn {
	if noWrap {
		return func(a, b uint64, w uint) (uint64, bool) { return sat(a, b, w), true }
	}
	return func(a, b uint64, w uint) (uint64, bool) {
		v, o := ov(a, b, w)
		return v, !o
	}
}

// Add is inferAdd.
func Add(l, r Range, f arith.IntegerOverflowFlags) Range {
	w := l.Width
	u := boundsBy(withOverflow(uaddOv, uaddSat, f&arith.OverflowNUW != 0), l.UMin, r.UMin, l.UMax, r.UMax, w, false)
	s := boundsBy(withOverflow(saddOv, saddSat, f&arith.OverflowNSW != 0), l.SMin, r.SMin, l.SMax, r.SMax, w, true)
	return u.Intersect(s)
}

// Sub is inferSub.
func Sub(l, r Range, f arith.IntegerOverflowFlags) Range {
	w := l.Width
	u := boundsBy(withOverflow(usubOv, usubSat, f&arith.OverflowNUW != 0), l.UMin, r.UMax, l.UMax, r.UMin, w, false)
	s := boundsBy(withOverflow(ssubOv, ssubSat, f&arith.OverflowNSW != 0), l.SMin, r.SMax, l.SMax, r.SMin, w, true)
	return u.Intersect(s)
}

// Mul is inferMul.
func Mul(l, r Range, f arith.IntegerOverflowFlags) Range {
	w := l.Width
	u := minMaxBy(withOverflow(umulOv, umulSat, f&arith.OverflowNUW != 0), []uint64{l.UMin, l.UMax}, []uint64{r.UMin, r.UMax}, w, false)
	s := minMaxBy(withOverflow(smulOv, smulSat, f&arith.OverflowNSW != 0), []uint64{l.SMin, l.SMax}, []uint64{r.SMin, r.SMax}, w, true)
	return u.Intersect(s)
}

// divFixup adjusts a quotient (ceiling, floor); false on overflow.
type divFixup func(a, b, q uint64, w uint) (uint64, bool)

func divURange(l, r Range, fix divFixup) Range {
	w := l.Width
	if r.UMin != 0 && r.UMax != 0 {
		return minMaxBy(func(a, b uint64, w uint) (uint64, bool) { return fix(a, b, a/b, w) },
			[]uint64{l.UMin, l.UMax}, []uint64{r.UMin, r.UMax}, w, false)
	}
	umin := uint64(0)
	if l.UMin >= r.UMax && r.UMax != 0 {
		umin = l.UMin / r.UMax
	}
	return FromUnsigned(umin, l.UMax, w)
}

func plainQuotient(_, _, q uint64, _ uint) (uint64, bool) { return q, true }

// DivU is inferDivU.
func DivU(l, r Range) Range { return divURange(l, r, plainQuotient) }

// CeilDivU is inferCeilDivU.
func CeilDivU(l, r Range) Range {
	return divURange(l, r, func(a, b, q uint64, w uint) (uint64, bool) {
		if a%b != 0 {
			v, ov := uaddOv(q, 1, w)
			return v, !ov
		}
		return q, true
	})
}

func divSRange(l, r Range, fix divFixup) Range {
	w := l.Width
	rPos := !isNeg(r.SMin, w) && r.SMin != 0
	if rPos || isNeg(r.SMax, w) {
		return minMaxBy(func(a, b uint64, w uint) (uint64, bool) {
			q, ov := sdivOv(a, b, w)
			if ov {
				return 0, false
			}
			return fix(a, b, q, w)
		}, []uint64{l.SMin, l.SMax}, []uint64{r.SMin, r.SMax}, w, true)
	}
	return MaxRange(w)
}

// DivS is inferDivS.
func DivS(l, r Range) Range { return divSRange(l, r, plainQuotient) }

// CeilDivS is inferCeilDivS.
func CeilDivS(l, r Range) Range {
	w := l.Width
	fix := func(a, b, q uint64, w uint) (uint64, bool) {
		if srem(a, b, w) != 0 && isNeg(a, w) == isNeg(b, w) {
			v, ov := saddOv(q, 1, w)
			return v, !ov
		}
		if a == signedMin(w) && sext(b, w) > 1 {
			return neg(q, w), true
		}
		return q, true
	}
	res := divSRange(l, r, fix)
	if l.SMin == signedMin(w) && slt(l.SMin, l.SMax, w) {
		res = res.Union(divSRange(FromSigned(trunc(l.SMin+1, w), l.SMax, w), r, fix))
	}
	return res
}

// FloorDivS is inferFloorDivS.
func FloorDivS(l, r Range) Range {
	return divSRange(l, r, func(a, b, q uint64, w uint) (uint64, bool) {
		if srem(a, b, w) != 0 && isNeg(a, w) != isNeg(b, w) {
			v, ov := ssubOv(q, 1, w)
			return v, !ov
		}
		return q, true
	})
}

// RemS is inferRemS.
func RemS(l, r Range) Range {
	w := r.Width
	smin, smax := signedMin(w), signedMax(w)
	rPos := !isNeg(r.SMin, w) && r.SMin != 0
	if rPos || isNeg(r.SMax, w) {
		maxDiv := r.SMax
		if !rPos {
			maxDiv = abs(r.SMin, w)
		}
		maxPos := trunc(maxDiv-1, w)
		smin, smax = 0, 0
		if isNeg(l.SMin, w) {
			smin = neg(maxPos, w)
		}
		if !isNeg(l.SMax, w) && l.SMax != 0 {
			smax = maxPos
		}
		if r.SMin == r.SMax && trunc(l.SMax-l.SMin, w) < maxDiv {
			lo, hi := srem(l.SMin, maxDiv, w), srem(l.SMax, maxDiv, w)
			if !slt(hi, lo, w) {
				smin, smax = lo, hi
			}
		}
	}
	return FromSigned(smin, smax, w)
}

// RemU is inferRemU.
func RemU(l, r Range) Range {
	w := r.Width
	umin, umax := uint64(0), min(trunc(r.UMax-1, w), l.UMax)
	if r.UMin != 0 && r.UMin == r.UMax && trunc(l.UMax-l.UMin, w) < r.UMax {
		lo, hi := l.UMin%r.UMax, l.UMax%r.UMax
		if lo <= hi {
			umin, umax = lo, hi
		}
	}
	return FromUnsigned(umin, umax, w)
}

// MaxS, MaxU, MinS and MinU are inferMaxS and friends.
func MaxS(l, r Range) Range {
	w := l.Width
	lo, hi := l.SMin, l.SMax
	if slt(lo, r.SMin, w) {
		lo = r.SMin
	}
	if slt(hi, r.SMax, w) {
		hi = r.SMax
	}
	return FromSigned(lo, hi, w)
}

func MaxU(l, r Range) Range { return FromUnsigned(max(l.UMin, r.UMin), max(l.UMax, r.UMax), l.Width) }

func MinS(l, r Range) Range {
	w := l.Width
	lo, hi := l.SMin, l.SMax
	if slt(r.SMin, lo, w) {
		lo = r.SMin
	}
	if slt(r.SMax, hi, w) {
		hi = r.SMax
	}
	return FromSigned(lo, hi, w)
}

func MinU(l, r Range) Range { return FromUnsigned(min(l.UMin, r.UMin), min(l.UMax, r.UMax), l.Width) }

// widenBitwise relaxes [umin, umax] to the bits the bounds share followed
// by all zeros and all ones.
func widenBitwise(r Range) (uint64, uint64) {
	diff := r.Width - countLeadingZeros(r.UMin^r.UMax, r.Width)
	low := mask(diff)
	return r.UMin &^ low, r.UMax | low
}

// And and Or are inferAnd and inferOr.
func And(l, r Range) Range {
	l0, l1 := widenBitwise(l)
	r0, r1 := widenBitwise(r)
	return minMaxBy(func(a, b uint64, _ uint) (uint64, bool) { return a & b, true }, []uint64{l0, l1}, []uint64{r0, r1}, l.Width, false)
}

func Or(l, r Range) Range {
	l0, l1 := widenBitwise(l)
	r0, r1 := widenBitwise(r)
	return minMaxBy(func(a, b uint64, _ uint) (uint64, bool) { return a | b, true }, []uint64{l0, l1}, []uint64{r0, r1}, l.Width, false)
}

// Xor is inferXor: the bits that vary in either operand vary.
func Xor(l, r Range) Range {
	w := l.Width
	varying := func(x Range) uint64 { return mask(w - countLeadingZeros(x.UMin^x.UMax, w)) }
	m := varying(l) | varying(r)
	res := l.UMin ^ r.UMin
	return FromUnsigned(res&^m, trunc(res|m, w), w)
}

// Shl is inferShl.
func Shl(l, r Range, f arith.IntegerOverflowFlags) Range {
	w := l.Width
	u := minMaxBy(withOverflow(ushlOv, ushlSat, f&arith.OverflowNUW != 0), []uint64{l.UMin, l.UMax}, []uint64{r.UMin, r.UMax}, w, false)
	s := minMaxBy(withOverflow(sshlOv, sshlSat, f&arith.OverflowNSW != 0), []uint64{l.SMin, l.SMax}, []uint64{r.UMin, r.UMax}, w, true)
	return u.Intersect(s)
}

// ShrS and ShrU are inferShrS and inferShrU.
func ShrS(l, r Range) Range {
	return minMaxBy(func(a, s uint64, w uint) (uint64, bool) {
		if s >= uint64(w) {
			return 0, false
		}
		return ashr(a, s, w), true
	}, []uint64{l.SMin, l.SMax}, []uint64{r.UMin, r.UMax}, l.Width, true)
}

func ShrU(l, r Range) Range {
	return minMaxBy(func(a, s uint64, w uint) (uint64, bool) {
		if s >= uint64(w) {
			return 0, false
		}
		return a >> s, true
	}, []uint64{l.UMin, l.UMax}, []uint64{r.UMin, r.UMax}, l.Width, false)
}

// ExtU, ExtS and Trunc are extUIRange, extSIRange and truncRange.
func ExtU(r Range, w uint) Range { return FromUnsigned(r.UMin, r.UMax, w) }

func ExtS(r Range, w uint) Range {
	return FromSigned(trunc(uint64(sext(r.SMin, r.Width)), w), trunc(uint64(sext(r.SMax, r.Width)), w), w)
}

// Ext is extRange: every bound extended its way.
func Ext(r Range, w uint) Range {
	return Range{w, r.UMin, r.UMax, trunc(uint64(sext(r.SMin, r.Width)), w), trunc(uint64(sext(r.SMax, r.Width)), w)}
}

func Trunc(r Range, w uint) Range {
	out := Range{Width: w}
	if r.UMin>>w != r.UMax>>w {
		out.UMin, out.UMax = 0, mask(w)
	} else {
		out.UMin, out.UMax = trunc(r.UMin, w), trunc(r.UMax, w)
	}
	lo, hi := ashr(r.SMin, uint64(w-1), r.Width), ashr(r.SMax, uint64(w-1), r.Width)
	allOnes, zero := mask(r.Width), uint64(0)
	overflow := lo != hi && !(lo == allOnes && (hi == allOnes || hi == zero)) && !(lo == zero && hi == zero)
	if overflow {
		out.SMin, out.SMax = signedMin(w), signedMax(w)
	} else {
		out.SMin, out.SMax = trunc(r.SMin, w), trunc(r.SMax, w)
	}
	return out
}

// staticallyTrue reports whether pred holds for every pair of values.
func staticallyTrue(pred arith.CmpIPredicate, l, r Range) bool {
	w := l.Width
	switch pred {
	case arith.CmpISLE:
		return !slt(r.SMin, l.SMax, w)
	case arith.CmpISLT:
		return slt(l.SMax, r.SMin, w)
	case arith.CmpIULE:
		return l.UMax <= r.UMin
	case arith.CmpIULT:
		return l.UMax < r.UMin
	case arith.CmpISGE:
		return !slt(l.SMin, r.SMax, w)
	case arith.CmpISGT:
		return slt(r.SMax, l.SMin, w)
	case arith.CmpIUGE:
		return l.UMin >= r.UMax
	case arith.CmpIUGT:
		return l.UMin > r.UMax
	case arith.CmpIEQ:
		a, ok1 := l.ConstantValue()
		b, ok2 := r.ConstantValue()
		return ok1 && ok2 && a == b
	case arith.CmpINE:
		sne := staticallyTrue(arith.CmpISLT, l, r) || staticallyTrue(arith.CmpISGT, l, r)
		une := staticallyTrue(arith.CmpIULT, l, r) || staticallyTrue(arith.CmpIUGT, l, r)
		return sne && une
	}
	return false
}

// EvaluatePred decides a comparison of two ranges, if the ranges decide
// it (MLIR's intrange::evaluatePred).
func EvaluatePred(pred arith.CmpIPredicate, l, r Range) (result, known bool) {
	if staticallyTrue(pred, l, r) {
		return true, true
	}
	if staticallyTrue(pred.Invert(), l, r) {
		return false, true
	}
	return false, false
}

// CmpI is the range of an arith.cmpi result: [1, 1], [0, 0] or [0, 1]
// (i1, printed signed as -1 for true).
func CmpI(pred arith.CmpIPredicate, l, r Range) Range {
	lo, hi := uint64(0), uint64(1)
	if v, known := EvaluatePred(pred, l, r); known {
		if v {
			lo = 1
		} else {
			hi = 0
		}
	}
	return FromUnsigned(lo, hi, 1)
}
