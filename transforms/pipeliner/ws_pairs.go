package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// Two consumer warpgroups on a pair of tiles at once, sharing one
// operand's tiles where they can (tile-turns=pairs, tt's own; CUTLASS's
// "cooperative" Hopper kernel computes one 256x128 tile on two consumers
// the same way). The tile loop is the one the turns take (ws_tiles.go):
// consumer c takes the iterations lb + c*s, lb + 2s + c*s, ..., so that
// iterations 2i and 2i+1 of a CTA are a pair, which tt-persistent-programs'
// walk with pairs makes the program ids 2j and 2j+1 of a block. A kernel
// that groups its program ids as Triton's tutorial does (eight rows down
// a column before the next column) gives such a pair the same columns of
// C, so the same tiles of B in every k-step: the producer then loads A's
// two tiles and B's tile once, 48 KB a k-step for two 128x128x64 f16
// tiles instead of 64 KB, and the tiles' B bytes cross L2 once instead of
// twice. A kernel whose program ids walk along the rows (pid_n = pid %
// num_pid_n) gives a pair the same rows: the pair shares A instead
// (planPairs picks the operand whose coordinates vary slowly along the
// walk; the other is each consumer's own).
//
// Whether a pair shares the operand is decided at run time, in every
// partition alike, by comparing the values of the tile loop's body that
// its coordinates are computed from (the leaves: say, pid_n * BLOCK_N)
// for the pair's two tiles. The ring's slot holds each consumer's own
// tile and one tile of the shared operand:
//   - shared: one ring position a k-step, its full barrier expecting the
//     three tiles; both consumers read it, their eight warps each
//     arriving once on its empty barrier;
//   - split (the pair's tiles of the operand differ): two positions a
//     k-step, the first tile's (its own tile in consumer 0's part) then
//     the second's (in consumer 1's part); each consumer reads every
//     other position, and its four warps arrive twice on each (for the
//     absent reader too);
//   - single (the CTA's last tile has no partner): one position a k-step,
//     consumer 0's, its warps arriving twice.
// Both consumers run their K loops at once, without the turns' handover:
// the epilogues no longer overlap the other consumer's wgmmas, which the
// producer's loads for the next pair overlap instead. A split pair gives
// each consumer half the ring (every other position), so a walk whose
// pairs rarely share is better served by the turns.

// wsPairs is what building pairs needs beyond the turns' plan.
type wsPairs struct {
	// shared is the K loop's load of the operand a pair may share (one
	// tile for both consumers where it does), own its other load (each
	// consumer's own tile).
	own, shared *ir.Operation
	// leaves are the values of the tile loop's body (or its induction
	// variable) that the shared load's coordinates are computed from;
	// leafOps the ops of the body that compute them, in order.
	leaves  []ir.Value
	leafOps []*ir.Operation
}

// planPairs checks the turns' plan for pairs of tiles sharing an operand
// and returns what building them needs, or nil: TMA loads, one group of
// two loads a k-step read only by one wgmma (A's as its first operand, B's
// as its second), coordinates that carry nothing across k-steps, and the
// shared operand's coordinates computed from integers of the tile loop's
// body. The shared operand is B unless B's coordinates vary from one tile
// of the walk to the next and A's do not (variesFast).
func planPairs(p *wsPlan) *wsPairs {
	t := p.tiles
	if t == nil || p.pointerLoads || len(p.loads) != 2 || t.groups != 1 || !slotsReadByWGMMAOnly(p) {
		return nil
	}
	for _, need := range p.iterNeeded[t.inner] {
		if need {
			return nil
		}
	}
	var byOperand [2]*ir.Operation
	for _, l := range p.loads {
		if i := dotOperandOf(l); i == 0 || i == 1 {
			byOperand[i] = l
		}
	}
	if byOperand[0] == nil || byOperand[1] == nil {
		return nil
	}
	var cand [2]*wsPairs
	for i, l := range byOperand {
		pr := &wsPairs{own: byOperand[1-i], shared: l}
		if pr.findLeaves(p.root, t.inner) {
			cand[i] = pr
		}
	}
	iv := p.root.InductionVar()
	switch {
	case cand[1] != nil && (cand[0] == nil || !cand[1].variesFast(iv) || cand[0].variesFast(iv)):
		return cand[1]
	case cand[0] != nil:
		return cand[0]
	}
	return nil
}

