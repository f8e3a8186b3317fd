package pipeliner

import (
	"fmt"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/slices"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// The ping-pong of a consumer's two warpgroups (FlashAttention-3's
// "pingpong scheduling" and, by default, its intra-warpgroup overlap). In
// a loop of two chained dots (attention: S = Q·Kᵀ, the softmax of S, then
// O += P·V) each warpgroup of an 8-warp consumer owns its rows, and once
// the loop has no CTA barrier the two run free: nothing keeps their
// tensor-core work from colliding while both run their softmax. Here they
// take turns issuing wgmmas, on two hardware barriers among both
// warpgroups (gpu.TurnBarrier + w is warpgroup w's; 256 threads: one
// warpgroup syncs, the other arrives), and each runs its softmax while
// the other's wgmmas use the tensor cores.
//
// turns=overlap first rewrites the loop with
// chained_dots.go's rewrite: each iteration issues its first dot and then
// the previous iteration's second, waits for the first only, runs the
// softmax while the second runs, then waits for it and hands its slot
// back. A turn is the two issues:
//
//	before the loop   (the first iteration's first dot and softmax)
//	                  warpgroup 1 arrives on warpgroup 0's barrier, so
//	                  that warpgroup 0 goes first
//	loop body         rescale the accumulator; sync on its own barrier;
//	                  first dot; the previous second dot; arrive on the
//	                  other's barrier; wait {pendings = 1}; softmax;
//	                  wait {pendings = 0}; release the previous slot
//	after the loop    warpgroup 0 syncs on its barrier (warpgroup 1's
//	                  last arrival); the last second dot
//
// turns=alternate keeps the dots in their iterations (and is what
// overlap falls back to when the loop does not have the rewrite's shape):
// a turn is the second dot of iteration j and the first of iteration j+1,
// handed over after that first dot is issued, before its wait:
//
//	before the loop   warpgroup 1 arrives on warpgroup 0's barrier; each
//	                  syncs on its own
//	loop body         first dot {isAsync}; arrive on the other's barrier;
//	                  wait {pendings = 0}; softmax; sync on its own
//	                  barrier; second dot
//	after the loop    warpgroup 0 arrives on warpgroup 1's barrier (for
//	                  warpgroup 1's last sync)
//
// Measured on the H200 (attention d128, 2026-11-29, paired against
// Triton): the warpgroups free 1.05; alternate 1.07 (by hand, handing the
// turn over after the first dot's wait instead of before it made the
// kernel 25% slower); overlap 1.11.
//
// Each warpgroup syncs as often as the other arrives on its barrier, so
// the barriers balance whatever the trip count. Nothing in a turn waits
// for the other warpgroup's later work: the full-barrier waits of the
// ring precede the turns of overlap, and in alternate the producer fills
// the slot a turn waits for without the other warpgroup's later turns as
// long as the ring has two slots. A CTA-wide barrier in the loop (an op
// with a shared-memory scratch buffer, or one already there) would tie
// the warpgroups together again, so such loops are left alone.
// turns=off (or TT_X_TURNS=off, which overrides the option) leaves the
// warpgroups free. turns=twoblocks (the default) runs the overlap's loop
// two iterations at a time, without turns (ws_twoblocks.go), and is
// turns=overlap where the ring cannot take the two more slots it needs or
// a thread has no registers for a second block.

// turnThreads is the two warpgroups' thread count.
const turnThreads = 256

// pingPong makes the warpgroups of the 8-warp consumer loop nl take
// turns as mode says, when the loop has the shape above. numBuffers is
// the ring's slot count.
func pingPong(nl *ir.Operation, numBuffers int, mode Turns) bool {
	if mode == TurnsOff || numBuffers < 2 {
		return false
	}
	first, second := chainedDots(nl)
	if first == nil || !freeOfCTABarriers(nl) {
		return false
	}
	// The turns' values go before the loop, or before the conditional
	// that the overlap rewrite puts in its place.
	at, blk := nl, nl.Block()
	var c *dotChain
	if mode == TurnsOverlap || mode == TurnsTwoBlocks {
		if c = overlapDots(nl, first, second); c != nil {
			if mode == TurnsTwoBlocks && numBuffers >= 3 && twoBlocks(c) {
				return true
			}
			at = blk.FindAncestorOp(c.loop)
		}
	}
	b := ir.NewBuilder(at.Context())
	b.SetInsertionPoint(at)
	t := newTurnBarriers(b, at.Loc())
	if c != nil {
		t.overlapped(c)
		return true
	}
	t.alternate(nl, first, second)
	return true
}

// Turns says how the warpgroups of an 8-warp consumer of chained dots
// take turns.
type Turns int

const (
	// TurnsOverlap issues each iteration's first dot with the previous
	// iteration's second, and the warpgroups take turns issuing both
	// (where the loop has the shape; TurnsAlternate otherwise).
	TurnsOverlap Turns = iota
	// TurnsAlternate keeps the dots in their iterations: a turn is the
	// second dot of one iteration and the first of the next.
	TurnsAlternate
	// TurnsOff leaves the warpgroups free.
	TurnsOff
	// TurnsTwoBlocks (the default) runs the overlap's loop two
	// iterations at a time, both first dots together, with the warpgroups
	// free (ws_twoblocks.go); TurnsOverlap where it does not apply.
	TurnsTwoBlocks
)

func parseTurns(s string) (Turns, error) {
	switch s {
	case "overlap":
		return TurnsOverlap, nil
	case "alternate":
		return TurnsAlternate, nil
	case "off":
		return TurnsOff, nil
	case "twoblocks":
		return TurnsTwoBlocks, nil
	}
	return 0, fmt.Errorf("nvgpu-warp-specialization: turns=%q: want overlap, alternate, off or twoblocks", s)
}

// turnBarriers are the values of the turn protocol, computed before the loop.
type turnBarriers struct {
	loc ir.Location
	// wg is the thread's warpgroup (0 or 1), mine and other the turn
	// barriers it syncs and arrives on, threads their count.
	wg, mine, other, threads ir.Value
}

func newTurnBarriers(b *ir.Builder, loc ir.Location) *turnBarriers {
	t := &turnBarriers{loc: loc}
	// Warps 0-3 are warpgroup 0, 4-7 warpgroup 1.
	wid := b.CreateOp(ttg.WarpID.Def.Name, loc, nil, []ir.Type{ir.I32(b.Ctx)}).Result(0)
	t.wg = binary(b, "arith.divui", loc, wid, constI32(b, loc, 4))
	t.mine = binary(b, "arith.addi", loc, t.wg, constI32(b, loc, gpu.TurnBarrier))
	t.other = binary(b, "arith.subi", loc, constI32(b, loc, gpu.TurnBarrier+1), t.wg)
	t.threads = constI32(b, loc, turnThreads)
	return t
}

// only builds, at b, what warpgroup wg alone does.
func (t *turnBarriers) only(b *ir.Builder, wg int, fn func(b *ir.Builder)) {
	cond := cmpi(b, t.loc, arith.CmpIEQ, t.wg, constI32(b, t.loc, wg))
	scf.NewIf(b, t.loc, cond, nil, func(ib *ir.Builder) []ir.Value {
		fn(ib)
		return nil
	}, nil)
}

func (t *turnBarriers) sync(b *ir.Builder, id ir.Value) {
	gpu.NewNamedBarrier(b, t.loc, id, t.threads, false)
}

func (t *turnBarriers) arrive(b *ir.Builder, id ir.Value) {
	gpu.NewNamedBarrier(b, t.loc, id, t.threads, true)
}

// alternate hands the turn over between the two dots of each iteration: a
// turn is the second dot of one iteration and the first of the next.
func (t *turnBarriers) alternate(nl, first, second *ir.Operation) {
	ctx := nl.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(nl)
	t.only(b, 1, func(b *ir.Builder) { t.arrive(b, constI32(b, t.loc, gpu.TurnBarrier)) })
	t.sync(b, t.mine)

	// The first dot hands the turn over once issued.
	first.SetProp("isAsync", ir.BoolAttrOf(ctx, true))
	b.SetInsertionPointAfter(first)
	t.arrive(b, t.other)
	wait := newDotWait(b, first.Loc(), []ir.Value{first.Result(0), first.Operand(0), first.Operand(1)}, 0)
	ir.ReplaceUsesIf(first.Result(0), wait.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != wait })
	// The second waits for the turn.
	b.SetInsertionPoint(second)
	t.sync(b, t.mine)

	b.SetInsertionPointAfter(nl)
	t.only(b, 0, func(b *ir.Builder) { t.arrive(b, constI32(b, t.loc, gpu.TurnBarrier+1)) })
}

