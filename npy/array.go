package npy

import (
	"fmt"
	"strconv"
	"strings"
)

const maxInt = int(^uint(0) >> 1)

// Array is an n-dimensional array in C (row-major) order.
//
// Data holds the elements as raw little-endian bytes; its length must be
// Len()*DType.Size(). Shape may be empty for a 0-d array, which holds one
// element.
type Array struct {
	DType DType
	Shape []int
	Data  []byte
}

// New returns a zero-filled array of the given type and shape.
func New(dtype DType, shape ...int) (Array, error) {
	n, err := numBytes(dtype, shape)
	if err != nil {
		return Array{}, err
	}
	return Array{DType: dtype, Shape: append([]int{}, shape...), Data: make([]byte, n)}, nil
}

// Len returns the number of elements: the product of Shape, 1 for a 0-d
// array. It returns -1 if the product overflows int or a dimension is
// negative.
func (a Array) Len() int {
	n, ok := shapeLen(a.Shape)
	if !ok {
		return -1
	}
	return n
}

// Validate checks that DType is supported, Shape is well formed and Data
// has exactly the right length.
func (a Array) Validate() error {
	n, err := numBytes(a.DType, a.Shape)
	if err != nil {
		return err
	}
	if len(a.Data) != n {
		return fmt.Errorf("npy: %s needs %d data bytes, has %d", a, n, len(a.Data))
	}
	return nil
}

// String describes the array's type and shape, such as "float32(37, 1008)".
func (a Array) String() string {
	return a.DType.Name() + shapeString(a.Shape)
}

// shapeString formats a shape as a Python tuple body, eliding the middle of
// very long shapes so error messages stay readable.
func shapeString(shape []int) string {
	const keep = 8
	var parts []string
	for i, n := range shape {
		if len(shape) > 2*keep && i == keep {
			parts = append(parts, fmt.Sprintf("...%d more...", len(shape)-2*keep))
		}
		if len(shape) <= 2*keep || i < keep || i >= len(shape)-keep {
			parts = append(parts, strconv.Itoa(n))
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func shapeLen(shape []int) (int, bool) {
	n := 1
	for _, d := range shape {
		if d < 0 {
			return 0, false
		}
		if d != 0 && n > maxInt/d {
			return 0, false
		}
		n *= d
	}
	return n, true
}

// numBytes returns the data size of an array, checking for overflow.
func numBytes(dtype DType, shape []int) (int, error) {
	if !dtype.Valid() {
		return 0, fmt.Errorf("npy: invalid dtype %s", dtype)
	}
	n, ok := shapeLen(shape)
	if !ok || n > maxInt/dtype.Size() {
		return 0, fmt.Errorf("npy: invalid shape %s", shapeString(shape))
	}
	return n * dtype.Size(), nil
}
