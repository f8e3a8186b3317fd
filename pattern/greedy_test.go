package pattern_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// A tiny test dialect: constants, a foldable add, an effectful sink, a
// function-like isolated op, and branches.
var testDialect = &ir.Dialect{Name: "test"}

var (
	constOp = testDialect.NewOp("const", ir.Pure|ir.ConstantLike)
	addOp   = testDialect.NewOp("add", ir.Pure|ir.Commutative)
	negOp   = testDialect.NewOp("neg", ir.Pure)
	sinkOp  = testDialect.NewOp("sink", 0)
	funcOp  = testDialect.NewOp("func", ir.IsolatedFromAbove)
	retOp   = testDialect.NewOp("ret", ir.Terminator|ir.ReturnLike)
	brOp    = testDialect.NewOp("br", ir.Terminator|ir.Pure)
	fixedOp = testDialect.NewOp("fixed_br", ir.Terminator|ir.Pure)
	loadOp  = testDialect.NewOp("load", 0)
	nestOp  = testDialect.NewOp("nest", ir.RecursiveEffects)
	yieldOp = testDialect.NewOp("yield", ir.Terminator|ir.Pure)
)

func init() {
	constOp.Inherent = []string{"value"}
	addOp.Fold = func(op *ir.Operation, cst []ir.Attribute) []ir.FoldResult {
		a, aok := cst[0].(*ir.IntegerAttr)
		b, bok := cst[1].(*ir.IntegerAttr)
		switch {
		case aok && bok:
			return []ir.FoldResult{{Attr: ir.IntegerAttrOf(op.Context(), a.Typ, a.Int()+b.Int())}}
		case bok && b.Int() == 0:
			return []ir.FoldResult{{Value: op.Operand(0)}}
		}
		return nil
	}
	loadOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect { return append(buf, ir.Effect{Kind: ir.Read}) }
	brOp.SuccessorOperands = func(op *ir.Operation, i int) []int {
		idx := make([]int, op.NumOperands())
		for k := range idx {
			idx[k] = k
		}
		return idx
	}
	brOp.ResizeSuccessorOperands = func(*ir.Operation, int, int) {} // all its operands, no segment sizes
	// A branch whose forwarded operands can be read but not edited.
	fixedOp.SuccessorOperands = brOp.SuccessorOperands
	testDialect.MaterializeConstant = func(b *ir.Builder, v ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		return b.CreateOp("test.const", loc, nil, []ir.Type{t}, ir.NamedAttr{Name: "value", Value: v})
	}
}

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	builtin.Load(ctx)
	ctx.Load(testDialect)
	m, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return m
}

func check(t *testing.T, m *ir.Operation, want string) {
	t.Helper()
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify after rewrite: %v\n%s", err, asm.Sprint(m, asm.PrintConfig{}))
	}
	got := asm.Sprint(m, asm.PrintConfig{})
	if d := cmp.Diff(strings.TrimSpace(want), strings.TrimSpace(got)); d != "" {
		t.Fatalf("mismatch (-want +got):\n%s", d)
	}
}

