package sim

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// Float registers hold the bit patterns of their type; arithmetic goes
// through float64, which holds every f16, bf16 and f32 value exactly and
// rounds their sums, products and quotients correctly once rounded back.

func floatKind(t ir.Type) (ir.FloatKind, bool) {
	if ft, ok := t.(*ir.FloatType); ok {
		return ft.Kind, true
	}
	return 0, false
}

// checkFloat reports whether the simulator computes in float type t.
func checkFloat(t ir.Type) error {
	if k, ok := floatKind(t); ok {
		switch k {
		case ir.F16, ir.BF16, ir.F32, ir.F64:
			return nil
		}
	}
	return fmt.Errorf("arithmetic on %s is not simulated", asm.TypeString(t))
}

// toF64 is the value of the bit pattern b of float type t (checkFloat).
func toF64(t ir.Type, b uint64) float64 {
	k, _ := floatKind(t)
	switch k {
	case ir.F16:
		return float64(numeric.F16ToFloat32(uint16(b)))
	case ir.BF16:
		return float64(numeric.BF16ToFloat32(uint16(b)))
	case ir.F32:
		return float64(math.Float32frombits(uint32(b)))
	}
	return math.Float64frombits(b)
}

// fromF64 rounds v to float type t (to nearest even); the NaNs of f16 and
// bf16 are the canonical NaN the GPU's conversions give.
func fromF64(t ir.Type, v float64) uint64 {
	k, _ := floatKind(t)
	switch k {
	case ir.F16:
		if math.IsNaN(v) {
			return 0x7fff
		}
		return uint64(numeric.F16FromFloat64(v, numeric.RNE))
	case ir.BF16:
		if math.IsNaN(v) {
			return 0x7fff
		}
		return uint64(numeric.BF16FromFloat64(v, numeric.RNE))
	case ir.F32:
		return uint64(math.Float32bits(float32(v)))
	}
	return math.Float64bits(v)
}

// fromF64RZ rounds a non-NaN v to t toward zero (a finite value too large
// for t gives t's largest finite value).
func fromF64RZ(t ir.Type, v float64) uint64 {
	k, _ := floatKind(t)
	switch k {
	case ir.F16:
		return uint64(numeric.F16FromFloat64(v, numeric.RTZ))
	case ir.BF16:
		return uint64(numeric.BF16FromFloat64(v, numeric.RTZ))
	case ir.F32:
		f := float32(v)
		if !math.IsInf(v, 0) && math.Abs(float64(f)) > math.Abs(v) {
			f = math.Nextafter32(f, 0)
		}
		return uint64(math.Float32bits(f))
	}
	return fromF64(t, v)
}

// f32Result rounds the result of an operation in type t: f32 results round
// straight to float32 (a NaN keeps its payload as the GPU's f32 ops do),
// others through fromF64.
func f32Result(t ir.Type) func(float64) uint64 {
	if k, _ := floatKind(t); k == ir.F32 {
		return func(v float64) uint64 { return uint64(math.Float32bits(float32(v))) }
	}
	return func(v float64) uint64 { return fromF64(t, v) }
}
