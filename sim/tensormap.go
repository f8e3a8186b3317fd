package sim

import (
	"encoding/binary"
	"fmt"
)

// Tensor maps. On the GPU a TMA copy names a CUtensorMap: 128 bytes,
// 64-byte aligned, that the host encodes with cuTensorMapEncodeTiled (or
// a kernel with tensormap.replace) in a format NVIDIA does not document.
// The simulator therefore reads tensor maps in an encoding of its own,
// which whoever prepares a simulated launch writes with
// TensorMap.Encode into a 128-byte buffer (Memory.Alloc gives buffers
// aligned far beyond 64 bytes) and passes by address, as CUDA passes a
// CUtensorMap's address (or a __grid_constant__ parameter's) to the
// kernel. tt's runtime builds a TensorMap from the same fields it gives
// cuTensorMapEncodeTiled, and calls Encode instead when the backend is the
// simulator.
//
// The encoding, little-endian:
//
//	bytes   0-7    magic "ttsimTM1"
//	bytes   8-15   global base address
//	byte    16     rank r (1..5)
//	byte    17     data type (CUtensorMapDataType numbering)
//	byte    18     swizzle (CUtensorMapSwizzle: 0 none, 1 32B, 2 64B, 3 128B)
//	byte    19     out-of-bounds fill (0 zeros, 1 NaN: CUtensorMapFloatOOBfill)
//	bytes  24-63   dims[0..5), u64 (dimension 0 varies fastest)
//	bytes  64-95   byte strides of dims 1..4, u64
//	bytes  96-105  box sizes[0..5), u16
//	bytes 106-110  element strides[0..5), u8
//
// and zeros elsewhere; unused dimensions are zero. Interleave, L2
// promotion and the cache hints change no value and are not recorded.

// TensorMapBytes is the size of an encoded tensor map.
const TensorMapBytes = 128

var tensorMapMagic = [8]byte{'t', 't', 's', 'i', 'm', 'T', 'M', '1'}

// TensorMapDataType is an element type of a tensor map, numbered as
// CUDA's CUtensorMapDataType.
type TensorMapDataType uint8

const (
	TMUint8 TensorMapDataType = iota
	TMUint16
	TMUint32
	TMInt32
	TMUint64
	TMInt64
	TMFloat16
	TMFloat32
	TMFloat64
	TMBFloat16
	TMFloat32FTZ
	TMTFloat32
	TMTFloat32FTZ
)

// Size is the element size in bytes (0 for an unknown type).
func (t TensorMapDataType) Size() int {
	switch t {
	case TMUint8:
		return 1
	case TMUint16, TMFloat16, TMBFloat16:
		return 2
	case TMUint32, TMInt32, TMFloat32, TMFloat32FTZ, TMTFloat32, TMTFloat32FTZ:
		return 4
	case TMUint64, TMInt64, TMFloat64:
		return 8
	}
	return 0
}

// nan is the element a NaN fill writes (ok false for integer types).
func (t TensorMapDataType) nan() (uint64, bool) {
	switch t {
	case TMFloat16, TMBFloat16:
		return 0x7fff, true
	case TMFloat32, TMFloat32FTZ, TMTFloat32, TMTFloat32FTZ:
		return 0x7fffffff, true
	case TMFloat64:
		return 0x7fffffffffffffff, true
	}
	return 0, false
}

// TensorMap is what a tensor map describes: a tiled view of a global
// tensor of rank r.
type TensorMap struct {
	Base     uint64
	DataType TensorMapDataType
	// Dims are the tensor's sizes, dimension 0 (contiguous) first;
	// Strides the byte strides of dimensions 1..r-1.
	Dims    []uint64
	Strides []uint64
	// Box is the size of the box a copy moves, ElemStrides the traversal
	// strides (nil: all 1).
	Box         []int
	ElemStrides []int
	// Swizzle is the shared-memory swizzle in bytes: 0 (none), 32, 64 or
	// 128.
	Swizzle int
	// FillNaN fills out-of-bounds float elements with NaN instead of zero.
	FillNaN bool
}

