package tt_test

import "testing"

// TestDescriptorSignedElements: Triton's frontend records the signedness
// of integer descriptor elements (`tensor<..xsi8>`, `ui32`) while the
// tensors loaded and stored through the descriptor are signless; the
// verifiers compare against the signless block type, as Triton 3.6 does,
// and still refuse a different width (with 3.6's message).
func TestDescriptorSignedElements(t *testing.T) {
	expectPrint(t, fn("%d: !tt.tensordesc<tensor<2x8x64xsi8>>, %u: !tt.tensordesc<tensor<16x16xui32>>", `  %c = arith.constant 0 : i32
  %0 = tt.descriptor_load %d[%c, %c, %c] : !tt.tensordesc<tensor<2x8x64xsi8>> -> tensor<2x8x64xi8>
  tt.descriptor_store %d[%c, %c, %c], %0 : !tt.tensordesc<tensor<2x8x64xsi8>>, tensor<2x8x64xi8>
  %1 = tt.descriptor_load %u[%c, %c] : !tt.tensordesc<tensor<16x16xui32>> -> tensor<16x16xi32>`),
		"tt.descriptor_load %arg0[%c0_i32, %c0_i32, %c0_i32] : !tt.tensordesc<tensor<2x8x64xsi8>> -> tensor<2x8x64xi8>",
		"tt.descriptor_store %arg0[%c0_i32, %c0_i32, %c0_i32], %0 : !tt.tensordesc<tensor<2x8x64xsi8>>, tensor<2x8x64xi8>")
	expectPrint(t, fn("%d: !tt.tensordesc<tensor<1x64xsi8>>, %x: tensor<32xi32>, %y: i32", `  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x64xsi8>>, tensor<32xi32>, i32) -> tensor<32x64xi8>`),
		"tt.descriptor_gather %arg0[%arg1, %arg2]")
	expectError(t, fn("%d: !tt.tensordesc<tensor<16x16xsi8>>", `  %c = arith.constant 0 : i32
  %0 = tt.descriptor_load %d[%c, %c] : !tt.tensordesc<tensor<16x16xsi8>> -> tensor<16x16xi16>`),
		"'tt.descriptor_load' op tensor descriptor block and tensor types must match")
}
