package transforms

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
)

func TestCSE(t *testing.T) {
	runGoldens(t, []golden{{
		// @pure: commutative operands match in any order; a discardable
		// attribute makes ops different; ops in the then region are CSE'd
		// with dominating ones, siblings are not, and nothing leaks out of
		// a region's scope; an unused op is erased.
		// @reads: loads are CSE'd while no write (a store, a volatile load)
		// lies between them.
		// @cfg: the dominator tree scopes the table of a multi-block region.
		// @regions: ops with regions are equivalent when their regions are.
		name:     "cse",
		pipeline: "builtin.module(cse)",
		in: `module {
  tt.func @pure(%x: i32, %y: i32, %c: i1) -> (i32, i32, i32, i32) {
    %a = arith.addi %x, %y : i32
    %b = arith.addi %y, %x : i32
    %s = arith.subi %x, %y : i32
    %t = arith.subi %y, %x : i32
    %u = arith.addi %x, %y {tt.divisibility = 16 : i32} : i32
    %dead = arith.muli %a, %b : i32
    %r = scf.if %c -> (i32) {
      %in = arith.addi %x, %y : i32
      %m = arith.muli %in, %in : i32
      scf.yield %m : i32
    } else {
      %m2 = arith.muli %a, %a : i32
      scf.yield %m2 : i32
    }
    %m3 = arith.muli %a, %a : i32
    %q = arith.addi %r, %m3 : i32
    tt.return %q, %s, %t, %u : i32, i32, i32, i32
  }
  tt.func @reads(%p: !tt.ptr<f32>, %v: f32) -> (f32, f32, f32) {
    %0 = tt.load %p : !tt.ptr<f32>
    %1 = tt.load %p : !tt.ptr<f32>
    %s = arith.addf %0, %1 : f32
    tt.store %p, %s : !tt.ptr<f32>
    %2 = tt.load %p : !tt.ptr<f32>
    %3 = tt.load %p {isVolatile = true} : !tt.ptr<f32>
    %4 = tt.load %p : !tt.ptr<f32>
    %r = arith.addf %2, %4 : f32
    tt.return %s, %r, %3 : f32, f32, f32
  }
  func.func @cfg(%x: i32, %c: i1) -> i32 {
    %a = arith.muli %x, %x : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %b = arith.muli %x, %x : i32
    %d = arith.addi %b, %x : i32
    cf.br ^bb3(%d : i32)
  ^bb2:
    %e = arith.addi %a, %x : i32
    cf.br ^bb3(%e : i32)
  ^bb3(%z: i32):
    %f = arith.addi %a, %x : i32
    %g = arith.addi %f, %z : i32
    return %g : i32
  }
  tt.func @regions(%t: tensor<8xf32>) -> (f32, f32, f32) {
    %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<8xf32>) -> f32
    %1 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%c: f32, %d: f32):
      %s2 = arith.addf %c, %d : f32
      tt.reduce.return %s2 : f32
    }) : (tensor<8xf32>) -> f32
    %2 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%e: f32, %f: f32):
      %m = arith.maxnumf %e, %f : f32
      tt.reduce.return %m : f32
    }) : (tensor<8xf32>) -> f32
    tt.return %0, %1, %2 : f32, f32, f32
  }
}`,
		want: `
module {
  tt.func @pure(%arg0: i32, %arg1: i32, %arg2: i1) -> (i32, i32, i32, i32) {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.subi %arg0, %arg1 : i32
    %2 = arith.subi %arg1, %arg0 : i32
    %3 = arith.addi %arg0, %arg1 {tt.divisibility = 16 : i32} : i32
    %4 = scf.if %arg2 -> (i32) {
      %7 = arith.muli %0, %0 : i32
      scf.yield %7 : i32
    } else {
      %7 = arith.muli %0, %0 : i32
      scf.yield %7 : i32
    }
    %5 = arith.muli %0, %0 : i32
    %6 = arith.addi %4, %5 : i32
    tt.return %6, %1, %2, %3 : i32, i32, i32, i32
  }
  tt.func @reads(%arg0: !tt.ptr<f32>, %arg1: f32) -> (f32, f32, f32) {
    %0 = tt.load %arg0 : !tt.ptr<f32>
    %1 = arith.addf %0, %0 : f32
    tt.store %arg0, %1 : !tt.ptr<f32>
    %2 = tt.load %arg0 : !tt.ptr<f32>
    %3 = tt.load %arg0 {isVolatile = true} : !tt.ptr<f32>
    %4 = tt.load %arg0 : !tt.ptr<f32>
    %5 = arith.addf %2, %4 : f32
    tt.return %1, %5, %3 : f32, f32, f32
  }
  func.func @cfg(%arg0: i32, %arg1: i1) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %1 = arith.addi %0, %arg0 : i32
    cf.br ^bb3(%1 : i32)
  ^bb2:  // pred: ^bb0
    %2 = arith.addi %0, %arg0 : i32
    cf.br ^bb3(%2 : i32)
  ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
    %4 = arith.addi %0, %arg0 : i32
    %5 = arith.addi %4, %3 : i32
    return %5 : i32
  }
  tt.func @regions(%arg0: tensor<8xf32>) -> (f32, f32, f32) {
    %0 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %2 = arith.addf %arg1, %arg2 : f32
      tt.reduce.return %2 : f32
    }) : (tensor<8xf32>) -> f32
    %1 = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %2 = arith.maxnumf %arg1, %arg2 : f32
      tt.reduce.return %2 : f32
    }) : (tensor<8xf32>) -> f32
    tt.return %0, %0, %1 : f32, f32, f32
  }
}
`,
	}, {
		// Functions are isolated from above: their constants stay apart.
		name:     "isolated from above",
		pipeline: "builtin.module(cse)",
		in: `
module {
  tt.func @f() -> i32 {
    %c = arith.constant 1 : i32
    tt.return %c : i32
  }
  tt.func @g() -> i32 {
    %c = arith.constant 1 : i32
    %d = arith.constant 1 : i32
    %s = arith.addi %c, %d : i32
    tt.return %s : i32
  }
}`,
		want: `
module {
  tt.func @f() -> i32 {
    %c1_i32 = arith.constant 1 : i32
    tt.return %c1_i32 : i32
  }
  tt.func @g() -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %c1_i32, %c1_i32 : i32
    tt.return %0 : i32
  }
}
`,
	}})
}

