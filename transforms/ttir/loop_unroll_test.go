package ttir_test

import "testing"

// Cases of triton-loop-unroll beyond loop-unroll.mlir (which, read at an
// older commit, uses tt.unrolled_iteration instead of 3.6's
// tt.loop_unroll_factor).

// 10 iterations by 4: a main loop over [0, 8) with step 4 and an
// epilogue loop over [8, 10) that the pipeliner must not touch.
func TestLoopUnrollConstantWithEpilogue(t *testing.T) {
	expect(t, "triton-loop-unroll", `
tt.func @const10(%p: !tt.ptr<f32>) -> f32 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return %r : f32
}`, `
module {
  tt.func @const10(%arg0: !tt.ptr<f32>) -> f32 {
    %c0_i32 = arith.constant 0 : i32
    %c10_i32 = arith.constant 10 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %c8_i32 = arith.constant 8 : i32
    %c4_i32 = arith.constant 4 : i32
    %0 = scf.for %arg1 = %c0_i32 to %c8_i32 step %c4_i32 iter_args(%arg2 = %cst) -> (f32)  : i32 {
      %2 = tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
      %3 = tt.load %2 : !tt.ptr<f32>
      %4 = arith.addf %arg2, %3 : f32
      %c1_i32_0 = arith.constant 1 : i32
      %5 = arith.muli %c1_i32, %c1_i32_0 : i32
      %6 = arith.addi %arg1, %5 : i32
      %7 = tt.addptr %arg0, %6 : !tt.ptr<f32>, i32
      %8 = tt.load %7 : !tt.ptr<f32>
      %9 = arith.addf %4, %8 : f32
      %c2_i32 = arith.constant 2 : i32
      %10 = arith.muli %c1_i32, %c2_i32 : i32
      %11 = arith.addi %arg1, %10 : i32
      %12 = tt.addptr %arg0, %11 : !tt.ptr<f32>, i32
      %13 = tt.load %12 : !tt.ptr<f32>
      %14 = arith.addf %9, %13 : f32
      %c3_i32 = arith.constant 3 : i32
      %15 = arith.muli %c1_i32, %c3_i32 : i32
      %16 = arith.addi %arg1, %15 : i32
      %17 = tt.addptr %arg0, %16 : !tt.ptr<f32>, i32
      %18 = tt.load %17 : !tt.ptr<f32>
      %19 = arith.addf %14, %18 : f32
      scf.yield %19 : f32
    }
    %1 = scf.for %arg1 = %c8_i32 to %c10_i32 step %c1_i32 iter_args(%arg2 = %0) -> (f32)  : i32 {
      %2 = tt.addptr %arg0, %arg1 : !tt.ptr<f32>, i32
      %3 = tt.load %2 : !tt.ptr<f32>
      %4 = arith.addf %arg2, %3 : f32
      scf.yield %4 : f32
    } {tt.num_stages = 1 : i32}
    tt.return %1 : f32
  }
}`)
}

// 5 iterations by 4: both the main loop (one iteration of 4 bodies) and
// the epilogue (one body) run once and are inlined.
func TestLoopUnrollConstantSingleIterations(t *testing.T) {
	expect(t, "triton-loop-unroll", `
tt.func @const5(%p: !tt.ptr<f32>) -> f32 {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return %r : f32
}`, `
module {
  tt.func @const5(%arg0: !tt.ptr<f32>) -> f32 {
    %c0_i32 = arith.constant 0 : i32
    %c5_i32 = arith.constant 5 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %c4_i32 = arith.constant 4 : i32
    %c4_i32_0 = arith.constant 4 : i32
    %0 = tt.load %arg0 : !tt.ptr<f32>
    %1 = arith.addf %cst, %0 : f32
    %2 = tt.load %arg0 : !tt.ptr<f32>
    %3 = arith.addf %1, %2 : f32
    %4 = tt.load %arg0 : !tt.ptr<f32>
    %5 = arith.addf %3, %4 : f32
    %6 = tt.load %arg0 : !tt.ptr<f32>
    %7 = arith.addf %5, %6 : f32
    %8 = tt.load %arg0 : !tt.ptr<f32>
    %9 = arith.addf %7, %8 : f32
    tt.return %9 : f32
  }
}`)
}

// Unknown bounds: the unrolled upper bound is lb + (tc - tc % 2) * step
// with tc = ceildiv(ub - lb, step); other attributes stay on the main loop.
func TestLoopUnrollDynamic(t *testing.T) {
	expect(t, "triton-loop-unroll", `
tt.func @dynamic(%p: !tt.ptr<f32>, %lb: i32, %ub: i32, %st: i32) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %z) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 2 : i32, tt.num_stages = 3 : i32}
  tt.return %r : f32
}`, `
module {
  tt.func @dynamic(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32, %arg3: i32) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = arith.subi %arg2, %arg1 : i32
    %c1_i32 = arith.constant 1 : i32
    %1 = arith.subi %arg3, %c1_i32 : i32
    %2 = arith.addi %0, %1 : i32
    %3 = arith.divui %2, %arg3 : i32
    %c2_i32 = arith.constant 2 : i32
    %4 = arith.remsi %3, %c2_i32 : i32
    %5 = arith.subi %3, %4 : i32
    %6 = arith.muli %5, %arg3 : i32
    %7 = arith.addi %arg1, %6 : i32
    %8 = arith.muli %arg3, %c2_i32 : i32
    %9 = scf.for %arg4 = %arg1 to %7 step %8 iter_args(%arg5 = %cst) -> (f32)  : i32 {
      %11 = tt.addptr %arg0, %arg4 : !tt.ptr<f32>, i32
      %12 = tt.load %11 : !tt.ptr<f32>
      %13 = arith.addf %arg5, %12 : f32
      %c1_i32_0 = arith.constant 1 : i32
      %14 = arith.muli %arg3, %c1_i32_0 : i32
      %15 = arith.addi %arg4, %14 : i32
      %16 = tt.addptr %arg0, %15 : !tt.ptr<f32>, i32
      %17 = tt.load %16 : !tt.ptr<f32>
      %18 = arith.addf %13, %17 : f32
      scf.yield %18 : f32
    } {tt.num_stages = 3 : i32}
    %10 = scf.for %arg4 = %7 to %arg2 step %arg3 iter_args(%arg5 = %9) -> (f32)  : i32 {
      %11 = tt.addptr %arg0, %arg4 : !tt.ptr<f32>, i32
      %12 = tt.load %11 : !tt.ptr<f32>
      %13 = arith.addf %arg5, %12 : f32
      scf.yield %13 : f32
    } {tt.num_stages = 1 : i32}
    tt.return %10 : f32
  }
}`)
}
