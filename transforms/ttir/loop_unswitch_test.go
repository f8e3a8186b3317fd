package ttir_test

import "testing"

const unswitchResults = `
tt.func @results(%lb: index, %ub: index, %step: index, %flag: i1, %x: f32) -> (f32, f32) {
  %init = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %init, %b = %init) -> (f32, f32) {
    %v:2 = scf.if %flag -> (f32, f32) {
      %s = arith.addf %a, %x : f32
      scf.yield %s, %b : f32, f32
    } else {
      %m = arith.mulf %b, %x : f32
      scf.yield %a, %m : f32, f32
    }
    scf.yield %v#0, %v#1 : f32, f32
  } {tt.num_stages = 2 : i32}
  tt.return %r#0, %r#1 : f32, f32
}`

// Unswitching a loop with results: each branch of the new scf.if holds a
// copy of the loop (attributes included) specialized to that branch.
func TestLoopUnswitchWithResults(t *testing.T) {
	expect(t, "triton-loop-unswitch", unswitchResults, `
module {
  tt.func @results(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f32) -> (f32, f32) {
    %cst = arith.constant 0.000000e+00 : f32
    %0:2 = scf.if %arg3 -> (f32, f32) {
      %1:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %cst, %arg7 = %cst) -> (f32, f32) {
        %2 = arith.addf %arg6, %arg4 : f32
        scf.yield %2, %arg7 : f32, f32
      } {tt.num_stages = 2 : i32}
      scf.yield %1#0, %1#1 : f32, f32
    } else {
      %1:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %cst, %arg7 = %cst) -> (f32, f32) {
        %2 = arith.mulf %arg7, %arg4 : f32
        scf.yield %arg6, %2 : f32, f32
      } {tt.num_stages = 2 : i32}
      scf.yield %1#0, %1#1 : f32, f32
    }
    tt.return %0#0, %0#1 : f32, f32
  }
}`)
}

// Loops bigger than max-body-size are not duplicated.
func TestLoopUnswitchMaxBodySize(t *testing.T) {
	expect(t, "triton-loop-unswitch{max-body-size=3}", unswitchResults, `
module {
  tt.func @results(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f32) -> (f32, f32) {
    %cst = arith.constant 0.000000e+00 : f32
    %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %cst, %arg7 = %cst) -> (f32, f32) {
      %1:2 = scf.if %arg3 -> (f32, f32) {
        %2 = arith.addf %arg6, %arg4 : f32
        scf.yield %2, %arg7 : f32, f32
      } else {
        %2 = arith.mulf %arg7, %arg4 : f32
        scf.yield %arg6, %2 : f32, f32
      }
      scf.yield %1#0, %1#1 : f32, f32
    } {tt.num_stages = 2 : i32}
    tt.return %0#0, %0#1 : f32, f32
  }
}`)
}
