package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// Building the warp-specialized loop of a wsPlan:
//
//	bufs  = local_alloc  numBuffers x <each load's block>   (the ring)
//	full  = numBuffers mbarriers, count 1: TMA bytes landed in slot i
//	empty = numBuffers mbarriers, count 1: the consumer is done with slot i
//	%r = ttg.warp_specialize(captures)
//	default {                       the consumer: the module's warps
//	  scf.for ... iter_args(original..., %slot, %phase) {
//	    wait full[slot], phase      before the first load's place
//	    ... the loop body, the loads' users reading the slot ...
//	    arrive empty[slot]          after the last use of the slot
//	  }
//	  ttg.warp_yield %loop results
//	}
//	partition0(captures) num_warps(4) {   the producer warpgroup
//	  scf.for ... iter_args(carried coordinates..., %slot, %phase) {
//	    coordinates
//	    wait empty[slot], phase ^ 1  (a fresh slot passes at once)
//	    barrier_expect full[slot], bytes
//	    async_tma_copy_global_to_local desc[coords] -> bufs[slot], full[slot]
//	  }
//	  ttg.warp_return
//	}
//
// The epilogue after the loop stays where it was, after the
// warp_specialize, on the module's warps, reading the yielded results.
// The slot index and phase advance together: the phase flips each time
// the index wraps, as an mbarrier's parity flips each completed phase.

// wsProducerWarps is the producer partition's size: one warpgroup, as
// Triton's Hopper producer (setmaxnreg, which trims the producer's
// registers, acts on whole warpgroups).
const wsProducerWarps = 4

// wsBuild rewrites the plan's loop into a ttg.warp_specialize with
// numBuffers slots per load.
func wsBuild(p *wsPlan, numBuffers int) error {
	loop := p.loop.Operation
	ctx := loop.Context()
	loc := loop.Loc()
	b := ir.NewBuilder(ctx)

	// The ring and its barriers, before the loop; their deallocation
	// after it (where the warp_specialize will be).
	bufs := make([]ir.Value, len(p.loads))
	bytes := 0
	for i, l := range p.loads {
		dt := l.Operand(0).Type().(*tt.TensorDescType)
		rt := l.Result(0).Type().(*ir.RankedTensorType)
		bufs[i] = allocBuffers(loop, rt.Dims, rt.Elem, dt.Block.Encoding, numBuffers, l.Loc())
		bytes += int(product(ttg.ShapePerCTA(ttg.CGAOf(rt.Encoding, len(rt.Dims)).CTASplitNum(), rt.Dims))) * ir.BitWidth(rt.Elem) / 8
	}
	if bytes >= 1<<20 {
		return ir.OpErrorf(p.loads[0], "warp specialization: the loads of one iteration copy %d bytes, more than an mbarrier counts (2^20-1)", bytes)
	}
	full := createBarrierAlloc(loop, numBuffers, 1)
	empty := createBarrierAlloc(loop, numBuffers, 1)

	// The producer's captures: what its slice reads from outside (constants
	// are cloned instead), the ring and the barriers.
	var captures []ir.Value
	var consts []ir.Value
	for _, v := range p.outside {
		if isConstantValue(v) {
			consts = append(consts, v)
		} else {
			captures = append(captures, v)
		}
	}
	captures = append(captures, bufs...)
	captures = append(captures, full, empty)

	b.SetInsertionPoint(loop)
	ws := ttg.NewWarpSpecialize(b, loc, loop.ResultTypes(), captures, []int{wsProducerWarps})

	// The consumer, in the default region.
	db := ir.NewBuilder(ctx)
	db.SetInsertionPointToEnd(ws.Region(0).Front())
	consumer := wsConsumerLoop(db, p, bufs, full, empty, numBuffers)
	db.CreateOp("ttg.warp_yield", loc, consumer.Results()[:loop.NumResults()], nil)

	// The producer, in partition0.
	part := ttg.PartitionRegions(ws)[0].Front()
	pb := ir.NewBuilder(ctx)
	pb.SetInsertionPointToEnd(part)
	m := ir.NewMapping()
	for i, v := range captures {
		m.Map(v, part.Argument(i))
	}
	for _, c := range consts {
		m.Map(c, pb.Insert(c.(*ir.OpResult).Owner().Clone(ir.NewMapping())).Result(0))
	}
	n := len(p.outside) - len(consts)
	wsProducerLoop(pb, p, m, part.Arguments()[n:n+len(bufs)], part.Argument(n+len(bufs)), part.Argument(n+len(bufs)+1), numBuffers, bytes)
	pb.CreateOp("ttg.warp_return", loc, nil, nil)

	for i, r := range loop.Results() {
		ir.ReplaceAllUsesWith(r, ws.Result(i))
	}
	loop.Erase()
	return nil
}

