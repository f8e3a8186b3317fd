package ttgir

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// connectedSliceWith finds the ops getSlice finds: the backward and the
// forward slice of every op of the slice, to a fixed point.
func TestConnectedSliceIsGetSlice(t *testing.T) {
	getSlice := func(op *ir.Operation, opts sliceOptions) *opSet {
		slice := newOpSet()
		slice.insert(op)
		for i := 0; i < len(slice.list); i++ {
			backwardSliceWith(slice.list[i], slice, opts)
			forwardSliceWith(slice.list[i], slice, opts)
		}
		return slice
	}
	for _, k := range []string{"matmul_f16_128x128x64_w4_s3.ttgir", "softmax_f32_b1024_w4.ttgir"} {
		src, err := os.ReadFile(filepath.Join("../../../shared/kernels", k))
		if err != nil {
			t.Skipf("kernel not found: %v", err)
		}
		module, err := asm.ParseString(all.NewContext(), string(src))
		if err != nil {
			t.Fatal(err)
		}
		ir.WalkOps(module, func(op *ir.Operation) {
			region := op.ParentRegion()
			for _, opts := range []sliceOptions{
				{},
				{omitBlockArgs: true},
				{filter: func(o *ir.Operation) bool { return o.ParentRegion() == region && o.Name() != "tt.trans" }},
			} {
				got, want := connectedSliceWith(op, opts), getSlice(op, opts)
				if len(got) != len(want.list) {
					t.Fatalf("%s: %s: %d ops in the slice, want %d", k, op.Name(), len(got), len(want.list))
				}
				in := map[*ir.Operation]bool{}
				for _, o := range got {
					in[o] = true
				}
				for _, o := range want.list {
					if !in[o] {
						t.Fatalf("%s: %s: the slice lacks %s", k, op.Name(), o.Name())
					}
				}
			}
		})
	}
}