// overlapped takes turns in a loop overlapDots rewrote: a turn issues the
// iteration's first dot and the previous iteration's second, back to
// back; the rescaling of the accumulator that the second reads is done
// before the turn begins.
func (t *turnBarriers) overlapped(c *dotChain) {
	loop := c.loop
	b := ir.NewBuilder(loop.Context())
	for _, op := range c.moved {
		if op != c.d2 {
			op.MoveBefore(c.d1)
		}
	}
	b.SetInsertionPoint(c.d1)
	t.sync(b, t.mine)
	b.SetInsertionPointAfter(c.d2)
	t.arrive(b, t.other)

	// Warpgroup 0 has the first turn; after the loop it takes warpgroup
	// 1's last arrival, so that every arrival meets a sync.
	b.SetInsertionPoint(loop)
	t.only(b, 1, func(b *ir.Builder) { t.arrive(b, constI32(b, t.loc, gpu.TurnBarrier)) })
	b.SetInsertionPointAfter(loop)
	t.only(b, 0, func(b *ir.Builder) { t.sync(b, constI32(b, t.loc, gpu.TurnBarrier)) })
}

// overlapDots rewrites the consumer loop nl of the two synchronous chained
// dots first and second with chained_dots.go's rewrite, so that each
// iteration issues its first dot and then the previous iteration's
// second (FlashAttention-3's intra-warpgroup overlap: the softmax of one
// block runs while the tensor cores compute the product of the previous
// block's probabilities), the slot's release following the second dot's
// wait. It returns the rewritten chain, or nil with nl unchanged when the
// loop does not have the shape.
func overlapDots(nl, first, second *ir.Operation) *dotChain {
	ctx := nl.Context()
	yield := yieldOp(nl)
	uses := ir.Uses(second.Result(0))
	if len(uses) != 1 || uses[0].Owner() != yield {
		return nil
	}
	acc := iterArg(nl, uses[0].Index())
	// What follows the second dot is the slot's release, which must wait
	// for it.
	var retire []*ir.Operation
	for op := second.Next(); op != yield; op = op.Next() {
		if op.Name() != "ttg.memdesc_index" && !(op.Name() == "ttng.arrive_barrier" && op.HasAttr(ttng.AttrArrivePerWarp)) {
			return nil
		}
		retire = append(retire, op)
	}
	// The shape the rewrite takes: both dots async, the first waited for
	// (with the accumulator) at once.
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(first)
	w := newDotWait(b, first.Loc(), []ir.Value{first.Result(0), first.Operand(0), first.Operand(1), acc}, 0)
	ir.ReplaceUsesIf(first.Result(0), w.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != w })
	ir.ReplaceUsesIf(acc, w.Result(3), func(u *ir.OpOperand) bool { return u.Owner() != w })
	first.SetProp("isAsync", ir.BoolAttrOf(ctx, true))
	second.SetProp("isAsync", ir.BoolAttrOf(ctx, true))
	c, ok := matchRetiringDotChain(nl, retire)
	if !ok {
		first.SetProp("isAsync", ir.BoolAttrOf(ctx, false))
		second.SetProp("isAsync", ir.BoolAttrOf(ctx, false))
		ir.ReplaceAllUsesWith(w.Result(0), first.Result(0))
		ir.ReplaceAllUsesWith(w.Result(3), acc)
		w.Erase()
		return nil
	}
	c.rewrite()
	return c
}