// dotOperandOf returns which operand of its warp_group_dot the load's
// tile is (through one local_alloc), or -1.
func dotOperandOf(l *ir.Operation) int {
	users := ir.Users(l.Result(0))
	if len(users) != 1 || users[0].Name() != "ttg.local_alloc" {
		return -1
	}
	uses := ir.Uses(users[0].Result(0))
	if len(uses) != 1 || uses[0].Owner().Name() != "ttng.warp_group_dot" {
		return -1
	}
	return uses[0].Index()
}

// findLeaves collects the shared load's leaves (values of the root's body
// or its induction variable, integers) and the root-body ops computing
// them; it reports false when the coordinates depend on anything else of
// the tile (an iteration argument, a tensor).
func (pr *wsPairs) findLeaves(root scf.ForOp, inner *ir.Operation) bool {
	rootBody := root.Body()
	inK := func(v ir.Value) bool { return !ir.IsDefinedOutside(inner, v) }
	inTile := func(v ir.Value) bool { return !ir.IsDefinedOutside(root.Operation, v) }
	seen := map[ir.Value]bool{}
	var leaves []ir.Value
	work := append([]ir.Value(nil), pr.shared.Operands()...)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		switch {
		case inK(v):
			if a, ok := v.(*ir.BlockArgument); ok {
				if a.Index() > 0 {
					return false // an iteration argument of the K loop
				}
				continue // the k-step
			}
			work = append(work, v.(*ir.OpResult).Owner().Operands()...)
		case inTile(v):
			if !isInteger(v.Type()) {
				return false
			}
			leaves = append(leaves, v)
		}
	}
	// The leaves' slice in the root's body, from its induction variable
	// and what is defined before the loop.
	slice := map[*ir.Operation]bool{}
	work = append(work[:0], leaves...)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		r, ok := v.(*ir.OpResult)
		if !ok || !inTile(v) || slice[r.Owner()] {
			continue // the induction variable, or from before the loop
		}
		op := r.Owner()
		if op.Block() != rootBody || op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op) {
			return false
		}
		slice[op] = true
		work = append(work, op.Operands()...)
	}
	for op := rootBody.First(); op != nil; op = op.Next() {
		if slice[op] {
			pr.leafOps = append(pr.leafOps, op)
		}
	}
	pr.leaves = leaves
	return true
}

// variesFast reports whether a leaf of the shared operand changes from
// one tile of the walk to the next, as far as the ops that compute it
// say: nearest the leaf, a remainder of the walk's position (a tile's
// column where the walk goes along the rows, pid % num_pid_n) or the
// position itself; a quotient (pid / num_pid_n, or Triton's grouped
// column) changes once in many tiles. A pair of consecutive tiles then
// shares the operand whose leaves vary slowly.
func (pr *wsPairs) variesFast(iv ir.Value) bool {
	inSlice := map[*ir.Operation]bool{}
	for _, op := range pr.leafOps {
		inSlice[op] = true
	}
	depends := map[ir.Value]bool{}
	var dependsOnIV func(v ir.Value) bool
	dependsOnIV = func(v ir.Value) bool {
		if v == iv {
			return true
		}
		r, ok := v.(*ir.OpResult)
		if !ok || !inSlice[r.Owner()] {
			return false
		}
		if d, ok := depends[v]; ok {
			return d
		}
		depends[v] = false
		for _, o := range r.Owner().Operands() {
			if dependsOnIV(o) {
				depends[v] = true
				break
			}
		}
		return depends[v]
	}
	known := map[ir.Value]bool{}
	var fast func(v ir.Value) bool
	fast = func(v ir.Value) bool {
		if v == iv {
			return true
		}
		if !dependsOnIV(v) {
			return false
		}
		if f, ok := known[v]; ok {
			return f
		}
		f := false
		switch op := v.(*ir.OpResult).Owner(); op.Name() {
		case "arith.remsi", "arith.remui":
			f = true
		case "arith.divsi", "arith.divui", "arith.ceildivsi", "arith.floordivsi":
		default:
			for _, o := range op.Operands() {
				if f = fast(o); f {
					break
				}
			}
		}
		known[v] = f
		return f
	}
	for _, l := range pr.leaves {
		if fast(l) {
			return true
		}
	}
	return false
}