// check applies cuTensorMapEncodeTiled's rules to the fields.
func (m TensorMap) check() error {
	r := len(m.Dims)
	e := m.DataType.Size()
	switch {
	case e == 0:
		return fmt.Errorf("tensor map: unknown data type %d", m.DataType)
	case r < 1 || r > 5:
		return fmt.Errorf("tensor map: rank %d (want 1 to 5)", r)
	case len(m.Strides) != r-1 || len(m.Box) != r || m.ElemStrides != nil && len(m.ElemStrides) != r:
		return fmt.Errorf("tensor map of rank %d: %d strides (want %d), %d box sizes, %d element strides", r, len(m.Strides), r-1, len(m.Box), len(m.ElemStrides))
	case m.Base%16 != 0:
		return fmt.Errorf("tensor map: base address %#x is not 16-byte aligned", m.Base)
	}
	for i, d := range m.Dims {
		if d < 1 || d > 1<<32 {
			return fmt.Errorf("tensor map: dimension %d has size %d (want 1 to 2^32)", i, d)
		}
	}
	for i, s := range m.Strides {
		if s%16 != 0 || s >= 1<<40 {
			return fmt.Errorf("tensor map: stride %d of %d bytes is not a multiple of 16 below 2^40", i+1, s)
		}
	}
	for i, b := range m.Box {
		if b < 1 || b > 256 {
			return fmt.Errorf("tensor map: box size %d of dimension %d (want 1 to 256)", b, i)
		}
	}
	for i, s := range m.ElemStrides {
		if s < 1 || s > 8 {
			return fmt.Errorf("tensor map: element stride %d of dimension %d (want 1 to 8)", s, i)
		}
	}
	if m.Box[0]*e%16 != 0 {
		return fmt.Errorf("tensor map: the box's inner dimension is %d bytes, not a multiple of 16", m.Box[0]*e)
	}
	switch m.Swizzle {
	case 0:
	case 32, 64, 128:
		if m.Box[0]*e > m.Swizzle {
			return fmt.Errorf("tensor map: the box's inner dimension of %d bytes exceeds the %d-byte swizzle", m.Box[0]*e, m.Swizzle)
		}
	default:
		return fmt.Errorf("tensor map: swizzle %d (want 0, 32, 64 or 128)", m.Swizzle)
	}
	if _, ok := m.DataType.nan(); m.FillNaN && !ok {
		return fmt.Errorf("tensor map: NaN fill needs a float data type")
	}
	return nil
}

// Encode checks the fields as cuTensorMapEncodeTiled does and returns the
// simulator's encoding.
func (m TensorMap) Encode() ([TensorMapBytes]byte, error) {
	var b [TensorMapBytes]byte
	if err := m.check(); err != nil {
		return b, err
	}
	copy(b[:8], tensorMapMagic[:])
	binary.LittleEndian.PutUint64(b[8:], m.Base)
	b[16] = byte(len(m.Dims))
	b[17] = byte(m.DataType)
	b[18] = map[int]byte{0: 0, 32: 1, 64: 2, 128: 3}[m.Swizzle]
	if m.FillNaN {
		b[19] = 1
	}
	for i, d := range m.Dims {
		binary.LittleEndian.PutUint64(b[24+8*i:], d)
		binary.LittleEndian.PutUint16(b[96+2*i:], uint16(m.Box[i]))
		b[106+i] = 1
		if m.ElemStrides != nil {
			b[106+i] = byte(m.ElemStrides[i])
		}
	}
	for i, s := range m.Strides {
		binary.LittleEndian.PutUint64(b[64+8*i:], s)
	}
	return b, nil
}

// DecodeTensorMap reads an encoded tensor map.
func DecodeTensorMap(b []byte) (TensorMap, error) {
	if len(b) < TensorMapBytes || [8]byte(b[:8]) != tensorMapMagic {
		return TensorMap{}, fmt.Errorf("not a tensor map the simulator can read (sim.TensorMap.Encode writes them; a CUtensorMap's encoding is not known)")
	}
	r := int(b[16])
	if r < 1 || r > 5 || b[18] > 3 || b[19] > 1 {
		return TensorMap{}, fmt.Errorf("malformed tensor map (rank %d, swizzle code %d, fill %d)", r, b[18], b[19])
	}
	m := TensorMap{Base: binary.LittleEndian.Uint64(b[8:]), DataType: TensorMapDataType(b[17]),
		Swizzle: [4]int{0, 32, 64, 128}[b[18]], FillNaN: b[19] == 1}
	for i := 0; i < r; i++ {
		m.Dims = append(m.Dims, binary.LittleEndian.Uint64(b[24+8*i:]))
		m.Box = append(m.Box, int(binary.LittleEndian.Uint16(b[96+2*i:])))
		m.ElemStrides = append(m.ElemStrides, int(b[106+i]))
		if i > 0 {
			m.Strides = append(m.Strides, binary.LittleEndian.Uint64(b[64+8*(i-1):]))
		}
	}
	if err := m.check(); err != nil {
		return TensorMap{}, fmt.Errorf("malformed %v", err)
	}
	return m, nil
}
