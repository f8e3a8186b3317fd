package numeric

import "math"

// Floating-point minimum and maximum.
//
// MLIR's arith has two families:
//
//   - maxnumf/minnumf: IEEE 754-2008 maxNum/minNum: a NaN operand is
//     ignored, NaN only if both are NaN. The order of -0 and +0 is
//     unspecified.
//   - maximumf/minimumf: IEEE 754-2019 maximum/minimum: NaN if either
//     operand is NaN, and -0 < +0.
//
// Triton's tl.maximum/tl.minimum emit maxnumf/minnumf by default and
// maximumf/minimumf with propagate_nan=tl.PropagateNan.ALL. On NVIDIA they
// become PTX max/min (f32, f16, bf16) and max.NaN/min.NaN, which behave as
// follows (measured on sm_90 for every pair of ±0, ±1, ±inf, subnormals, and
// quiet and signalling NaNs of both signs; testdata/sm90/minmax.json.gz):
//
//   - -0 is less than +0 in both families: max(+0, -0) = +0 and
//     min(+0, -0) = -0 whatever the operand order;
//   - max/min with one NaN operand (quiet or signalling) return the other
//     operand unchanged; with two NaNs they return the canonical NaN;
//   - max.NaN/min.NaN return the canonical NaN if either operand is NaN;
//   - no flush of subnormals; a non-NaN result is one of the operands, bit
//     for bit;
//   - the canonical NaN is 0x7FFFFFFF (f32) and 0x7FFF (f16, bf16); for
//     float64 this package uses 0x7FFFFFFFFFFFFFFF (f64 was not measured).
//
// The functions below implement exactly that, so they also serve as
// deterministic folders for MLIR (which allows any ±0 choice for maxnumf).

// canonicalF32NaN is NVIDIA's canonical float32 NaN.
var canonicalF32NaN = math.Float32frombits(0x7FFFFFFF)
var canonicalF64NaN = math.Float64frombits(0x7FFFFFFFFFFFFFFF)

// Float is the Go types the functions below take.
type Float interface{ ~float32 | ~float64 }

// Less orders non-NaN values with -0 < +0, as every minimum and maximum
// here and LLVM's do.
func Less[F Float](a, b F) bool {
	if a == b {
		return math.Signbit(float64(a)) && !math.Signbit(float64(b))
	}
	return a < b
}

// minMax is the larger (isMax) or smaller of a and b by the GPU's rules
// above: arith.maxnumf/minnumf, or with propagate arith.maximumf/minimumf;
// nan is its type's canonical NaN (minmaxBits is the same on bit patterns).
func minMax[F Float](a, b, nan F, isMax, propagate bool) F {
	switch {
	case a != a && b != b, propagate && (a != a || b != b):
		return nan
	case a != a:
		return b
	case b != b:
		return a
	case isMax && Less(a, b), !isMax && Less(b, a):
		return b
	}
	return a
}

// MaxNumF32 is arith.maxnumf on f32 as the GPU computes it (PTX max.f32).
func MaxNumF32(a, b float32) float32 { return minMax(a, b, canonicalF32NaN, true, false) }

// MinNumF32 is arith.minnumf on f32 as the GPU computes it (PTX min.f32).
func MinNumF32(a, b float32) float32 { return minMax(a, b, canonicalF32NaN, false, false) }

// MaximumF32 is arith.maximumf on f32 (PTX max.NaN.f32).
func MaximumF32(a, b float32) float32 { return minMax(a, b, canonicalF32NaN, true, true) }

// MinimumF32 is arith.minimumf on f32 (PTX min.NaN.f32).
func MinimumF32(a, b float32) float32 { return minMax(a, b, canonicalF32NaN, false, true) }

// MaxNumF64 is arith.maxnumf on f64 with the same rules as MaxNumF32.
func MaxNumF64(a, b float64) float64 { return minMax(a, b, canonicalF64NaN, true, false) }

// MinNumF64 is arith.minnumf on f64 with the same rules as MinNumF32.
func MinNumF64(a, b float64) float64 { return minMax(a, b, canonicalF64NaN, false, false) }

// MaximumF64 is arith.maximumf on f64.
func MaximumF64(a, b float64) float64 { return minMax(a, b, canonicalF64NaN, true, true) }

// MinimumF64 is arith.minimumf on f64.
func MinimumF64(a, b float64) float64 { return minMax(a, b, canonicalF64NaN, false, true) }

// MaxNumBits is arith.maxnumf on bit patterns of format f (f16, bf16, f8,
// ...): a NaN operand is ignored, two NaNs give f.CanonicalNaN, -0 < +0, and
// otherwise one of the operands is returned unchanged.
func MaxNumBits(f *Format, a, b uint32) uint32 { return minmaxBits(f, a, b, true, false) }

// MinNumBits is arith.minnumf on bit patterns of format f.
func MinNumBits(f *Format, a, b uint32) uint32 { return minmaxBits(f, a, b, false, false) }

// MaximumBits is arith.maximumf on bit patterns of format f: any NaN operand
// gives f.CanonicalNaN.
func MaximumBits(f *Format, a, b uint32) uint32 { return minmaxBits(f, a, b, true, true) }

// MinimumBits is arith.minimumf on bit patterns of format f.
func MinimumBits(f *Format, a, b uint32) uint32 { return minmaxBits(f, a, b, false, true) }

func minmaxBits(f *Format, a, b uint32, isMax, propagate bool) uint32 {
	na, nb := f.IsNaN(a), f.IsNaN(b)
	switch {
	case na && nb, propagate && (na || nb):
		return f.CanonicalNaN
	case na:
		return b
	case nb:
		return a
	}
	x, y := f.ToFloat64(a), f.ToFloat64(b)
	if isMax == Less(x, y) {
		return b
	}
	return a
}
