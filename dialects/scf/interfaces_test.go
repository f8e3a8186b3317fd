package scf_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The scf loops answer ir.LoopLike, and every region op ir.RegionBranch,
// with the values MLIR's interfaces give.
func TestLoopLikeAndRegionBranch(t *testing.T) {
	ctx := newCtx()
	m, err := asm.ParseString(ctx, `
func.func @f(%lb: index, %ub: index, %st: index, %x: f32, %c: i1) -> (f32, f32, f32) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (f32) {
    scf.yield %a : f32
  }
  %w = scf.while (%b = %x) : (f32) -> f32 {
    scf.condition(%c) %b : f32
  } do {
  ^bb0(%d: f32):
    scf.yield %d : f32
  }
  %y = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %r : f32
  }
  return %r, %w, %y : f32, f32, f32
}`)
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]*ir.Operation{}
	ir.WalkOps(m, func(op *ir.Operation) { ops[op.Name()] = op })
	forOp, whileOp, ifOp := ops["scf.for"], ops["scf.while"], ops["scf.if"]

	loop, ok := ir.As[ir.LoopLike](forOp)
	if !ok {
		t.Fatal("scf.for is not LoopLike")
	}
	body := forOp.Region(0).Front()
	if loop.Inits()[0] != forOp.Operand(3) || loop.RegionIterArgs()[0] != body.Argument(1) ||
		loop.YieldedValues()[0] != body.Argument(1) || loop.LoopResults()[0] != forOp.Result(0) ||
		len(loop.LoopRegions()) != 1 {
		t.Error("scf.for's LoopLike values are not its inits, iter args, yielded values and results")
	}
	wl, ok := ir.As[ir.LoopLike](whileOp)
	if !ok || len(wl.LoopRegions()) != 2 || wl.RegionIterArgs()[0] != whileOp.Region(0).Front().Argument(0) ||
		wl.YieldedValues()[0] != whileOp.Region(1).Front().Argument(0) {
		t.Error("scf.while's LoopLike values are not its before arguments and after yield")
	}
	if ir.Is[ir.LoopLike](ifOp) {
		t.Error("scf.if is LoopLike")
	}

	// scf.if with a constant condition enters one region; with an unknown
	// one, both.
	rb, ok := ir.As[ir.RegionBranch](ifOp)
	if !ok {
		t.Fatal("scf.if is not a RegionBranch")
	}
	regions := func(succs []ir.RegionSuccessor) []int {
		var out []int
		for _, s := range succs {
			out = append(out, s.Region)
		}
		return out
	}
	succs, _ := rb.EntrySuccessors([]ir.Attribute{nil})
	if got := regions(succs); len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Errorf("scf.if with an unknown condition enters %v, want [0 1]", got)
	}
	succs, _ = rb.EntrySuccessors([]ir.Attribute{ir.BoolAttrOf(ctx, false)})
	if got := regions(succs); len(got) != 1 || got[0] != 1 {
		t.Errorf("scf.if false enters %v, want [1]", got)
	}
	// The while condition goes to the after region or out, and forwards
	// all but the condition.
	wb, _ := ir.As[ir.RegionBranch](whileOp)
	cond := whileOp.Region(0).Front().Last()
	succs, fwd := wb.TerminatorSuccessors(0, cond, []ir.Attribute{ir.BoolAttrOf(ctx, true), nil})
	if got := regions(succs); len(got) != 1 || got[0] != 1 || len(fwd) != 1 || fwd[0] != cond.Operand(1) {
		t.Errorf("scf.condition(true) goes to %v forwarding %d values, want [1] forwarding 1", got, len(fwd))
	}
	// scf.for may skip its body: the inits reach the results too.
	fb, _ := ir.As[ir.RegionBranch](forOp)
	succs, fwd = fb.EntrySuccessors(make([]ir.Attribute, forOp.NumOperands()))
	if got := regions(succs); len(got) != 2 || got[1] != ir.ParentResults || len(fwd) != 1 {
		t.Errorf("scf.for enters %v, want [0 %d]", got, ir.ParentResults)
	}
}
