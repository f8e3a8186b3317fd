package transforms

import (
	"math/bits"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// knownBits is what is known of an integer value's bits in every
// execution: the bits known to be 0 and those known to be 1 (disjoint),
// within the value's width.
type knownBits struct {
	zero, one uint64
}

// knownBitsAnalysis computes the known bits of the integer values of
// per-thread IR (the llvm dialect and gpu's indices), as LLVM's
// computeKnownBits does for the ops the tile lowering emits for offsets:
// constants, and/or/xor, shifts and multiplies by constants, adds, zero
// extensions and truncations, selects, and the thread and block indices.
// Anything else is unknown. Results are memoized per value; the
// recursion is bounded by depth, past which a value is unknown.
type knownBitsAnalysis struct {
	memo map[ir.ValueKey]knownBits
}

// maxKnownBitsDepth bounds the recursion (LLVM's MaxAnalysisRecursionDepth
// is 6; offsets of a tile are a few ops deep).
const maxKnownBitsDepth = 8

// maxThreadsPerBlock bounds gpu.thread_id on every target tt emits for
// (1024 threads a block on NVIDIA and AMD).
const maxThreadsPerBlock = 1024

func newKnownBitsAnalysis() *knownBitsAnalysis {
	return &knownBitsAnalysis{memo: map[ir.ValueKey]knownBits{}}
}

// of returns v's known bits, and false when v is not an integer of at
// most 64 bits.
func (a *knownBitsAnalysis) of(v ir.Value) (knownBits, bool) {
	w := intWidth(v)
	if w == 0 {
		return knownBits{}, false
	}
	return a.compute(v, w, 0), true
}

// intWidth returns the width of an integer type of 1 to 64 bits, else 0.
func intWidth(v ir.Value) int {
	it, ok := v.Type().(*ir.IntegerType)
	if !ok || it.Width < 1 || it.Width > 64 {
		return 0
	}
	return it.Width
}

// lowBits returns the low w bits set (none for w = 0; ir.Truncate keeps
// every bit there).
func lowBits(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func (a *knownBitsAnalysis) compute(v ir.Value, w int, depth int) knownBits {
	key := ir.KeyOf(v)
	if k, ok := a.memo[key]; ok {
		return k
	}
	k := a.eval(v, w, depth)
	k.zero &= lowBits(w)
	k.one &= lowBits(w)
	if depth < maxKnownBitsDepth {
		// A result cut short by the depth bound is not memoized: reached
		// again from a shallower use it may be known better.
		a.memo[key] = k
	}
	return k
}

func (a *knownBitsAnalysis) eval(v ir.Value, w int, depth int) knownBits {
	if c, ok := llvm.ConstantInt(v); ok {
		b := c.Bits & lowBits(w)
		return knownBits{zero: ^b, one: b}
	}
	def := v.DefiningOp()
	if def == nil || depth >= maxKnownBitsDepth {
		return knownBits{}
	}
	operand := func(i int) knownBits {
		x := def.Operand(i)
		if xw := intWidth(x); xw != 0 {
			return a.compute(x, xw, depth+1)
		}
		return knownBits{}
	}
	switch def.Def() {
	case gpu.ThreadIDOp:
		return knownBits{zero: ^uint64(maxThreadsPerBlock - 1)}
	case gpu.BlockIDOp:
		// The grid is at most 2^31-1 blocks along x and 65535 along y
		// and z: the sign bit is clear.
		return knownBits{zero: 1 << uint(w-1)}
	case llvm.AndOp:
		x, y := operand(0), operand(1)
		return knownBits{zero: x.zero | y.zero, one: x.one & y.one}
	case llvm.OrOp:
		x, y := operand(0), operand(1)
		return knownBits{zero: x.zero & y.zero, one: x.one | y.one}
	case llvm.XOrOp:
		x, y := operand(0), operand(1)
		return knownBits{zero: x.zero&y.zero | x.one&y.one, one: x.zero&y.one | x.one&y.zero}
	case llvm.ShlOp:
		if s, ok := intConstant(def.Operand(1)); ok && s < uint64(w) {
			x := operand(0)
			return knownBits{zero: x.zero<<s | lowBits(int(s)), one: x.one << s}
		}
	case llvm.LShrOp:
		if s, ok := intConstant(def.Operand(1)); ok && s < uint64(w) {
			x := operand(0)
			high := lowBits(w) &^ (lowBits(w) >> s) // the bits shifted in
			return knownBits{zero: (x.zero&lowBits(w))>>s | high, one: (x.one & lowBits(w)) >> s}
		}
	case llvm.MulOp:
		// The product has at least the trailing zeros of both factors.
		x, y := operand(0), operand(1)
		tz := trailingKnownZeros(x) + trailingKnownZeros(y)
		if tz > w {
			tz = w
		}
		return knownBits{zero: lowBits(tz)}
	case llvm.AddOp:
		x, y := operand(0), operand(1)
		if (x.zero|y.zero)&lowBits(w) == lowBits(w) {
			// No bit is possibly 1 in both: no carries, the sum is the or.
			return knownBits{zero: x.zero & y.zero, one: x.one | y.one}
		}
		tz := min(trailingKnownZeros(x), trailingKnownZeros(y))
		return knownBits{zero: lowBits(tz)}
	case llvm.ZExtOp:
		x := def.Operand(0)
		xw := intWidth(x)
		if xw == 0 {
			break
		}
		k := a.compute(x, xw, depth+1)
		return knownBits{zero: k.zero | ^lowBits(xw), one: k.one}
	case llvm.TruncOp:
		return operand(0)
	case llvm.SelectOp:
		x, y := operand(1), operand(2)
		return knownBits{zero: x.zero & y.zero, one: x.one & y.one}
	}
	return knownBits{}
}

func trailingKnownZeros(k knownBits) int {
	return bits.TrailingZeros64(^k.zero)
}
