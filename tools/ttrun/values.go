package ttrun

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/npy"
	"github.com/ttcompiler/tt/numeric"
)

// NumPy has no bfloat16 or fp8 dtypes: such buffers travel as uint16 /
// uint8 arrays of bit patterns. An element kind names how to read them.
const (
	KindNative   = ""
	KindBFloat16 = "bfloat16"
	KindF8E4M3   = "float8_e4m3fn"
	KindF8E5M2   = "float8_e5m2"
)

// elementKind returns how to decode a buffer that a pointer parameter of
// type t addresses.
func elementKind(t ir.Type) string {
	if p, ok := t.(*tt.PointerType); ok {
		if f, ok := p.Pointee.(*ir.FloatType); ok {
			switch f.Kind {
			case ir.BF16:
				return KindBFloat16
			case ir.F8E4M3FN:
				return KindF8E4M3
			case ir.F8E5M2:
				return KindF8E5M2
			}
		}
	}
	return KindNative
}

// Values decodes an array to float64 (exactly, for every supported
// dtype); kind reinterprets uint16/uint8 arrays as bfloat16/fp8 bits. It
// also reports whether the data are integers.
func Values(a *npy.Array, kind string) ([]float64, bool, error) {
	switch kind {
	case KindBFloat16:
		v, err := a.BFloat16Values()
		return v, false, err
	case KindF8E4M3, KindF8E5M2:
		if a.DType != npy.Uint8 && a.DType != npy.Int8 {
			return nil, false, fmt.Errorf("%s data must be stored as uint8, array is %s", kind, a.DType)
		}
		f := numeric.F8E4M3FN
		if kind == KindF8E5M2 {
			f = numeric.F8E5M2
		}
		out := make([]float64, len(a.Data))
		for i, b := range a.Data {
			out[i] = f.ToFloat64(uint32(b))
		}
		return out, false, nil
	}
	v, err := a.Float64Values()
	return v, !a.DType.IsFloat(), err
}

// poison fills a float array with NaN, so that elements a kernel fails to
// write show up in the comparison (as gpu_check.py does on the GPU).
func poison(a *npy.Array, kind string) {
	switch {
	case kind == KindBFloat16:
		for i := 0; i+1 < len(a.Data); i += 2 {
			binary.LittleEndian.PutUint16(a.Data[i:], 0x7FC0)
		}
	case kind == KindF8E4M3 || kind == KindF8E5M2:
		for i := range a.Data {
			a.Data[i] = 0x7F
		}
	case a.DType == npy.Float16:
		for i := 0; i+1 < len(a.Data); i += 2 {
			binary.LittleEndian.PutUint16(a.Data[i:], 0x7E00)
		}
	case a.DType == npy.Float32:
		for i := 0; i+3 < len(a.Data); i += 4 {
			binary.LittleEndian.PutUint32(a.Data[i:], math.Float32bits(float32(math.NaN())))
		}
	case a.DType == npy.Float64:
		for i := 0; i+7 < len(a.Data); i += 8 {
			binary.LittleEndian.PutUint64(a.Data[i:], math.Float64bits(math.NaN()))
		}
	}
}

// isFloatKind reports whether an array (read as kind) holds floats.
func isFloatKind(a *npy.Array, kind string) bool {
	return kind != KindNative || a.DType.IsFloat()
}
