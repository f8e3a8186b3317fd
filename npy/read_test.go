package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Fixtures copied from shared/kernels/cases, written by NumPy.
const (
	fixtureF32 = "testdata/vector_add_x_f32.npy" // vector_add.x_ptr.npy
	fixtureF16 = "testdata/matmul_b_f16.npy"     // matmul_f16.b_ptr.npy
)

func TestReadNumPyFloat32Fixture(t *testing.T) {
	a, err := ReadFile(fixtureF32)
	if err != nil {
		t.Fatal(err)
	}
	if a.DType != Float32 || !reflect.DeepEqual(a.Shape, []int{1040}) || a.String() != "float32(1040)" {
		t.Fatalf("got %v %v", a.DType, a.Shape)
	}
	v, err := a.Float32s()
	if err != nil {
		t.Fatal(err)
	}
	want := []uint32{0xbfcee929, 0x3f118647, 0xbf029e18, 0xbf694d8a}
	for i, w := range want {
		if math.Float32bits(v[i]) != w {
			t.Errorf("v[%d] = %#08x, want %#08x", i, math.Float32bits(v[i]), w)
		}
	}
	if v[len(v)-1] != float32(0.20200908184051514) {
		t.Errorf("last value = %v", v[len(v)-1])
	}
}

func TestReadNumPyFloat16Fixture(t *testing.T) {
	a, err := ReadFile(fixtureF16)
	if err != nil {
		t.Fatal(err)
	}
	if a.DType != Float16 || !reflect.DeepEqual(a.Shape, []int{96, 160}) || a.Len() != 15360 {
		t.Fatalf("got %v", a)
	}
	bits, err := a.Float16Bits()
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint16{0x3b7e, 0x30e2, 0xad8d, 0x34f6}; !reflect.DeepEqual(bits[:4], want) {
		t.Errorf("first bits = %#04x, want %#04x", bits[:4], want)
	}
	f, err := a.Float64Values()
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{0.9365234375, 0.152587890625, -0.08673095703125, 0.31005859375}; !reflect.DeepEqual(f[:4], want) {
		t.Errorf("first values = %v, want %v", f[:4], want)
	}
	if f[len(f)-1] != -1.11328125 {
		t.Errorf("last value = %v", f[len(f)-1])
	}
	if _, err := a.Float32s(); err == nil {
		t.Error("Float32s on a float16 array succeeded")
	}
}

func TestRewriteIsByteIdenticalToNumPy(t *testing.T) {
	for _, path := range []string{fixtureF32, fixtureF16} {
		orig, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Read(bytes.NewReader(orig))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, a); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), orig) {
			t.Errorf("%s: rewritten file differs from NumPy's (header %q vs %q)", path, buf.Bytes()[:128], orig[:128])
		}
	}
}

// rawNPY builds a .npy stream by hand with the given version and header.
func rawNPY(major byte, hdr string, data []byte) []byte {
	b := []byte(magic)
	b = append(b, major, 0)
	if major == 1 {
		b = binary.LittleEndian.AppendUint16(b, uint16(len(hdr)))
	} else {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(hdr)))
	}
	return append(append(b, hdr...), data...)
}

func TestReadVersions(t *testing.T) {
	data := []byte{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0}
	hdr := "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }\n"
	for _, major := range []byte{1, 2, 3} {
		a, err := Read(bytes.NewReader(rawNPY(major, hdr, data)))
		if err != nil {
			t.Fatalf("version %d: %v", major, err)
		}
		v, _ := a.Int32s()
		if !reflect.DeepEqual(v, []int32{1, 2, 3}) {
			t.Errorf("version %d: values %v", major, v)
		}
	}
	// Version 3.0 allows UTF-8 in the header; 1.0 headers are latin-1 and
	// may hold any byte inside strings.
	if _, err := Read(bytes.NewReader(rawNPY(3, "{'descr': '<i4', 'fortran_order': False, 'shape': (0,), 'é': 1}", nil))); err == nil || !strings.Contains(err.Error(), "unexpected header key") {
		t.Errorf("v3 UTF-8 key: %v", err)
	}
	if _, err := Read(bytes.NewReader(rawNPY(3, "{'descr': '<i4\xff'}", nil))); err == nil || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("v3 invalid UTF-8: %v", err)
	}
	if _, err := Read(bytes.NewReader(rawNPY(4, hdr, data))); err == nil || !strings.Contains(err.Error(), "version 4.0") {
		t.Errorf("version 4: %v", err)
	}
}