// isInteger reports whether t is a scalar integer or index type.
func isInteger(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType:
		return true
	}
	return false
}

// shares builds, at b, whether the tiles mapped by m0 and m1 (whose
// leaves they map) load the same tiles of the shared operand: has1, and
// every leaf equal.
func (pr *wsPairs) shares(b *ir.Builder, loc ir.Location, m0, m1 *ir.Mapping, has1 ir.Value) ir.Value {
	share := has1
	for _, l := range pr.leaves {
		share = binary(b, "arith.andi", loc, share, cmpi(b, loc, arith.CmpIEQ, m0.Lookup(l), m1.Lookup(l)))
	}
	return share
}

// pairStep is what a consumer's K loop of a pair moves by: its ring
// positions are stride apart, and alone is set when no other consumer
// reads them (its warps then arrive for the absent one too).
type pairStep struct {
	stride, alone ir.Value
}

// advance returns the ring position stride (1 or 2, below the ring's
// size) on.
func (s *pairStep) advance(b *ir.Builder, loc ir.Location, r wsRing, numBuffers int) wsRing {
	next := binary(b, "arith.addi", loc, r.slot, s.stride)
	size := constI32(b, loc, numBuffers)
	wrap := cmpi(b, loc, arith.CmpISGE, next, size)
	slot := selectOp(b, loc, wrap, binary(b, "arith.subi", loc, next, size), next)
	flipped := binary(b, "arith.xori", loc, r.phase, constI32(b, loc, 1))
	return wsRing{slot, selectOp(b, loc, wrap, flipped, r.phase)}
}

// previous returns the slot stride positions before slot.
func (s *pairStep) previous(b *ir.Builder, loc ir.Location, slot ir.Value, numBuffers int) ir.Value {
	back := binary(b, "arith.subi", loc, slot, s.stride)
	wrap := cmpi(b, loc, arith.CmpISLT, back, constI32(b, loc, 0))
	return selectOp(b, loc, wrap, binary(b, "arith.addi", loc, back, constI32(b, loc, numBuffers)), back)
}

// tilePair is a consumer's schedule over the pairs (tileSchedule).
type tilePair struct {
	w     *wsBuilder
	index int
	// iv is the consumer's tile, ub and step the tile loop's bound and
	// the step between a pair's tiles; base is the pair's first ring
	// position; perTile the positions of one tile's K loop.
	iv, ub, step ir.Value
	base         wsRing
	perTile      ir.Value
	// positions is what the pair takes of the ring, set by
	// beforeMainLoop.
	positions ir.Value
}

