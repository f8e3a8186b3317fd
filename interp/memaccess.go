package interp

import (
	"encoding/binary"
	"math"
)

// readElem reads one element of type e from b (len(b) == e.Size()) into
// t[i].
func readElem(t *Tensor, i int, b []byte) {
	switch t.Elem.Kind {
	case KF32:
		t.F32[i] = math.Float32frombits(binary.LittleEndian.Uint32(b))
	case KF64:
		t.F64[i] = math.Float64frombits(binary.LittleEndian.Uint64(b))
	default:
		t.Bits[i] = readBits(t.Elem, b)
	}
}

// readBits reads the bit pattern of an element of type e from b.
func readBits(e *Elem, b []byte) uint64 {
	if e.Kind == KInt && e.Width == 1 {
		// i1 lives in a byte; any non-zero byte is true.
		if b[0] != 0 {
			return 1
		}
		return 0
	}
	var v uint64
	switch len(b) {
	case 1:
		v = uint64(b[0])
	case 2:
		v = uint64(binary.LittleEndian.Uint16(b))
	case 4:
		v = uint64(binary.LittleEndian.Uint32(b))
	case 8:
		v = binary.LittleEndian.Uint64(b)
	default:
		for j := len(b) - 1; j >= 0; j-- {
			v = v<<8 | uint64(b[j])
		}
	}
	if e.Kind == KPtr || e.Width >= 64 {
		return v
	}
	return v & (1<<uint(e.Width) - 1)
}

// writeElem writes t[i] to b.
func writeElem(b []byte, t *Tensor, i int) {
	switch t.Elem.Kind {
	case KF32:
		binary.LittleEndian.PutUint32(b, math.Float32bits(t.F32[i]))
	case KF64:
		binary.LittleEndian.PutUint64(b, math.Float64bits(t.F64[i]))
	default:
		writeBits(b, t.Bits[i])
	}
}

// writeBits writes the low len(b) bytes of v to b, little-endian.
func writeBits(b []byte, v uint64) {
	switch len(b) {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(b, v)
	default:
		for j := range b {
			b[j] = byte(v >> (8 * uint(j)))
		}
	}
}
