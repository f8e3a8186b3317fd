package transforms

import (
	"strings"
	"testing"
)

func TestRemoveDeadValues(t *testing.T) {
	runGoldens(t, []golden{{
		// @f: a dead argument goes with its call operand; results no caller uses go
		// from the returns, the type and the call, although %0 itself stays live
		// (the store needs it). scf.for and scf.if lose the results, iter args and
		// yields nothing live needs; an unused pure op is erased.
		name:     "functions and scf",
		pipeline: "builtin.module(remove-dead-values)",
		in: `
module {
  tt.func private @f(%a: i32, %b: i32, %p: !tt.ptr<i32>) -> (i32, i32) {
    %0 = arith.addi %a, %a : i32
    tt.store %p, %0 : !tt.ptr<i32>
    %1 = arith.muli %b, %b : i32
    tt.return %0, %1 : i32, i32
  }
  tt.func @main(%x: i32, %p: !tt.ptr<i32>, %lb: i32, %ub: i32, %st: i32, %c: i1) -> i32 {
    %r:2 = tt.call @f(%x, %x, %p) : (i32, i32, !tt.ptr<i32>) -> (i32, i32)
    %l:2 = scf.for %i = %lb to %ub step %st iter_args(%u = %x, %v = %x) -> (i32, i32) : i32 {
      %u2 = arith.addi %u, %i : i32
      %v2 = arith.muli %v, %v : i32
      scf.yield %u2, %v2 : i32, i32
    }
    %k:2 = scf.if %c -> (i32, i32) {
      scf.yield %x, %x : i32, i32
    } else {
      %t = arith.subi %x, %x : i32
      scf.yield %t, %x : i32, i32
    }
    %dead = arith.addi %x, %x : i32
    %s = arith.addi %l#0, %k#1 : i32
    tt.return %s : i32
  }
}`,
		want: `
module {
  tt.func private @f(%arg0: i32, %arg1: !tt.ptr<i32>) {
    %0 = arith.addi %arg0, %arg0 : i32
    tt.store %arg1, %0 : !tt.ptr<i32>
    tt.return
  }
  tt.func @main(%arg0: i32, %arg1: !tt.ptr<i32>, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i1) -> i32 {
    tt.call @f(%arg0, %arg1) : (i32, !tt.ptr<i32>) -> ()
    %0 = scf.for %arg6 = %arg2 to %arg3 step %arg4 iter_args(%arg7 = %arg0) -> (i32)  : i32 {
      %3 = arith.addi %arg7, %arg6 : i32
      scf.yield %3 : i32
    }
    %1 = scf.if %arg5 -> (i32) {
      scf.yield %arg0 : i32
    } else {
      scf.yield %arg0 : i32
    }
    %2 = arith.addi %0, %1 : i32
    tt.return %2 : i32
  }
}
`,
	}, {
		// A dead scf.while value is removed from the inits, both regions' arguments,
		// scf.condition and scf.yield; an scf.if with a store stays but loses its
		// unused result.
		name:     "while and side effects",
		pipeline: "builtin.module(remove-dead-values)",
		in: `
module {
  tt.func @w(%x: i32, %n: i32, %p: !tt.ptr<i32>) -> i32 {
    %r:2 = scf.while (%a = %x, %b = %x) : (i32, i32) -> (i32, i32) {
      %c = arith.cmpi slt, %a, %n : i32
      scf.condition(%c) %a, %b : i32, i32
    } do {
    ^bb0(%a2: i32, %b2: i32):
      %a3 = arith.addi %a2, %n : i32
      %b3 = arith.muli %b2, %b2 : i32
      scf.yield %a3, %b3 : i32, i32
    }
    %cc = arith.cmpi eq, %x, %n : i32
    %q = scf.if %cc -> (i32) {
      tt.store %p, %x : !tt.ptr<i32>
      scf.yield %x : i32
    } else {
      scf.yield %n : i32
    }
    tt.return %r#0 : i32
  }
}`,
		want: `
module {
  tt.func @w(%arg0: i32, %arg1: i32, %arg2: !tt.ptr<i32>) -> i32 {
    %0 = scf.while (%arg3 = %arg0) : (i32) -> i32 {
      %2 = arith.cmpi slt, %arg3, %arg1 : i32
      scf.condition(%2) %arg3 : i32
    } do {
    ^bb0(%arg3: i32):
      %2 = arith.addi %arg3, %arg1 : i32
      scf.yield %2 : i32
    }
    %1 = arith.cmpi eq, %arg0, %arg1 : i32
    scf.if %1 {
      tt.store %arg2, %arg0 : !tt.ptr<i32>
    } else {
    }
    tt.return %0 : i32
  }
}
`,
	}})
}

func TestRemoveDeadValuesRejectsBranches(t *testing.T) {
	_, err := runPipeline(t, "builtin.module(remove-dead-values)", "func.func @f(%c: i1) {\n  cf.cond_br %c, ^bb1, ^bb1\n^bb1:\n  return\n}")
	if err == nil || !strings.Contains(err.Error(), "cannot optimize an IR with non-function symbol ops, non-call symbol user ops or branch ops") {
		t.Fatalf("got %v", err)
	}
}