// wsRing is a loop's slot index and phase, carried as its last two
// iteration arguments.
type wsRing struct{ slot, phase ir.Value }

// advance returns the next iteration's slot and phase.
func (r wsRing) advance(b *ir.Builder, loc ir.Location, numBuffers int) []ir.Value {
	next := binary(b, "arith.addi", loc, r.slot, constI32(b, loc, 1))
	wrap := cmpi(b, loc, arith.CmpIEQ, next, constI32(b, loc, numBuffers))
	slot := selectOp(b, loc, wrap, constI32(b, loc, 0), next)
	flipped := binary(b, "arith.xori", loc, r.phase, constI32(b, loc, 1))
	phase := selectOp(b, loc, wrap, flipped, r.phase)
	return []ir.Value{slot, phase}
}

// newRingLoop creates an empty scf.for with the original bounds (mapped
// through m), the given inits and the ring's two i32 arguments, and maps
// the original induction variable to the new one.
func newRingLoop(b *ir.Builder, p *wsPlan, m *ir.Mapping, inits []ir.Value) (*ir.Operation, wsRing) {
	loc := p.loop.Loc()
	zero := constI32(b, loc, 0)
	inits = append(inits, zero, zero)
	nl := scf.NewForShell(b, loc, m.Lookup(p.loop.LowerBound()), m.Lookup(p.loop.UpperBound()), m.Lookup(p.loop.Step()), inits)
	nb := nl.Region(0).Front()
	m.Map(p.loop.InductionVar(), nb.Argument(0))
	k := nb.NumArguments()
	return nl, wsRing{nb.Argument(k - 2), nb.Argument(k - 1)}
}

// wsConsumerLoop clones the loop into the default region: every load is
// replaced by its slot (after a wait on the slot's full barrier, placed
// where the first load was), and the slot is handed back on its empty
// barrier after its last use in the iteration.
func wsConsumerLoop(b *ir.Builder, p *wsPlan, bufs []ir.Value, full, empty ir.Value, numBuffers int) *ir.Operation {
	loc := p.loop.Loc()
	m := ir.NewMapping()
	nl, ring := newRingLoop(b, p, m, p.loop.Inits())
	nb := nl.Region(0).Front()
	for i, a := range p.loop.RegionIterArgs() {
		m.Map(a, nb.Argument(i+1))
	}
	ib := ir.NewBuilder(b.Ctx)
	ib.SetInsertionPointToEnd(nb)
	loadIdx := map[*ir.Operation]int{}
	for i, l := range p.loads {
		loadIdx[l] = i
	}
	var slots []ir.Value
	var stands []*ir.Operation
	for op := p.loop.Body().First(); op != p.loop.Yield(); op = op.Next() {
		i, isLoad := loadIdx[op]
		if !isLoad {
			ib.Insert(op.Clone(m))
			continue
		}
		if i == 0 {
			fullBar := bufferView(ib, full, ring.slot)
			ttng.NewWaitBarrier(ib, op.Loc(), fullBar, ring.phase, nil, nil)
		}
		// A stand-in for the load's result, so its users clone as usual;
		// replaced by the slot below.
		stand := ib.Insert(op.Clone(m))
		slot := bufferView(ib, bufs[i], ring.slot)
		slots = append(slots, slot)
		stands = append(stands, stand)
	}
	// The users are cloned now: they read the slots instead.
	rb := ir.NewBuilder(b.Ctx)
	for i, s := range stands {
		rb.SetInsertionPointAfterValue(slots[i])
		replaceUsesWithLocalLoad(rb, s.Result(0), slots[i], nil)
		s.Erase()
	}
	// The yield: the original values, then the ring's next position.
	var yields []ir.Value
	for _, v := range p.loop.YieldedValues() {
		yields = append(yields, m.Lookup(v))
	}
	last := lastUseInBlock(nb, slots)
	ab := ir.NewBuilder(b.Ctx)
	if last == nil {
		ab.SetInsertionPointToEnd(nb)
	} else {
		ab.SetInsertionPointAfter(last)
	}
	ttng.NewArriveBarrier(ab, loc, bufferView(ab, empty, ring.slot), 1, nil)
	ib.SetInsertionPointToEnd(nb)
	yields = append(yields, ring.advance(ib, loc, numBuffers)...)
	scf.NewYield(ib, p.loop.Yield().Loc(), yields)
	eraseDeadPure(nb)
	nl.SetDiscardableAttrs(p.loop.DiscardableAttrs())
	nl.RemoveAttr(attrWarpSpecialize)
	return nl
}

