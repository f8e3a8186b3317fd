// Package intrange is MLIR's integer range analysis (IntegerRangeAnalysis
// with the InferIntRangeInterface of the arith ops) for tt's IR: for every
// integer value (and integer tensor, whose range covers all elements) the
// unsigned and signed bounds a forward dataflow analysis can prove. The
// bounds and each op's transfer function follow MLIR's
// ConstantIntRanges and InferIntRangeCommon exactly, so that clients such
// as Triton's AMD buffer-op conversion decide as Triton does; the solver
// takes hooks with which a client refines entry states, ops and loops
// (Triton's TritonIntegerRangeAnalysis does all three).
package intrange

import (
	"fmt"
	"math/bits"
)

// Range is MLIR's ConstantIntRanges for an integer of Width bits (1 to
// 64): the values lie in [UMin, UMax] read unsigned and in [SMin, SMax]
// read signed. Bounds are stored as bit patterns (the low Width bits).
type Range struct {
	Width                  uint
	UMin, UMax, SMin, SMax uint64
}

func mask(w uint) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// sext reads a Width-bit pattern as a signed number.
func sext(v uint64, w uint) int64 {
	if w >= 64 {
		return int64(v)
	}
	s := 64 - w
	return int64(v<<s) >> s
}

func trunc(v uint64, w uint) uint64 { return v & mask(w) }

func signedMin(w uint) uint64 { return 1 << (w - 1) }
func signedMax(w uint) uint64 { return mask(w) >> 1 }

func slt(a, b uint64, w uint) bool { return sext(a, w) < sext(b, w) }
func isNeg(a uint64, w uint) bool  { return a>>(w-1)&1 == 1 }

// Constant is the range of one value.
func Constant(v uint64, w uint) Range {
	v = trunc(v, w)
	return Range{w, v, v, v, v}
}

// MaxRange is every value of width w.
func MaxRange(w uint) Range { return Range{w, 0, mask(w), signedMin(w), signedMax(w)} }

// FromUnsigned is the range [umin, umax] read unsigned; the signed bounds
// follow unless the interval crosses the sign bit.
func FromUnsigned(umin, umax uint64, w uint) Range {
	r := Range{Width: w, UMin: umin, UMax: umax}
	if isNeg(umin, w) == isNeg(umax, w) {
		r.SMin, r.SMax = umin, umax
		if slt(umax, umin, w) {
			r.SMin, r.SMax = umax, umin
		}
	} else {
		r.SMin, r.SMax = signedMin(w), signedMax(w)
	}
	return r
}

// FromSigned is the range [smin, smax] read signed; the unsigned bounds
// follow unless the interval crosses zero.
func FromSigned(smin, smax uint64, w uint) Range {
	r := Range{Width: w, SMin: smin, SMax: smax}
	if isNeg(smin, w) == isNeg(smax, w) {
		r.UMin, r.UMax = min(smin, smax), max(smin, smax)
	} else {
		r.UMin, r.UMax = 0, mask(w)
	}
	return r
}

// FromBounds is ConstantIntRanges::range: signed or unsigned bounds.
func FromBounds(lo, hi uint64, w uint, signed bool) Range {
	if signed {
		return FromSigned(lo, hi, w)
	}
	return FromUnsigned(lo, hi, w)
}

// Intersect keeps the values both ranges allow.
func (r Range) Intersect(o Range) Range {
	w := r.Width
	out := Range{Width: w, UMin: max(r.UMin, o.UMin), UMax: min(r.UMax, o.UMax), SMin: r.SMin, SMax: r.SMax}
	if slt(r.SMin, o.SMin, w) {
		out.SMin = o.SMin
	}
	if slt(o.SMax, r.SMax, w) {
		out.SMax = o.SMax
	}
	return out
}

// Union covers the values of either range.
func (r Range) Union(o Range) Range {
	w := r.Width
	out := Range{Width: w, UMin: min(r.UMin, o.UMin), UMax: max(r.UMax, o.UMax), SMin: r.SMin, SMax: r.SMax}
	if slt(o.SMin, r.SMin, w) {
		out.SMin = o.SMin
	}
	if slt(r.SMax, o.SMax, w) {
		out.SMax = o.SMax
	}
	return out
}

// ConstantValue returns the single value the range allows.
func (r Range) ConstantValue() (uint64, bool) {
	if r.UMin == r.UMax {
		return r.UMin, true
	}
	if r.SMin == r.SMax {
		return r.SMin, true
	}
	return 0, false
}

// SMinInt and SMaxInt are the signed bounds as numbers.
func (r Range) SMinInt() int64 { return sext(r.SMin, r.Width) }
func (r Range) SMaxInt() int64 { return sext(r.SMax, r.Width) }

// NonNegative reports whether every value is non-negative read signed.
func (r Range) NonNegative() bool { return !isNeg(r.SMin, r.Width) }