// beforeMainLoop computes the partner's leaves, whether the pair shares
// the operand, and from it where the consumer's K loop starts and how it
// steps.
func (t *tilePair) beforeMainLoop(b *ir.Builder, loc ir.Location, m *ir.Mapping, cur wsRing) wsRing {
	pr := t.w.p.pairs
	var partner, has1 ir.Value
	if t.index == 0 {
		partner = binary(b, "arith.addi", loc, t.iv, t.step)
		has1 = cmpi(b, loc, arith.CmpISLT, partner, t.ub)
	} else {
		partner = binary(b, "arith.subi", loc, t.iv, t.step)
		has1 = constBool(b, loc, true)
	}
	mp := m.Copy()
	mp.Map(t.w.p.root.InductionVar(), partner)
	for _, op := range pr.leafOps {
		b.Insert(op.Clone(mp))
	}
	share := pr.shares(b, loc, m, mp, has1)
	alone := binary(b, "arith.xori", loc, share, constBool(b, loc, true))
	split := binary(b, "arith.andi", loc, has1, alone)
	one, two := constI32(b, loc, 1), constI32(b, loc, 2)
	t.w.pairStep = &pairStep{stride: selectOp(b, loc, split, two, one), alone: alone}
	t.positions = binary(b, "arith.muli", loc, t.perTile, t.w.pairStep.stride)
	if t.index == 0 {
		return cur
	}
	// The second tile of a split pair starts one position on.
	next := cur.advance(b, loc, t.w.numBuffers)
	return wsRing{selectOp(b, loc, split, next.slot, cur.slot), selectOp(b, loc, split, next.phase, cur.phase)}
}

// afterMainLoop: the consumers of a pair do not take turns.
func (t *tilePair) afterMainLoop(*ir.Builder, ir.Location) {}

// next is the ring position of the next pair: past this one's.
func (t *tilePair) next(b *ir.Builder, loc ir.Location, _ wsRing) wsRing {
	t.w.pairStep = nil
	return t.base.advanceBy(b, loc, t.positions, t.w.numBuffers)
}

// pairBytes returns the bytes of a k-step's copy of a consumer's own tile
// and of the shared operand's.
func (w *wsBuilder) pairBytes() (own, shared int) {
	bytes := func(l *ir.Operation) int {
		rt := l.Result(0).Type().(*ir.RankedTensorType)
		return int(product(rt.Dims)) * ir.BitWidth(rt.Elem) / 8
	}
	return bytes(w.p.pairs.own), bytes(w.p.pairs.shared)
}

// pairProducerLoop builds the producer's loop over the pairs: for each,
// both tiles' coordinates, whether they share the operand, and the K
// loop's copies (pairProducerStep).
func (w *wsBuilder) pairProducerLoop(b *ir.Builder, m *ir.Mapping, ring wsRing) {
	root := w.p.root
	loc := root.Loc()
	s, ub := m.Lookup(root.Step()), m.Lookup(root.UpperBound())
	step2 := binary(b, "arith.muli", loc, s, constI32(b, loc, 2))
	nl := scf.NewForShell(b, loc, m.Lookup(root.LowerBound()), ub, step2, []ir.Value{ring.slot, ring.phase})
	nb := nl.Region(0).Front()
	ib := ir.NewBuilder(b.Ctx)
	ib.SetInsertionPointToEnd(nb)
	t0 := nb.Argument(0)
	t1 := binary(ib, "arith.addi", loc, t0, s)
	has1 := cmpi(ib, loc, arith.CmpISLT, t1, ub)
	m0, m1 := m.Copy(), m.Copy()
	m0.Map(root.InductionVar(), t0)
	m1.Map(root.InductionVar(), t1)
	inner := w.p.tiles.inner
	for op := root.Body().First(); op != root.Yield(); op = op.Next() {
		if w.p.producer[op] {
			ib.Insert(op.Clone(m0))
			ib.Insert(op.Clone(m1))
		}
	}
	share := w.p.pairs.shares(ib, loc, m0, m1, has1)
	fo := scf.ForOp{Operation: inner}
	kl, cur := newRingLoop(ib, fo, m0, nil, wsRing{nb.Argument(1), nb.Argument(2)})
	m1.Map(fo.InductionVar(), kl.Region(0).Front().Argument(0))
	kb := ir.NewBuilder(b.Ctx)
	kb.SetInsertionPointToEnd(kl.Region(0).Front())
	next := w.pairProducerStep(kb, fo, m0, m1, cur, share, has1)
	scf.NewYield(kb, fo.Yield().Loc(), []ir.Value{next.slot, next.phase})
	eraseDeadPure(kl.Region(0).Front())
	scf.NewYield(ib, root.Yield().Loc(), []ir.Value{kl.Result(0), kl.Result(1)})
	eraseDeadPure(nb)
}

