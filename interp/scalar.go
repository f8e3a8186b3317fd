package interp

import (
	"math"

	"github.com/ttcompiler/tt/numeric"
)

func f32bits(f float32) uint32     { return math.Float32bits(f) }
func f32frombits(b uint32) float32 { return math.Float32frombits(b) }
func f64bits(f float64) uint64     { return math.Float64bits(f) }
func f64frombits(b uint64) float64 { return math.Float64frombits(b) }

func sext(x uint64, w int) uint64  { return numeric.SExt(x, w) }
func trunc(x uint64, w int) uint64 { return numeric.Trunc(x, w) }

// scalarBits makes a scalar from a bit pattern of e.
func scalarBits(e *Elem, b uint64) *Tensor {
	t := newTensor(e, nil)
	t.setBits(0, b)
	return t
}

// scalarFloat makes a float scalar of type e from v, rounding to nearest.
func scalarFloat(e *Elem, v float64) *Tensor {
	t := newTensor(e, nil)
	setFloat(t, 0, v)
	return t
}

// floatAt returns float element i exactly as a float64.
func floatAt(t *Tensor, i int) float64 {
	switch t.Elem.Kind {
	case KF32:
		return float64(t.F32[i])
	case KF64:
		return t.F64[i]
	case KSmall:
		// Through float32, as the GPU widens (NaN becomes the canonical
		// NaN, except bf16 whose widening is a shift).
		return float64(f32At(t, i))
	}
	return 0
}

// f32At returns float element i of an f32 or narrower tensor as a float32
// (exact; a NaN becomes the canonical float32 NaN, as PTX's widening
// conversions do).
func f32At(t *Tensor, i int) float32 {
	switch f := t.Elem.Fmt; {
	case t.Elem.Kind == KF32:
		return t.F32[i]
	case f == numeric.F16:
		return numeric.F16ToFloat32(uint16(t.Bits[i]))
	case f == numeric.BF16:
		return numeric.BF16ToFloat32(uint16(t.Bits[i]))
	default:
		return f.ToFloat32(uint32(t.Bits[i]))
	}
}

// setFloat stores v into float element i, rounding to nearest even.
func setFloat(t *Tensor, i int, v float64) {
	switch t.Elem.Kind {
	case KF32:
		t.F32[i] = float32(v)
	case KF64:
		t.F64[i] = v
	case KSmall:
		t.Bits[i] = uint64(t.Elem.Fmt.FromFloat64(v, numeric.RNE))
	}
}

// setF32 stores a float32 result into element i of an f32 or narrower
// tensor, rounding to nearest even.
func setF32(t *Tensor, i int, v float32) {
	if t.Elem.Kind == KF32 {
		t.F32[i] = v
		return
	}
	t.Bits[i] = uint64(t.Elem.Fmt.FromFloat32(v, numeric.RNE))
}