// String prints the range as MLIR does.
func (r Range) String() string {
	return fmt.Sprintf("unsigned : [%d, %d] signed : [%d, %d]", r.UMin, r.UMax, sext(r.SMin, r.Width), sext(r.SMax, r.Width))
}

// The arithmetic below is APInt's on Width-bit patterns, reporting
// overflow where APInt's *_ov functions do.

func uaddOv(a, b uint64, w uint) (uint64, bool) {
	s := a + b
	return trunc(s, w), s&^mask(w) != 0 || s < a
}

func saddOv(a, b uint64, w uint) (uint64, bool) {
	s := trunc(a+b, w)
	// Overflow when both operands have one sign and the sum the other.
	return s, isNeg(a, w) == isNeg(b, w) && isNeg(s, w) != isNeg(a, w)
}

func usubOv(a, b uint64, w uint) (uint64, bool) { return trunc(a-b, w), b > a }

func ssubOv(a, b uint64, w uint) (uint64, bool) {
	s := trunc(a-b, w)
	return s, isNeg(a, w) != isNeg(b, w) && isNeg(s, w) != isNeg(a, w)
}

func umulOv(a, b uint64, w uint) (uint64, bool) {
	hi, lo := bits.Mul64(a, b)
	return trunc(lo, w), hi != 0 || lo&^mask(w) != 0
}

func smulOv(a, b uint64, w uint) (uint64, bool) {
	x, y := sext(a, w), sext(b, w)
	p := trunc(uint64(x*y), w)
	if x == 0 || y == 0 {
		return 0, false
	}
	// The product overflows when dividing back does not give the factor,
	// or the 64-bit product does not fit w bits.
	full := x * y
	ov := full/y != x || (x == -1 && y == -1<<63) || (y == -1 && x == -1<<63) || sext(p, w) != full
	return p, ov
}

func uaddSat(a, b uint64, w uint) uint64 {
	if s, ov := uaddOv(a, b, w); !ov {
		return s
	}
	return mask(w)
}

func saddSat(a, b uint64, w uint) uint64 {
	if s, ov := saddOv(a, b, w); !ov {
		return s
	}
	if isNeg(a, w) {
		return signedMin(w)
	}
	return signedMax(w)
}

func usubSat(a, b uint64, w uint) uint64 {
	if b > a {
		return 0
	}
	return a - b
}

func ssubSat(a, b uint64, w uint) uint64 {
	if s, ov := ssubOv(a, b, w); !ov {
		return s
	}
	if isNeg(a, w) {
		return signedMin(w)
	}
	return signedMax(w)
}

func umulSat(a, b uint64, w uint) uint64 {
	if p, ov := umulOv(a, b, w); !ov {
		return p
	}
	return mask(w)
}

func smulSat(a, b uint64, w uint) uint64 {
	if p, ov := smulOv(a, b, w); !ov {
		return p
	}
	if isNeg(a, w) != isNeg(b, w) {
		return signedMin(w)
	}
	return signedMax(w)
}

// ushlOv shifts left, overflowing when a set bit is shifted out.
func ushlOv(a, s uint64, w uint) (uint64, bool) {
	if s >= uint64(w) {
		return 0, true
	}
	r := trunc(a<<s, w)
	return r, r>>s != a
}

// sshlOv overflows when the shift changes the value's sign or drops bits.
func sshlOv(a, s uint64, w uint) (uint64, bool) {
	if s >= uint64(w) {
		return 0, true
	}
	r := trunc(a<<s, w)
	return r, sext(r, w)>>s != sext(a, w)
}

func ushlSat(a, s uint64, w uint) uint64 {
	if r, ov := ushlOv(a, s, w); !ov {
		return r
	}
	return mask(w)
}

func sshlSat(a, s uint64, w uint) uint64 {
	if r, ov := sshlOv(a, s, w); !ov {
		return r
	}
	if isNeg(a, w) {
		return signedMin(w)
	}
	return signedMax(w)
}

func sdivOv(a, b uint64, w uint) (uint64, bool) {
	x, y := sext(a, w), sext(b, w)
	if a == signedMin(w) && y == -1 {
		return a, true
	}
	return trunc(uint64(x/y), w), false
}

func srem(a, b uint64, w uint) uint64 { return trunc(uint64(sext(a, w)%sext(b, w)), w) }

func ashr(a, s uint64, w uint) uint64 { return trunc(uint64(sext(a, w)>>s), w) }

func neg(a uint64, w uint) uint64 { return trunc(-a, w) }

func abs(a uint64, w uint) uint64 {
	if isNeg(a, w) {
		return neg(a, w)
	}
	return a
}

func countLeadingZeros(v uint64, w uint) uint {
	if v == 0 {
		return w
	}
	return uint(bits.LeadingZeros64(v)) - (64 - w)
}
