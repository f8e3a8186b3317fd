package npy

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseHeader(t *testing.T) {
	tests := []struct {
		in    string
		dtype DType
		big   bool
		shape []int
	}{
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (1040,), }", Float32, false, []int{1040}},
		{"{'shape': (37, 1008), 'fortran_order': False, 'descr': '<f2'}", Float16, false, []int{37, 1008}},
		{"{ 'descr' : '>i8' ,\n\t'fortran_order':False,'shape':() , }  \n", Int64, true, []int{}},
		{`{"descr": "|b1", "fortran_order": False, "shape": (2, 0, 3)}`, Bool, false, []int{2, 0, 3}},
		{"{'descr': '<u2', 'fortran_order': False, 'shape': (3L, 4L), }", Uint16, false, []int{3, 4}},
		{"{'descr': '<f8', 'fortran_order': False, 'shape': [5], }", Float64, false, []int{5}},
		{"{'descr': '<f8', 'fortran_order': False, 'shape': (5), }", Float64, false, nil},
	}
	for _, tt := range tests {
		h, err := parseHeader(tt.in)
		if tt.shape == nil {
			if err == nil {
				t.Errorf("parseHeader(%q) accepted a non-tuple shape", tt.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseHeader(%q): %v", tt.in, err)
			continue
		}
		if h.dtype != tt.dtype || h.bigEndian != tt.big || !reflect.DeepEqual(h.shape, tt.shape) {
			t.Errorf("parseHeader(%q) = %+v, want %v big=%v %v", tt.in, h, tt.dtype, tt.big, tt.shape)
		}
	}
}

func TestParseHeaderErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{'descr': '<f4', 'fortran_order': True, 'shape': (3,), }", "fortran_order=True"},
		{"{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,), }", "structured"},
		{"{'descr': '<f4', 'shape': (3,), }", "fortran_order"},
		{"{'fortran_order': False, 'shape': (3,), }", "descr"},
		{"{'descr': '<f4', 'fortran_order': False}", "shape"},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'extra': 1}", "unexpected header key"},
		{"{'descr': '<f4', 'fortran_order': 0, 'shape': (3,), }", "want a bool"},
		{"{'descr': 4, 'fortran_order': False, 'shape': (3,), }", "want a string"},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", "invalid shape[0]"},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (2, 99999999999999999999,), }", "invalid shape[1]"},
		{"{'descr': '<f4', 'fortran_order': False, 'shape': ('3',), }", "want an int"},
		{"{'descr': 'O', 'fortran_order': False, 'shape': (3,), }", "dtype"},
		{"[1, 2]", "not a dict"},
	}
	for _, tt := range tests {
		_, err := parseHeader(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseHeader(%q) error = %v, want one mentioning %q", tt.in, err, tt.want)
		}
	}
}

func TestFormatHeaderMatchesNumPy(t *testing.T) {
	tests := []struct {
		dtype DType
		shape []int
		want  string
	}{
		{Float32, []int{1040}, "{'descr': '<f4', 'fortran_order': False, 'shape': (1040,), }" + strings.Repeat(" ", 17)},
		{Float16, []int{96, 160}, "{'descr': '<f2', 'fortran_order': False, 'shape': (96, 160), }" + strings.Repeat(" ", 19)},
		{Bool, []int{}, "{'descr': '|b1', 'fortran_order': False, 'shape': (), }"},
	}
	for _, tt := range tests {
		if got := formatHeader(tt.dtype, tt.shape); got != tt.want {
			t.Errorf("formatHeader(%v, %v) =\n%q\nwant\n%q", tt.dtype, tt.shape, got, tt.want)
		}
	}
}