// pairProducerStep builds one k-step of a pair in the producer (the K
// loop's body, its coordinates for the first tile mapped by m0 and for
// the second by m1) and returns the ring position after it:
//
//	wait empty[p]; expect full[p] (three tiles if shared, else two)
//	copy own(t0) -> own0[p], shared(t0) -> shared[p]
//	split = has1 && !share:  wait empty[p+1]; expect full[p+1]; copy shared(t1) -> shared[p+1]
//	has1: copy own(t1) -> own1[share ? p : p+1]
func (w *wsBuilder) pairProducerStep(b *ir.Builder, fo scf.ForOp, m0, m1 *ir.Mapping, cur wsRing, share, has1 ir.Value) wsRing {
	pr := w.p.pairs
	loc := pr.own.Loc()
	for op := fo.Body().First(); op != fo.Yield(); op = op.Next() {
		if w.p.producer[op] {
			b.Insert(op.Clone(m0))
			b.Insert(op.Clone(m1))
		}
	}
	own, shared := w.pairBytes()
	yes := constBool(b, loc, true)
	alone := binary(b, "arith.xori", loc, share, yes)
	split := binary(b, "arith.andi", loc, has1, alone)
	copyTile := func(l *ir.Operation, m *ir.Mapping, buf, bar, pred ir.Value) {
		desc := m.Lookup(l.Operand(0))
		var coords []ir.Value
		for _, c := range l.Operands()[1:] {
			coords = append(coords, m.Lookup(c))
		}
		cp := ttng.NewAsyncTMACopyGlobalToLocal(b, l.Loc(), desc, translateTMAIndices(b, l.Loc(), desc, coords), bar, buf, pred)
		cp.SetAttr(ttng.AttrOneIssuer, ir.Unit(b.Ctx))
		ordered(cp)
	}
	waitEmpty := func(r wsRing, pred ir.Value) {
		parity := binary(b, "arith.xori", loc, r.phase, constI32(b, loc, 1))
		ordered(ttng.NewWaitBarrier(b, loc, bufferView(b, w.empty, r.slot), parity, pred, nil))
	}
	// The first tile's position.
	waitEmpty(cur, nil)
	full0 := bufferView(b, w.full, cur.slot)
	ordered(ttng.NewBarrierExpect(b, loc, full0, 2*own+shared, share))
	ordered(ttng.NewBarrierExpect(b, loc, full0, own+shared, alone))
	copyTile(pr.own, m0, bufferView(b, w.pairBufs[0], cur.slot), full0, yes)
	copyTile(pr.shared, m0, bufferView(b, w.bufs[pr.shared], cur.slot), full0, yes)
	// The second tile's own position, where the pair is split.
	c1 := cur.advance(b, loc, w.numBuffers)
	waitEmpty(c1, split)
	full1 := bufferView(b, w.full, c1.slot)
	ordered(ttng.NewBarrierExpect(b, loc, full1, own+shared, split))
	copyTile(pr.shared, m1, bufferView(b, w.bufs[pr.shared], c1.slot), full1, split)
	slot1 := selectOp(b, loc, share, cur.slot, c1.slot)
	copyTile(pr.own, m1, bufferView(b, w.pairBufs[1], slot1), bufferView(b, w.full, slot1), has1)
	c2 := c1.advance(b, loc, w.numBuffers)
	return wsRing{selectOp(b, loc, split, c2.slot, c1.slot), selectOp(b, loc, split, c2.phase, c1.phase)}
}

// isTilePairsLoop reports whether loop carries the pairs' mark beside the
// turns'.
func isTilePairsLoop(loop *ir.Operation) bool {
	return isTileTurnsLoop(loop) && loop.HasAttr(tt.AttrTilePairs)
}
