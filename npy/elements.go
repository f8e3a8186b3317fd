package npy

import (
	"fmt"
	"reflect"
	"unsafe"
)

// Element is the set of Go types whose values map one-to-one onto a DType.
// float16 has no Go counterpart: use [FromFloat16Bits] and
// [Array.Float16Bits].
type Element interface {
	~bool | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

var kindDType = map[reflect.Kind]DType{
	reflect.Bool:    Bool,
	reflect.Int8:    Int8,
	reflect.Int16:   Int16,
	reflect.Int32:   Int32,
	reflect.Int64:   Int64,
	reflect.Uint8:   Uint8,
	reflect.Uint16:  Uint16,
	reflect.Uint32:  Uint32,
	reflect.Uint64:  Uint64,
	reflect.Float32: Float32,
	reflect.Float64: Float64,
}

// DTypeOf returns the DType that stores values of type T.
func DTypeOf[T Element]() DType {
	return kindDType[reflect.TypeFor[T]().Kind()]
}

// FromSlice returns an array holding a copy of values. With no shape it is
// one-dimensional; otherwise the product of shape must equal len(values).
// Use [Scalar] for a 0-d array.
func FromSlice[T Element](values []T, shape ...int) (Array, error) {
	if len(shape) == 0 {
		shape = []int{len(values)}
	}
	return fromBytes(DTypeOf[T](), shape, len(values), hostBytes(values))
}

// Scalar returns a 0-d array holding v.
func Scalar[T Element](v T) Array {
	a, _ := fromBytes(DTypeOf[T](), []int{}, 1, hostBytes([]T{v}))
	return a
}

// FromFloat16Bits returns a float16 array from IEEE binary16 bit patterns
// (see [Float32ToFloat16]). With no shape it is one-dimensional.
func FromFloat16Bits(bits []uint16, shape ...int) (Array, error) {
	if len(shape) == 0 {
		shape = []int{len(bits)}
	}
	return fromBytes(Float16, shape, len(bits), hostBytes(bits))
}

func fromBytes(dtype DType, shape []int, count int, host []byte) (Array, error) {
	a, err := New(dtype, shape...)
	if err != nil {
		return Array{}, err
	}
	if a.Len() != count {
		return Array{}, fmt.Errorf("npy: %d values do not fill shape %v", count, shape)
	}
	copy(a.Data, host)
	if dtype == Bool {
		normalizeBools(a.Data)
	}
	toLittleEndian(a.Data, dtype.Size())
	return a, nil
}

// Values returns a copy of the elements as a []T. T must match the array's
// DType exactly (float16 arrays have no matching T; see Float16Bits).
func Values[T Element](a Array) ([]T, error) {
	want := DTypeOf[T]()
	if a.DType != want {
		return nil, fmt.Errorf("npy: array is %s, not %s", a.DType, want)
	}
	if err := a.Validate(); err != nil {
		return nil, err
	}
	out := make([]T, a.Len())
	raw := hostBytes(out)
	copy(raw, a.Data)
	if want == Bool {
		normalizeBools(raw)
	}
	toLittleEndian(raw, want.Size()) // byte swapping is its own inverse
	return out, nil
}

// Float32s returns the elements of a float32 array.
func (a Array) Float32s() ([]float32, error) { return Values[float32](a) }

// Float64s returns the elements of a float64 array.
func (a Array) Float64s() ([]float64, error) { return Values[float64](a) }

// Int32s returns the elements of an int32 array.
func (a Array) Int32s() ([]int32, error) { return Values[int32](a) }

// Int64s returns the elements of an int64 array.
func (a Array) Int64s() ([]int64, error) { return Values[int64](a) }

// Float16Bits returns the binary16 bit patterns of a float16 array.
func (a Array) Float16Bits() ([]uint16, error) {
	if a.DType != Float16 {
		return nil, fmt.Errorf("npy: array is %s, not float16", a.DType)
	}
	u := a
	u.DType = Uint16
	return Values[uint16](u)
}

// hostBytes views a slice of fixed-size elements as its host-order bytes.
func hostBytes[T Element](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	size := int(unsafe.Sizeof(s[0]))
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size)
}

// normalizeBools maps every nonzero byte to 1, the only true value a Go bool
// may hold.
func normalizeBools(b []byte) {
	for i, c := range b {
		if c != 0 {
			b[i] = 1
		}
	}
}

var hostIsBigEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 0
}()

// toLittleEndian converts host-order elements to little-endian in place (and
// back: the operation is an involution).
func toLittleEndian(b []byte, size int) {
	if hostIsBigEndian {
		swapBytes(b, size)
	}
}

// swapBytes reverses the byte order of every size-byte element of b.
func swapBytes(b []byte, size int) {
	if size <= 1 {
		return
	}
	for i := 0; i+size <= len(b); i += size {
		e := b[i : i+size]
		for l, r := 0, size-1; l < r; l, r = l+1, r-1 {
			e[l], e[r] = e[r], e[l]
		}
	}
}
