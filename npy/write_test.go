package npy

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestWriteReadRoundTripAllDTypes(t *testing.T) {
	for d := Bool; d <= Float64; d++ {
		for _, shape := range [][]int{{}, {0}, {7}, {2, 3}, {2, 1, 4}} {
			a, err := New(d, shape...)
			if err != nil {
				t.Fatal(err)
			}
			for i := range a.Data {
				a.Data[i] = byte(i*37 + 11)
			}
			if d == Bool {
				normalizeBools(a.Data)
			}
			var buf bytes.Buffer
			if err := Write(&buf, a); err != nil {
				t.Fatalf("%v: %v", a, err)
			}
			hdrLen := buf.Len() - len(a.Data)
			if hdrLen%arrayAlign != 0 {
				t.Errorf("%v: data starts at %d, not %d-aligned", a, hdrLen, arrayAlign)
			}
			if !bytes.HasSuffix(buf.Bytes()[:hdrLen], []byte("\n")) || !strings.Contains(buf.String(), "'descr': '"+d.Descr()+"'") {
				t.Errorf("%v: malformed header %q", a, buf.Bytes()[:hdrLen])
			}
			got, err := Read(&buf)
			if err != nil {
				t.Fatalf("%v: %v", a, err)
			}
			if got.DType != a.DType || !reflect.DeepEqual(got.Shape, a.Shape) || !bytes.Equal(got.Data, a.Data) {
				t.Errorf("round trip of %v gave %v", a, got)
			}
		}
	}
}

func TestWriteVersion2ForLongHeaders(t *testing.T) {
	// 30000 dimensions of size 1 need a header over 65535 bytes.
	shape := make([]int, 30000)
	for i := range shape {
		shape[i] = 1
	}
	a, err := New(Int8, shape...)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, a); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if b[6] != 2 || b[7] != 0 {
		t.Fatalf("version %d.%d, want 2.0", b[6], b[7])
	}
	if total := 12 + int(binary.LittleEndian.Uint32(b[8:12])); total%arrayAlign != 0 || total != len(b)-1 {
		t.Errorf("header end %d misaligned (file %d bytes)", total, len(b))
	}
	got, err := Read(&buf)
	if err != nil || len(got.Shape) != 30000 {
		t.Fatalf("read back: %v, %v", len(got.Shape), err)
	}
}

func TestWriteValidates(t *testing.T) {
	bad := []Array{
		{DType: Float32, Shape: []int{2}, Data: make([]byte, 7)},
		{DType: Invalid, Shape: []int{1}, Data: make([]byte, 1)},
		{DType: Int8, Shape: []int{-1}},
	}
	for _, a := range bad {
		if err := Write(&bytes.Buffer{}, a); err == nil {
			t.Errorf("Write(%v) succeeded", a)
		}
		if err := WriteFile(filepath.Join(t.TempDir(), "x.npy"), a); err == nil {
			t.Errorf("WriteFile(%v) succeeded", a)
		}
	}
}

func TestWriteFileReadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.npy")
	a, err := FromSlice([]float32{1, 2.5, -3, 4, 5, 6}, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, a); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, a) {
		t.Errorf("got %#v, want %#v", got, a)
	}
	if err := WriteFile(filepath.Join(t.TempDir(), "missing", "a.npy"), a); err == nil {
		t.Error("WriteFile into a missing directory succeeded")
	}
}