func TestFoldHoistAndDedupConstants(t *testing.T) {
	m := parse(t, `
"test.func"() ({
  %a = "test.const"() <{value = 1 : i32}> : () -> i32
  %x = "test.load"() : () -> i32
  %b = "test.const"() <{value = 2 : i32}> : () -> i32
  %s = "test.add"(%a, %b) : (i32, i32) -> i32
  %c = "test.const"() <{value = 1 : i32}> : () -> i32
  %dead = "test.add"(%x, %c) : (i32, i32) -> i32
  %z = "test.const"() <{value = 0 : i32}> : () -> i32
  %y = "test.add"(%x, %z) : (i32, i32) -> i32
  "test.sink"(%s, %y, %c) : (i32, i32, i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`)
	if _, err := pattern.ApplyGreedily(m, pattern.Freeze(nil), pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	// Constants are deduplicated and hoisted to the start of the isolated
	// region (later ones in front, as MLIR's folder does); 1+2 folds to 3;
	// x+0 folds to x; the unused add and the unused load are erased (a read
	// without uses is dead), the sink stays.
	check(t, m, `module {
  "test.func"() ({
    %0 = "test.const"() <{value = 3 : i32}> : () -> i32
    %1 = "test.const"() <{value = 1 : i32}> : () -> i32
    %2 = "test.load"() : () -> i32
    "test.sink"(%0, %2, %1) : (i32, i32, i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}`)
}

func TestBenefitOrderAndPatterns(t *testing.T) {
	m := parse(t, `
"test.func"() ({
  %x = "test.load"() : () -> i32
  %n = "test.neg"(%x) : (i32) -> i32
  %nn = "test.neg"(%n) : (i32) -> i32
  "test.sink"(%nn) : (i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`)
	var order []string
	low := ir.NewPattern("low", "test.neg", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
		order = append(order, "low")
		return false
	})
	// neg(neg(x)) -> x
	high := ir.NewPattern("involution", "test.neg", 5, func(op *ir.Operation, rw ir.Rewriter) bool {
		order = append(order, "high")
		inner := op.Operand(0).DefiningOp()
		if inner == nil || inner.Name() != "test.neg" {
			return false
		}
		rw.ReplaceOp(op, []ir.Value{inner.Operand(0)})
		return true
	})
	if _, err := pattern.ApplyGreedily(m, pattern.Freeze([]ir.RewritePattern{low, high}), pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	if order[0] != "high" {
		t.Fatalf("patterns tried in order %v, want the higher benefit first", order)
	}
	check(t, m, `module {
  "test.func"() ({
    %0 = "test.load"() : () -> i32
    "test.sink"(%0) : (i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}`)
}

// sinkOfNeg is a function that sinks the negation of a loaded value.
const sinkOfNeg = `
"test.func"() ({
  %x = "test.load"() : () -> i32
  %n = "test.neg"(%x) : (i32) -> i32
  "test.sink"(%n) : (i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`

// An op left without uses by an in-place update is not queued again:
// region simplification erases it in the same round, though the IR has no
// CFG to clean up.
func TestDeadCodeLeftByAnUpdateInPlace(t *testing.T) {
	m := parse(t, sinkOfNeg)
	// sink(neg(x)) -> sink(x), in place
	skipNeg := ir.NewPattern("skip-neg", "test.sink", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
		neg := op.Operand(0).DefiningOp()
		if neg == nil || neg.Name() != "test.neg" {
			return false
		}
		rw.ModifyInPlace(op, func() { op.SetOperand(0, neg.Operand(0)) })
		return true
	})
	// One round: the next would erase the op anyway, as it asks every op.
	cfg := pattern.DefaultConfig()
	cfg.MaxIterations = 1
	if _, err := pattern.ApplyGreedily(m, pattern.Freeze([]ir.RewritePattern{skipNeg}), cfg); err != nil {
		if _, ok := err.(*pattern.ErrNotConverged); !ok {
			t.Fatal(err)
		}
	}
	check(t, m, `module {
  "test.func"() ({
    %0 = "test.load"() : () -> i32
    "test.sink"(%0) : (i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}`)
}

func TestNonConvergenceIsReported(t *testing.T) {
	m := parse(t, `
"test.func"() ({
  %x = "test.load"() : () -> i32
  "test.sink"(%x) : (i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`)
	// A pattern that always "changes" the sink by toggling an attribute.
	flip := ir.NewPattern("flip", "test.sink", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
		rw.ModifyInPlace(op, func() { op.SetAttr("flip", ir.BoolAttrOf(op.Context(), !op.HasAttr("flip"))) })
		return true
	})
	_, err := pattern.ApplyGreedily(m, pattern.Freeze([]ir.RewritePattern{flip}), pattern.DefaultConfig())
	cyc, ok := err.(*pattern.ErrRewriteCycle)
	if !ok || cyc.Op.Name() != "test.sink" {
		t.Fatalf("want a rewrite-cycle error naming test.sink, got %v", err)
	}
	// With an explicit per-round cap the rounds end and the iteration cap
	// reports non-convergence.
	cfg := pattern.DefaultConfig()
	cfg.MaxIterations = 3
	cfg.MaxRewrites = 5
	_, err = pattern.ApplyGreedily(m, pattern.Freeze([]ir.RewritePattern{flip}), cfg)
	if nc, ok := err.(*pattern.ErrNotConverged); !ok || nc.Iterations != 3 {
		t.Fatalf("want non-convergence after 3 iterations, got %v", err)
	}
}

