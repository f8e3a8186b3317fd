package ttir_test

import (
	"strings"
	"testing"
)

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

// TestSpecializeModeRefused: tt-specialize-dot-chains takes auto, dots or
// off, from its option or TT_X_SPECIALIZE; another mode is an error that
// names it, not a silent default.
func TestSpecializeModeRefused(t *testing.T) {
	src := "module {\n}\n"
	if _, err := run(t, "tt-specialize-dot-chains{capability=90 num-warps=8 specialize=some}", src); err == nil || !strings.Contains(err.Error(), `"some"`) {
		t.Errorf("specialize=some: %v, want the mode refused", err)
	}
	t.Setenv("TT_X_SPECIALIZE", "all")
	if _, err := run(t, "tt-specialize-dot-chains{capability=90 num-warps=8}", src); err == nil || !strings.Contains(err.Error(), `"all"`) {
		t.Errorf("TT_X_SPECIALIZE=all: %v, want the mode refused", err)
	}
}
