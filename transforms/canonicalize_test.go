package transforms

import (
	"errors"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func TestCanonicalize(t *testing.T) {
	runGoldens(t, []golden{{
		// Constants are uniqued and hoisted to the function entry in the
		// order MLIR's folder moves them: each newly met constant goes to
		// the front, so the last one met comes first.
		name:     "constant hoisting order",
		pipeline: "builtin.module(canonicalize)",
		in: `
tt.func @hoist(%arg0: i32, %c: i1) -> i32 {
  %0 = scf.if %c -> (i32) {
    %c5 = arith.constant 5 : i32
    %a = arith.addi %arg0, %c5 : i32
    scf.yield %a : i32
  } else {
    %c7 = arith.constant 7 : i32
    %c5b = arith.constant 5 : i32
    %b = arith.muli %arg0, %c7 : i32
    %b2 = arith.addi %b, %c5b : i32
    scf.yield %b2 : i32
  }
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %s = arith.addi %c2, %c3 : i32
  %r = arith.addi %0, %s : i32
  tt.return %r : i32
}`,
		want: `
module {
  tt.func @hoist(%arg0: i32, %arg1: i1) -> i32 {
    %c7_i32 = arith.constant 7 : i32
    %c5_i32 = arith.constant 5 : i32
    %0 = scf.if %arg1 -> (i32) {
      %2 = arith.addi %arg0, %c5_i32 : i32
      scf.yield %2 : i32
    } else {
      %2 = arith.muli %arg0, %c7_i32 : i32
      %3 = arith.addi %2, %c5_i32 : i32
      scf.yield %3 : i32
    }
    %1 = arith.addi %0, %c5_i32 : i32
    tt.return %1 : i32
  }
}
`,
	}, {
		// Nested under tt.func the pass runs per function; dead loads
		// disappear, volatile ones stay.
		name:     "nested per function",
		pipeline: "builtin.module(tt.func(canonicalize))",
		in: `
tt.func @f(%p: !tt.ptr<f32>) -> f32 {
  %a = tt.load %p : !tt.ptr<f32>
  %b = tt.load %p {isVolatile = true} : !tt.ptr<f32>
  %z = arith.constant 0.0 : f32
  %s = arith.addf %b, %z : f32
  tt.return %b : f32
}`,
		want: `
module {
  tt.func @f(%arg0: !tt.ptr<f32>) -> f32 {
    %0 = tt.load %arg0 {isVolatile = true} : !tt.ptr<f32>
    tt.return %0 : f32
  }
}
`,
	}, {
		// With region simplification disabled, unreachable blocks stay.
		name:     "region-simplify=disabled",
		pipeline: "builtin.module(canonicalize{region-simplify=disabled})",
		in: `
func.func @f(%x: i32) -> i32 {
  return %x : i32
^bb1:
  %y = arith.addi %x, %x : i32
  return %y : i32
}`,
		want: `
module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  ^bb1:  // no predecessors
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
}
`,
	}, {
		name:     "region-simplify=normal erases unreachable blocks",
		pipeline: "builtin.module(canonicalize)",
		in: `
func.func @f(%x: i32) -> i32 {
  return %x : i32
^bb1:
  %y = arith.addi %x, %x : i32
  return %y : i32
}`,
		want: `
module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
`,
	}})
}

// testDialect has two ops whose canonicalization patterns turn each into
// the other: a rewrite cycle, and a way to test pattern filtering.
var testDialect = func() *ir.Dialect {
	d := &ir.Dialect{Name: "tst"}
	d.NewOp("a", ir.Pure).Canonicalize = []ir.RewritePattern{
		ir.NewPattern("AToB", "tst.a", 1, renameTo("tst.b")),
	}
	d.NewOp("b", ir.Pure).Canonicalize = []ir.RewritePattern{
		ir.NewPattern("BToA", "tst.b", 1, renameTo("tst.a")),
	}
	return d
}()

func renameTo(name string) func(op *ir.Operation, rw ir.Rewriter) bool {
	return func(op *ir.Operation, rw ir.Rewriter) bool {
		st := ir.NewState(op.Context(), name, op.Loc())
		st.Operands = op.Operands()
		st.Types = op.ResultTypes()
		rw.ReplaceOpWithOp(op, rw.Create(st))
		return true
	}
}

func testDialectCtx() *ir.Context {
	ctx := all.NewContext()
	ctx.Load(testDialect)
	return ctx
}

const cycleInput = `
func.func @f(%x: i32) -> i32 {
  %0 = "tst.a"(%x) : (i32) -> i32
  return %0 : i32
}`

func TestCanonicalizePatternFilters(t *testing.T) {
	got, err := runPipelineIn(t, testDialectCtx(), "builtin.module(canonicalize{disable-patterns=BToA})", cycleInput)
	if err != nil || !strings.Contains(got, `"tst.b"(%arg0)`) {
		t.Fatalf("disable-patterns=BToA: err=%v\n%s", err, got)
	}
	// Only the enabled pattern runs; unnamed and other patterns are off.
	got, err = runPipelineIn(t, testDialectCtx(), "builtin.module(canonicalize{enable-patterns=AToB})", cycleInput)
	if err != nil || !strings.Contains(got, `"tst.b"(%arg0)`) {
		t.Fatalf("enable-patterns=AToB: err=%v\n%s", err, got)
	}
	got, err = runPipelineIn(t, testDialectCtx(), "builtin.module(canonicalize{disable-patterns=AToB,BToA})", cycleInput)
	if err != nil || !strings.Contains(got, `"tst.a"(%arg0)`) {
		t.Fatalf("disable-patterns=AToB,BToA: err=%v\n%s", err, got)
	}
}

func TestCanonicalizeConvergence(t *testing.T) {
	// A rewrite cycle is a located error (MLIR would loop forever).
	_, err := runPipelineIn(t, testDialectCtx(), "builtin.module(canonicalize)", cycleInput)
	var d *ir.Diagnostic
	if !errors.As(err, &d) || !strings.Contains(d.Message, "rewrite cycle") {
		t.Fatalf("rewrite cycle: got %v", err)
	}
	if _, ok := d.Loc.(*ir.FileLineColLoc); !ok {
		t.Errorf("rewrite cycle error is not located: %v", d.Loc)
	}

	// Hitting max-iterations is not a failure unless test-convergence.
	in := `
func.func @f(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %c1, %c2 : i32
  %b = arith.muli %x, %a : i32
  return %b : i32
}`
	if _, err := runPipeline(t, "builtin.module(canonicalize{max-iterations=1})", in); err != nil {
		t.Fatalf("max-iterations=1 without test-convergence failed: %v", err)
	}
	_, err = runPipeline(t, "builtin.module(canonicalize{max-iterations=1 test-convergence=true})", in)
	if !errors.As(err, &d) || !strings.Contains(d.Message, "did not converge") {
		t.Fatalf("test-convergence: got %v", err)
	}
	if _, err := runPipeline(t, "builtin.module(canonicalize{test-convergence=true})", in); err != nil {
		t.Fatalf("default iterations should converge: %v", err)
	}
}

func TestCanonicalizeOptionErrors(t *testing.T) {
	for _, opts := range []string{"region-simplify=aggressive", "top-down=maybe", "no-such=1"} {
		if _, err := parseTestPipeline("builtin.module(canonicalize{" + opts + "})"); err == nil {
			t.Errorf("options %q accepted", opts)
		}
	}
}

func TestCanonicalizeAPI(t *testing.T) {
	ctx := all.NewContext()
	op, err := asm.ParseString(ctx, "func.func @f(%x: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  %0 = arith.addi %x, %c0 : i32\n  return %0 : i32\n}")
	if err != nil {
		t.Fatal(err)
	}
	if err := Canonicalize(op); err != nil {
		t.Fatal(err)
	}
	if got := asm.Sprint(op, asm.PrintConfig{}); strings.Contains(got, "arith.addi") {
		t.Errorf("x + 0 not folded:\n%s", got)
	}
}
