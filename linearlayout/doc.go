// Package linearlayout implements linear layouts: the algebra Triton uses to
// describe where every element of a tensor lives on a GPU, and the standard
// layouts of Triton 3.6 expressed in it.
//
// # The model
//
// A layout answers "which tensor element does this piece of hardware hold?".
// The hardware location is a tuple of named input dimensions — for a tensor
// in registers ("distributed" layouts) the register index inside a thread,
// the lane inside a warp, the warp inside a CTA and the CTA ("block") inside
// a cluster; for a tensor in shared memory the element offset inside the
// buffer and the block. The answer is a tuple of named output dimensions, the
// tensor coordinates dim0, dim1, ....
//
// Every dimension has a power-of-two size, so each coordinate is a string of
// bits, and a linear layout is a map that is linear over GF(2), the field of
// bits with XOR as addition: L(x XOR y) = L(x) XOR L(y). Such a map is fixed
// by its values at inputs with a single bit set. Those values are the bases:
// basis i of input dim "lane" is L(lane = 2^i, everything else 0), one value
// per output dim. The element held at any other input is the XOR of the
// bases of its set bits. For example the accumulator of mma.sync m16n8 has
//
//	register = [[0, 1], [8, 0]]
//	lane     = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]]
//
// so lane 5 (bits 0 and 2) register 3 (bits 0 and 1) holds
// (0,2) ^ (1,0) ^ (0,1) ^ (8,0) = (9, 3).
//
// The direction, hardware to tensor, matters: the same element may be held
// in several places (a zero basis, or dependent bases, is a broadcast), so
// the map need not be injective; every element must be held somewhere, so a
// valid layout is surjective. Swizzles, transposes, broadcasts and
// replication are all just choices of bases, which is what lets conversions,
// vectorization and bank-conflict avoidance be computed instead of
// special-cased.
//
// # Representation
//
// A LinearLayout is an immutable value: ordered input dims, ordered output
// dims with their sizes, and the bases. Each basis is stored packed into one
// uint64, output dim 0 in the lowest bits, then dim 1, and so on; inputs pack
// the same way (first input dim lowest). In packed form applying a layout is
// an XOR of the bases selected by the set bits of the input (ApplyFlat), and
// the flattened forms of Triton (FlattenIns/FlattenOuts) cost nothing. Both
// sides are limited to 64 bits in all, as in Triton.
//
// Linear algebra is done on these packed vectors by incremental Gaussian
// elimination over GF(2) (gf2.go): ranks decide surjectivity and
// injectivity, the order in which bases become dependent gives the free
// variables, and solving with free variables set to zero gives the canonical
// preimages InvertAndCompose and PseudoInvert choose (the same ones Triton
// chooses).
//
// # Contents
//
//	layout.go      the type, constructors (New validates user input), accessors, printing
//	apply.go       evaluation: Apply, ApplyFlat and packing helpers
//	ops.go         products (Mul), composition, sublayouts, reshapes, transposes, quotients
//	invert.go      surjectivity/injectivity, free variables, InvertAndCompose, inverses
//	gf2.go         elimination over GF(2)
//	shape.go       fitting a CTA tile to a tensor shape, CTA (CGA) layouts
//	blocked.go     #ttg.blocked and dot operands of FMA dots
//	slice.go       #ttg.slice
//	mma.go         #ttg.nvidia_mma (v2, v3) and its dot operands
//	mfma.go        #ttg.amd_mfma and its dot operands
//	wmma.go        #ttg.amd_wmma (v1-v3) and its dot operands
//	shared.go      #ttg.swizzled_shared, #ttg.nvmma_shared, #ttg.amd_rotating_shared,
//	               #ttg.shared_linear, #ttg.linear
//	convert.go     planning layout conversions (ConversionPlan) and warp-shuffle decomposition
//	bank.go        shared-memory bank conflicts: Triton's count and a brute-force simulator
//	swizzle.go     choosing conflict-free shared layouts for conversions (OptimalSwizzling,
//	               PlanSharedConversion): Triton's generic rule
//	swizzle_tiles.go  Triton's NVIDIA rule, over ldmatrix/stmatrix tiles
//
// # Errors
//
// Functions that take parameters which may come from user IR (New, the
// standard layouts, shape fitting, inversion, conversion planning) return
// errors and never panic on bad input. The algebraic operations (Mul,
// Compose, Sublayout, the reshapes and transposes) panic when called with
// dimensions that do not fit together: that is a programming error of the
// caller, as it is an assertion failure in Triton.
//
// # Agreement with Triton
//
// The standard layouts, the products, compositions, inverses and
// InvertAndCompose, and Triton's bank-conflict count are checked against
// Triton 3.6 itself: testdata/oracle/gen_triton36.py asked an installed
// Triton 3.6 (its Gluon layout builder and its LinearLayout bindings) for
// several hundred layouts and results, stored in testdata/triton36_*.json,
// and oracle_test.go compares every one of them. Shared layouts cannot be
// exported by Triton 3.6's Python API; they are checked against the
// expectations of Triton's C++ unit tests and, indirectly, by the
// bank-conflict counts. Where this package knowingly differs from Triton it
// says so in the function's documentation (InvertAndCompose's fallback where
// Triton aborts, OptimalSwizzling's sub-word vector fill,
// PlanSharedConversion's fallbacks where Triton asserts).
package linearlayout
