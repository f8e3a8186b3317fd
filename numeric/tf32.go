package numeric

import "math"

// F32 is IEEE 754 binary32 as a Format, for rounding float64 values to
// float32 with a chosen mode (Go's float32 conversion is RNE only). Its
// canonical NaN is 0x7FFFFFFF, NVIDIA's.
var F32 = newFormat(Format{
	Name: "f32", ExpBits: 8, MantBits: 23, Bias: 127,
	HasInf: true, NaN: NaNIEEE, CanonicalNaN: 0x7FFFFFFF, Overflow: OverflowInf,
	KeepNaNPayload: true,
})

// TF32 (TensorFloat-32) keeps float32's sign and 8-bit exponent but only 10
// fraction bits. It is not a storage type: a TF32 value lives in a 32-bit
// register as a float32 whose low 13 bits are zero. Explicit rounding to
// TF32 on NVIDIA is PTX cvt.rna.tf32.f32, modelled by TF32RoundNA;
// TF32Truncate is the round-toward-zero alternative (dropping the low 13
// bits), offered for modelling tensor-core inputs that were not rounded
// first — which of the two a given MMA path applies is not established
// here.

// TF32RoundNA rounds x to TF32 with ties away from zero, reproducing PTX
// cvt.rna.tf32.f32 bit for bit (verified on sm_90 over all 2^32 inputs):
//
//   - finite values and ±inf: the magnitude bits get 0x1000 added and the low
//     13 bits cleared, so ties round away from zero, subnormals are rounded
//     the same way (no flush), and values at or above 0x7F7FF000 round to
//     ±inf;
//   - NaN: the low 13 bits are cleared with no rounding, so a NaN whose
//     payload lies only in those bits (such as 0x7F800001) becomes ±inf.
func TF32RoundNA(x float32) float32 {
	return math.Float32frombits(TF32RoundNABits(math.Float32bits(x)))
}

// TF32RoundNABits is TF32RoundNA on float32 bit patterns.
func TF32RoundNABits(b uint32) uint32 {
	if b&0x7F800000 == 0x7F800000 && b&0x7FFFFF != 0 {
		return b &^ 0x1FFF
	}
	return (b + 0x1000) &^ 0x1FFF
}

// TF32Truncate clears the 13 low fraction bits of x: rounding toward zero to
// TF32 (NaN payload bits below bit 13 are lost too).
func TF32Truncate(x float32) float32 {
	return math.Float32frombits(math.Float32bits(x) &^ 0x1FFF)
}
