package ttir_test

import (
	"strings"
	"testing"
)

// triton-loop-split splits at the first iteration where the comparison
// flips: for `i > mid` that is mid + 1, or ub when mid >= ub (which also
// keeps mid + 1 from wrapping), clamped to the loop's bounds.
func TestLoopSplitGreater(t *testing.T) {
	expect(t, "triton-loop-split", `
tt.func @sgt(%p: !tt.ptr<f32>, %n: i32, %mid: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %c = arith.cmpi sgt, %i, %mid : i32
    %v = arith.select %c, %z, %acc : f32
    scf.yield %v : f32
  }
  tt.return %r : f32
}`, `
module {
  tt.func @sgt(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32) -> f32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %c1_i32_0 = arith.constant 1 : i32
    %0 = arith.addi %arg2, %c1_i32_0 : i32
    %1 = arith.cmpi sge, %arg2, %arg1 : i32
    %2 = arith.select %1, %arg1, %0 : i32
    %3 = arith.maxsi %2, %c0_i32 : i32
    %4 = arith.minsi %3, %arg1 : i32
    %false = arith.constant false
    %true = arith.constant true
    %5 = scf.for %arg3 = %c0_i32 to %4 step %c1_i32 iter_args(%arg4 = %cst) -> (f32)  : i32 {
      %7 = arith.cmpi sgt, %arg3, %arg2 : i32
      %8 = arith.select %false, %cst, %arg4 : f32
      scf.yield %8 : f32
    }
    %6 = scf.for %arg3 = %4 to %arg1 step %c1_i32 iter_args(%arg4 = %5) -> (f32)  : i32 {
      %7 = arith.cmpi sgt, %arg3, %arg2 : i32
      %8 = arith.select %true, %cst, %arg4 : f32
      scf.yield %8 : f32
    }
    tt.return %6 : f32
  }
}`)
}

// A comparison with the induction variable on the right is normalized
// (mid <= i is i >= mid: the split point is mid itself), and a split
// point between iterations is rounded up to the next one
// (lb + ceil((mid - lb) / step) * step).
func TestLoopSplitStepAndSwappedOperands(t *testing.T) {
	expect(t, "triton-loop-split", `
tt.func @step3_reversed(%n: i32, %mid: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.for %i = %c0 to %n step %c3 iter_args(%acc = %c0) -> (i32) : i32 {
    %c = arith.cmpi sle, %mid, %i : i32
    %v = arith.select %c, %i, %acc : i32
    scf.yield %v : i32
  }
  tt.return %r : i32
}`, `
module {
  tt.func @step3_reversed(%arg0: i32, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.maxsi %arg1, %c0_i32 : i32
    %1 = arith.minsi %0, %arg0 : i32
    %2 = arith.subi %1, %c0_i32 : i32
    %3 = arith.ceildivui %2, %c3_i32 : i32
    %4 = arith.muli %3, %c3_i32 : i32
    %5 = arith.addi %c0_i32, %4 : i32
    %false = arith.constant false
    %true = arith.constant true
    %6 = scf.for %arg2 = %c0_i32 to %5 step %c3_i32 iter_args(%arg3 = %c0_i32) -> (i32)  : i32 {
      %8 = arith.cmpi sle, %arg1, %arg2 : i32
      %9 = arith.select %false, %arg2, %arg3 : i32
      scf.yield %9 : i32
    }
    %7 = scf.for %arg2 = %5 to %arg0 step %c3_i32 iter_args(%arg3 = %6) -> (i32)  : i32 {
      %8 = arith.cmpi sle, %arg1, %arg2 : i32
      %9 = arith.select %true, %arg2, %arg3 : i32
      scf.yield %9 : i32
    }
    tt.return %7 : i32
  }
}`)
}

// A loop whose step is zero, or negative in a signed loop, never reaches
// its upper bound: it has no split point and is left as it is.
func TestLoopSplitNonPositiveStep(t *testing.T) {
	for _, step := range []string{"0", "-2"} {
		src := `
tt.func @f(%n: i32, %mid: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %s = arith.constant STEP : i32
  %r = scf.for %i = %c0 to %n step %s iter_args(%acc = %c0) -> (i32) : i32 {
    %c = arith.cmpi slt, %i, %mid : i32
    %v = arith.select %c, %acc, %i : i32
    scf.yield %v : i32
  }
  tt.return %r : i32
}`
		src = replaceAll(src, "STEP", step)
		got, err := run(t, "triton-loop-split", src)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(got, "scf.for"); n != 1 {
			t.Errorf("step %s: %d loops after triton-loop-split, want the loop unsplit:\n%s", step, n, got)
		}
	}
}
