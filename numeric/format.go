package numeric

import (
	"fmt"
	"math"
)

// RoundingMode selects how a value that is not representable in the
// destination format is rounded.
type RoundingMode uint8

const (
	// RNE rounds to the nearest representable value; a tie goes to the
	// value whose last mantissa bit is 0. It is IEEE 754's default and
	// tt.fp_to_fp's "rtne".
	RNE RoundingMode = iota
	// RTZ truncates toward zero: the result is the representable value of
	// largest magnitude not above the input's. tt.fp_to_fp's "rtz".
	RTZ
	// RNA rounds to nearest with ties away from zero. Only the TF32
	// conversion (PTX cvt.rna.tf32.f32) uses it; tt.fp_to_fp has no such
	// mode.
	RNA
	// RDN rounds toward -inf and RUP toward +inf (PTX .rm and .rp), as
	// libdevice's f32 functions use them in fma.rm and the like
	// (F32Directed).
	RDN
	RUP
)

func (m RoundingMode) String() string {
	switch m {
	case RNE:
		return "rtne"
	case RTZ:
		return "rtz"
	case RNA:
		return "rna"
	case RDN:
		return "rdn"
	case RUP:
		return "rup"
	}
	return fmt.Sprintf("RoundingMode(%d)", uint8(m))
}

// NaNKind says which bit patterns of a format are NaN.
type NaNKind uint8

const (
	// NaNIEEE: all-ones exponent with a non-zero mantissa (f16, bf16,
	// f8E5M2).
	NaNIEEE NaNKind = iota
	// NaNAllOnes: only S.1111.111 (both signs) is NaN; the all-ones exponent
	// is otherwise an ordinary binade (f8E4M3FN, f8E8M0FNU's 0xFF).
	NaNAllOnes
	// NaNNegZero: the single pattern that would be -0 (0x80) is NaN; there
	// is no negative zero (the AMD "FNUZ" formats).
	NaNNegZero
	// NaNNone: every pattern is a finite number (fp4, fp6, Triton's fp8e4b15).
	NaNNone
)

// Format describes a small signed binary floating-point format: a sign bit,
// ExpBits exponent bits with bias Bias, and MantBits (>= 1) fraction bits,
// with IEEE-style subnormals when the exponent field is 0. The unsigned
// exponent-only scale format f8E8M0FNU is not a Format; see E8M0ToFloat32.
//
// Bit patterns are carried in a uint32 by the generic methods; the per-format
// helpers (F16FromFloat32, F8E4M3FNToFloat32, ...) use uint16/uint8.
//
// All conversions are exact: decoding is exact into float32 and float64 (every
// value of every format here is a float32), and encoding rounds exactly once
// from the float64 or float32 input.
type Format struct {
	Name     string
	ExpBits  int
	MantBits int
	Bias     int
	// HasInf reports whether the all-ones exponent with zero mantissa is
	// ±infinity.
	HasInf bool
	NaN    NaNKind
	// CanonicalNaN is the pattern produced for a NaN result. For the formats
	// an NVIDIA GPU produces it is the pattern the hardware writes (0x7FFF for
	// f16 and bf16, 0x7F for f8E4M3FN and f8E5M2).
	CanonicalNaN uint32
	// Overflow is what FromFloat64 and FromFloat32 do with a finite value
	// too large for the format under RNE (under RTZ a finite value never
	// overflows: it saturates to the largest finite value) and with an
	// infinite input in a format without infinities.
	Overflow OverflowMode
	// KeepNaNPayload makes ToFloat32 widen NaNs by shifting the pattern
	// (sign and payload kept), as NVIDIA does for bf16; otherwise every NaN
	// widens to 0x7FFFFFFF, as cvt.f32.f16 and Triton's fp8 upcasts do.
	KeepNaNPayload bool

	// derived
	bits       int    // total width
	signBit    uint32 // 0 if unsigned
	magMask    uint32
	maxFinite  uint32 // magnitude bits of the largest finite value
	infBits    uint32 // magnitude bits of +inf (HasInf only)
	mantMask   uint32
	expAllOnes uint32
}

// OverflowMode chooses the result of an overflowing conversion.
type OverflowMode uint8

const (
	// OverflowInf produces ±infinity (IEEE 754); only valid for formats with
	// infinities.
	OverflowInf OverflowMode = iota
	// OverflowNaN produces NaN: the behaviour LLVM's APFloat (and so MLIR's
	// constant folding) gives to "FN"/"FNUZ" formats, which have NaN but no
	// infinity.
	OverflowNaN
	// OverflowSaturate clamps to the largest finite value of the same sign;
	// infinite inputs saturate too. This is PTX's .satfinite behaviour.
	OverflowSaturate
)

func (o OverflowMode) String() string {
	switch o {
	case OverflowInf:
		return "inf"
	case OverflowNaN:
		return "nan"
	case OverflowSaturate:
		return "saturate"
	}
	return fmt.Sprintf("OverflowMode(%d)", uint8(o))
}