func TestReadBigEndianIsSwapped(t *testing.T) {
	hdr := "{'descr': '>f8', 'fortran_order': False, 'shape': (2,), }\n"
	data := binary.BigEndian.AppendUint64(nil, math.Float64bits(1.5))
	data = binary.BigEndian.AppendUint64(data, math.Float64bits(-2))
	a, err := Read(bytes.NewReader(rawNPY(1, hdr, data)))
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.Float64s()
	if err != nil || !reflect.DeepEqual(v, []float64{1.5, -2}) {
		t.Fatalf("got %v, %v", v, err)
	}
	if a.DType.Descr() != "<f8" {
		t.Errorf("descr %q", a.DType.Descr())
	}
}

func TestReadZeroDAndEmpty(t *testing.T) {
	a, err := Read(bytes.NewReader(rawNPY(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", binary.LittleEndian.AppendUint64(nil, math.Float64bits(3.5)))))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Shape) != 0 || a.Len() != 1 || a.String() != "float64()" {
		t.Fatalf("0-d: %v", a)
	}
	if v, _ := a.Float64s(); !reflect.DeepEqual(v, []float64{3.5}) {
		t.Errorf("0-d value %v", v)
	}
	e, err := Read(bytes.NewReader(rawNPY(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 0), }", nil)))
	if err != nil || e.Len() != 0 || len(e.Data) != 0 {
		t.Fatalf("empty: %v, %v", e, err)
	}
}

func TestReadSequentialArrays(t *testing.T) {
	var buf bytes.Buffer
	for i := range 3 {
		if err := Write(&buf, Scalar(int64(i))); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		a, err := Read(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := a.Int64s(); v[0] != int64(i) {
			t.Errorf("array %d holds %d", i, v[0])
		}
	}
	if _, err := Read(&buf); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("read past end: %v", err)
	}
}

func TestReadTruncated(t *testing.T) {
	orig, err := os.ReadFile(fixtureF32)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 3, 6, 8, 9, 10, 50, 127, 128, 200, len(orig) - 1} {
		_, err := Read(bytes.NewReader(orig[:n]))
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("truncated at %d: %v", n, err)
		}
	}
}

func TestReadRejects(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"magic", []byte("\x93NUMPZ\x01\x00\x00\x00"), "bad magic"},
		{"huge header", append([]byte(magic+"\x02\x00"), 0xff, 0xff, 0xff, 0x7f), "exceeds limit"},
		{"fortran", rawNPY(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", make([]byte, 16)), "fortran_order=True"},
		{"huge shape", rawNPY(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, 4), }", nil), "invalid shape"},
		{"short data", rawNPY(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (100000000,), }", make([]byte, 64)), "unexpected EOF"},
	}
	for _, tt := range tests {
		_, err := Read(bytes.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
	if _, err := ReadFile("testdata/does-not-exist.npy"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile missing: %v", err)
	}
}

func TestReadHostileHeadersStayCheap(t *testing.T) {
	long := func(body string) []byte {
		return rawNPY(2, "{'descr': '<f4', 'fortran_order': False, 'shape': ("+body+")}", nil)
	}
	inputs := map[string][]byte{
		"long number": long(strings.Repeat("9", 1<<20-100) + ","),
		"many dims":   long(strings.Repeat("1,", 1<<19-100)),
		"long descr":  rawNPY(2, "{'descr': '"+strings.Repeat("a", 1<<20-100)+"'}", nil),
		"huge data":   rawNPY(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000,)}", make([]byte, 100)),
	}
	for name, in := range inputs {
		start := time.Now()
		_, err := Read(bytes.NewReader(in))
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
		if len(err.Error()) > 300 {
			t.Errorf("%s: error message of %d bytes", name, len(err.Error()))
		}
	}
}
