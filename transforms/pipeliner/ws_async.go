package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
)

// The consumer's wgmma, asynchronous. A synchronous warp_group_dot waits
// for its own wgmmas before the slot goes back, so the tensor cores idle
// while the consumer arrives, waits for the next slot and issues the next
// wgmmas. When one dot is all that reads an iteration's slots and its
// result is the accumulator carried to the next iteration, it is issued
// {isAsync} and followed by a warp_group_dot_wait {pendings = 1}: the
// previous iteration's wgmmas are then complete, and it is the previous
// slot that goes back (not in the first iteration). After the loop a
// wait {pendings = 0} completes the last wgmmas and the last slot goes
// back (if the loop ran), so that a loop nested in another (a persistent
// kernel's k-loop) leaves the ring as it found it.

// wsAsyncDot is the dot of a consumer loop that runs asynchronously.
type wsAsyncDot struct {
	dot *ir.Operation
	// index is the dot's position among the loop's results.
	index int
	// slot is the iteration's ring slot.
	slot ir.Value
}

// asyncDotCandidate finds, in the new consumer body nb (before its yield
// is built), the lone warp_group_dot reading the group's slots whose
// result becomes the loop-carried accumulator, or returns nil.
func asyncDotCandidate(fo scf.ForOp, nb *ir.Block, m *ir.Mapping, slots []ir.Value, slot ir.Value) *wsAsyncDot {
	var dot *ir.Operation
	work := append([]ir.Value(nil), slots...)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range ir.Users(v) {
			switch {
			case isMemDescView(u) && u.Block() == nb:
				work = append(work, u.Result(0))
			case u.Name() == "ttng.warp_group_dot" && u.Block() == nb && (dot == nil || dot == u):
				dot = u
			default:
				return nil
			}
		}
	}
	if dot == nil || dot.NumOperands() != 3 || ir.NumUses(dot.Result(0)) != 0 {
		return nil
	}
	index := -1
	for i, v := range fo.YieldedValues() {
		if m.Lookup(v) == dot.Result(0) {
			if index >= 0 {
				return nil
			}
			index = i
		}
	}
	if index < 0 || dot.Operand(2) != nb.Argument(index+1) {
		return nil
	}
	return &wsAsyncDot{dot: dot, index: index, slot: slot}
}

// makeAsync rewrites the consumer loop nl for its async dot and returns
// the values that replace the loop's results (the accumulator after the
// final wait). after is the ring position after the loop.
func (w *wsBuilder) makeAsync(b *ir.Builder, nl *ir.Operation, a *wsAsyncDot, after wsRing) []ir.Value {
	ctx := nl.Context()
	loc := a.dot.Loc()
	fo := scf.ForOp{Operation: nl}
	a.dot.SetProp("isAsync", ir.BoolAttrOf(ctx, true))
	ib := ir.NewBuilder(ctx)
	ib.SetInsertionPointAfter(a.dot)
	wait := newDotWait(ib, loc, []ir.Value{a.dot.Result(0), a.dot.Operand(0), a.dot.Operand(1)}, 1)
	ir.ReplaceUsesIf(a.dot.Result(0), wait.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != wait })
	notFirst := cmpi(ib, loc, arith.CmpINE, fo.InductionVar(), fo.LowerBound())
	w.release(ib, loc, bufferView(ib, w.empty, w.previousSlot(ib, loc, a.slot)), notFirst)

	// After the loop: the last wgmmas, and the last slot back.
	ab := ir.NewBuilder(ctx)
	ab.SetInsertionPointAfter(nl)
	acc := nl.Result(a.index)
	final := newDotWait(ab, loc, []ir.Value{acc}, 0)
	ran := cmpi(ab, loc, arith.CmpISLT, fo.LowerBound(), fo.UpperBound())
	w.release(ab, loc, bufferView(ab, w.empty, w.previousSlot(ab, loc, after.slot)), ran)
	results := append([]ir.Value(nil), nl.Results()[:nl.NumResults()-2]...)
	results[a.index] = final.Result(0)
	// Restore the caller's insertion point after what was built here.
	b.SetInsertionPointToEnd(nl.Block())
	return results
}

// previousSlot is the ring slot before slot.
func (w *wsBuilder) previousSlot(b *ir.Builder, loc ir.Location, slot ir.Value) ir.Value {
	first := cmpi(b, loc, arith.CmpIEQ, slot, constI32(b, loc, 0))
	return selectOp(b, loc, first, constI32(b, loc, w.numBuffers-1), binary(b, "arith.subi", loc, slot, constI32(b, loc, 1)))
}
