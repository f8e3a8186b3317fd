// Package numeric holds the bit-exact numerics that tt's CPU interpreter,
// constant folders and lowering share: conversions between the
// floating-point formats Triton uses, MLIR arith integer and min/max
// semantics, and Triton's Philox random numbers.
//
// The rule throughout: where MLIR or PTX defines a result, the package gives
// that result; where MLIR leaves it undefined or open (NaN payloads, the
// order of ±0 in maxnumf, division by zero, shifts past the width, fp8
// overflow), the package gives what Triton 3.6 computes on an NVIDIA sm_90
// GPU, because the interpreter must reproduce the GPU, and offers a
// "Checked" or explicitly-parameterised variant for folders that must not
// fold undefined cases. The GPU behaviour was measured on an H200 with
// Triton 3.6.0 (testdata/triton_golden.py); the measurements are kept under
// testdata/sm90 and the tests replay them.
//
// # Formats
//
// A Format describes a small signed binary float: sign, ExpBits exponent
// bits with a bias, MantBits fraction bits, IEEE-style subnormals, and one
// of four NaN conventions. Decoding is exact; encoding from float64 or
// float32 rounds exactly once (RNE, RTZ or RNA), never flushes subnormals,
// and handles overflow per an OverflowMode (±inf, NaN, or saturation to the
// largest finite value — PTX .satfinite).
//
//   - F16, IEEE binary16. Source of truth: IEEE 754. NaN produced from
//     float32 is 0x7FFF and every NaN widens to float32 0x7FFFFFFF, as PTX
//     cvt does (measured); from float64 the NaN payload is kept, as
//     cvt.rn.f16.f64 does.
//   - BF16, bfloat16, the top half of binary32. Same rules as F16 except
//     that widening to float32 is a plain shift (payload kept), as on the
//     GPU.
//   - F32 as a Format, for float64 -> float32 with a chosen rounding mode.
//   - TF32: float32 with 10 fraction bits. TF32RoundNA is PTX
//     cvt.rna.tf32.f32 (round to nearest, ties away from zero, on the bit
//     pattern; NaNs are truncated), which Triton uses when it rounds to TF32
//     explicitly; TF32Truncate drops the 13 low bits (round toward zero).
//   - F8E4M3FN (tl.float8e4nv) and F8E5M2 (tl.float8e5): OCP FP8. Sources:
//     the OCP 8-bit floating point specification and LLVM's APFloat. E4M3FN
//     has no inf and one NaN per sign (0x7F/0xFF), max 448; E5M2 is IEEE-like
//     with inf, max 57344. Their Overflow default follows APFloat (NaN for
//     E4M3FN, inf for E5M2); Triton on NVIDIA saturates instead (see FpToFp,
//     F8E4M3FNFromFloat32, F8E5M2FromFloat32).
//   - F8E4M3FNUZ (tl.float8e4b8) and F8E5M2FNUZ (tl.float8e5b16): AMD's
//     formats as APFloat defines them: bias 8 / 16, no inf, no -0, the single
//     NaN 0x80. Triton 3.6 rejects them on NVIDIA, so there is no GPU
//     measurement; overflow gives NaN by default (APFloat), saturation on
//     request.
//   - F8E4M3B11FNUZ: MLIR's type of that name (APFloat: bias 11, FNUZ).
//     Triton's tl.float8e4b15 is carried in this MLIR type but means
//     something else: F8E4B15, bias 15, all 256 patterns finite (no NaN, no
//     inf, both zeros; 0x7F = 1.875). Triton converts it with inline PTX
//     (triton/language/extra/cuda/utils.py), reproduced by F8E4B15FromF16
//     (clamp to 1.75, round half away from zero; NaN and inf become ±1.75)
//     and F8E4B15FromFloat32 (float32 -> f16 with RTZ first).
//   - F4E2M1FN, F6E2M3FN, F6E3M2FN: the OCP MX element formats of
//     tt.dot_scaled (no inf, no NaN; conversions saturate) and the E8M0 scale
//     (E8M0ToFloat32, E8M0FromFloat64): an unsigned power of two 2^(b-127),
//     0xFF = NaN, no zero.
//
// FpToFp reproduces the op tt.fp_to_fp as Triton 3.6 lowers it for sm_90,
// including its refusals and the quirk that f8E5M2 -> bf16 turns inf and
// NaN into large finite numbers. Every pair it supports was compared with
// the GPU over all inputs.
//
// # Integers
//
// intops.go gives arith's integer operations on iN values (N <= 64) held in
// uint64 bit patterns: sign/zero extension, truncation, wrapping add/sub/mul,
// divsi/divui/remsi/remui, ceildivsi/floordivsi/ceildivui (as MLIR's
// arith-expand computes them), shli/shrui/shrsi, mulsi/mului_extended,
// mulhi, and min/max. Undefined cases follow the GPU:
//
//   - MIN / -1 gives MIN, MIN % -1 gives 0 (PTX div.s32/s64 wrap);
//   - x / 0 and x % 0 give all ones for i8..i32; for i64 they give
//     0x00000000FFFFFFFF when the dividend's upper 32 bits are zero (LLVM
//     then uses a 32-bit division) and all ones otherwise;
//   - shift amounts >= the width give 0 (shl, shrui) or the sign fill
//     (shrsi), as PTX shl/shr clamp the amount; an i64 shift uses only the
//     low 32 bits of its amount (2^32+1 shifts by 1).
//
// # Floating-point min and max
//
// minmax.go: maxnumf/minnumf ignore a NaN operand (two NaNs give the
// canonical NaN) and maximumf/minimumf propagate NaN as the canonical NaN;
// in both, -0 < +0. That is PTX max/min and max.NaN/min.NaN on sm_90
// (measured for f32, f16, bf16), which Triton's tl.maximum/tl.minimum
// (propagate_nan NONE / ALL) lower to. Signalling NaNs behave like quiet
// ones.
//
// # Random numbers
//
// philox.go implements Philox4x32-R (Random123's constants and round
// function; the Random123 known-answer vectors pass) and Triton 3.6's
// random.py on top of it: the seed is extended to 64 bits by its type and
// split into the key (low, high); the counter is (offset low 32 bits, high
// 32 bits for 64-bit offset types else 0, 0, 0); randint is the first output
// word; uint_to_uniform_float folds negative int32 x to ^x and multiplies
// float32(x) by the float32 constant 0x2FFFFFFF (int64: 0x1FFFFFFE); randn
// is Box-Muller with u1 clamped to 1e-7. randint/randint4x/rand/rand4x
// match the GPU bit for bit. randn/randn4x use correctly rounded float32
// log, sqrt, sin and cos, whereas the GPU uses libdevice (with
// flush-to-zero) and sqrt.approx, so they agree within a few ulp (at most 3
// in the recorded cases) rather than exactly. TraceTritonRand exposes every
// intermediate value.
//
// # Known gaps
//
//   - randn is not bit-exact (see above).
//   - f64 min/max, FNUZ conversions, fp4/fp6 NaN handling and E8M0 rounding
//     are specified from MLIR/PTX documentation, not measured.
//   - The GPU results are for sm_90 with Triton 3.6; other architectures
//     lower some conversions differently (for example sm_89 rounds f32 to
//     fp8 through f16 with RTZ first).
package numeric
