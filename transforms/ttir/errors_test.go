package ttir_test

import "testing"

// Inputs a pass must refuse with a located diagnostic.

func TestLoopUnrollRefusesHugeFactors(t *testing.T) {
	expectError(t, "triton-loop-unroll", `
tt.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    "test.use"(%i) : (i32) -> ()
  } {tt.loop_unroll_factor = 1000000000 : i32}
  tt.return
}`, "unroll factor 1000000000 would create too many operations")
}

func TestRewriteDescriptorRejectsUnknownUses(t *testing.T) {
	// A descriptor passed to an op the conversion does not know (here an
	// unregistered one) cannot be split into its parts.
	expectError(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @f(%p: !tt.ptr<f32>, %n: i32) {
  %c1 = arith.constant 1 : i64
  %0 = tt.make_tensor_descriptor %p, [%n], [%c1] : <f32>, <tensor<4xf32>>
  "test.use"(%0) : (!tt.tensordesc<tensor<4xf32>>) -> ()
  tt.return
}`, "failed to legalize unresolved materialization")
}