// lastUseInBlock returns the last op of blk that reads one of the buffers
// (through views of them, or from a nested region), or nil.
func lastUseInBlock(blk *ir.Block, bufs []ir.Value) *ir.Operation {
	var last *ir.Operation
	work := append([]ir.Value(nil), bufs...)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range ir.Users(v) {
			if isMemDescView(u) {
				work = append(work, u.Result(0))
			}
			if a := blk.FindAncestorOp(u); a != nil && (last == nil || last.IsBeforeInBlock(a)) {
				last = a
			}
		}
	}
	return last
}

// wsProducerLoop builds the producer's loop in a partition: the slice of
// the body that computes the loads' operands (with the iteration
// arguments it needs), and for the loads a wait for the slot to be empty,
// the expected bytes on its full barrier and the TMA copies.
func wsProducerLoop(b *ir.Builder, p *wsPlan, m *ir.Mapping, bufs []ir.Value, full, empty ir.Value, numBuffers, bytes int) {
	loc := p.loop.Loc()
	var inits []ir.Value
	var kept []int
	for i, need := range p.iterNeeded {
		if need {
			inits = append(inits, m.Lookup(p.loop.Inits()[i]))
			kept = append(kept, i)
		}
	}
	nl, ring := newRingLoop(b, p, m, inits)
	nb := nl.Region(0).Front()
	for j, i := range kept {
		m.Map(p.loop.RegionIterArgs()[i], nb.Argument(j+1))
	}
	ib := ir.NewBuilder(b.Ctx)
	ib.SetInsertionPointToEnd(nb)
	li := 0
	var fullBar ir.Value
	for op := p.loop.Body().First(); op != p.loop.Yield(); op = op.Next() {
		if p.producer[op] {
			ib.Insert(op.Clone(m))
			continue
		}
		if li >= len(p.loads) || op != p.loads[li] {
			continue
		}
		if li == 0 {
			emptyBar := bufferView(ib, empty, ring.slot)
			parity := binary(ib, "arith.xori", op.Loc(), ring.phase, constI32(ib, op.Loc(), 1))
			ttng.NewWaitBarrier(ib, op.Loc(), emptyBar, parity, nil, nil)
			fullBar = bufferView(ib, full, ring.slot)
			ttng.NewBarrierExpect(ib, op.Loc(), fullBar, bytes, constBool(ib, op.Loc(), true))
		}
		desc := m.Lookup(op.Operand(0))
		var coords []ir.Value
		for _, c := range op.Operands()[1:] {
			coords = append(coords, m.Lookup(c))
		}
		coords = translateTMAIndices(ib, op.Loc(), desc, coords)
		slot := bufferView(ib, bufs[li], ring.slot)
		ttng.NewAsyncTMACopyGlobalToLocal(ib, op.Loc(), desc, coords, fullBar, slot, constBool(ib, op.Loc(), true))
		li++
	}
	var yields []ir.Value
	for _, i := range kept {
		yields = append(yields, m.Lookup(p.loop.YieldedValues()[i]))
	}
	yields = append(yields, ring.advance(ib, loc, numBuffers)...)
	scf.NewYield(ib, p.loop.Yield().Loc(), yields)
	setI32(nl, attrNumStages, 0)
}

// eraseDeadPure erases the ops of blk without uses, side effects or
// regions: what the consumer cloned of the loads' coordinates.
func eraseDeadPure(blk *ir.Block) {
	for op := blk.Last(); op != nil; {
		prev := op.Prev()
		if op.NumRegions() == 0 && !op.ResultsUsed() && op.NumResults() > 0 && ir.IsMemoryEffectFree(op) {
			op.Erase()
		}
		op = prev
	}
}
