package npy

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzRead checks that Read never panics and that whatever it accepts is a
// consistent array that survives a Write/Read round trip. Seeds come from
// testdata/fuzz/FuzzRead and the NumPy-written fixtures.
func FuzzRead(f *testing.F) {
	paths, err := filepath.Glob(filepath.Join("testdata", "numpy", "*.npy"))
	if err != nil {
		f.Fatal(err)
	}
	for _, path := range append(paths, fixtureF32, fixtureF16) {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		a, err := Read(bytes.NewReader(in))
		if err != nil {
			return
		}
		if err := a.Validate(); err != nil {
			t.Fatalf("Read returned an invalid array: %v", err)
		}
		if _, err := a.Float64Values(); err != nil {
			t.Fatalf("Float64Values: %v", err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, a); err != nil {
			t.Fatalf("Write: %v", err)
		}
		b, err := Read(&buf)
		if err != nil {
			t.Fatalf("re-Read: %v", err)
		}
		if b.DType != a.DType || !reflect.DeepEqual(b.Shape, a.Shape) || !bytes.Equal(b.Data, a.Data) {
			t.Fatalf("round trip changed %v into %v", a, b)
		}
	})
}
