package numeric

import (
	"math"
	"math/bits"
)

// Philox4x32 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
// SC'11) and the random-number functions Triton 3.6 builds on it
// (triton/language/random.py).
//
// A Philox4x32 round maps the counter (c0, c1, c2, c3) under the key
// (k0, k1) to
//
//	c0' = mulhi(B, c2) ^ c1 ^ k0     c1' = B * c2 (low 32 bits)
//	c2' = mulhi(A, c0) ^ c3 ^ k1     c3' = A * c0 (low 32 bits)
//
// with A = PhiloxRoundA, B = PhiloxRoundB, after which the key is bumped by
// (PhiloxKeyA, PhiloxKeyB) modulo 2^32. Triton runs the rounds with the key
// of round i being key + i*(PhiloxKeyA, PhiloxKeyB), exactly as Random123
// does, so its output for (counter, key) is Random123's philox4x32_R.

// Philox4x32 constants (Random123, and Triton's PHILOX_* constants).
const (
	PhiloxKeyA   uint32 = 0x9E3779B9 // golden ratio
	PhiloxKeyB   uint32 = 0xBB67AE85 // sqrt(3) - 1
	PhiloxRoundA uint32 = 0xD2511F53
	PhiloxRoundB uint32 = 0xCD9E8D57
	// PhiloxRounds is the default round count (Triton's N_ROUNDS_DEFAULT).
	PhiloxRounds = 10
)

// PhiloxRound applies one Philox4x32 round to ctr with key.
func PhiloxRound(ctr [4]uint32, key [2]uint32) [4]uint32 {
	hiB, loB := bits.Mul32(PhiloxRoundB, ctr[2])
	hiA, loA := bits.Mul32(PhiloxRoundA, ctr[0])
	return [4]uint32{hiB ^ ctr[1] ^ key[0], loB, hiA ^ ctr[3] ^ key[1], loA}
}

// Philox4x32 runs rounds Philox4x32 rounds on ctr with key.
func Philox4x32(ctr [4]uint32, key [2]uint32, rounds int) [4]uint32 {
	c0, c1, c2, c3 := ctr[0], ctr[1], ctr[2], ctr[3]
	k0, k1 := key[0], key[1]
	for i := 0; i < rounds; i++ {
		hiB, loB := bits.Mul32(PhiloxRoundB, c2)
		hiA, loA := bits.Mul32(PhiloxRoundA, c0)
		c0, c1, c2, c3 = hiB^c1^k0, loB, hiA^c3^k1, loA
		k0 += PhiloxKeyA
		k1 += PhiloxKeyB
	}
	return [4]uint32{c0, c1, c2, c3}
}

// PhiloxState is the counter after a round and the key that round used.
type PhiloxState struct {
	Key [2]uint32
	Ctr [4]uint32
}

// Philox4x32Trace is Philox4x32 returning every round's key and resulting
// counter (len == rounds; the last Ctr is the output).
func Philox4x32Trace(ctr [4]uint32, key [2]uint32, rounds int) []PhiloxState {
	out := make([]PhiloxState, 0, rounds)
	for i := 0; i < rounds; i++ {
		ctr = PhiloxRound(ctr, key)
		out = append(out, PhiloxState{Key: key, Ctr: ctr})
		key[0] += PhiloxKeyA
		key[1] += PhiloxKeyB
	}
	return out
}

// TritonPhiloxKey splits a seed into the Philox key as Triton's philox()
// does: the seed is converted to uint64 (Triton's integer cast: a signed
// seed is sign-extended, so an i32 seed of -1 becomes 0xFFFF_FFFF_FFFF_FFFF,
// while a u32 seed is zero-extended), then key = (low 32 bits, high 32
// bits). The caller passes the seed already extended that way.
//
// Which type a seed has is Triton's business: a Python int kernel argument
// is i32 if it fits in [-2^31, 2^31), u32 if in [2^31, 2^32), i64 if in
// [-2^63, 2^63), else u64.
func TritonPhiloxKey(seed uint64) [2]uint32 {
	return [2]uint32{uint32(seed), uint32(seed >> 32)}
}

