package sim

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/numeric"
)

// tmaReduceFn is the combine of gpu.tma_reduce KIND on elements of the
// tensor map's data type dt, as cp.reduce.async.bulk.tensor performs it:
// the map, not the instruction, says whether an integer is signed and
// whether 16 bits are f16 or bf16. Combinations the PTX ISA does not
// list (f32 min, 8-bit anything, s64 add, ...) are errors rather than a
// guess at what the hardware would do.
func tmaReduceFn(kind string, dt TensorMapDataType) (func(old, v uint64) uint64, error) {
	w := 8 * dt.Size()
	signed := dt == TMInt32 || dt == TMInt64
	integer := dt == TMUint32 || dt == TMUint64 || signed
	half := dt == TMFloat16 || dt == TMBFloat16
	ok := false
	var f func(old, v uint64) uint64
	switch kind {
	case "add":
		ok = integer && dt != TMInt64 || half || dt == TMFloat32
		switch {
		case integer:
			f = func(o, v uint64) uint64 { return numeric.AddI(o, v, w) }
		case dt == TMFloat32:
			f = func(o, v uint64) uint64 {
				return uint64(math.Float32bits(math.Float32frombits(uint32(o)) + math.Float32frombits(uint32(v))))
			}
		case half:
			f = halfOp(dt, func(a, b float64) float64 { return a + b })
		}
	case "min", "max":
		ok = integer || half
		isMax := kind == "max"
		switch {
		case signed && isMax:
			f = func(o, v uint64) uint64 { return numeric.MaxSI(o, v, w) }
		case signed:
			f = func(o, v uint64) uint64 { return numeric.MinSI(o, v, w) }
		case integer && isMax:
			f = func(o, v uint64) uint64 { return numeric.MaxUI(o, v, w) }
		case integer:
			f = func(o, v uint64) uint64 { return numeric.MinUI(o, v, w) }
		case half:
			// min.f16/max.f16: a NaN operand yields the other one.
			f = halfOp(dt, func(a, b float64) float64 {
				switch {
				case math.IsNaN(a):
					return b
				case math.IsNaN(b):
					return a
				case isMax:
					return math.Max(a, b)
				}
				return math.Min(a, b)
			})
		}
	case "inc":
		ok = dt == TMUint32
		f = func(o, v uint64) uint64 {
			if o >= v {
				return 0
			}
			return o + 1
		}
	case "dec":
		ok = dt == TMUint32
		f = func(o, v uint64) uint64 {
			if o == 0 || o > v {
				return v
			}
			return o - 1
		}
	case "and", "or", "xor":
		ok = integer
		f = map[string]func(o, v uint64) uint64{
			"and": func(o, v uint64) uint64 { return o & v },
			"or":  func(o, v uint64) uint64 { return o | v },
			"xor": func(o, v uint64) uint64 { return o ^ v },
		}[kind]
	}
	if !ok {
		return nil, fmt.Errorf("cp.reduce.async.bulk.tensor.%s does not take elements of the tensor map's data type %s", kind, tmDataTypeNames[min(int(dt), len(tmDataTypeNames)-1)])
	}
	return f, nil
}

// halfOp applies op to f16 or bf16 elements, exactly, then rounds to
// nearest even (NaN: the canonical NaN).
func halfOp(dt TensorMapDataType, op func(a, b float64) float64) func(old, v uint64) uint64 {
	to, from := numeric.F16ToFloat64, func(x float64) uint16 { return numeric.F16FromFloat64(x, numeric.RNE) }
	if dt == TMBFloat16 {
		to, from = numeric.BF16ToFloat64, func(x float64) uint16 { return numeric.BF16FromFloat64(x, numeric.RNE) }
	}
	return func(o, v uint64) uint64 { return uint64(from(op(to(uint16(o)), to(uint16(v))))) }
}

// tmDataTypeNames names the data types for diagnostics, in
// CUtensorMapDataType's order.
var tmDataTypeNames = []string{"u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f64", "bf16", "f32 (ftz)", "tf32", "tf32 (ftz)", "unknown"}
