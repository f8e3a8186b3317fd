package ttir_test

import "testing"

// loop-peeling.mlir needs `"def"` ops (unregistered, without a dialect
// prefix), which tt's parser rejects; this is its i32 case with a
// dialect-prefixed op.
func TestLoopPeeling(t *testing.T) {
	expect(t, "triton-test-loop-peeling", `
tt.func @peel(%lb: i32, %ub: i32, %step: i32) -> f32 {
  %init = arith.constant 0.0 : f32
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> (f32) : i32 {
    %a = "test.def"(%iv) : (i32) -> f32
    %s = arith.addf %acc, %a : f32
    scf.yield %s : f32
  } {__test_peel_epilogue}
  tt.return %r : f32
}`, `
module {
  tt.func @peel(%arg0: i32, %arg1: i32, %arg2: i32) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = arith.subi %arg1, %arg2 : i32
    %1 = scf.for %arg3 = %arg0 to %0 step %arg2 iter_args(%arg4 = %cst) -> (f32)  : i32 {
      %9 = "test.def"(%arg3) : (i32) -> f32
      %10 = arith.addf %arg4, %9 : f32
      scf.yield %10 : f32
    } {__test_peel_epilogue}
    %2 = arith.subi %arg1, %arg0 : i32
    %c1_i32 = arith.constant 1 : i32
    %3 = arith.subi %2, %c1_i32 : i32
    %4 = arith.divsi %3, %arg2 : i32
    %5 = arith.muli %4, %arg2 : i32
    %6 = arith.addi %5, %arg0 : i32
    %7 = arith.cmpi slt, %arg0, %arg1 : i32
    %8 = scf.if %7 -> (f32) {
      %9 = "test.def"(%6) : (i32) -> f32
      %10 = arith.addf %1, %9 : f32
      scf.yield %10 : f32
    } else {
      scf.yield %1 : f32
    }
    tt.return %8 : f32
  }
}`)
}
