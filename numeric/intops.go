package numeric

import "math/bits"

// Integer helpers with the semantics of MLIR's arith dialect on iN values,
// 1 <= N <= 64. A value is carried as the low N bits of a uint64 (the other
// bits are ignored on input and zero on output); signed operations read
// those bits as two's complement.
//
// Where arith leaves a result undefined (division by zero, signed division
// overflow, shift amounts >= N) the plain functions return what the NVIDIA
// GPU computes for Triton 3.6 code on sm_90 — the interpreter must match it —
// and the ...Checked variants report ok == false, so a constant folder can
// decline to fold, as MLIR's own folders do. The GPU results were measured on
// an H200 for i8, i16, i32 and i64 (testdata/sm90/int_ops.json.gz); other
// widths follow the nearest measured one (N <= 32 like i32, N > 32 like
// i64), which is how LLVM legalises them.

// Mask returns a mask of the low w bits.
func Mask(w int) uint64 {
	checkWidth(w)
	if w == 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func checkWidth(w int) {
	if w < 1 || w > 64 {
		panic("numeric: integer width out of range 1..64")
	}
}

// Trunc keeps the low w bits of x (arith.trunci to iw; also arith.extui from
// iw when the result is read as a wider value).
func Trunc(x uint64, w int) uint64 { return x & Mask(w) }

// SExt sign-extends the low w bits of x to 64 bits.
func SExt(x uint64, w int) uint64 {
	checkWidth(w)
	s := uint(64 - w)
	return uint64(int64(x<<s) >> s)
}

// Int64 reads the low w bits of x as a signed integer.
func Int64(x uint64, w int) int64 { return int64(SExt(x, w)) }

// ExtSI is arith.extsi from iFrom to iTo (from <= to).
func ExtSI(x uint64, from, to int) uint64 { return SExt(x, from) & Mask(to) }

// ExtUI is arith.extui from iFrom to iTo (from <= to).
func ExtUI(x uint64, from, to int) uint64 { return x & Mask(from) & Mask(to) }

// AddI, SubI and MulI wrap modulo 2^w (arith.addi/subi/muli without
// overflow flags).
func AddI(a, b uint64, w int) uint64 { return (a + b) & Mask(w) }

// SubI is a - b modulo 2^w.
func SubI(a, b uint64, w int) uint64 { return (a - b) & Mask(w) }

// MulI is the low w bits of a * b.
func MulI(a, b uint64, w int) uint64 { return (a * b) & Mask(w) }

// minSigned returns the pattern of the most negative iw value.
func minSigned(w int) uint64 { return 1 << uint(w-1) }

// divByZero is what the GPU returns for division or remainder by zero:
// all ones for widths up to 32 (div.u32/rem.u32 by 0); for wider types the
// result depends on LLVM's bypass of slow 64-bit division, which uses the
// 32-bit instruction when both operands fit in 32 bits (giving 0xFFFFFFFF)
// and the 64-bit routine otherwise (giving all ones). a64 is the dividend
// extended to 64 bits the way the operation reads it.
func divByZero(a64 uint64, w int) uint64 {
	if w > 32 && a64>>32 == 0 {
		return 0xFFFFFFFF & Mask(w)
	}
	return Mask(w)
}

// DivSI is arith.divsi (truncating signed division) with the GPU's results
// for the undefined cases: MIN / -1 gives MIN (the quotient wraps), and
// division by zero gives all ones, except that for a 64-bit type and a
// dividend in [0, 2^32) it gives 0xFFFFFFFF (see divByZero).
func DivSI(a, b uint64, w int) uint64 {
	if b&Mask(w) == 0 {
		return divByZero(SExt(a, w), w)
	}
	x, y := Int64(a, w), Int64(b, w)
	if y == -1 {
		return uint64(-x) & Mask(w) // MIN / -1 wraps to MIN
	}
	return uint64(x/y) & Mask(w)
}

// DivSIChecked is arith.divsi; ok is false for division by zero and for
// MIN / -1, where arith's result is undefined.
func DivSIChecked(a, b uint64, w int) (q uint64, ok bool) {
	if b&Mask(w) == 0 || (a&Mask(w) == minSigned(w) && Int64(b, w) == -1) {
		return 0, false
	}
	return DivSI(a, b, w), true
}

// DivUI is arith.divui; division by zero gives the GPU's result (see DivSI).
func DivUI(a, b uint64, w int) uint64 {
	a, b = a&Mask(w), b&Mask(w)
	if b == 0 {
		return divByZero(a, w)
	}
	return a / b
}

// DivUIChecked is arith.divui; ok is false for division by zero.
func DivUIChecked(a, b uint64, w int) (q uint64, ok bool) {
	if b&Mask(w) == 0 {
		return 0, false
	}
	return DivUI(a, b, w), true
}

// RemSI is arith.remsi: the remainder of truncating division, so its sign
// follows the dividend (-7 % 2 == -1). MIN % -1 gives 0; a zero divisor gives
// the same pattern as DivSI.
func RemSI(a, b uint64, w int) uint64 {
	if b&Mask(w) == 0 {
		return divByZero(SExt(a, w), w)
	}
	x, y := Int64(a, w), Int64(b, w)
	if y == -1 {
		return 0
	}
	return uint64(x%y) & Mask(w)
}

// RemSIChecked is arith.remsi; ok is false for a zero divisor. (MIN % -1 is
// 0 in MLIR's folder, which evaluates it with APInt::srem.)
func RemSIChecked(a, b uint64, w int) (r uint64, ok bool) {
	if b&Mask(w) == 0 {
		return 0, false
	}
	return RemSI(a, b, w), true
}

// RemUI is arith.remui; a zero divisor gives the same pattern as DivUI.
func RemUI(a, b uint64, w int) uint64 {
	a, b = a&Mask(w), b&Mask(w)
	if b == 0 {
		return divByZero(a, w)
	}
	return a % b
}

// RemUIChecked is arith.remui; ok is false for a zero divisor.
func RemUIChecked(a, b uint64, w int) (r uint64, ok bool) {
	if b&Mask(w) == 0 {
		return 0, false
	}
	return RemUI(a, b, w), true
}

// FloorDivSI is arith.floordivsi (quotient rounded toward -inf). It is
// computed as MLIR's arith-expand lowering does, from DivSI:
// q = a / b; if q*b != a and (a < 0) != (b < 0) then q-1 else q — so the
// undefined cases inherit DivSI's GPU results (MIN / -1 gives MIN).
func FloorDivSI(a, b uint64, w int) uint64 {
	q := DivSI(a, b, w)
	if MulI(q, b, w) != a&Mask(w) && (Int64(a, w) < 0) != (Int64(b, w) < 0) {
		return SubI(q, 1, w)
	}
	return q
}

// FloorDivSIChecked is FloorDivSI; ok is false where arith.floordivsi is
// undefined (zero divisor, MIN / -1).
func FloorDivSIChecked(a, b uint64, w int) (q uint64, ok bool) {
	if _, ok := DivSIChecked(a, b, w); !ok {
		return 0, false
	}
	return FloorDivSI(a, b, w), true
}

// CeilDivSI is arith.ceildivsi (quotient rounded toward +inf), computed as
// MLIR's arith-expand lowering does: q = a / b; if q*b != a and
// (a < 0) == (b < 0) then q+1 else q.
func CeilDivSI(a, b uint64, w int) uint64 {
	q := DivSI(a, b, w)
	if MulI(q, b, w) != a&Mask(w) && (Int64(a, w) < 0) == (Int64(b, w) < 0) {
		return AddI(q, 1, w)
	}
	return q
}

// CeilDivSIChecked is CeilDivSI; ok is false where arith.ceildivsi is
// undefined (zero divisor, MIN / -1).
func CeilDivSIChecked(a, b uint64, w int) (q uint64, ok bool) {
	if _, ok := DivSIChecked(a, b, w); !ok {
		return 0, false
	}
	return CeilDivSI(a, b, w), true
}

// CeilDivUI is arith.ceildivui, computed as MLIR's arith-expand lowering
// does: a == 0 ? 0 : (a-1)/b + 1 (so a zero divisor inherits DivUI's GPU
// result plus one).
func CeilDivUI(a, b uint64, w int) uint64 {
	a &= Mask(w)
	if a == 0 {
		return 0
	}
	return AddI(DivUI(a-1, b, w), 1, w)
}

// CeilDivUIChecked is CeilDivUI; ok is false for a zero divisor.
func CeilDivUIChecked(a, b uint64, w int) (q uint64, ok bool) {
	if b&Mask(w) == 0 {
		return 0, false
	}
	return CeilDivUI(a, b, w), true
}

// ShiftInRange reports whether the shift amount s (the low w bits of it, read
// as unsigned) is below w. arith.shli/shrui/shrsi give poison otherwise.
func ShiftInRange(s uint64, w int) bool { return s&Mask(w) < uint64(w) }

// gpuShiftAmount returns the amount the GPU shifts by, clamped to w: PTX
// shl/shr clamp amounts above the register width, LLVM promotes i8 and i16
// shifts to wider registers (so amounts >= 8 or 16 clamp the same way), and
// for 64-bit shifts the amount operand is 32 bits wide: only the low 32 bits
// of the i64 amount count (an amount of 2^32+1 shifts by 1).
func gpuShiftAmount(s uint64, w int) uint {
	var amt uint64
	if w > 32 {
		amt = s & 0xFFFFFFFF
	} else {
		amt = s & Mask(w)
	}
	if amt >= uint64(w) {
		return uint(w)
	}
	return uint(amt)
}

// ShLI is arith.shli as the GPU computes it: an amount >= w (see
// gpuShiftAmount for how the amount is read) gives 0.
func ShLI(a, s uint64, w int) uint64 {
	n := gpuShiftAmount(s, w)
	if n >= 64 {
		return 0
	}
	return (a << n) & Mask(w)
}

// ShRUI is arith.shrui as the GPU computes it: an amount >= w gives 0.
func ShRUI(a, s uint64, w int) uint64 {
	n := gpuShiftAmount(s, w)
	if n >= 64 {
		return 0
	}
	return (a & Mask(w)) >> n
}

// ShRSI is arith.shrsi as the GPU computes it: an amount >= w fills the
// result with the sign bit (0 or all ones).
func ShRSI(a, s uint64, w int) uint64 {
	n := gpuShiftAmount(s, w)
	if n > 63 {
		n = 63
	}
	return uint64(Int64(a, w)>>n) & Mask(w)
}

// MulUIExtended is arith.mului_extended: the low and high w bits of the
// 2w-bit unsigned product.
func MulUIExtended(a, b uint64, w int) (lo, hi uint64) {
	a, b = a&Mask(w), b&Mask(w)
	h, l := bits.Mul64(a, b)
	if w == 64 {
		return l, h
	}
	return l & Mask(w), (h<<uint(64-w) | l>>uint(w)) & Mask(w)
}

// MulSIExtended is arith.mulsi_extended: the low and high w bits of the
// 2w-bit signed product.
func MulSIExtended(a, b uint64, w int) (lo, hi uint64) {
	x, y := SExt(a, w), SExt(b, w)
	h, l := bits.Mul64(x, y)
	// Signed correction of the unsigned 128-bit product of the 64-bit
	// sign extensions.
	if int64(x) < 0 {
		h -= y
	}
	if int64(y) < 0 {
		h -= x
	}
	if w == 64 {
		return l, h
	}
	return l & Mask(w), (h<<uint(64-w) | l>>uint(w)) & Mask(w)
}

// MulHiUI is the high half of the unsigned product (tt.mulhiui, Triton's
// tl.umulhi, PTX mul.hi.u32/u64). Triton applies it to signed operands too,
// reading their bits as unsigned.
func MulHiUI(a, b uint64, w int) uint64 {
	_, hi := MulUIExtended(a, b, w)
	return hi
}

// MulHiSI is the high half of the signed product.
func MulHiSI(a, b uint64, w int) uint64 {
	_, hi := MulSIExtended(a, b, w)
	return hi
}

// MaxSI is arith.maxsi.
func MaxSI(a, b uint64, w int) uint64 {
	if Int64(a, w) >= Int64(b, w) {
		return a & Mask(w)
	}
	return b & Mask(w)
}

// MinSI is arith.minsi.
func MinSI(a, b uint64, w int) uint64 {
	if Int64(a, w) <= Int64(b, w) {
		return a & Mask(w)
	}
	return b & Mask(w)
}

// MaxUI is arith.maxui.
func MaxUI(a, b uint64, w int) uint64 { return max(a&Mask(w), b&Mask(w)) }

// MinUI is arith.minui.
func MinUI(a, b uint64, w int) uint64 { return min(a&Mask(w), b&Mask(w)) }
