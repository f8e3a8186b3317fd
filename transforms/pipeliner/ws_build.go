package pipeliner

import (
	"fmt"
	"strconv"

	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Building the warp-specialized loop of a wsPlan:
//
//	bufs  = local_alloc  numBuffers x <each load's block>   (the ring)
//	full  = numBuffers mbarriers, count 1: TMA bytes landed in slot i
//	empty = numBuffers mbarriers, one arrival per consumer warpgroup: done with slot i
//	%r = ttg.warp_specialize(captures)
//	default {                       the consumer: the module's warps
//	  scf.for ... iter_args(original..., %slot, %phase) {
//	    wait full[slot], phase      where the group's first load was
//	    ... the loop body, the loads' users reading the slot ...
//	    arrive empty[slot]          after the slot's last use
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
// A group is a run of loads of one block with no nest loop between them:
// they share a ring position (one full and one empty barrier). Loops of
// the nest carry the ring position in and out in both partitions, which
// walk the groups in the same order. The epilogue after the loop stays
// where it was, after the warp_specialize, on the module's warps, reading
// the yielded results. The phase flips each time the slot index wraps, as
// an mbarrier's parity flips each completed phase.

// wsProducerWarps is the producer partition's size: one warpgroup, as
// Triton's Hopper producer (setmaxnreg, which trims the producer's
// registers, acts on whole warpgroups).
const wsProducerWarps = 4

// defaultProducerRegisters is what an 8-warp function's producer keeps
// of the register file by default: 40 a thread (Triton's Hopper number).
const defaultProducerRegisters = 40

// producerRegisters checks the producer's registers the pass was given
// (option producer-registers), which TT_X_PRODUCER_REGS (experimental)
// overrides: a multiple of 8 from 24 (setmaxnreg's least) to 256, for a
// cp.async producer whose copy addresses do not fit in 40 (a 128x256
// matmul's: 24 of them a thread) or a kernel whose budget is two CTAs an
// SM (tt-translate's row split, transforms/ttir/split_rows.go: 24).
func producerRegisters(option int) (int64, error) {
	v, what := option, fmt.Sprintf("producer-registers=%d", option)
	if env := passmgr.Experiment("TT_X_PRODUCER_REGS", ""); env != "" {
		n, err := strconv.Atoi(env)
		if err != nil {
			n = -1
		}
		v, what = n, fmt.Sprintf("TT_X_PRODUCER_REGS=%q", env)
	}
	if v < 24 || v > 256 || v%8 != 0 {
		return 0, fmt.Errorf("nvgpu-warp-specialization: %s: want a multiple of 8 from 24 to 256", what)
	}
	return int64(v), nil
}

// wsRing is a ring position: the slot index and its phase.
type wsRing struct{ slot, phase ir.Value }

// advance returns the next ring position.
func (r wsRing) advance(b *ir.Builder, loc ir.Location, numBuffers int) wsRing {
	next := binary(b, "arith.addi", loc, r.slot, constI32(b, loc, 1))
	wrap := cmpi(b, loc, arith.CmpIEQ, next, constI32(b, loc, numBuffers))
	slot := selectOp(b, loc, wrap, constI32(b, loc, 0), next)
	flipped := binary(b, "arith.xori", loc, r.phase, constI32(b, loc, 1))
	phase := selectOp(b, loc, wrap, flipped, r.phase)
	return wsRing{slot, phase}
}

// wsBuilder holds what both partitions' builders share.
type wsBuilder struct {
	p          *wsPlan
	numBuffers int
	// bufs[load] is the ring of the load's slots; full and empty the
	// barriers (in the partition being built: its block arguments).
	bufs        map[*ir.Operation]ir.Value
	full, empty ir.Value
	// groupOf gives each load its group's first load; groupBytes the
	// bytes a group's copies bring.
	groupOf    map[*ir.Operation]*ir.Operation
	groupBytes map[*ir.Operation]int
	// lastOfGroup gives each group (by its first load) its last load.
	lastOfGroup map[*ir.Operation]*ir.Operation
	// split, when set, cuts the consumer in two halves of the rows;
	// halfBufs are then the two rings of an A load's halves, halfDescs
	// the descriptors of half the rows (by make_tensor_descriptor).
	split     *wsSplit
	halfBufs  map[*ir.Operation][2]ir.Value
	halfDescs map[*ir.Operation]ir.Value
	// perWarp is set when the default region's consumer spans more than
	// one warpgroup (an 8-warp function): its warpgroups run their wgmmas
	// independently, so every warp arrives on a slot's empty barrier. So
	// do the warps of consumers taking turns over tiles whose slots only
	// wgmmas read: each warp's own wgmma wait then says it is done with
	// the slot, and no barrier of the warpgroup is needed before the
	// arrival nor between two waits.
	perWarp bool
	// tileIndex is the consumer being built when the plan's consumers
	// take turns over the tiles (p.tiles).
	tileIndex int
	// pairBufs are the two rings of the consumers' own tiles when they
	// work on pairs of tiles (p.pairs), one for each; pairAlone, while a
	// consumer's K loop of a pair is built, whether no other consumer
	// reads its ring positions (its warps then arrive for the absent one
	// too).
	pairBufs  [2]ir.Value
	pairAlone ir.Value
	// cluster, when set, has the pairs span a cluster of two CTAs that
	// multicast the shared operand's tiles (ws_cluster.go).
	cluster *wsCluster
}

// release hands a slot back: an arrival on its empty barrier (with pred
// when not nil), one per consumer warpgroup, or one per warp with perWarp.
// A consumer of a pair that reads its slots alone arrives a second time,
// for the other consumer (ws_pairs.go).
func (w *wsBuilder) release(b *ir.Builder, loc ir.Location, bar, pred ir.Value) {
	arrive := func(pred ir.Value) {
		a := ttng.NewArriveBarrier(b, loc, bar, 1, pred)
		if w.perWarp {
			a.SetAttr(ttng.AttrArrivePerWarp, ir.Unit(b.Ctx))
		}
	}
	arrive(pred)
	if alone := w.pairAlone; alone != nil {
		if pred != nil {
			alone = binary(b, "arith.andi", loc, pred, alone)
		}
		arrive(alone)
	}
}

// wsBuild rewrites the plan's loop into a ttg.warp_specialize with
// numBuffers slots per load; with split, the consumer's work runs on two
// warpgroups, each on half the rows (ws_split.go). numWarps is the
// function's warp count, the default region's: 4, or 8 for a consumer of
// two warpgroups over the rows that the layouts already divide, which
// take turns as turns says, while the producer of such a function keeps
// producerRegs registers a thread; with clusterPairs, pairs of tiles span
// clusters of two CTAs where they can (ws_cluster.go). The loop's results
// that the warp_specialize's take the place of go into replaced.
func wsBuild(p *wsPlan, numBuffers int, split *wsSplit, numWarps int, turns Turns, producerRegs int64, clusterPairs bool, replaced map[ir.Value]ir.Value) error {
	loop := p.root.Operation
	ctx := loop.Context()
	loc := loop.Loc()
	b := ir.NewBuilder(ctx)
	w := &wsBuilder{p: p, numBuffers: numBuffers, bufs: map[*ir.Operation]ir.Value{},
		groupOf: map[*ir.Operation]*ir.Operation{}, groupBytes: map[*ir.Operation]int{},
		lastOfGroup: map[*ir.Operation]*ir.Operation{}, split: split,
		perWarp: numWarps > 4 || p.tiles != nil && slotsReadByWGMMAOnly(p)}
	w.groupLoads()
	if p.pairs != nil && clusterPairs {
		w.cluster = planCluster(p)
	}
	for first, bytes := range w.groupBytes {
		if bytes >= 1<<20 {
			return ir.OpErrorf(first, "warp specialization: these loads copy %d bytes together, more than an mbarrier counts (2^20-1)", bytes)
		}
	}
	consumers := 1
	if w.perWarp {
		consumers = numWarps
	}
	if p.pairs != nil {
		// Both consumers' warps read a shared slot.
		consumers = 2 * numWarps
	}
	var halfDescs map[*ir.Operation]ir.Value
	var consumerCaps []ir.Value
	if p.tiles != nil {
		consumerCaps = p.tiles.captures
	}
	if split != nil {
		var ok bool
		if consumerCaps, ok = split.consumerCaptures(loop); !ok {
			w.split, split = nil, nil
		} else {
			consumers = 2
			var order []ir.Value
			halfDescs, order = split.halfDescriptors()
			consumerCaps = append(consumerCaps, order...)
			w.halfDescs = halfDescs
		}
	}

	// The ring and its barriers, before the loop; their deallocation
	// after it (where the warp_specialize will be).
	var bufs []ir.Value
	w.halfBufs = map[*ir.Operation][2]ir.Value{}
	for _, l := range p.loads {
		rt := l.Result(0).Type().(*ir.RankedTensorType)
		if p.pointerLoads {
			w.bufs[l] = allocBuffers(loop, rt.Dims, rt.Elem, sharedEncodingOf(l), numBuffers, l.Loc())
			bufs = append(bufs, w.bufs[l])
			continue
		}
		dt := l.Operand(0).Type().(*tt.TensorDescType)
		if p.pairs != nil && l == p.pairs.own {
			for c := range w.pairBufs {
				w.pairBufs[c] = allocBuffers(loop, rt.Dims, rt.Elem, dt.Block.Encoding, numBuffers, l.Loc())
				bufs = append(bufs, w.pairBufs[c])
			}
			continue
		}
		if split != nil && split.aLoads[l] != nil {
			dims := append([]int64{split.rows}, rt.Dims[1:]...)
			var hb [2]ir.Value
			for h := range hb {
				hb[h] = allocBuffers(loop, dims, rt.Elem, dt.Block.Encoding, numBuffers, l.Loc())
				bufs = append(bufs, hb[h])
			}
			w.halfBufs[l] = hb
			continue
		}
		w.bufs[l] = allocBuffers(loop, rt.Dims, rt.Elem, dt.Block.Encoding, numBuffers, l.Loc())
		bufs = append(bufs, w.bufs[l])
	}
	producerWarps, relayout := p.producerWarps(numWarps), p.producerRelayout(numWarps)
	fullArrivals := 1
	if p.pointerLoads {
		// Each of the cp.async producer's threads arrives once its
		// copies have landed.
		fullArrivals = producerWarps * ttg.ThreadsPerWarp(ttg.ModuleOf(loop))
	}
	w.full = createBarrierAlloc(loop, numBuffers, fullArrivals)
	w.empty = createBarrierAlloc(loop, numBuffers, consumers)
	if w.cluster != nil {
		// The other CTA's producer's word that a slot is free.
		w.cluster.peer = createBarrierAlloc(loop, numBuffers, 1)
	}

	// The partitions' captures: what the producer's slice (and the second
	// consumer) read from outside (constants are cloned instead), the ring
	// and the barriers.
	var captures, consts []ir.Value
	seen := map[ir.Value]bool{}
	outside := append(append([]ir.Value(nil), p.outside...), consumerCaps...)
	if w.cluster != nil {
		outside = append(outside, w.cluster.clones...)
	}
	for _, v := range outside {
		switch {
		case seen[v]:
		case isConstantValue(v):
			consts = append(consts, v)
		default:
			captures = append(captures, v)
		}
		seen[v] = true
	}
	captures = append(captures, bufs...)
	captures = append(captures, w.full, w.empty)
	if w.cluster != nil {
		captures = append(captures, w.cluster.peer)
	}

	b.SetInsertionPoint(loop)
	partWarps := []int{producerWarps}
	results := loop.ResultTypes()
	if split != nil || p.tiles != nil {
		// The second consumer warpgroup.
		partWarps = append(partWarps, 4)
		results = nil
	}
	ws := ttg.NewWarpSpecialize(b, loc, results, captures, partWarps)
	switch {
	case split != nil || p.tiles != nil:
		// 12 warps share the register file: the producer gives up all
		// but 40 registers a thread so that each consumer warpgroup
		// gets 232 (Triton's Hopper numbers).
		ws.SetAttr("requestedRegisters", ir.DenseI32Array(ctx, []int64{40, 232}))
	case numWarps == 8:
		// 12 warps (16 with a cp.async producer whose layouts could
		// not be taken to one warpgroup), the two consumer warpgroups in
		// the default region, which gets what the producer gives up.
		ws.SetAttr("requestedRegisters", ir.DenseI32Array(ctx, []int64{producerRegs}))
	}
	zero := func(b *ir.Builder) wsRing { z := constI32(b, loc, 0); return wsRing{z, z} }

	// The consumer (the first half of it, with split), in the default region.
	db := ir.NewBuilder(ctx)
	db.SetInsertionPointToEnd(ws.Region(0).Front())
	if w.cluster != nil {
		clusterStart(db, loc)
	}
	var h0 *wsHalf
	if split != nil {
		h0 = &wsHalf{split: split, index: 0, descs: halfDescs}
	}
	m0 := ir.NewMapping()
	if split != nil {
		// The default region sees the function's values, but the
		// constants it starts its half from are halved.
		for _, c := range consts {
			if split.sliced[c] {
				cloneConsumerOp(db, c.(*ir.OpResult).Owner(), m0, h0)
			}
		}
	}
	if p.pairs != nil {
		// Consumer 0 reads its own tiles from its own ring.
		w.bufs[p.pairs.own] = w.pairBufs[0]
	}
	consumer, _ := w.consumerLoop(db, loop, m0, zero(db), h0)
	if split == nil {
		db.CreateOp("ttg.warp_yield", loc, consumer, nil)
		if w.perWarp && len(consumer) > 0 {
			// The function's two warpgroups take turns at the tensor
			// cores (ws_pingpong.go); the loop may be rewritten, its
			// results replaced in the warp_yield.
			if nl, ok := consumer[0].(*ir.OpResult); ok && nl.Owner().Name() == "scf.for" {
				pingPong(nl.Owner(), numBuffers, turns)
			}
		}
	} else {
		w.cloneTail(db, loop, consumer, m0, h0)
		db.CreateOp("ttg.warp_yield", loc, nil, nil)
	}

	// A partition's mapping of the captures to its block arguments, with
	// the constants cloned in.
	partMapping := func(part *ir.Block, pb *ir.Builder, h *wsHalf) *ir.Mapping {
		m := ir.NewMapping()
		for i, v := range captures {
			m.Map(v, part.Argument(i))
		}
		for _, c := range consts {
			cloneConsumerOp(pb, c.(*ir.OpResult).Owner(), m, h)
		}
		return m
	}
	// The producer also computes again the tensors it reads from before
	// the loop.
	producerMapping := func(part *ir.Block, pb *ir.Builder) *ir.Mapping {
		m := partMapping(part, pb, nil)
		for _, op := range p.remat {
			pb.Insert(op.Clone(m))
		}
		return m
	}
	parts := ttg.PartitionRegions(ws)
	capIdx := map[ir.Value]int{}
	for i, v := range captures {
		capIdx[v] = i
	}
	outerBufs, outerHalfBufs, outerHalfDescs, outerFull, outerEmpty := w.bufs, w.halfBufs, w.halfDescs, w.full, w.empty
	outerPairBufs := w.pairBufs
	var outerPeer ir.Value
	if w.cluster != nil {
		outerPeer = w.cluster.peer
	}
	// inPart points the builder's buffers, barriers and descriptors at a
	// partition's block arguments.
	inPart := func(part *ir.Block) {
		arg := func(v ir.Value) ir.Value { return part.Argument(capIdx[v]) }
		w.bufs = map[*ir.Operation]ir.Value{}
		for l, buf := range outerBufs {
			w.bufs[l] = arg(buf)
		}
		w.halfBufs = map[*ir.Operation][2]ir.Value{}
		for l, hb := range outerHalfBufs {
			w.halfBufs[l] = [2]ir.Value{arg(hb[0]), arg(hb[1])}
		}
		w.halfDescs = map[*ir.Operation]ir.Value{}
		for mk, d := range outerHalfDescs {
			w.halfDescs[mk] = arg(d)
		}
		w.full, w.empty = arg(outerFull), arg(outerEmpty)
		if p.pairs != nil {
			w.pairBufs = [2]ir.Value{arg(outerPairBufs[0]), arg(outerPairBufs[1])}
		}
		if w.cluster != nil {
			w.cluster.peer = arg(outerPeer)
		}
	}

	// The producer, in partition0.
	part := parts[0].Front()
	pb := ir.NewBuilder(ctx)
	pb.SetInsertionPointToEnd(part)
	if w.cluster != nil {
		clusterStart(pb, loc)
	}
	m := producerMapping(part, pb)
	inPart(part)
	if p.tiles != nil {
		// One warp runs the producer's loops and issues every copy;
		// the others go to the partition's end and wait there.
		wid := pb.CreateOp(ttg.WarpID.Def.Name, loc, nil, []ir.Type{ir.I32(ctx)}).Result(0)
		first := cmpi(pb, loc, arith.CmpIEQ, wid, constI32(pb, loc, 0))
		scf.NewIf(pb, loc, first, nil, func(ib *ir.Builder) []ir.Value {
			if p.pairs != nil {
				w.pairProducerLoop(ib, m, zero(ib))
			} else {
				w.producerLoop(ib, loop, m, zero(ib))
			}
			return nil
		}, nil)
	} else {
		w.producerLoop(pb, loop, m, zero(pb))
	}
	pb.CreateOp("ttg.warp_return", loc, nil, nil)
	if relayout != nil {
		if err := relayout.apply(part); err != nil {
			return err
		}
	}

	// The second consumer, in partition1.
	if p.tiles != nil {
		part := parts[1].Front()
		cb := ir.NewBuilder(ctx)
		cb.SetInsertionPointToEnd(part)
		if w.cluster != nil {
			clusterStart(cb, loc)
		}
		m1 := partMapping(part, cb, nil)
		for _, op := range p.tiles.remat {
			cb.Insert(op.Clone(m1))
		}
		inPart(part)
		w.tileIndex = 1
		if p.pairs != nil {
			w.bufs[p.pairs.own] = w.pairBufs[1]
		}
		w.consumerLoop(cb, loop, m1, zero(cb), nil)
		cb.CreateOp("ttg.warp_return", loc, nil, nil)
	}
	if split != nil {
		part := parts[1].Front()
		cb := ir.NewBuilder(ctx)
		cb.SetInsertionPointToEnd(part)
		h1 := &wsHalf{split: split, index: 1, descs: halfDescs}
		m1 := partMapping(part, cb, h1)
		inPart(part)
		second, _ := w.consumerLoop(cb, loop, m1, zero(cb), h1)
		w.cloneTail(cb, loop, second, m1, h1)
		cb.CreateOp("ttg.warp_return", loc, nil, nil)
	}
	w.bufs, w.halfBufs, w.halfDescs, w.full, w.empty = outerBufs, outerHalfBufs, outerHalfDescs, outerFull, outerEmpty
	w.pairBufs = outerPairBufs
	if w.cluster != nil {
		w.cluster.peer = outerPeer
	}

	if split != nil {
		for i := len(split.tail) - 1; i >= 0; i-- {
			split.tail[i].Erase()
		}
	} else {
		for i, r := range loop.Results() {
			ir.ReplaceAllUsesWith(r, ws.Result(i))
			replaced[r] = ws.Result(i)
		}
	}
	loop.Erase()
	if p.tiles != nil {
		return pipelineTileStores(ws)
	}
	return nil
}

// pipelineTileStores pipelines the TMA stores of the consumers' tile
// loops, which tt-tma-loads' tma-stores makes (transforms/ttir/
// tma_stores.go), with pipelineTMAStores: a tile's store drains while the
// consumer runs the next tile's K loop, its staging buffer waited for
// before the next store writes it. The loops are the top-level scf.for
// ops of the warp_specialize's regions; the producer's have no stores.
func pipelineTileStores(ws *ir.Operation) error {
	for _, r := range append([]*ir.Region{ws.Region(0)}, ttg.PartitionRegions(ws)...) {
		for _, blk := range r.Blocks() {
			for op := blk.First(); op != nil; op = op.Next() {
				if op.Name() != "scf.for" {
					continue
				}
				if _, err := pipelineTMAStores(op); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// cloneTail clones what followed the loop in the function into a
// consumer half, after its loop.
func (w *wsBuilder) cloneTail(b *ir.Builder, loop *ir.Operation, consumer []ir.Value, m *ir.Mapping, h *wsHalf) {
	for i, r := range loop.Results() {
		m.Map(r, consumer[i])
	}
	for _, op := range w.split.tail {
		cloneConsumerOp(b, op, m, h)
	}
}

// groupLoads splits the loads into groups and counts each group's bytes.
func (w *wsBuilder) groupLoads() {
	var first *ir.Operation
	for _, l := range w.p.loads {
		if first == nil || !sameGroup(first, l, w.p.nest) {
			first = l
		}
		w.groupOf[l] = first
		w.lastOfGroup[first] = l
		rt := l.Result(0).Type().(*ir.RankedTensorType)
		w.groupBytes[first] += int(product(ttg.ShapePerCTA(ttg.CGAOf(rt.Encoding, len(rt.Dims)).CTASplitNum(), rt.Dims))) * ir.BitWidth(rt.Elem) / 8
	}
}

// sameGroup reports whether load l can join the group started by first:
// same block, and no loop of the nest between them.
func sameGroup(first, l *ir.Operation, nest map[*ir.Operation]bool) bool {
	if first.Block() != l.Block() {
		return false
	}
	for op := first.Next(); op != l; op = op.Next() {
		if nest[op] {
			return false
		}
	}
	return true
}

// newRingLoop creates an empty scf.for like loop (bounds mapped through
// m) with the given inits and the ring position as two more, and maps the
// induction variable.
func newRingLoop(b *ir.Builder, loop scf.ForOp, m *ir.Mapping, inits []ir.Value, ring wsRing) (*ir.Operation, wsRing) {
	inits = append(inits, ring.slot, ring.phase)
	nl := scf.NewForShell(b, loop.Loc(), m.Lookup(loop.LowerBound()), m.Lookup(loop.UpperBound()), m.Lookup(loop.Step()), inits)
	nb := nl.Region(0).Front()
	m.Map(loop.InductionVar(), nb.Argument(0))
	k := nb.NumArguments()
	return nl, wsRing{nb.Argument(k - 2), nb.Argument(k - 1)}
}

// consumerLoop clones a loop of the nest into a consumer (the default
// region, or the second half's partition with h): every group of loads is
// replaced by a wait on its slot's full barrier, the loads' users read the
// slots, and the slot is handed back on its empty barrier after its last
// use (or one iteration later, for an asynchronous wgmma). It returns what
// replaces the loop's results and the ring position after the loop.
func (w *wsBuilder) consumerLoop(b *ir.Builder, loop *ir.Operation, m *ir.Mapping, ring wsRing, h *wsHalf) ([]ir.Value, wsRing) {
	fo := scf.ForOp{Operation: loop}
	var inits []ir.Value
	for _, v := range fo.Inits() {
		inits = append(inits, m.Lookup(v))
	}
	var nl *ir.Operation
	var cur wsRing
	var tiles tileSchedule
	if w.tileTurnsRoot(loop) {
		nl, cur, tiles = w.newTileLoop(b, m, ring, w.tileIndex)
	} else {
		nl, cur = newRingLoop(b, fo, m, inits, ring)
	}
	nb := nl.Region(0).Front()
	for i, a := range fo.RegionIterArgs() {
		m.Map(a, nb.Argument(i+1))
	}
	ib := ir.NewBuilder(b.Ctx)
	ib.SetInsertionPointToEnd(nb)
	type slotted struct {
		load, stand *ir.Operation
		slot        ir.Value
	}
	var loads []slotted
	groupSlots := map[*ir.Operation][]ir.Value{}
	groupRing := map[*ir.Operation]wsRing{}
	for op := fo.Body().First(); op != fo.Yield(); op = op.Next() {
		if w.p.nest[op] {
			if tiles != nil {
				cur = tiles.beforeMainLoop(ib, op.Loc(), m, cur)
			}
			inner, after := w.consumerLoop(ib, op, m, cur, h)
			for i, r := range op.Results() {
				m.Map(r, inner[i])
			}
			cur = after
			if tiles != nil {
				// Right after the K loop: its last wgmma is issued,
				// its wait comes after the handover.
				ab := ir.NewBuilder(b.Ctx)
				ab.SetInsertionPointAfter(after.slot.(*ir.OpResult).Owner())
				tiles.afterMainLoop(ab, op.Loc())
			}
			continue
		}
		first, isLoad := w.groupOf[op]
		if !isLoad {
			cloneConsumerOp(ib, op, m, h)
			continue
		}
		if first == op {
			wait := ttng.NewWaitBarrier(ib, op.Loc(), bufferView(ib, w.full, cur.slot), cur.phase, nil, nil)
			if w.perWarp {
				// No warp can run a whole ring ahead of the others:
				// the producer refills a slot only once every warp has
				// released it. The barrier analysis's CTA barrier
				// between two waits is then not needed.
				ordered(wait)
			}
			groupRing[first] = cur
			cur = cur.advance(ib, op.Loc(), w.numBuffers)
		}
		// A stand-in for the load's result, so that its users clone as
		// usual; they are moved to the slot below.
		stand := ib.Insert(op.Clone(m))
		var slot ir.Value
		if hb, ok := w.halfBufs[op]; ok && h != nil {
			slot = bufferView(ib, hb[h.index], groupRing[first].slot)
		} else {
			slot = bufferView(ib, w.bufs[op], groupRing[first].slot)
		}
		loads = append(loads, slotted{op, stand, slot})
		groupSlots[first] = append(groupSlots[first], slot)
	}
	rb := ir.NewBuilder(b.Ctx)
	for _, l := range loads {
		rb.SetInsertionPointAfterValue(l.slot)
		replaceUsesWithLocalLoad(rb, l.stand.Result(0), l.slot, nil)
		l.stand.Erase()
	}
	// A lone wgmma reading the slots, carried from iteration to
	// iteration, runs asynchronously (ws_async.go): its slot goes back
	// one iteration later. Otherwise each group's slot goes back after
	// its last use in this block.
	var async *wsAsyncDot
	if len(groupSlots) == 1 {
		for first, slots := range groupSlots {
			async = asyncDotCandidate(fo, nb, m, slots, groupRing[first].slot)
		}
	}
	for op := fo.Body().First(); op != fo.Yield(); op = op.Next() {
		slots, ok := groupSlots[op]
		if !ok || async != nil {
			continue
		}
		ab := ir.NewBuilder(b.Ctx)
		if last := lastUseInBlock(nb, slots); last != nil {
			ab.SetInsertionPointAfter(last)
		} else {
			ab.SetInsertionPointToEnd(nb)
		}
		w.release(ab, op.Loc(), bufferView(ab, w.empty, groupRing[op].slot), nil)
	}
	var yields []ir.Value
	for _, v := range fo.YieldedValues() {
		yields = append(yields, m.Lookup(v))
	}
	ib.SetInsertionPointToEnd(nb)
	if tiles != nil {
		// The ring position of the consumer's next tile.
		cur = tiles.next(ib, fo.Yield().Loc(), cur)
	}
	scf.NewYield(ib, fo.Yield().Loc(), append(yields, cur.slot, cur.phase))
	eraseDeadPure(nb)
	nl.SetDiscardableAttrs(loop.DiscardableAttrs())
	nl.RemoveAttr(attrWarpSpecialize)
	nl.RemoveAttr(tt.AttrAutoWarpSpecialize)
	nl.RemoveAttr(tt.AttrTileTurns)
	nl.RemoveAttr(tt.AttrTilePairs)
	n := nl.NumResults()
	after := wsRing{nl.Result(n - 2), nl.Result(n - 1)}
	results := nl.Results()[:n-2]
	if async != nil {
		results = w.makeAsync(b, nl, async, after)
	}
	return results, after
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

// waitEmpty waits, in the cp.async producer and the producer of pairs,
// until the ring position's slot is empty (a fresh slot passes at once).
// The other TMA producer builds the same wait with its view first, an
// order its lit tests pin.
func (w *wsBuilder) waitEmpty(b *ir.Builder, loc ir.Location, cur wsRing) {
	parity := binary(b, "arith.xori", loc, cur.phase, constI32(b, loc, 1))
	ordered(ttng.NewWaitBarrier(b, loc, bufferView(b, w.empty, cur.slot), parity, nil, nil))
}

// producerOrdered marks an op of the TMA producer of consumers taking
// turns over tiles as ordered (below). That producer's loops run on one
// warp, whose lane 0 issues every copy (ttng.AttrOneIssuer) after it
// waited for the slot, so no barrier of the producer's warps is needed
// between its ops; Triton's lowering puts one before each, three a
// k-step.
func (w *wsBuilder) producerOrdered(op *ir.Operation) {
	if w.p.tiles != nil {
		ordered(op)
	}
}

// ordered marks a producer op of the cp.async protocol: its mbarriers
// order it against the others so marked (the copies into a slot wait
// for the slot's empty barrier; the consumer waits for its full one),
// and the barrier analysis inserts no CTA barrier between two of them.
func ordered(op *ir.Operation) {
	op.SetAttr(membar.AttrMBarrierOrdered, ir.Unit(op.Context()))
}

// tmaCopy builds the producer's TMA copy of load's tile at coords (the
// load's, mapped into the partition) through desc into buf, completing
// on bar.
func (w *wsBuilder) tmaCopy(b *ir.Builder, load *ir.Operation, desc ir.Value, coords []ir.Value, buf, bar ir.Value) *ir.Operation {
	return w.tmaCopyIf(b, load, desc, coords, buf, bar, nil)
}

// tmaCopyIf is tmaCopy where pred holds (nil: always).
func (w *wsBuilder) tmaCopyIf(b *ir.Builder, load *ir.Operation, desc ir.Value, coords []ir.Value, buf, bar, pred ir.Value) *ir.Operation {
	loc := load.Loc()
	coords = translateTMAIndices(b, loc, desc, coords)
	if pred == nil {
		pred = constBool(b, loc, true)
	}
	cp := ttng.NewAsyncTMACopyGlobalToLocal(b, loc, desc, coords, bar, buf, pred)
	w.producerOrdered(cp)
	if w.p.tiles != nil {
		cp.SetAttr(ttng.AttrOneIssuer, ir.Unit(b.Ctx))
	}
	return cp
}

// producerLoop builds a loop of the nest in the producer partition: the
// slice of its body that computes the loads' operands and the inner
// loops' bounds (with the iteration arguments it needs), the inner loops
// of the nest, and for each group of loads a wait for the slot to be
// empty, the expected bytes on its full barrier and the TMA copies. It
// returns the ring position after the loop.
func (w *wsBuilder) producerLoop(b *ir.Builder, loop *ir.Operation, m *ir.Mapping, ring wsRing) wsRing {
	fo := scf.ForOp{Operation: loop}
	var inits []ir.Value
	var kept []int
	for i, need := range w.p.iterNeeded[loop] {
		if need {
			inits = append(inits, m.Lookup(fo.Inits()[i]))
			kept = append(kept, i)
		}
	}
	nl, cur := newRingLoop(b, fo, m, inits, ring)
	nb := nl.Region(0).Front()
	for j, i := range kept {
		m.Map(fo.RegionIterArgs()[i], nb.Argument(j+1))
	}
	ib := ir.NewBuilder(b.Ctx)
	ib.SetInsertionPointToEnd(nb)
	var fullBar ir.Value
	var slot ir.Value
	for op := fo.Body().First(); op != fo.Yield(); op = op.Next() {
		switch first, isLoad := w.groupOf[op]; {
		case w.p.producer[op]:
			ib.Insert(op.Clone(m))
		case w.p.nest[op]:
			cur = w.producerLoop(ib, op, m, cur)
		case isLoad && w.p.pointerLoads:
			loc := op.Loc()
			if first == op {
				w.waitEmpty(ib, loc, cur)
				fullBar, slot = bufferView(ib, w.full, cur.slot), cur.slot
				cur = cur.advance(ib, loc, w.numBuffers)
			}
			lo := tt.LoadOp{Operation: op}
			var mask, other ir.Value
			if lo.Mask() != nil {
				mask = m.Lookup(lo.Mask())
			}
			if lo.Other() != nil {
				other = m.Lookup(lo.Other())
			}
			cp := ttg.NewAsyncCopyGlobalToLocal(ib, loc, m.Lookup(lo.Ptr()), bufferView(ib, w.bufs[op], slot), mask, other)
			copyLoadAttrs(cp, op, w.p.contiguity[op])
			ordered(cp)
			if w.lastOfGroup[first] == op {
				// The group's last copy: this thread's arrival, once
				// its copies have landed.
				ordered(ttng.NewAsyncCopyMbarrierArrive(ib, loc, fullBar, true))
			}
		case isLoad:
			loc := op.Loc()
			if first == op {
				emptyBar := bufferView(ib, w.empty, cur.slot)
				parity := binary(ib, "arith.xori", loc, cur.phase, constI32(ib, loc, 1))
				w.producerOrdered(ttng.NewWaitBarrier(ib, loc, emptyBar, parity, nil, nil))
				fullBar = bufferView(ib, w.full, cur.slot)
				w.producerOrdered(ttng.NewBarrierExpect(ib, loc, fullBar, w.groupBytes[first], constBool(ib, loc, true)))
				slot = cur.slot
				cur = cur.advance(ib, loc, w.numBuffers)
			}
			desc := m.Lookup(op.Operand(0))
			var coords []ir.Value
			for _, c := range op.Operands()[1:] {
				coords = append(coords, m.Lookup(c))
			}
			if hb, ok := w.halfBufs[op]; ok {
				// Two halves of the rows, one for each consumer.
				half := w.halfDescs[w.split.aLoads[op]]
				for i := range hb {
					hc := append([]ir.Value(nil), coords...)
					if i > 0 {
						hc[0] = binary(ib, "arith.addi", loc, hc[0], constI32(ib, loc, int(w.split.rows)*i))
					}
					hc = translateTMAIndices(ib, loc, half, hc)
					ttng.NewAsyncTMACopyGlobalToLocal(ib, loc, half, hc, fullBar, bufferView(ib, hb[i], slot), constBool(ib, loc, true))
				}
				continue
			}
			w.tmaCopy(ib, op, desc, coords, bufferView(ib, w.bufs[op], slot), fullBar)
		}
	}
	var yields []ir.Value
	for _, i := range kept {
		yields = append(yields, m.Lookup(fo.YieldedValues()[i]))
	}
	scf.NewYield(ib, fo.Yield().Loc(), append(yields, cur.slot, cur.phase))
	n := nl.NumResults()
	return wsRing{nl.Result(n - 2), nl.Result(n - 1)}
}
