package transforms

import "testing"

func TestSCCP(t *testing.T) {
	runGoldens(t, []golden{{
		// @cfg: only the taken edge of a constant cond_br feeds ^bb2's argument.
		// @loop: the loop result is the join of the init and the yielded value;
		// a constant scf.if takes one region; replaced ops that are trivially dead
		// go. @callee/@caller: a private callee's arguments join its live call
		// sites and its returns flow back into the call results. Constants are
		// materialized at the front of the entry block in visit order (the last
		// one first), as MLIR's folder does; control flow is not changed.
		name:     "branches loops calls",
		pipeline: "builtin.module(sccp)",
		in: `
module {
  tt.func @cfg(%arg0: i32) -> i32 {
    %cond = arith.constant true
    %c1 = arith.constant 1 : i32
    cf.cond_br %cond, ^bb1, ^bb2(%arg0 : i32)
  ^bb1:
    cf.br ^bb2(%c1 : i32)
  ^bb2(%a: i32):
    tt.return %a : i32
  }
  tt.func @loop(%lb: i32, %ub: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
      %m = arith.muli %acc, %c1 : i32
      scf.yield %m : i32
    }
    %t = arith.constant true
    %v = scf.if %t -> (i32) {
      scf.yield %r : i32
    } else {
      scf.yield %c1 : i32
    }
    %w = scf.while (%x = %c0) : (i32) -> i32 {
      %cc = arith.cmpi slt, %x, %ub : i32
      scf.condition(%cc) %x : i32
    } do {
    ^bb0(%y: i32):
      %n = arith.addi %y, %c1 : i32
      scf.yield %n : i32
    }
    %s = arith.addi %v, %w : i32
    tt.return %s : i32
  }
  tt.func private @callee(%x: i32) -> i32 {
    %c2 = arith.constant 2 : i32
    %m = arith.muli %x, %c2 : i32
    tt.return %m : i32
  }
  tt.func @caller() -> i32 {
    %c3 = arith.constant 3 : i32
    %r = tt.call @callee(%c3) : (i32) -> i32
    tt.return %r : i32
  }
}`,
		want: `
module {
  tt.func @cfg(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %true = arith.constant true
    cf.cond_br %true, ^bb1, ^bb2(%arg0 : i32)
  ^bb1:  // pred: ^bb0
    cf.br ^bb2(%c1_i32 : i32)
  ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
    tt.return %c1_i32 : i32
  }
  tt.func @loop(%arg0: i32, %arg1: i32) -> i32 {
    %true = arith.constant true
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
      %2 = arith.cmpi slt, %arg2, %arg1 : i32
      scf.condition(%2) %arg2 : i32
    } do {
    ^bb0(%arg2: i32):
      %2 = arith.addi %arg2, %c1_i32 : i32
      scf.yield %2 : i32
    }
    %1 = arith.addi %c0_i32, %0 : i32
    tt.return %1 : i32
  }
  tt.func private @callee(%arg0: i32) -> i32 {
    %c3_i32 = arith.constant 3 : i32
    %c6_i32 = arith.constant 6 : i32
    %c2_i32 = arith.constant 2 : i32
    tt.return %c6_i32 : i32
  }
  tt.func @caller() -> i32 {
    %c6_i32 = arith.constant 6 : i32
    %c3_i32 = arith.constant 3 : i32
    %0 = tt.call @callee(%c3_i32) : (i32) -> i32
    tt.return %c6_i32 : i32
  }
}
`,
	}, {
		// An iter arg yielded unchanged stays constant; a while whose condition is
		// false never runs its after region; a constant cf.switch flag takes one
		// edge; a CFG loop keeps an argument constant when the back edge carries
		// the same constant.
		name:     "carried values, while, switch, cfg loop",
		pipeline: "builtin.module(sccp)",
		in: `
module {
  tt.func @loop_invariant_carried(%lb: i32, %ub: i32, %st: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %c5 = arith.constant 5 : i32
    %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %c5, %b = %c0) -> (i32, i32) : i32 {
      %n = arith.addi %b, %i : i32
      scf.yield %a, %n : i32, i32
    }
    tt.return %r#0, %r#1 : i32, i32
  }
  tt.func @while_false(%x: i32) -> i32 {
    %false = arith.constant false
    %c1 = arith.constant 1 : i32
    %w = scf.while (%a = %c1) : (i32) -> i32 {
      scf.condition(%false) %a : i32
    } do {
    ^bb0(%b: i32):
      %n = arith.addi %b, %x : i32
      scf.yield %n : i32
    }
    tt.return %w : i32
  }
  func.func @switch(%x: i32) -> i32 {
    %c2 = arith.constant 2 : i32
    %c10 = arith.constant 10 : i32
    %c20 = arith.constant 20 : i32
    cf.switch %c2 : i32, [
      default: ^bb3(%x : i32),
      1: ^bb1,
      2: ^bb2
    ]
  ^bb1:
    cf.br ^bb3(%c10 : i32)
  ^bb2:
    cf.br ^bb3(%c20 : i32)
  ^bb3(%v: i32):
    return %v : i32
  }
  func.func @loop_cfg(%n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0, %c1 : i32, i32)
  ^bb1(%i: i32, %k: i32):
    %cond = arith.cmpi slt, %i, %n : i32
    cf.cond_br %cond, ^bb2, ^bb3
  ^bb2:
    %i2 = arith.addi %i, %c1 : i32
    %k2 = arith.muli %k, %c1 : i32
    cf.br ^bb1(%i2, %k2 : i32, i32)
  ^bb3:
    return %k : i32
  }
}`,
		want: `
module {
  tt.func @loop_invariant_carried(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    %c5_i32 = arith.constant 5 : i32
    %c0_i32 = arith.constant 0 : i32
    %0:2 = scf.for %arg3 = %arg0 to %arg1 step %arg2 iter_args(%arg4 = %c5_i32, %arg5 = %c0_i32) -> (i32, i32)  : i32 {
      %1 = arith.addi %arg5, %arg3 : i32
      scf.yield %c5_i32, %1 : i32, i32
    }
    tt.return %c5_i32, %0#1 : i32, i32
  }
  tt.func @while_false(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %false = arith.constant false
    tt.return %c1_i32 : i32
  }
  func.func @switch(%arg0: i32) -> i32 {
    %c20_i32 = arith.constant 20 : i32
    %c10_i32 = arith.constant 10 : i32
    %c2_i32 = arith.constant 2 : i32
    cf.switch %c2_i32 : i32, [
      default: ^bb3(%arg0 : i32),
      1: ^bb1,
      2: ^bb2
    ]
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%c10_i32 : i32)
  ^bb2:  // pred: ^bb0
    cf.br ^bb3(%c20_i32 : i32)
  ^bb3(%0: i32):  // 3 preds: ^bb0, ^bb1, ^bb2
    return %c20_i32 : i32
  }
  func.func @loop_cfg(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    cf.br ^bb1(%c0_i32, %c1_i32 : i32, i32)
  ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
    %2 = arith.cmpi slt, %0, %arg0 : i32
    cf.cond_br %2, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %3 = arith.addi %0, %c1_i32 : i32
    cf.br ^bb1(%3, %c1_i32 : i32, i32)
  ^bb3:  // pred: ^bb1
    return %c1_i32 : i32
  }
}
`,
	}})
}
