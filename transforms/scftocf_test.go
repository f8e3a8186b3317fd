package transforms

import "testing"

func TestSCFToCF(t *testing.T) {
	runGoldens(t, []golden{{
		// Outer ops are lowered first: the for body block is split by the if;
		// the if's continuation block takes its results and branches on to the
		// rest of the body.
		name:     "for if while",
		pipeline: "builtin.module(convert-scf-to-cf)",
		in: `
tt.func @f(%lb: i32, %ub: i32, %st: i32, %x: f32, %c: i1) -> f32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (f32) : i32 {
    %v = scf.if %c -> (f32) {
      %a = arith.addf %acc, %x : f32
      scf.yield %a : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %v : f32
  }
  %w = scf.while (%a = %r) : (f32) -> f32 {
    %cc = arith.cmpf olt, %a, %x : f32
    scf.condition(%cc) %a : f32
  } do {
  ^bb0(%b: f32):
    %n = arith.addf %b, %b : f32
    scf.yield %n : f32
  }
  tt.return %w : f32
}`,
		want: `
module {
  tt.func @f(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: f32, %arg4: i1) -> f32 {
    cf.br ^bb1(%arg0, %arg3 : i32, f32)
  ^bb1(%0: i32, %1: f32):  // 2 preds: ^bb0, ^bb6
    %2 = arith.cmpi slt, %0, %arg1 : i32
    cf.cond_br %2, ^bb2, ^bb7
  ^bb2:  // pred: ^bb1
    cf.cond_br %arg4, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    %3 = arith.addf %1, %arg3 : f32
    cf.br ^bb5(%3 : f32)
  ^bb4:  // pred: ^bb2
    cf.br ^bb5(%1 : f32)
  ^bb5(%4: f32):  // 2 preds: ^bb3, ^bb4
    cf.br ^bb6
  ^bb6:  // pred: ^bb5
    %5 = arith.addi %0, %arg2 : i32
    cf.br ^bb1(%5, %4 : i32, f32)
  ^bb7:  // pred: ^bb1
    cf.br ^bb8(%1 : f32)
  ^bb8(%6: f32):  // 2 preds: ^bb7, ^bb9
    %7 = arith.cmpf olt, %6, %arg3 : f32
    cf.cond_br %7, ^bb9(%6 : f32), ^bb10
  ^bb9(%8: f32):  // pred: ^bb8
    %9 = arith.addf %8, %8 : f32
    cf.br ^bb8(%9 : f32)
  ^bb10:  // pred: ^bb8
    tt.return %6 : f32
  }
}
`,
	}, {
		// A while whose after region only forwards is lowered as a do-while loop;
		// execute_region yields branch to the continuation; index_switch becomes
		// index_cast + cf.switch; an unsigned for compares with ult.
		name:     "do-while execute_region index_switch unsigned",
		pipeline: "builtin.module(convert-scf-to-cf)",
		in: `
module {
  tt.func @dowhile(%x: f32) -> f32 {
    %w = scf.while (%a = %x) : (f32) -> f32 {
      %n = arith.addf %a, %a : f32
      %cc = arith.cmpf olt, %n, %x : f32
      scf.condition(%cc) %n : f32
    } do {
    ^bb0(%b: f32):
      scf.yield %b : f32
    }
    tt.return %w : f32
  }
  tt.func @exec(%c: i1, %x: i32) -> i32 {
    %r = scf.execute_region -> i32 {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      %a = arith.addi %x, %x : i32
      scf.yield %a : i32
    ^bb2:
      scf.yield %x : i32
    }
    tt.return %r : i32
  }
  tt.func @switch(%i: index, %x: i32) -> i32 {
    %r = scf.index_switch %i -> i32
    case 2 {
      %a = arith.addi %x, %x : i32
      scf.yield %a : i32
    }
    case 5 {
      %b = arith.muli %x, %x : i32
      scf.yield %b : i32
    }
    default {
      scf.yield %x : i32
    }
    tt.return %r : i32
  }
  tt.func @ifnoresult(%c: i1, %p: !tt.ptr<i32>, %x: i32, %lb: index, %ub: index, %st: index) {
    scf.if %c {
      tt.store %p, %x : !tt.ptr<i32>
    }
    scf.for %i = %lb to %ub step %st {
      tt.store %p, %x : !tt.ptr<i32>
    }
    scf.for %j = %x to %x step %x : i32 {
      tt.store %p, %x : !tt.ptr<i32>
    } {unsignedCmp}
    tt.return
  }
}`,
		want: `
module {
  tt.func @dowhile(%arg0: f32) -> f32 {
    cf.br ^bb1(%arg0 : f32)
  ^bb1(%0: f32):  // 2 preds: ^bb0, ^bb1
    %1 = arith.addf %0, %0 : f32
    %2 = arith.cmpf olt, %1, %arg0 : f32
    cf.cond_br %2, ^bb1(%1 : f32), ^bb2
  ^bb2:  // pred: ^bb1
    tt.return %1 : f32
  }
  tt.func @exec(%arg0: i1, %arg1: i32) -> i32 {
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    cf.cond_br %arg0, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %0 = arith.addi %arg1, %arg1 : i32
    cf.br ^bb4(%0 : i32)
  ^bb3:  // pred: ^bb1
    cf.br ^bb4(%arg1 : i32)
  ^bb4(%1: i32):  // 2 preds: ^bb2, ^bb3
    tt.return %1 : i32
  }
  tt.func @switch(%arg0: index, %arg1: i32) -> i32 {
    %0 = arith.index_cast %arg0 : index to i32
    cf.switch %0 : i32, [
      default: ^bb3,
      2: ^bb1,
      5: ^bb2
    ]
  ^bb1:  // pred: ^bb0
    %1 = arith.addi %arg1, %arg1 : i32
    cf.br ^bb4(%1 : i32)
  ^bb2:  // pred: ^bb0
    %2 = arith.muli %arg1, %arg1 : i32
    cf.br ^bb4(%2 : i32)
  ^bb3:  // pred: ^bb0
    cf.br ^bb4(%arg1 : i32)
  ^bb4(%3: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
    tt.return %3 : i32
  }
  tt.func @ifnoresult(%arg0: i1, %arg1: !tt.ptr<i32>, %arg2: i32, %arg3: index, %arg4: index, %arg5: index) {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    tt.store %arg1, %arg2 : !tt.ptr<i32>
    cf.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    cf.br ^bb3(%arg3 : index)
  ^bb3(%0: index):  // 2 preds: ^bb2, ^bb4
    %1 = arith.cmpi slt, %0, %arg4 : index
    cf.cond_br %1, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    tt.store %arg1, %arg2 : !tt.ptr<i32>
    %2 = arith.addi %0, %arg5 : index
    cf.br ^bb3(%2 : index)
  ^bb5:  // pred: ^bb3
    cf.br ^bb6(%arg2 : i32)
  ^bb6(%3: i32):  // 2 preds: ^bb5, ^bb7
    %4 = arith.cmpi ult, %3, %arg2 : i32
    cf.cond_br %4, ^bb7, ^bb8
  ^bb7:  // pred: ^bb6
    tt.store %arg1, %arg2 : !tt.ptr<i32>
    %5 = arith.addi %3, %arg2 : i32
    cf.br ^bb6(%5 : i32)
  ^bb8:  // pred: ^bb6
    tt.return
  }
}
`,
	}, {
		// The loops' LLVM-dialect attributes (llvm.loop_annotation) go to their
		// back-edge branch, as MLIR's SCFToControlFlow does: the for's latch
		// cf.br, the do-while's looping cf.cond_br; an unannotated loop gets none.
		name:     "loop annotation on the latch",
		pipeline: "builtin.module(convert-scf-to-cf)",
		in:       annotatedLoops,
		want: `
#loop_licm = #llvm.loop_licm<disable = true>
#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
module {
  tt.func @f(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    cf.br ^bb1(%arg0, %arg2 : i32, i32)
  ^bb1(%0: i32, %1: i32):  // 2 preds: ^bb0, ^bb2
    %2 = arith.cmpi slt, %0, %arg1 : i32
    cf.cond_br %2, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %3 = arith.muli %arg2, %arg2 : i32
    %4 = arith.addi %1, %3 : i32
    %5 = arith.addi %0, %c1_i32 : i32
    cf.br ^bb1(%5, %4 : i32, i32) {llvm.loop_annotation = #loop_annotation}
  ^bb3:  // pred: ^bb1
    cf.br ^bb4(%1 : i32)
  ^bb4(%6: i32):  // 2 preds: ^bb3, ^bb4
    %7 = arith.muli %arg2, %arg2 : i32
    %8 = arith.addi %6, %7 : i32
    %9 = arith.cmpi slt, %8, %arg1 : i32
    cf.cond_br %9, ^bb4(%8 : i32), ^bb5 {llvm.loop_annotation = #loop_annotation}
  ^bb5:  // pred: ^bb4
    cf.br ^bb6(%arg0, %8 : i32, i32)
  ^bb6(%10: i32, %11: i32):  // 2 preds: ^bb5, ^bb7
    %12 = arith.cmpi slt, %10, %arg1 : i32
    cf.cond_br %12, ^bb7, ^bb8
  ^bb7:  // pred: ^bb6
    %13 = arith.muli %arg2, %arg2 : i32
    %14 = arith.addi %11, %13 : i32
    %15 = arith.addi %10, %c1_i32 : i32
    cf.br ^bb6(%15, %14 : i32, i32)
  ^bb8:  // pred: ^bb6
    tt.return %11 : i32
  }
}
`,
	}})
}
