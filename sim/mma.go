package sim

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/numeric"
)

// Tensor-core arithmetic, shared by gpu.mma_sync and gpu.wgmma: how the
// elements of each PTX type are read, multiplied, summed and rounded.
//
// Inputs. f16, bf16 and the 8-bit floats are decoded exactly. tf32
// operands are f32 bit patterns of which the tensor core ignores the 13
// low mantissa bits (the dialect's definition, and what Ampere and Hopper
// do with unrounded f32 data): the simulator truncates them, so an f32
// operand x counts as numeric.TF32Truncate(x), not the round-to-nearest
// cvt.rna.tf32.f32 gives; a kernel that wants rounding converts first.
// A NaN whose payload lies only in those bits therefore becomes an
// infinity. e4m3 is OCP E4M3FN (no infinities, NaN at S.1111.111), e5m2
// is IEEE-like E5M2. s8 and u8 are two's complement and unsigned bytes.
//
// Products and sums. Every product of two inputs is exact in float64 (at
// most 11+11 significant bits, exponents far inside float64's range), as
// the PTX ISA requires. For float results the PTX ISA leaves the order of
// the sum open and asks for at least f32 precision; the simulator adds,
// in float64, C first (zero when scale-d is off) and then the products
// in ascending k, and rounds the sum once to the result type (f32: to
// nearest even; f16: to nearest even, with overflow to infinity). Float64
// carries 29 more bits than the tensor core's accumulator, so results
// are the correctly rounded exact sums except where float64 itself
// rounded (sums that cancel by more than 2^29 against their largest
// term); hardware, which truncates while it aligns and adds, may differ
// from them in the last bit of f32. A NaN result is the canonical
// 0x7FFFFFFF (f32) or 0x7FFF (f16). Integer products and sums are exact
// in int64; the s32 result wraps modulo 2^32, or with satfinite is the
// exact sum clamped to [-2^31, 2^31-1]. f64 mma (exec_mma.go) is a chain
// of float64 fused multiply-adds onto C in ascending k, the order of
// double-precision tensor cores, so it matches an FMA loop bit for bit.

// mmaScratch holds the operand matrices of one tensor-core product while
// a collective computes it, reused from op to op: a is MxK row-major, b
// is NxK (B transposed, so that a dot product reads both contiguously).
type mmaScratch struct {
	a, b   []float64
	ai, bi []int64
	// raw holds the bit patterns of A then B while they are gathered.
	raw []uint64
}

// rawBits returns n reusable bit-pattern slots.
func (s *mmaScratch) rawBits(n int) []uint64 {
	s.raw = grow(s.raw, n)
	return s.raw
}

// decodeFloats sets out[i] to the value of raw[i], an element of type t
// (one switch for the whole operand rather than one per element).
func decodeFloats(t gpu.MMAType, raw []uint64, out []float64) {
	out = out[:len(raw)]
	switch t {
	case gpu.MMAF16:
		for i, b := range raw {
			out[i] = float64(numeric.F16ToFloat32(uint16(b)))
		}
	case gpu.MMABF16:
		for i, b := range raw {
			out[i] = float64(math.Float32frombits(uint32(b&0xffff) << 16))
		}
	default:
		for i, b := range raw {
			out[i] = mmaFloat(t, b)
		}
	}
}

// matrices returns a of m*k and b of n*k elements, float or integer.
func (s *mmaScratch) floats(na, nb int) ([]float64, []float64) {
	s.a, s.b = grow(s.a, na), grow(s.b, nb)
	return s.a, s.b
}

func (s *mmaScratch) ints(na, nb int) ([]int64, []int64) {
	s.ai, s.bi = grow(s.ai, na), grow(s.bi, nb)
	return s.ai, s.bi
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// fp8 values by bit pattern.
var e4m3Values, e5m2Values [256]float64

func init() {
	for i := range e4m3Values {
		e4m3Values[i] = numeric.F8E4M3FN.ToFloat64(uint32(i))
		e5m2Values[i] = numeric.F8E5M2.ToFloat64(uint32(i))
	}
}

// mmaFloat is the value of a float element of type t (its low bits).
func mmaFloat(t gpu.MMAType, b uint64) float64 {
	switch t {
	case gpu.MMAF16:
		return float64(numeric.F16ToFloat32(uint16(b)))
	case gpu.MMABF16:
		return float64(math.Float32frombits(uint32(b&0xffff) << 16))
	case gpu.MMATF32:
		return float64(math.Float32frombits(uint32(b) &^ 0x1fff))
	case gpu.MMAE4M3:
		return e4m3Values[b&0xff]
	case gpu.MMAE5M2:
		return e5m2Values[b&0xff]
	}
	return float64(math.Float32frombits(uint32(b))) // f32 accumulators
}

// mmaInt is the value of an integer element of type t.
func mmaInt(t gpu.MMAType, b uint64) int64 {
	switch t {
	case gpu.MMAS8:
		return int64(int8(b))
	case gpu.MMAU8:
		return int64(uint8(b))
	}
	return int64(int32(b)) // s32 accumulators
}

// dotFloat is c + a·b over k elements, in float64, in ascending k.
func dotFloat(c float64, a, b []float64) float64 {
	b = b[:len(a)]
	for k, x := range a {
		c += x * b[k]
	}
	return c
}

// dot2x2 adds to c the four dot products of rows a0, a1 with columns b0,
// b1 (c[0] += a0·b0, c[1] += a0·b1, c[2] += a1·b0, c[3] += a1·b1), each in
// ascending k as dotFloat, as four independent chains so that their
// additions overlap. A lane's (or thread's) accumulator elements come in
// such 2x2 blocks: rows g and g+8, columns 2t and 2t+1.
func dot2x2(c *[4]float64, a0, a1, b0, b1 []float64) {
	n := len(a0)
	a1, b0, b1 = a1[:n], b0[:n], b1[:n]
	s0, s1, s2, s3 := c[0], c[1], c[2], c[3]
	for k, x0 := range a0 {
		x1, y0, y1 := a1[k], b0[k], b1[k]
		s0 += x0 * y0
		s1 += x0 * y1
		s2 += x1 * y0
		s3 += x1 * y1
	}
	c[0], c[1], c[2], c[3] = s0, s1, s2, s3
}

// dotInt is c + a·b, exactly.
func dotInt(c int64, a, b []int64) int64 {
	b = b[:len(a)]
	for k, x := range a {
		c += x * b[k]
	}
	return c
}

// roundFloat rounds a float sum to the result type d (f32 or f16) and
// returns its bits.
func roundFloat(d gpu.MMAType, v float64) uint64 {
	if d == gpu.MMAF16 {
		if v != v {
			return 0x7fff
		}
		return uint64(numeric.F16FromFloat64(v, numeric.RNE))
	}
	if v != v {
		return 0x7fffffff
	}
	return uint64(math.Float32bits(float32(v)))
}

// roundInt is an s32 result: wrapped, or clamped when sat.
func roundInt(v int64, sat bool) uint64 {
	if sat {
		v = min(max(v, math.MinInt32), math.MaxInt32)
	}
	return uint64(uint32(v))
}
