package npy

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Float64Values converts every element to float64, whatever the numeric
// DType: bool becomes 0 or 1, float16 and float32 widen exactly, and
// integers convert as Go's float64(x) does (int64 and uint64 values beyond
// 2^53 round). It is meant for comparing results against references.
func (a Array) Float64Values() ([]float64, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	n, size, d := a.Len(), a.DType.Size(), a.Data
	out := make([]float64, n)
	le := binary.LittleEndian
	for i := range out {
		e := d[i*size : (i+1)*size]
		switch a.DType {
		case Bool:
			if e[0] != 0 {
				out[i] = 1
			}
		case Int8:
			out[i] = float64(int8(e[0]))
		case Uint8:
			out[i] = float64(e[0])
		case Int16:
			out[i] = float64(int16(le.Uint16(e)))
		case Uint16:
			out[i] = float64(le.Uint16(e))
		case Int32:
			out[i] = float64(int32(le.Uint32(e)))
		case Uint32:
			out[i] = float64(le.Uint32(e))
		case Int64:
			out[i] = float64(int64(le.Uint64(e)))
		case Uint64:
			out[i] = float64(le.Uint64(e))
		case Float16:
			out[i] = float64(Float16ToFloat32(le.Uint16(e)))
		case Float32:
			out[i] = float64(math.Float32frombits(le.Uint32(e)))
		case Float64:
			out[i] = math.Float64frombits(le.Uint64(e))
		}
	}
	return out, nil
}

// BFloat16Values interprets a uint16 array as bfloat16 bit patterns (the
// convention described in the package documentation) and widens each
// element to float64 exactly.
func (a Array) BFloat16Values() ([]float64, error) {
	if a.DType != Uint16 {
		return nil, fmt.Errorf("npy: bfloat16 data must be stored as uint16, array is %s", a.DType)
	}
	bits, err := Values[uint16](a)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(bits))
	for i, b := range bits {
		out[i] = float64(BFloat16ToFloat32(b))
	}
	return out, nil
}