func TestRegionDCEAndUnreachableBlocks(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		// ^bb2 is unreachable; %b is dead, so its branch operand goes too.
		{"dead argument", `
"test.func"() ({
  %x = "test.load"() : () -> i32
  "test.br"(%x, %x)[^bb1] : (i32, i32) -> ()
^bb1(%a: i32, %b: i32):
  "test.sink"(%a) : (i32) -> ()
  "test.ret"() : () -> ()
^bb2:
  "test.sink"(%x) : (i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`, `module {
  "test.func"() ({
    %0 = "test.load"() : () -> i32
    "test.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%1: i32):  // pred: ^bb0
    "test.sink"(%1) : (i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}`},
		// A branch that cannot edit its forwarded operands keeps them, and
		// the successor keeps the arguments they feed, dead or not.
		{"fixed branch", `
"test.func"() ({
  %x = "test.load"() : () -> i32
  "test.fixed_br"(%x, %x)[^bb1] : (i32, i32) -> ()
^bb1(%a: i32, %b: i32):
  "test.sink"(%a) : (i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`, `module {
  "test.func"() ({
    %0 = "test.load"() : () -> i32
    "test.fixed_br"(%0, %0)[^bb1] : (i32, i32) -> ()
  ^bb1(%1: i32, %2: i32):  // pred: ^bb0
    "test.sink"(%1) : (i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}`},
		// Around a loop, %a is live through its use in ^bb1, which the
		// sweep meets after ^bb2 decided %w (%a's only source there) dead;
		// %b and %d only feed each other.
		{"loop", `
"test.func"() ({
  %x = "test.load"() : () -> i32
  "test.br"(%x, %x)[^bb1] : (i32, i32) -> ()
^bb1(%a: i32, %b: i32):
  "test.sink"(%a) : (i32) -> ()
  "test.br"(%a, %b)[^bb2] : (i32, i32) -> ()
^bb2(%c: i32, %d: i32):
  %v = "test.neg"(%c) : (i32) -> i32
  %w = "test.neg"(%v) : (i32) -> i32
  %e = "test.neg"(%d) : (i32) -> i32
  "test.br"(%w, %e)[^bb1] : (i32, i32) -> ()
}) : () -> ()`, `module {
  "test.func"() ({
    %0 = "test.load"() : () -> i32
    "test.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%1: i32):  // 2 preds: ^bb0, ^bb2
    "test.sink"(%1) : (i32) -> ()
    "test.br"(%1)[^bb2] : (i32) -> ()
  ^bb2(%2: i32):  // pred: ^bb1
    %3 = "test.neg"(%2) : (i32) -> i32
    %4 = "test.neg"(%3) : (i32) -> i32
    "test.br"(%4)[^bb1] : (i32) -> ()
  }) : () -> ()
}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.src)
			if _, err := pattern.ApplyGreedily(m, pattern.Freeze(nil), pattern.DefaultConfig()); err != nil {
				t.Fatal(err)
			}
			check(t, m, c.want)
		})
	}
}

// Region simplification is skipped on IR it already left unchanged; a
// change made outside the driver between two runs must not be missed.
func TestRegionDCEAfterOutsideChange(t *testing.T) {
	m := parse(t, `
"test.func"() ({
  %x = "test.load"() : () -> i32
  "test.br"(%x)[^bb1] : (i32) -> ()
^bb1(%a: i32):
  "test.sink"(%a) : (i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`)
	for i := 0; i < 2; i++ {
		if _, err := pattern.ApplyGreedily(m, pattern.Freeze(nil), pattern.DefaultConfig()); err != nil {
			t.Fatal(err)
		}
	}
	var sink *ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "test.sink" {
			sink = op
		}
	})
	sink.Erase() // %a is now dead: only region DCE removes a block argument
	if _, err := pattern.ApplyGreedily(m, pattern.Freeze(nil), pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	check(t, m, `module {
  "test.func"() ({
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    "test.ret"() : () -> ()
  }) : () -> ()
}`)
}

// A run on IR that another run left at a fixed point still applies its
// own patterns, and then folds and erases what they expose in the same
// round; a run of the same patterns on the IR it left does nothing (and
// tries nothing).
func TestRunsFromAFixedPoint(t *testing.T) {
	m := parse(t, `
"test.func"() ({
  %c = "test.const"() <{value = 0 : i32}> : () -> i32
  %x = "test.load"() : () -> i32
  %n = "test.neg"(%c) : (i32) -> i32
  %y = "test.add"(%x, %n) : (i32, i32) -> i32
  "test.sink"(%y) : (i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`)
	// neg(0) -> 0, which exposes a fold: x+0 -> x.
	negZero := ir.NewPattern("neg-zero", "test.neg", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
		rw.ReplaceOp(op, []ir.Value{op.Operand(0)})
		return true
	})
	tries := 0
	never := ir.NewPattern("never", "test.sink", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
		tries++
		return false
	})
	if _, err := pattern.ApplyGreedily(m, pattern.Freeze(nil), pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	one := pattern.DefaultConfig()
	one.MaxIterations = 1
	if _, err := pattern.ApplyGreedily(m, pattern.Freeze([]ir.RewritePattern{negZero}), one); err == nil {
		t.Fatal("one round that rewrites converged")
	}
	want := `module {
  "test.func"() ({
    %0 = "test.load"() : () -> i32
    "test.sink"(%0) : (i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}`
	check(t, m, want)
	set := pattern.Freeze([]ir.RewritePattern{never})
	applyTwice(t, m, set)
	if tries != 1 {
		t.Errorf("never tried %d times, want 1", tries)
	}
	check(t, m, want)
}

// A round whose only change is populating's hoisting of a constant leaves
// a fixed point: populating again would not move it, so a second run of
// the same patterns tries nothing.
func TestFixedPointAfterHoisting(t *testing.T) {
	m := parse(t, `
"test.func"() ({
  %x = "test.load"() : () -> i32
  %c = "test.const"() <{value = 1 : i32}> : () -> i32
  "test.sink"(%x, %c) : (i32, i32) -> ()
  "test.ret"() : () -> ()
}) : () -> ()`)
	tries := 0
	never := ir.NewPattern("never", "test.sink", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
		tries++
		return false
	})
	set := pattern.Freeze([]ir.RewritePattern{never})
	applyTwice(t, m, set)
	if tries != 1 {
		t.Errorf("never tried %d times, want 1", tries)
	}
	check(t, m, `module {
  "test.func"() ({
    %0 = "test.const"() <{value = 1 : i32}> : () -> i32
    %1 = "test.load"() : () -> i32
    "test.sink"(%1, %0) : (i32, i32) -> ()
    "test.ret"() : () -> ()
  }) : () -> ()
}`)
}

// erasedLog records the ops a driver reports erased.
type erasedLog struct{ names []string }

func (l *erasedLog) OpInserted(*ir.Operation)             {}
func (l *erasedLog) OpModified(*ir.Operation)             {}
func (l *erasedLog) OpReplaced(*ir.Operation, []ir.Value) {}
func (l *erasedLog) OpErased(op *ir.Operation)            { l.names = append(l.names, op.Name()) }

// A dead op with regions nested two deep is erased with every nested op
// reported (bottom-up, the driver meets the outer op first): an op of an
// erased region must not stay on the worklist.
func TestEraseNestedRegions(t *testing.T) {
	m := parse(t, `
"test.func"() ({
  "test.nest"() ({
    "test.nest"() ({
      %x = "test.load"() : () -> i32
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.ret"() : () -> ()
}) : () -> ()`)
	log := &erasedLog{}
	cfg := pattern.DefaultConfig()
	cfg.TopDown = false
	cfg.Listener = log
	if _, err := pattern.ApplyGreedily(m, pattern.Freeze(nil), cfg); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(log.names, ","), "test.yield,test.yield,test.load,test.nest,test.nest"; got != want {
		t.Errorf("erased %s, want %s", got, want)
	}
	check(t, m, `module {
  "test.func"() ({
    "test.ret"() : () -> ()
  }) : () -> ()
}`)
}

func TestWalkDriver(t *testing.T) {
	m := parse(t, sinkOfNeg)
	rename := ir.NewPattern("tag", "test.neg", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
		if op.HasAttr("seen") {
			return false
		}
		rw.ModifyInPlace(op, func() { op.SetAttr("seen", ir.Unit(op.Context())) })
		return true
	})
	if !pattern.ApplyWalk(m, pattern.Freeze([]ir.RewritePattern{rename})) {
		t.Fatal("walk driver reported no change")
	}
	if !strings.Contains(asm.Sprint(m, asm.PrintConfig{}), `"test.neg"(%0) {seen}`) {
		t.Fatal("pattern not applied")
	}
}

// applyTwice runs the greedy driver with set over m twice, the second run
// starting where the first left.
func applyTwice(t *testing.T, m *ir.Operation, set *pattern.FrozenSet) {
	t.Helper()
	for i := 0; i < 2; i++ {
		if _, err := pattern.ApplyGreedily(m, set, pattern.DefaultConfig()); err != nil {
			t.Fatal(err)
		}
	}
}