// NewFormat checks a format description and computes its derived fields.
// The exported fields must not be changed afterwards. It panics for shapes
// outside 1..8 exponent bits and 1..23 fraction bits, or for OverflowInf in
// a format without infinities.
func NewFormat(f Format) *Format { return newFormat(f) }

func newFormat(f Format) *Format {
	p := &f
	if f.MantBits < 1 || f.MantBits > 23 || f.ExpBits < 1 || f.ExpBits > 8 {
		panic("numeric: unsupported format shape: " + f.Name)
	}
	p.bits = 1 + f.ExpBits + f.MantBits
	p.signBit = 1 << (p.bits - 1)
	p.magMask = (1<<(f.ExpBits+f.MantBits) - 1)
	p.mantMask = 1<<f.MantBits - 1
	p.expAllOnes = (1<<f.ExpBits - 1) << f.MantBits
	switch {
	case f.HasInf:
		// IEEE: the all-ones exponent is reserved for inf/NaN.
		p.infBits = p.expAllOnes
		p.maxFinite = p.expAllOnes - 1
	case f.NaN == NaNAllOnes:
		p.maxFinite = p.magMask - 1
	default:
		p.maxFinite = p.magMask
	}
	if f.Overflow == OverflowInf && !f.HasInf {
		panic("numeric: OverflowInf for a format without infinity: " + f.Name)
	}
	return p
}

// Bits is the total width of the format in bits.
func (f *Format) Bits() int { return f.bits }

// String returns the format's name.
func (f *Format) String() string { return f.Name }

// IsNaN reports whether b encodes a NaN.
func (f *Format) IsNaN(b uint32) bool {
	mag := b & f.magMask
	switch f.NaN {
	case NaNIEEE:
		return mag&f.expAllOnes == f.expAllOnes && mag&f.mantMask != 0
	case NaNAllOnes:
		return mag == f.magMask
	case NaNNegZero:
		return b == f.signBit
	}
	return false
}

// IsInf reports whether b encodes ±infinity.
func (f *Format) IsInf(b uint32) bool {
	return f.HasInf && b&f.magMask == f.infBits
}

// MaxFinite returns the pattern of the largest finite positive value.
func (f *Format) MaxFinite() uint32 { return f.maxFinite }

// Inf returns the pattern of +inf (neg=false) or -inf; it panics if the
// format has no infinity.
func (f *Format) Inf(neg bool) uint32 {
	if !f.HasInf {
		panic("numeric: format " + f.Name + " has no infinity")
	}
	if neg {
		return f.signBit | f.infBits
	}
	return f.infBits
}

// ToFloat64 decodes a bit pattern exactly; bits above the format's width are
// ignored. A NaN pattern decodes to a quiet float64 NaN with the pattern's
// sign bit (so FNUZ's NaN, 0x80, decodes to a negative NaN); use ToFloat32
// for the GPU's canonical NaN.
func (f *Format) ToFloat64(b uint32) float64 {
	b &= f.signBit | f.magMask
	neg := b&f.signBit != 0
	if f.IsNaN(b) {
		if neg {
			return math.Float64frombits(0xFFF8000000000000)
		}
		return math.NaN()
	}
	mag := b & f.magMask
	if f.HasInf && mag == f.infBits {
		return math.Inf(sign(neg))
	}
	e := int(mag >> f.MantBits)
	m := mag & f.mantMask
	var v float64
	if e == 0 {
		v = math.Ldexp(float64(m), 1-f.Bias-f.MantBits)
	} else {
		v = math.Ldexp(float64(m|1<<f.MantBits), e-f.Bias-f.MantBits)
	}
	if neg {
		v = -v
	}
	return v
}

// ToFloat32 decodes a bit pattern exactly (every value of every format in
// this package is a float32). Every NaN becomes the float32 NaN 0x7FFFFFFF,
// which is what NVIDIA's cvt.f32.f16 and Triton's fp8 upcasts produce,
// unless KeepNaNPayload is set (BF16, F32): then the pattern is shifted into
// place, sign and payload kept, as the shift that widens bf16 does.
func (f *Format) ToFloat32(b uint32) float32 {
	if f.IsNaN(b) {
		if f.KeepNaNPayload {
			return math.Float32frombits((b & (f.signBit | f.magMask)) << (32 - f.bits))
		}
		return math.Float32frombits(0x7FFFFFFF)
	}
	return float32(f.ToFloat64(b))
}

func sign(neg bool) int {
	if neg {
		return -1
	}
	return 1
}

// FromFloat64 encodes x with rounding mode m, using the format's own Overflow
// policy. See FromFloat64Overflow.
//
// A NaN input in a 16- or 32-bit format with IEEE NaNs (f16, bf16, f32)
// keeps its sign and the top bits of its payload, with the quiet bit set, as
// PTX cvt.rn.{f16,bf16,f32}.f64 do (measured on sm_90); other formats give
// CanonicalNaN.
func (f *Format) FromFloat64(x float64, m RoundingMode) uint32 {
	if x != x && f.NaN == NaNIEEE && f.bits >= 16 {
		b := math.Float64bits(x)
		return uint32(b>>63)<<(f.bits-1) | f.expAllOnes | 1<<(f.MantBits-1) |
			uint32((b&(1<<52-1))>>(52-f.MantBits))
	}
	return f.FromFloat64Overflow(x, m, f.Overflow)
}