// TritonPhiloxCounter builds the counter Triton 3.6's randint4x uses for an
// offset: c0 = offset converted to uint32 (truncation; a narrower signed
// offset is sign-extended first), c1 = the high 32 bits of the offset when
// its type is 64 bits wide (offsetBits == 64; Triton computes
// (offset >> 32).to(uint32), whose bits do not depend on the signedness) and
// 0 otherwise, c2 = c3 = 0. offset holds the offset's value extended to 64
// bits by its type's signedness.
//
// (Triton before 3.4 ran a 64-bit Philox for 64-bit offsets; 3.4 changed
// randint4x to this 32-bit form, PR triton-lang/triton#6832.)
func TritonPhiloxCounter(offset uint64, offsetBits int) [4]uint32 {
	var hi uint32
	if offsetBits > 32 {
		hi = uint32(offset >> 32)
	}
	return [4]uint32{uint32(offset), hi, 0, 0}
}

// TritonRandInt4x is tl.randint4x(seed, offset, n_rounds): four uint32
// streams. See TritonPhiloxKey and TritonPhiloxCounter for seed and offset.
func TritonRandInt4x(seed, offset uint64, offsetBits, rounds int) [4]uint32 {
	return Philox4x32(TritonPhiloxCounter(offset, offsetBits), TritonPhiloxKey(seed), rounds)
}

// TritonRandInt is tl.randint(seed, offset, n_rounds): the first of the four
// randint4x streams.
func TritonRandInt(seed, offset uint64, offsetBits, rounds int) uint32 {
	return TritonRandInt4x(seed, offset, offsetBits, rounds)[0]
}

// Triton's uint_to_uniform_float scales, as the float32 values the GPU uses
// (the Python literals rounded to float32): 4.6566127342e-10 and
// 1.0842020432385337e-19.
var (
	uniformScale32 = math.Float32frombits(0x2FFFFFFF)
	uniformScale64 = math.Float32frombits(0x1FFFFFFE)
)

// TritonUintToUniformFloat is tl.random.uint_to_uniform_float on a 32-bit
// integer: the bits are read as int32 x, negative x is replaced by -x-1
// (that is, ^x, so INT_MIN maps to INT_MAX), the result is converted to
// float32 (round to nearest even) and multiplied in float32 by the scale
// 4.6566127342e-10 (0x2FFFFFFF). The result lies in [0, 1): INT_MAX maps to
// 0x3F7FFFFF.
func TritonUintToUniformFloat(u uint32) float32 {
	x := int32(u)
	if x < 0 {
		x = ^x
	}
	return float32(float32(x) * uniformScale32)
}

// TritonUint64ToUniformFloat is uint_to_uniform_float on a 64-bit integer:
// the same folding as the 32-bit form, an int64 -> float32 conversion (round
// to nearest even) and a float32 multiply by 1.0842020432385337e-19
// (0x1FFFFFFE).
func TritonUint64ToUniformFloat(u uint64) float32 {
	x := int64(u)
	if x < 0 {
		x = ^x
	}
	return float32(float32(x) * uniformScale64)
}

// TritonRand is tl.rand(seed, offset, n_rounds): a float32 in [0, 1).
func TritonRand(seed, offset uint64, offsetBits, rounds int) float32 {
	return TritonUintToUniformFloat(TritonRandInt(seed, offset, offsetBits, rounds))
}

// TritonRand4x is tl.rand4x(seed, offset, n_rounds).
func TritonRand4x(seed, offset uint64, offsetBits, rounds int) [4]float32 {
	r := TritonRandInt4x(seed, offset, offsetBits, rounds)
	return [4]float32{TritonUintToUniformFloat(r[0]), TritonUintToUniformFloat(r[1]),
		TritonUintToUniformFloat(r[2]), TritonUintToUniformFloat(r[3])}
}

// Box-Muller constants as the GPU sees them (Python floats rounded to
// float32).
var (
	boxMullerMinU  = float32(f64(1.0e-7))
	boxMullerTwoPi = float32(f64(6.283185307179586))
)