// chainedDots returns the loop body's two synchronous warp_group_dots
// when they are its only dots and the second reads what the first
// computed in the same iteration.
func chainedDots(loop *ir.Operation) (first, second *ir.Operation) {
	body := scf.ForOp{Operation: loop}.Body()
	var dots []*ir.Operation
	nested := false
	for _, op := range body.Ops() {
		ir.WalkOps(op, func(o *ir.Operation) {
			if o.Name() != "ttng.warp_group_dot" && o.Name() != "ttng.warp_group_dot_wait" {
				return
			}
			if o.ParentOp() != loop || o.Name() == "ttng.warp_group_dot_wait" || ttng.IsAsyncWarpGroupDot(o) {
				nested = true
			}
			dots = append(dots, o)
		})
	}
	if nested || len(dots) != 2 {
		return nil, nil
	}
	if !slices.Forward(dots[0], slices.Options{}).Contains(dots[1]) {
		return nil, nil
	}
	return dots[0], dots[1]
}

// freeOfCTABarriers reports whether nothing in the loop synchronizes the
// CTA: no barrier, and no op whose lowering exchanges data through a
// shared-memory scratch buffer (the barrier analysis puts a CTA barrier
// around those).
func freeOfCTABarriers(loop *ir.Operation) bool {
	scratch := allocation.NvidiaScratchSize(ttg.ComputeCapability(ttg.Target(ttg.ModuleOf(loop))))
	ok := true
	ir.WalkOps(loop, func(op *ir.Operation) {
		switch op.Name() {
		case "ttg.local_barrier", "gpu.barrier", "ttg.async_wait":
			ok = false
			return
		}
		if n, err := scratch(op); err != nil || n > 0 {
			ok = false
		}
	})
	return ok
}
