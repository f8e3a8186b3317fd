package ttir_test

import "testing"

// Cases of triton-licm beyond loop-invariant-code-motion.mlir.

// A scalar load keeps its other value; its mask becomes (lb < ub) & mask.
func TestLICMScalarLoadWithOther(t *testing.T) {
	expect(t, "triton-licm", `
tt.func @scalar_load_other(%p: !tt.ptr<f32>, %m: i1, %o: f32, %lb: i32, %ub: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %z) -> (f32) : i32 {
    %v = tt.load %p, %m, %o : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}`, `
module {
  tt.func @scalar_load_other(%arg0: !tt.ptr<f32>, %arg1: i1, %arg2: f32, %arg3: i32, %arg4: i32) -> f32 {
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 0.000000e+00 : f32
    %0 = arith.cmpi slt, %arg3, %arg4 : i32
    %1 = arith.andi %0, %arg1 : i1
    %2 = tt.load %arg0, %1, %arg2 : !tt.ptr<f32>
    %3 = scf.for %arg5 = %arg3 to %arg4 step %c1_i32 iter_args(%arg6 = %cst) -> (f32)  : i32 {
      %4 = arith.addf %arg6, %2 : f32
      scf.yield %4 : f32
    }
    tt.return %3 : f32
  }
}`)
}

// Inner loops go first: the load leaves the inner loop predicated on its
// trip count, then the outer one, predicated on both.
func TestLICMNestedLoops(t *testing.T) {
	expect(t, "triton-licm", `
tt.func @nested(%p: tensor<4x!tt.ptr<f32>>, %a: i32, %b: i32, %n: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<4xf32>) : i32 {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> (tensor<4xf32>) : i32 {
      %x = arith.muli %a, %b : i32
      %xs = tt.splat %x : i32 -> tensor<4xi32>
      %q = tt.addptr %p, %xs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
      %v = tt.load %q : tensor<4x!tt.ptr<f32>>
      %s = arith.addf %acc2, %v : tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    scf.yield %r2 : tensor<4xf32>
  }
  tt.return %r : tensor<4xf32>
}`, `
module {
  tt.func @nested(%arg0: tensor<4x!tt.ptr<f32>>, %arg1: i32, %arg2: i32, %arg3: i32) -> tensor<4xf32> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<4xf32>
    %0 = arith.muli %arg1, %arg2 : i32
    %1 = tt.splat %0 : i32 -> tensor<4xi32>
    %2 = tt.addptr %arg0, %1 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %3 = arith.cmpi slt, %c0_i32, %arg3 : i32
    %4 = tt.splat %3 : i1 -> tensor<4xi1>
    %5 = arith.cmpi slt, %c0_i32, %arg3 : i32
    %6 = tt.splat %5 : i1 -> tensor<4xi1>
    %7 = arith.andi %6, %4 : tensor<4xi1>
    %8 = tt.load %2, %7 : tensor<4x!tt.ptr<f32>>
    %9 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<4xf32>)  : i32 {
      %10 = scf.for %arg6 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg7 = %arg5) -> (tensor<4xf32>)  : i32 {
        %11 = arith.addf %arg7, %8 : tensor<4xf32>
        scf.yield %11 : tensor<4xf32>
      }
      scf.yield %10 : tensor<4xf32>
    }
    tt.return %9 : tensor<4xf32>
  }
}`)
}

// An scf.if whose branches are pure is speculatable and moves out whole.
func TestLICMSpeculatableIf(t *testing.T) {
	expect(t, "triton-licm", `
tt.func @if_hoist(%c: i1, %a: i32, %b: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %v = scf.if %c -> (i32) {
      %x = arith.addi %a, %b : i32
      scf.yield %x : i32
    } else {
      %y = arith.subi %a, %b : i32
      scf.yield %y : i32
    }
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  tt.return %r : i32
}`, `
module {
  tt.func @if_hoist(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.if %arg0 -> (i32) {
      %2 = arith.addi %arg1, %arg2 : i32
      scf.yield %2 : i32
    } else {
      %2 = arith.subi %arg1, %arg2 : i32
      scf.yield %2 : i32
    }
    %1 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %c0_i32) -> (i32)  : i32 {
      %2 = arith.addi %arg5, %0 : i32
      scf.yield %2 : i32
    }
    tt.return %1 : i32
  }
}`)
}

// A division may trap (divisor 0), so the scf.if holding it stays.
func TestLICMIfThatMayTrap(t *testing.T) {
	expect(t, "triton-licm", `
tt.func @if_divides(%c: i1, %a: i32, %b: i32, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %v = scf.if %c -> (i32) {
      %x = arith.addi %a, %b : i32
      scf.yield %x : i32
    } else {
      %y = arith.divsi %a, %b : i32
      scf.yield %y : i32
    }
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  tt.return %r : i32
}`, `
module {
  tt.func @if_divides(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %c0_i32) -> (i32)  : i32 {
      %1 = scf.if %arg0 -> (i32) {
        %3 = arith.addi %arg1, %arg2 : i32
        scf.yield %3 : i32
      } else {
        %3 = arith.divsi %arg1, %arg2 : i32
        scf.yield %3 : i32
      }
      %2 = arith.addi %arg5, %1 : i32
      scf.yield %2 : i32
    }
    tt.return %0 : i32
  }
}`)
}
