package npy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// header is the decoded content of a .npy header dict.
type header struct {
	dtype     DType
	bigEndian bool
	shape     []int
}

// parseHeader decodes the header dict text of a .npy file.
func parseHeader(text string) (header, error) {
	v, err := parsePyLiteral(text)
	if err != nil {
		return header{}, err
	}
	d, ok := v.(pyDict)
	if !ok {
		return header{}, errors.New("npy: header is not a dict")
	}
	for _, k := range d.keys {
		switch k {
		case "descr", "fortran_order", "shape":
		default:
			return header{}, fmt.Errorf("npy: unexpected header key %q", clip(k))
		}
	}
	var h header
	if err := h.setDescr(d.values); err != nil {
		return header{}, err
	}
	if err := h.setFortran(d.values); err != nil {
		return header{}, err
	}
	if err := h.setShape(d.values); err != nil {
		return header{}, err
	}
	return h, nil
}

func (h *header) setDescr(values map[string]pyValue) error {
	v, ok := values["descr"]
	if !ok {
		return errors.New("npy: header has no 'descr' key")
	}
	switch descr := v.(type) {
	case string:
		var err error
		h.dtype, h.bigEndian, err = ParseDescr(descr)
		return err
	case pyList:
		return errors.New("npy: structured dtypes are not supported")
	default:
		return fmt.Errorf("npy: 'descr' is %s, want a string", pyTypeName(v))
	}
}

func (h *header) setFortran(values map[string]pyValue) error {
	v, ok := values["fortran_order"]
	if !ok {
		return errors.New("npy: header has no 'fortran_order' key")
	}
	b, ok := v.(bool)
	if !ok {
		return fmt.Errorf("npy: 'fortran_order' is %s, want a bool", pyTypeName(v))
	}
	if b {
		return errors.New("npy: fortran_order=True (column-major) arrays are not supported; save a C-contiguous array (np.ascontiguousarray)")
	}
	return nil
}

func (h *header) setShape(values map[string]pyValue) error {
	v, ok := values["shape"]
	if !ok {
		return errors.New("npy: header has no 'shape' key")
	}
	var dims []pyValue
	switch s := v.(type) {
	case pyTuple:
		dims = s
	case pyList:
		dims = s
	default:
		return fmt.Errorf("npy: 'shape' is %s, want a tuple", pyTypeName(v))
	}
	h.shape = make([]int, len(dims))
	for i, dv := range dims {
		n, ok := dv.(pyInt)
		if !ok {
			return fmt.Errorf("npy: shape[%d] is %s, want an int", i, pyTypeName(dv))
		}
		if n.overflow || n.v < 0 || n.v > int64(maxInt) {
			return fmt.Errorf("npy: invalid shape[%d]: out of range", i)
		}
		h.shape[i] = int(n.v)
	}
	return nil
}

func pyTypeName(v pyValue) string {
	switch v.(type) {
	case nil:
		return "None"
	case bool:
		return "a bool"
	case string:
		return "a string"
	case pyInt:
		return "an int"
	case pyTuple:
		return "a tuple"
	case pyList:
		return "a list"
	case pyDict:
		return "a dict"
	}
	return fmt.Sprintf("%T", v)
}

// growthAxisMaxDigits mirrors numpy.lib.format.GROWTH_AXIS_MAX_DIGITS: NumPy
// pads the header so the first axis can grow to this many digits in place.
const growthAxisMaxDigits = 21

// formatHeader renders the header dict the way np.save does, including the
// growth padding but excluding the alignment padding and final newline.
func formatHeader(dtype DType, shape []int) string {
	var b strings.Builder
	b.WriteString("{'descr': '")
	b.WriteString(dtype.Descr())
	b.WriteString("', 'fortran_order': False, 'shape': (")
	for i, n := range shape {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n))
	}
	if len(shape) == 1 {
		b.WriteByte(',')
	}
	b.WriteString("), }")
	if len(shape) > 0 {
		if pad := growthAxisMaxDigits - len(strconv.Itoa(shape[0])); pad > 0 {
			b.WriteString(strings.Repeat(" ", pad))
		}
	}
	return b.String()
}
