package selfcheck

import (
	"bytes"
	"testing"
)

func TestEmbeddedPTX(t *testing.T) {
	for _, want := range []string{
		".version 8.0", ".target sm_80", ".address_size 64",
		".visible .entry " + VectorAddKernel + "(",
		".param .u64 x", ".param .u64 y", ".param .u64 out", ".param .u32 n",
	} {
		if !bytes.Contains(VectorAddPTX, []byte(want)) {
			t.Errorf("embedded PTX lacks %q", want)
		}
	}
}

func TestVerify(t *testing.T) {
	x, y := []float32{1, 2, 0.1}, []float32{0.5, -2, 0.2}
	out := []float32{1.5, 0, x[2] + y[2]}
	if err := verify(x, y, out); err != nil {
		t.Errorf("correct result rejected: %v", err)
	}
	out[1] = 1e-30
	if err := verify(x, y, out); err == nil {
		t.Error("wrong result accepted")
	}
}