func TestCSEStatistics(t *testing.T) {
	ctx := all.NewContext()
	op, err := asm.ParseString(ctx, `module {
  tt.func @pure(%x: i32, %y: i32, %c: i1) -> (i32, i32, i32, i32) {
    %a = arith.addi %x, %y : i32
    %b = arith.addi %y, %x : i32
    %s = arith.subi %x, %y : i32
    %t = arith.subi %y, %x : i32
    %u = arith.addi %x, %y {tt.divisibility = 16 : i32} : i32
    %dead = arith.muli %a, %b : i32
    %r = scf.if %c -> (i32) {
      %in = arith.addi %x, %y : i32
      %m = arith.muli %in, %in : i32
      scf.yield %m : i32
    } else {
      %m2 = arith.muli %a, %a : i32
      scf.yield %m2 : i32
    }
    %m3 = arith.muli %a, %a : i32
    %q = arith.addi %r, %m3 : i32
    tt.return %q, %s, %t, %u : i32, i32, i32, i32
  }
  tt.func @reads(%p: !tt.ptr<f32>, %v: f32) -> (f32, f32, f32) {
    %0 = tt.load %p : !tt.ptr<f32>
    %1 = tt.load %p : !tt.ptr<f32>
    %s = arith.addf %0, %1 : f32
    tt.store %p, %s : !tt.ptr<f32>
    %2 = tt.load %p : !tt.ptr<f32>
    %3 = tt.load %p {isVolatile = true} : !tt.ptr<f32>
    %4 = tt.load %p : !tt.ptr<f32>
    %r = arith.addf %2, %4 : f32
    tt.return %s, %r, %3 : f32, f32, f32
  }
  func.func @cfg(%x: i32, %c: i1) -> i32 {
    %a = arith.muli %x, %x : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %b = arith.muli %x, %x : i32
    %d = arith.addi %b, %x : i32
    cf.br ^bb3(%d : i32)
  ^bb2:
    %e = arith.addi %a, %x : i32
    cf.br ^bb3(%e : i32)
  ^bb3(%z: i32):
    %f = arith.addi %a, %x : i32
    %g = arith.addi %f, %z : i32
    return %g : i32
  }
  tt.func @regions(%t: tensor<8xf32>) -> (f32, f32, f32) {
    %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<8xf32>) -> f32
    %1 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%c: f32, %d: f32):
      %s2 = arith.addf %c, %d : f32
      tt.reduce.return %s2 : f32
    }) : (tensor<8xf32>) -> f32
    %2 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%e: f32, %f: f32):
      %m = arith.maxnumf %e, %f : f32
      tt.reduce.return %m : f32
    }) : (tensor<8xf32>) -> f32
    tt.return %0, %1, %2 : f32, f32, f32
  }
}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := CSE(op); got != (CSEResult{CSEd: 5, DCEd: 1}) {
		t.Errorf("CSE counts = %+v, want 5 CSE'd, 1 DCE'd", got)
	}
	// A second run finds nothing more to do.
	if got := CSE(op); got != (CSEResult{}) {
		t.Errorf("second CSE run = %+v, want nothing", got)
	}
	if !strings.Contains(asm.Sprint(op, asm.PrintConfig{}), "tt.store") {
		t.Error("the store was erased")
	}
}
