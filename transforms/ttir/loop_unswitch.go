package ttir

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms"
)

// buildLoopUnswitch declares triton-loop-unswitch's option: loops whose
// body holds more ops than max-body-size are not duplicated.
func buildLoopUnswitch(fs *flag.FlagSet) passmgr.RunFunc {
	maxBody := fs.Int("max-body-size", 256, "do not unswitch loops whose body has more operations")
	return func(op *ir.Operation, _ *passmgr.State) error {
		if *maxBody < 0 {
			return ir.OpErrorf(op, "triton-loop-unswitch: max-body-size must not be negative")
		}
		var loops []*ir.Operation
		ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
			if o.Name() == "scf.for" {
				loops = append(loops, o)
			}
			return ir.Advance
		})
		// Each loop is processed once, inner loops first, so that the size
		// check of an outer loop sees the duplicated inner ones.
		for _, l := range loops {
			unswitchLoop(l, *maxBody)
		}
		return nil
	}
}

// unswitchLoop moves the first scf.if with a loop-invariant condition out
// of the loop: `for { if c {A} else {B} }` becomes
// `if c { for {A} } else { for {B} }`. A condition computed inside the
// loop from invariant values is hoisted first.
func unswitchLoop(forOp *ir.Operation, maxBody int) bool {
	f := scf.ForOp{Operation: forOp}
	body := f.Body()
	size := 0
	for o := body.First(); o != nil; o = o.Next() {
		ir.WalkOps(o, func(*ir.Operation) { size++ })
	}
	if size > maxBody {
		return false
	}
	var cand *ir.Operation
	for _, o := range body.Ops() {
		if o == body.Last() {
			break
		}
		if o.Name() != "scf.if" {
			continue
		}
		var hoist []*ir.Operation
		if !invariantIn(forOp, o.Operand(0), &hoist, 0) {
			continue
		}
		for _, d := range hoist {
			d.MoveBefore(forOp)
		}
		cand = o
		break
	}
	if cand == nil {
		return false
	}
	// The clones are found by position, after the hoisting above.
	idx := 0
	for o := body.First(); o != cand; o = o.Next() {
		idx++
	}
	ctx := forOp.Context()
	loc := forOp.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(forOp)
	newIf := scf.NewIfShell(b, loc, cand.Operand(0), forOp.ResultTypes(), true)
	specialize := func(dest *ir.Block, takeThen bool) {
		bb := ir.NewBuilder(ctx)
		bb.SetInsertionPointToEnd(dest)
		clone := bb.Insert(forOp.Clone(nil))
		clonedIf := scf.ForOp{Operation: clone}.Body().Ops()[idx]
		region := clonedIf.Region(1)
		if takeThen {
			region = clonedIf.Region(0)
		}
		inlineResolvedIf(clonedIf, region)
		scf.NewYield(bb, loc, clone.Results())
	}
	specialize(newIf.Region(0).Front(), true)
	specialize(newIf.Region(1).Front(), false)
	for i, r := range forOp.Results() {
		ir.ReplaceAllUsesWith(r, newIf.Result(i))
	}
	forOp.Erase()
	return true
}

// LoopInvariantSlice reports whether each of vs has the same value in
// every iteration of forOp, computed from values defined outside it by
// ops of the loop without side effects or regions, and returns those
// ops, operands first: what a pass clones before the loop to compute the
// values there (tt-tma-loads' trip counts, the turns' K-loop bounds).
// Unlike unswitching it does not ask the ops to be speculatable: their
// clones' results are used only where the loop's would have been, and an
// integer division by zero does not trap on the GPU.
func LoopInvariantSlice(forOp *ir.Operation, vs ...ir.Value) ([]*ir.Operation, bool) {
	pure := func(def *ir.Operation) bool { return def.NumRegions() == 0 && ir.IsMemoryEffectFree(def) }
	var ops []*ir.Operation
	for _, v := range vs {
		if !loopInvariantOps(forOp, v, &ops, 0, pure) {
			return nil, false
		}
	}
	return ops, true
}

// invariantIn reports whether v has the same value in every iteration of
// forOp, collecting (operands first) the ops of the loop body that
// compute it, which must then be hoisted.
func invariantIn(forOp *ir.Operation, v ir.Value, hoist *[]*ir.Operation, depth int) bool {
	body := (scf.ForOp{Operation: forOp}).Body()
	return loopInvariantOps(forOp, v, hoist, depth, func(def *ir.Operation) bool {
		return def.Block() == body && ir.IsMemoryEffectFree(def) && transforms.Speculatable(def)
	})
}

// loopInvariantOps reports whether v is computed, by ops of forOp that
// movable accepts, from values defined outside forOp, and collects those
// ops in ops (operands first, each once).
func loopInvariantOps(forOp *ir.Operation, v ir.Value, ops *[]*ir.Operation, depth int, movable func(*ir.Operation) bool) bool {
	if ir.IsDefinedOutside(forOp, v) {
		return true
	}
	def := v.DefiningOp()
	if def == nil || depth > 64 || !movable(def) {
		return false
	}
	for _, x := range def.Operands() {
		if !loopInvariantOps(forOp, x, ops, depth+1, movable) {
			return false
		}
	}
	for _, h := range *ops {
		if h == def {
			return true
		}
	}
	*ops = append(*ops, def)
	return true
}

// inlineResolvedIf replaces an scf.if by the ops of one of its regions
// (the one known to execute), or erases it when that region is empty.
func inlineResolvedIf(ifOp *ir.Operation, region *ir.Region) {
	if region.Empty() {
		ifOp.Erase()
		return
	}
	blk := region.Front()
	yield := blk.Last()
	for i, r := range ifOp.Results() {
		ir.ReplaceAllUsesWith(r, yield.Operand(i))
	}
	for o := blk.First(); o != yield; {
		next := o.Next()
		o.MoveBefore(ifOp)
		o = next
	}
	ifOp.Erase()
}
