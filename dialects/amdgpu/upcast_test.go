package amdgpu_test

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The scaled upcasts are ttg.UpcastFp ops: fp4 doubles the dot operand's
// kWidth from the packed input to the result (and halves it back), the
// scale shares the result's layout, fp8 keeps its layout; the layout
// propagation rules stop at them.
func TestScaledUpcastLayouts(t *testing.T) {
	_, m := parse(t, `tt.func @f(%p: tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>,
      %s: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>,
      %q: tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>) {
    %0 = amdg.scaled_upcast_fp4 %p scale %s {axis = 0 : i32} : tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
    %1 = amdg.scaled_upcast_fp8 %q scale %s : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
    tt.return
  }`)
	enc := func(v ir.Value) ir.Attribute { return v.Type().(*ir.RankedTensorType).Encoding }
	var fp4, fp8 *ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		switch op.Name() {
		case "amdg.scaled_upcast_fp4":
			fp4 = op
		case "amdg.scaled_upcast_fp8":
			fp8 = op
		}
	})
	u, ok := ir.As[ttg.UpcastFp](fp4)
	if !ok {
		t.Fatal("amdg.scaled_upcast_fp4 is not ttg.UpcastFp")
	}
	packed, unpacked := enc(fp4.Operand(0)), enc(fp4.Result(0))
	if got := u.InferDstEncoding(0, packed); got != unpacked {
		t.Errorf("fp4 result layout from the input's: %v, want %v", got, unpacked)
	}
	if got := u.InferSrcEncoding(0, unpacked); got != packed {
		t.Errorf("fp4 input layout from the result's: %v, want %v", got, packed)
	}
	if got := u.InferSrcEncoding(1, unpacked); got != unpacked {
		t.Errorf("fp4 scale layout: %v, want the result's", got)
	}
	u8, ok := ir.As[ttg.UpcastFp](fp8)
	if !ok || u8.InferDstEncoding(0, enc(fp8.Operand(0))) != enc(fp8.Result(0)) {
		t.Error("amdg.scaled_upcast_fp8 does not keep its layout")
	}
	if ttg.InferDstEncoding(fp8, enc(fp8.Operand(0))) != nil || ttg.InferSrcEncoding(fp4, unpacked) != nil {
		t.Error("layout propagation goes through a scaled upcast")
	}
}