// f64 launders a constant through a variable so that the conversion to
// float32 rounds the float64 value (as Triton does with a Python float), not
// the exact decimal constant.
func f64(x float64) float64 { return x }

// TritonPairUniformToNormal is Triton's pair_uniform_to_normal (Box-Muller)
// in float32:
//
//	u1 = maxnumf(1e-7, u1); th = 2pi * u2; r = sqrt(-2 * log(u1))
//	return r * cos(th), r * sin(th)
//
// The arithmetic follows the GPU's float32 operations, but log, sqrt, cos
// and sin here are correctly rounded float32 functions, while the GPU uses
// libdevice's __nv_logf/__nv_cosf/__nv_sinf (with flush-to-zero) and
// sqrt.approx.ftz.f32. Results therefore agree with the GPU to within a few
// units in the last place, not bit for bit; see the package documentation.
func TritonPairUniformToNormal(u1, u2 float32) (float32, float32) {
	u1 = MaxNumF32(boxMullerMinU, u1)
	th := float32(boxMullerTwoPi * u2)
	lg := float32(math.Log(float64(u1)))
	r := float32(math.Sqrt(float64(float32(-2 * lg))))
	c := float32(math.Cos(float64(th)))
	s := float32(math.Sin(float64(th)))
	return float32(r * c), float32(r * s)
}

// TritonRandn is tl.randn(seed, offset, n_rounds): the first output of
// Box-Muller on the first two randint4x streams.
func TritonRandn(seed, offset uint64, offsetBits, rounds int) float32 {
	r := TritonRandInt4x(seed, offset, offsetBits, rounds)
	n, _ := TritonPairUniformToNormal(TritonUintToUniformFloat(r[0]), TritonUintToUniformFloat(r[1]))
	return n
}

// TritonRandn4x is tl.randn4x(seed, offset, n_rounds): Box-Muller on the
// stream pairs (0, 1) and (2, 3).
func TritonRandn4x(seed, offset uint64, offsetBits, rounds int) [4]float32 {
	u := TritonRand4x(seed, offset, offsetBits, rounds)
	n1, n2 := TritonPairUniformToNormal(u[0], u[1])
	n3, n4 := TritonPairUniformToNormal(u[2], u[3])
	return [4]float32{n1, n2, n3, n4}
}

// TritonRandTrace holds every intermediate value of tl.rand and tl.randn
// for one (seed, offset), for checking against a GPU step by step.
type TritonRandTrace struct {
	Key     [2]uint32     // TritonPhiloxKey(seed)
	Counter [4]uint32     // TritonPhiloxCounter(offset, offsetBits)
	Rounds  []PhiloxState // key used and counter after each round
	Ints    [4]uint32     // randint4x
	Folded  [4]int32      // uint_to_uniform_float: x or ^x
	Floats  [4]float32    // float32(Folded)
	Uniform [4]float32    // Floats * scale: rand4x
	Normal  [4]float32    // randn4x (approximate, see TritonPairUniformToNormal)
}

// TraceTritonRand computes a TritonRandTrace.
func TraceTritonRand(seed, offset uint64, offsetBits, rounds int) TritonRandTrace {
	t := TritonRandTrace{Key: TritonPhiloxKey(seed), Counter: TritonPhiloxCounter(offset, offsetBits)}
	t.Rounds = Philox4x32Trace(t.Counter, t.Key, rounds)
	t.Ints = t.Counter
	if rounds > 0 {
		t.Ints = t.Rounds[rounds-1].Ctr
	}
	for i, u := range t.Ints {
		x := int32(u)
		if x < 0 {
			x = ^x
		}
		t.Folded[i] = x
		t.Floats[i] = float32(x)
		t.Uniform[i] = TritonUintToUniformFloat(u)
	}
	t.Normal[0], t.Normal[1] = TritonPairUniformToNormal(t.Uniform[0], t.Uniform[1])
	t.Normal[2], t.Normal[3] = TritonPairUniformToNormal(t.Uniform[2], t.Uniform[3])
	return t
}
