package ttir_test

import (
	"fmt"
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

// TestRewriteDescriptorRejectsEmptyBlocks: a block with an extent of 0
// verifies, but the pointer rewrite would build an empty tt.make_range
// (fuzz seed 238: a TMA matmul with an extent of 128 made 0, on sm_80).
func TestRewriteDescriptorRejectsEmptyBlocks(t *testing.T) {
	expectError(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @f(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %0 = tt.make_tensor_descriptor %p, [%n, %n], [%c1, %c1] : <f32>, <tensor<0x4xf32>>
  %1 = tt.descriptor_load %0[%c0, %c0] : !tt.tensordesc<tensor<0x4xf32>> -> tensor<0x4xf32>
  tt.descriptor_store %0[%c0, %c0], %1 : !tt.tensordesc<tensor<0x4xf32>>, tensor<0x4xf32>
  tt.return
}`, "'tt.descriptor_load' op the descriptor's block tensor<0x4xf32> has no elements")
}

// TestScheduleModeRefused: tt-specialize-dot-chains (auto, dots, off) and
// tt-persistent-programs (auto, nested, off) take a mode from their option
// or their TT_X_ variable; another mode is an error that names it and the
// modes, not a silent default.
func TestScheduleModeRefused(t *testing.T) {
	src := "module {\n}\n"
	for _, c := range []struct{ pass, option, env, modes string }{
		{"tt-specialize-dot-chains", "specialize", "TT_X_SPECIALIZE", "(auto, dots, off)"},
		{"tt-persistent-programs", "persistent", "TT_X_PERSISTENT", "(auto, nested, off)"},
	} {
		pipeline := c.pass + "{capability=90 num-warps=8 " + c.option + "=some}"
		if _, err := run(t, pipeline, src); err == nil || !strings.Contains(err.Error(), `"some"`) || !strings.Contains(err.Error(), c.modes) {
			t.Errorf("%s=some: %v, want the mode refused with %s", c.option, err, c.modes)
		}
		t.Setenv(c.env, "all")
		if _, err := run(t, c.pass+"{capability=90 num-warps=8}", src); err == nil || !strings.Contains(err.Error(), `"all"`) {
			t.Errorf("%s=all: %v, want the mode refused", c.env, err)
		}
		t.Setenv(c.env, "")
	}
}

// The bound is on the unrolled loop's size: a factor that fits a small
// body is refused for a body it would copy past the limit (16,384 ops).
func TestLoopUnrollBoundsTheUnrolledLoop(t *testing.T) {
	loop := func(factor int, body int) string {
		var b strings.Builder
		b.WriteString("tt.func @f(%n: i32) {\n  %c0 = arith.constant 0 : i32\n  %c1 = arith.constant 1 : i32\n  scf.for %i = %c0 to %n step %c1 : i32 {\n")
		for range body - 1 { // the yield is the body's last op
			b.WriteString("    \"test.use\"(%i) : (i32) -> ()\n")
		}
		fmt.Fprintf(&b, "  } {tt.loop_unroll_factor = %d : i32}\n  tt.return\n}", factor)
		return b.String()
	}
	expectError(t, "triton-loop-unroll", loop(1024, 17), "unroll factor 1024 would create too many operations: 1024 copies of a loop body of 17 operations, over tt's limit of 16384")
	if _, err := run(t, "triton-loop-unroll", loop(1024, 16)); err != nil {
		t.Errorf("1024 copies of 16 operations: %v", err)
	}
}
