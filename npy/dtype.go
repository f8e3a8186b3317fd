package npy

import (
	"fmt"
	"strconv"
)

// DType is the element type of an [Array].
type DType uint8

// The supported element types. The zero value, Invalid, is not a valid
// element type.
const (
	Invalid DType = iota
	Bool
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float16
	Float32
	Float64
)

type dtypeInfo struct {
	name string
	kind byte // NumPy kind character: 'b', 'i', 'u' or 'f'
	size int
}

var dtypeTable = [...]dtypeInfo{
	Invalid: {"invalid", 0, 0},
	Bool:    {"bool", 'b', 1},
	Int8:    {"int8", 'i', 1},
	Int16:   {"int16", 'i', 2},
	Int32:   {"int32", 'i', 4},
	Int64:   {"int64", 'i', 8},
	Uint8:   {"uint8", 'u', 1},
	Uint16:  {"uint16", 'u', 2},
	Uint32:  {"uint32", 'u', 4},
	Uint64:  {"uint64", 'u', 8},
	Float16: {"float16", 'f', 2},
	Float32: {"float32", 'f', 4},
	Float64: {"float64", 'f', 8},
}

func (d DType) info() dtypeInfo {
	if int(d) < len(dtypeTable) {
		return dtypeTable[d]
	}
	return dtypeTable[Invalid]
}

// Valid reports whether d is one of the supported element types.
func (d DType) Valid() bool { return d != Invalid && int(d) < len(dtypeTable) }

// Name returns the NumPy name of the type, such as "float32".
func (d DType) Name() string {
	if !d.Valid() {
		return "DType(" + strconv.Itoa(int(d)) + ")"
	}
	return d.info().name
}

// String returns the same as Name.
func (d DType) String() string { return d.Name() }

// Size returns the size of one element in bytes (0 for an invalid DType).
func (d DType) Size() int { return d.info().size }

// Descr returns the NumPy array-protocol type string written in .npy headers,
// such as "<f4", or "|b1" for one-byte types. It returns "" for an invalid
// DType.
func (d DType) Descr() string {
	if !d.Valid() {
		return ""
	}
	in := d.info()
	order := byte('<')
	if in.size == 1 {
		order = '|'
	}
	return string([]byte{order, in.kind}) + strconv.Itoa(in.size)
}

// IsFloat reports whether d is a floating-point type.
func (d DType) IsFloat() bool { return d.Valid() && d.info().kind == 'f' }

// IsSigned reports whether d is a signed integer type.
func (d DType) IsSigned() bool { return d.Valid() && d.info().kind == 'i' }

// IsUnsigned reports whether d is an unsigned integer type.
func (d DType) IsUnsigned() bool { return d.Valid() && d.info().kind == 'u' }

// ParseDescr parses a NumPy type string such as "<f4", "|b1" or ">i8". It
// reports whether the data is big-endian and therefore needs a byte swap to
// become the little-endian layout that [Array.Data] uses. The two-byte void
// descr "<V2" / "|V2", which np.save writes for ml_dtypes.bfloat16, parses
// as Uint16 (see the package documentation).
func ParseDescr(s string) (d DType, bigEndian bool, err error) {
	if len(s) < 2 {
		return Invalid, false, fmt.Errorf("npy: invalid dtype descr %q", clip(s))
	}
	order := s[0]
	switch order {
	case '<', '>', '|', '=':
		s = s[1:]
	default:
		order = '='
	}
	kind := s[0]
	size, convErr := strconv.Atoi(s[1:])
	if convErr != nil || size <= 0 {
		return Invalid, false, fmt.Errorf("npy: invalid dtype descr %q", clip(string(order)+s))
	}
	switch {
	case kind == 'V' && size == 2:
		d = Uint16
	case kind == 'V':
		return Invalid, false, fmt.Errorf("npy: unsupported void dtype %q (only V2, read as bfloat16 bits in uint16, is supported)", clip(s))
	default:
		d = lookupDType(kind, size)
	}
	if d == Invalid {
		return Invalid, false, fmt.Errorf("npy: unsupported dtype %q", clip(s))
	}
	if order == '|' && size != 1 && kind != 'V' {
		return Invalid, false, fmt.Errorf("npy: byte order '|' is invalid for multi-byte dtype %q", clip(s))
	}
	return d, order == '>' && size > 1, nil
}

// lookupDType maps a NumPy kind character and element size to a DType.
func lookupDType(kind byte, size int) DType {
	if kind == '?' && size == 1 {
		return Bool
	}
	for d := Bool; d <= Float64; d++ {
		in := dtypeTable[d]
		if in.kind == kind && in.size == size {
			return d
		}
	}
	return Invalid
}