// FromFloat32 encodes x with rounding mode m (a single rounding: float32
// values are exact in float64). A NaN input gives CanonicalNaN whatever its
// sign and payload, as PTX cvt from .f32 does.
func (f *Format) FromFloat32(x float32, m RoundingMode) uint32 {
	if x != x {
		return f.FromFloat64Overflow(math.NaN(), m, f.Overflow)
	}
	return f.FromFloat64Overflow(float64(x), m, f.Overflow)
}

// FromFloat64Sat encodes x with PTX .satfinite semantics: overflow and ±inf
// give ±MaxFinite; NaN gives CanonicalNaN (+MaxFinite in a format without
// NaN).
func (f *Format) FromFloat64Sat(x float64, m RoundingMode) uint32 {
	return f.FromFloat64Overflow(x, m, OverflowSaturate)
}

// FromFloat64Overflow encodes x, rounding once with mode m.
//
//   - NaN gives CanonicalNaN; in a format without NaN it gives +MaxFinite.
//   - ±0 gives ±0 (+0 in a format without negative zero).
//   - Subnormal results are produced exactly (no flush to zero); a value that
//     rounds to zero keeps its sign (where the format has -0).
//   - A finite x whose correctly rounded value (with unbounded exponent
//     range) exceeds the largest finite value overflows. Under RTZ the
//     result is ±MaxFinite, as IEEE 754 prescribes. Under RNE and RNA it is
//     ±inf, NaN or ±MaxFinite as ov says.
//   - An infinite x gives ±inf in a format with infinities unless ov is
//     OverflowSaturate (then ±MaxFinite); in a format without infinities it
//     gives NaN, or ±MaxFinite under OverflowSaturate or when the format has
//     no NaN either.
//
// ov == OverflowInf in a format without infinities means OverflowNaN, and
// OverflowNaN in a format without NaN means OverflowSaturate.
func (f *Format) FromFloat64Overflow(x float64, m RoundingMode, ov OverflowMode) uint32 {
	if ov == OverflowInf && !f.HasInf {
		ov = OverflowNaN
	}
	if ov == OverflowNaN && f.NaN == NaNNone {
		ov = OverflowSaturate
	}
	if x != x {
		if f.NaN == NaNNone {
			return f.maxFinite
		}
		return f.CanonicalNaN
	}
	var s uint32
	if math.Signbit(x) {
		s = f.signBit
	}
	if math.IsInf(x, 0) {
		switch {
		case ov == OverflowSaturate:
			return s | f.maxFinite
		case f.HasInf:
			return s | f.infBits
		default:
			return f.CanonicalNaN
		}
	}
	mag, overflow := f.roundMag(math.Float64bits(x)&(1<<63-1), m)
	if overflow {
		if m == RTZ {
			return s | f.maxFinite
		}
		switch ov {
		case OverflowInf:
			return s | f.infBits
		case OverflowNaN:
			return f.CanonicalNaN
		}
		return s | f.maxFinite
	}
	if mag == 0 && f.NaN == NaNNegZero {
		return 0
	}
	return s | mag
}

// roundMag rounds the finite non-negative float64 whose bits are ab to the
// format's magnitude bits. overflow reports that the rounded value exceeds
// the largest finite value.
func (f *Format) roundMag(ab uint64, m RoundingMode) (mag uint32, overflow bool) {
	if ab == 0 {
		return 0, false
	}
	e := int(ab >> 52)
	sig := ab & (1<<52 - 1)
	if e == 0 {
		// float64 subnormal: normalise so that the leading bit is bit 52.
		e = 1
		for sig < 1<<52 {
			sig <<= 1
			e--
		}
	} else {
		sig |= 1 << 52
	}
	e -= 1023 // value = sig * 2^(e-52), 2^52 <= sig < 2^53
	M := f.MantBits
	emin := 1 - f.Bias // exponent of the smallest normal binade
	// The quantum (value of one unit in the last place) of the result is
	// 2^(max(e, emin) - M); shift is the number of low bits of sig below it.
	shift := 52 - M
	if e < emin {
		shift += emin - e
	}
	var n uint64
	up := false
	if shift >= 64 {
		// Far below the smallest subnormal: rem < half, rounds to 0.
		n = 0
	} else {
		n = sig >> uint(shift)
		rem := sig & (1<<uint(shift) - 1)
		half := uint64(1) << uint(shift-1)
		switch m {
		case RNE:
			up = rem > half || (rem == half && n&1 == 1)
		case RNA:
			up = rem >= half
		}
	}
	if up {
		n++
	}
	var out uint64
	if e >= emin {
		// n is in [2^M, 2^(M+1)]; a carry out of the mantissa increments
		// the exponent field by itself.
		out = uint64(e+f.Bias)<<uint(M) + (n - 1<<uint(M))
	} else {
		// Subnormal; n == 2^M is the smallest normal.
		out = n
	}
	if out > uint64(f.maxFinite) {
		return 0, true
	}
	return uint32(out), false
}
