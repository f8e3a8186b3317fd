package transforms

import "testing"

func TestInline(t *testing.T) {
	runGoldens(t, []golden{{
		// @twice has two calls: the first gets a clone, the last the body itself,
		// and the private callee is erased. @sel has several blocks: the caller
		// block is split, tt.return/func.return become cf.br to the continuation
		// block, whose argument replaces the call result. Then the caller is
		// canonicalized (muli(muli(x, 2), 2) = muli(x, 4)). noinline blocks
		// inlining.
		name:     "multi-block and single-block callees",
		pipeline: "builtin.module(inline)",
		in: `
module {
  func.func private @sel(%c: i1, %a: i32, %b: i32) -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.addi %a, %b : i32
    return %x : i32
  ^bb2:
    %y = arith.muli %a, %b : i32
    return %y : i32
  }
  func.func private @twice(%a: i32) -> i32 {
    %c2 = arith.constant 2 : i32
    %r = arith.muli %a, %c2 : i32
    return %r : i32
  }
  func.func @main(%c: i1, %a: i32) -> i32 {
    %0 = call @twice(%a) : (i32) -> i32
    %1 = call @twice(%0) : (i32) -> i32
    %2 = call @sel(%c, %0, %1) : (i1, i32, i32) -> i32
    %3 = arith.addi %2, %1 : i32
    return %3 : i32
  }
  tt.func private @noinl(%a: i32) -> i32 attributes {noinline = true} {
    tt.return %a : i32
  }
  tt.func @k(%a: i32) -> i32 {
    %0 = tt.call @noinl(%a) : (i32) -> i32
    tt.return %0 : i32
  }
}`,
		want: `
module {
  func.func @main(%arg0: i1, %arg1: i32) -> i32 {
    %c4_i32 = arith.constant 4 : i32
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.muli %arg1, %c2_i32 : i32
    %1 = arith.muli %arg1, %c4_i32 : i32
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %2 = arith.addi %0, %1 : i32
    cf.br ^bb3(%2 : i32)
  ^bb2:  // pred: ^bb0
    %3 = arith.muli %0, %1 : i32
    cf.br ^bb3(%3 : i32)
  ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
    %5 = arith.addi %4, %1 : i32
    return %5 : i32
  }
  tt.func private @noinl(%arg0: i32) -> i32 attributes {noinline = true} {
    tt.return %arg0 : i32
  }
  tt.func @k(%arg0: i32) -> i32 {
    %0 = tt.call @noinl(%arg0) : (i32) -> i32
    tt.return %0 : i32
  }
}
`,
	}, {
		name:     "without the default pipeline",
		pipeline: "builtin.module(inline{default-pipeline=\"\"})",
		in: `
module {
  func.func private @sel(%c: i1, %a: i32, %b: i32) -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.addi %a, %b : i32
    return %x : i32
  ^bb2:
    %y = arith.muli %a, %b : i32
    return %y : i32
  }
  func.func private @twice(%a: i32) -> i32 {
    %c2 = arith.constant 2 : i32
    %r = arith.muli %a, %c2 : i32
    return %r : i32
  }
  func.func @main(%c: i1, %a: i32) -> i32 {
    %0 = call @twice(%a) : (i32) -> i32
    %1 = call @twice(%0) : (i32) -> i32
    %2 = call @sel(%c, %0, %1) : (i1, i32, i32) -> i32
    %3 = arith.addi %2, %1 : i32
    return %3 : i32
  }
  tt.func private @noinl(%a: i32) -> i32 attributes {noinline = true} {
    tt.return %a : i32
  }
  tt.func @k(%a: i32) -> i32 {
    %0 = tt.call @noinl(%a) : (i32) -> i32
    tt.return %0 : i32
  }
}`,
		want: `
module {
  func.func @main(%arg0: i1, %arg1: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.muli %arg1, %c2_i32 : i32
    %c2_i32_0 = arith.constant 2 : i32
    %1 = arith.muli %0, %c2_i32_0 : i32
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %2 = arith.addi %0, %1 : i32
    cf.br ^bb3(%2 : i32)
  ^bb2:  // pred: ^bb0
    %3 = arith.muli %0, %1 : i32
    cf.br ^bb3(%3 : i32)
  ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
    %5 = arith.addi %4, %1 : i32
    return %5 : i32
  }
  tt.func private @noinl(%arg0: i32) -> i32 attributes {noinline = true} {
    tt.return %arg0 : i32
  }
  tt.func @k(%arg0: i32) -> i32 {
    %0 = tt.call @noinl(%arg0) : (i32) -> i32
    tt.return %0 : i32
  }
}
`,
	}, {
		// A self-recursive callee is never inlined; mutual recursion stops through
		// the inline history and the call-in-own-body rule (MLIR ends with pong
		// calling itself and k calling pong). A multi-block callee is not inlined
		// into an scf.for body (single-block region); a single-block one is.
		name:     "recursion and single-block parents",
		pipeline: "builtin.module(inline)",
		in: `
module {
  tt.func private @rec(%a: i32) -> i32 {
    %0 = tt.call @rec(%a) : (i32) -> i32
    tt.return %0 : i32
  }
  tt.func private @ping(%a: i32) -> i32 {
    %0 = tt.call @pong(%a) : (i32) -> i32
    tt.return %0 : i32
  }
  tt.func private @pong(%a: i32) -> i32 {
    %0 = tt.call @ping(%a) : (i32) -> i32
    tt.return %0 : i32
  }
  tt.func private @multi(%c: i1, %a: i32) -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    tt.return %a : i32
  ^bb2:
    %n = arith.subi %a, %a : i32
    tt.return %n : i32
  }
  tt.func private @single(%a: i32) -> i32 {
    %n = arith.addi %a, %a : i32
    tt.return %n : i32
  }
  tt.func @k(%lb: i32, %ub: i32, %st: i32, %c: i1, %x: i32) -> i32 {
    %unused = arith.muli %x, %x : i32
    %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (i32) : i32 {
      %m = tt.call @multi(%c, %acc) : (i1, i32) -> i32
      %s = tt.call @single(%m) : (i32) -> i32
      scf.yield %s : i32
    }
    %p = tt.call @ping(%r) : (i32) -> i32
    %q = tt.call @rec(%p) : (i32) -> i32
    tt.return %q : i32
  }
}`,
		want: `
module {
  tt.func private @rec(%arg0: i32) -> i32 {
    %0 = tt.call @rec(%arg0) : (i32) -> i32
    tt.return %0 : i32
  }
  tt.func private @pong(%arg0: i32) -> i32 {
    %0 = tt.call @pong(%arg0) : (i32) -> i32
    tt.return %0 : i32
  }
  tt.func private @multi(%arg0: i1, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    tt.return %arg1 : i32
  ^bb2:  // pred: ^bb0
    tt.return %c0_i32 : i32
  }
  tt.func @k(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i1, %arg4: i32) -> i32 {
    %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg4) -> (i32)  : i32 {
      %3 = tt.call @multi(%arg3, %arg6) : (i1, i32) -> i32
      %4 = arith.addi %3, %3 : i32
      scf.yield %4 : i32
    }
    %1 = tt.call @pong(%0) : (i32) -> i32
    %2 = tt.call @rec(%1) : (i32) -> i32
    tt.return %2 : i32
  }
}
`,
	}})
}
