package transforms

import "testing"

func TestLICM(t *testing.T) {
	runGoldens(t, []golden{{
		// Innermost loops first: code hoisted out of the inner loop may leave the
		// outer one too. divsi (may trap), loads and an scf.if holding a load stay;
		// an scf.if of pure code is recursively speculatable and moves; an inner
		// scf.for moves only with step 1 (other steps might not terminate); both
		// regions of scf.while are loop regions.
		name:     "nested loops",
		pipeline: "builtin.module(loop-invariant-code-motion)",
		in: `
module {
  tt.func @nested(%lb: i32, %ub: i32, %x: i32, %p: !tt.ptr<i32>, %c: i1) -> i32 {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %x) -> (i32) : i32 {
      %r2 = scf.for %j = %lb to %ub step %c1 iter_args(%acc2 = %acc) -> (i32) : i32 {
        %a = arith.muli %x, %x : i32
        %b = arith.addi %a, %i : i32
        %d = arith.divsi %x, %ub : i32
        %l = tt.load %p : !tt.ptr<i32>
        %sel = scf.if %c -> (i32) {
          %t = arith.addi %x, %c2 : i32
          scf.yield %t : i32
        } else {
          scf.yield %x : i32
        }
        %ld = scf.if %c -> (i32) {
          %t2 = tt.load %p : !tt.ptr<i32>
          scf.yield %t2 : i32
        } else {
          scf.yield %x : i32
        }
        %s = arith.addi %acc2, %b : i32
        %s2 = arith.addi %s, %l : i32
        %s3 = arith.addi %s2, %d : i32
        %s4 = arith.addi %s3, %sel : i32
        %s5 = arith.addi %s4, %ld : i32
        scf.yield %s5 : i32
      }
      scf.yield %r2 : i32
    }
    tt.return %r : i32
  }
  tt.func @inner_loop(%lb: i32, %ub: i32, %x: i32) -> (i32, i32) {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) : i32 {
      %s1 = scf.for %j = %lb to %ub step %c1 iter_args(%v = %x) -> (i32) : i32 {
        %w = arith.addi %v, %x : i32
        scf.yield %w : i32
      }
      %s2 = scf.for %j = %lb to %ub step %c2 iter_args(%v = %x) -> (i32) : i32 {
        %w = arith.addi %v, %x : i32
        scf.yield %w : i32
      }
      %n1 = arith.addi %a, %s1 : i32
      %n2 = arith.addi %b, %s2 : i32
      scf.yield %n1, %n2 : i32, i32
    }
    tt.return %r#0, %r#1 : i32, i32
  }
  tt.func @while(%x: i32, %n: i32) -> i32 {
    %w = scf.while (%a = %x) : (i32) -> i32 {
      %lim = arith.muli %n, %n : i32
      %cc = arith.cmpi slt, %a, %lim : i32
      scf.condition(%cc) %a : i32
    } do {
    ^bb0(%b: i32):
      %k = arith.addi %n, %x : i32
      %nb = arith.addi %b, %k : i32
      scf.yield %nb : i32
    }
    tt.return %w : i32
  }
}`,
		want: `
module {
  tt.func @nested(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !tt.ptr<i32>, %arg4: i1) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.muli %arg2, %arg2 : i32
    %1 = scf.if %arg4 -> (i32) {
      %3 = arith.addi %arg2, %c2_i32 : i32
      scf.yield %3 : i32
    } else {
      scf.yield %arg2 : i32
    }
    %2 = scf.for %arg5 = %arg0 to %arg1 step %c1_i32 iter_args(%arg6 = %arg2) -> (i32)  : i32 {
      %3 = arith.addi %0, %arg5 : i32
      %4 = scf.for %arg7 = %arg0 to %arg1 step %c1_i32 iter_args(%arg8 = %arg6) -> (i32)  : i32 {
        %5 = arith.divsi %arg2, %arg1 : i32
        %6 = tt.load %arg3 : !tt.ptr<i32>
        %7 = scf.if %arg4 -> (i32) {
          %13 = tt.load %arg3 : !tt.ptr<i32>
          scf.yield %13 : i32
        } else {
          scf.yield %arg2 : i32
        }
        %8 = arith.addi %arg8, %3 : i32
        %9 = arith.addi %8, %6 : i32
        %10 = arith.addi %9, %5 : i32
        %11 = arith.addi %10, %1 : i32
        %12 = arith.addi %11, %7 : i32
        scf.yield %12 : i32
      }
      scf.yield %4 : i32
    }
    tt.return %2 : i32
  }
  tt.func @inner_loop(%arg0: i32, %arg1: i32, %arg2: i32) -> (i32, i32) {
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %0 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %arg2) -> (i32)  : i32 {
      %2 = arith.addi %arg4, %arg2 : i32
      scf.yield %2 : i32
    }
    %1:2 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %arg2, %arg5 = %arg2) -> (i32, i32)  : i32 {
      %2 = scf.for %arg6 = %arg0 to %arg1 step %c2_i32 iter_args(%arg7 = %arg2) -> (i32)  : i32 {
        %5 = arith.addi %arg7, %arg2 : i32
        scf.yield %5 : i32
      }
      %3 = arith.addi %arg4, %0 : i32
      %4 = arith.addi %arg5, %2 : i32
      scf.yield %3, %4 : i32, i32
    }
    tt.return %1#0, %1#1 : i32, i32
  }
  tt.func @while(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.muli %arg1, %arg1 : i32
    %1 = arith.addi %arg1, %arg0 : i32
    %2 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
      %3 = arith.cmpi slt, %arg2, %0 : i32
      scf.condition(%3) %arg2 : i32
    } do {
    ^bb0(%arg2: i32):
      %3 = arith.addi %arg2, %1 : i32
      scf.yield %3 : i32
    }
    tt.return %2 : i32
  }
}
`,
	}, {
		// A loop whose llvm.loop_annotation disables LICM (Triton's disable_licm)
		// keeps its invariant code (scf.for and scf.while); the same loop without
		// the annotation loses it.
		name:     "disable_licm",
		pipeline: "builtin.module(loop-invariant-code-motion)",
		in:       annotatedLoops,
		want: `
#loop_licm = #llvm.loop_licm<disable = true>
#loop_annotation = #llvm.loop_annotation<licm = #loop_licm>
module {
  tt.func @f(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %arg2) -> (i32)  : i32 {
      %4 = arith.muli %arg2, %arg2 : i32
      %5 = arith.addi %arg4, %4 : i32
      scf.yield %5 : i32
    } {llvm.loop_annotation = #loop_annotation}
    %1 = scf.while (%arg3 = %0) : (i32) -> i32 {
      %4 = arith.muli %arg2, %arg2 : i32
      %5 = arith.addi %arg3, %4 : i32
      %6 = arith.cmpi slt, %5, %arg1 : i32
      scf.condition(%6) %5 : i32
    } do {
    ^bb0(%arg3: i32):
      scf.yield %arg3 : i32
    } attributes {llvm.loop_annotation = #loop_annotation}
    %2 = arith.muli %arg2, %arg2 : i32
    %3 = scf.for %arg3 = %arg0 to %arg1 step %c1_i32 iter_args(%arg4 = %1) -> (i32)  : i32 {
      %4 = arith.addi %arg4, %2 : i32
      scf.yield %4 : i32
    }
    tt.return %3 : i32
  }
}
`,
	}})
}

// annotatedLoops has two loops whose llvm.loop_annotation disables LICM
// (Triton's disable_licm; an scf.for and an scf.while) and one loop
// without it, each with the loop-invariant x*x.
const annotatedLoops = `
#licm = #llvm.loop_licm<disable = true>
#la = #llvm.loop_annotation<licm = #licm>
module {
  tt.func @f(%lb: i32, %ub: i32, %x: i32) -> i32 {
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %x) -> (i32) : i32 {
      %a = arith.muli %x, %x : i32
      %s = arith.addi %acc, %a : i32
      scf.yield %s : i32
    } {llvm.loop_annotation = #la}
    %w = scf.while (%b = %r) : (i32) -> i32 {
      %sq = arith.muli %x, %x : i32
      %n = arith.addi %b, %sq : i32
      %cc = arith.cmpi slt, %n, %ub : i32
      scf.condition(%cc) %n : i32
    } do {
    ^bb0(%d: i32):
      scf.yield %d : i32
    } attributes {llvm.loop_annotation = #la}
    %v = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %w) -> (i32) : i32 {
      %a = arith.muli %x, %x : i32
      %s = arith.addi %acc, %a : i32
      scf.yield %s : i32
    }
    tt.return %v : i32
  }
}`
