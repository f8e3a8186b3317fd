package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/gpu"
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
//   - split (the pair's tiles of the operand differ): the first tile's
//     K loop and then the second's, one position a k-step each (its own
//     tile in its consumer's part); each consumer has the whole ring for
//     its tile, its four warps arriving twice on each position (for the
//     absent reader too), and the consumers hand the ring over on named
//     barriers as the turns do (tilePair.beforeMainLoop), so that the
//     second consumer's epilogue overlaps the first's next K loop;
//   - single (the CTA's last tile has no partner): one position a k-step,
//     consumer 0's, its warps arriving twice.
// Where a pair shares, both consumers run their K loops at once: the
// epilogues no longer overlap the other consumer's wgmmas, which the
// producer's loads for the next pair overlap instead.

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

// tilePair is a consumer's schedule over the pairs (tileSchedule).
type tilePair struct {
	w     *wsBuilder
	index int
	// iv is the consumer's tile, lb and ub the tile loop's bounds and
	// step the step between a pair's tiles; base is the pair's first
	// ring position; perTile the positions of one tile's K loop.
	iv, lb, ub, step ir.Value
	base             wsRing
	perTile          ir.Value
	// mine, other and threads are the named barriers the consumers of a
	// split pair hand the ring over on; split and positions (what the
	// pair takes of the ring) are set by beforeMainLoop.
	mine, other, threads ir.Value
	split, positions     ir.Value
}

// pairShares builds whether the pair of tiles iv0 and iv0 + step (which
// exists where has1) shares the operand: the leaves of both computed
// again from m (whose tile values are the consumer's own).
func (t *tilePair) pairShares(b *ir.Builder, loc ir.Location, m *ir.Mapping, iv0 ir.Value, has1 ir.Value) ir.Value {
	pr := t.w.p.pairs
	iv := t.w.p.root.InductionVar()
	tiles := [2]*ir.Mapping{m.Copy(), m.Copy()}
	for i, mi := range tiles {
		tile := iv0
		if i == 1 {
			tile = binary(b, "arith.addi", loc, iv0, t.step)
		}
		mi.Map(iv, tile)
		for _, op := range pr.leafOps {
			b.Insert(op.Clone(mi))
		}
	}
	return pr.shares(b, loc, tiles[0], tiles[1], has1)
}

// beforeMainLoop computes whether the pair shares the operand, and from
// it where the consumer's K loop starts: a split pair's tiles take the
// ring one after the other, the second consumer's K positions on, each
// consumer with the whole ring, and the consumers hand it over as the
// turns do (ws_tiles.go): the second consumer waits on its barrier for
// the first to have issued its K loop's last wgmma, and the first waits
// on its own, before the pair after a split one, for the second to have
// done the same. A consumer waits for a position only once every earlier
// position has been filled, so no slot's full barrier is two phases
// behind its wait.
func (t *tilePair) beforeMainLoop(b *ir.Builder, loc ir.Location, m *ir.Mapping, cur wsRing) wsRing {
	first, has1 := t.iv, constBool(b, loc, true)
	if t.index == 0 {
		has1 = cmpi(b, loc, arith.CmpISLT, binary(b, "arith.addi", loc, t.iv, t.step), t.ub)
	} else {
		first = binary(b, "arith.subi", loc, t.iv, t.step)
	}
	share := t.pairShares(b, loc, m, first, has1)
	alone := binary(b, "arith.xori", loc, share, constBool(b, loc, true))
	t.split = binary(b, "arith.andi", loc, has1, alone)
	t.w.pairAlone = alone
	one, two := constI32(b, loc, 1), constI32(b, loc, 2)
	t.positions = binary(b, "arith.muli", loc, t.perTile, selectOp(b, loc, t.split, two, one))
	if t.index == 0 {
		// The pair before, if split: the second consumer's turn first.
		twoSteps := binary(b, "arith.muli", loc, t.step, two)
		prev := binary(b, "arith.subi", loc, t.iv, twoSteps)
		exists := cmpi(b, loc, arith.CmpISGE, prev, t.lb)
		prevShare := t.pairShares(b, loc, m, prev, exists)
		prevSplit := binary(b, "arith.andi", loc, exists, binary(b, "arith.xori", loc, prevShare, constBool(b, loc, true)))
		t.handOver(b, loc, prevSplit, false)
		return cur
	}
	t.handOver(b, loc, t.split, false)
	later := cur.advanceBy(b, loc, t.perTile, t.w.numBuffers)
	return wsRing{selectOp(b, loc, t.split, later.slot, cur.slot), selectOp(b, loc, t.split, later.phase, cur.phase)}
}

// handOver builds, where cond holds, the consumer's wait on its own
// barrier (arrive false) or its arrival on the other's (arrive true).
func (t *tilePair) handOver(b *ir.Builder, loc ir.Location, cond ir.Value, arrive bool) {
	bar := t.mine
	if arrive {
		bar = t.other
	}
	scf.NewIf(b, loc, cond, nil, func(ib *ir.Builder) []ir.Value {
		gpu.NewNamedBarrier(ib, loc, bar, t.threads, arrive)
		return nil
	}, nil)
}

// afterMainLoop hands a split pair's ring over once the K loop has issued
// its last wgmma: the first consumer to the second, the second to the
// first where the first has a next pair.
func (t *tilePair) afterMainLoop(b *ir.Builder, loc ir.Location) {
	if t.index == 0 {
		t.handOver(b, loc, t.split, true)
		return
	}
	next := cmpi(b, loc, arith.CmpISLT, binary(b, "arith.addi", loc, t.iv, t.step), t.ub)
	t.handOver(b, loc, binary(b, "arith.andi", loc, t.split, next), true)
}

// next is the ring position of the next pair: past this one's.
func (t *tilePair) next(b *ir.Builder, loc ir.Location, _ wsRing) wsRing {
	t.w.pairAlone = nil
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

// pairCopy is one TMA copy of a pair's k-step: a load of the K loop, the
// tile's coordinates (m) and its ring.
type pairCopy struct {
	load *ir.Operation
	m    *ir.Mapping
	ring ir.Value
	// pred, when set, guards the copy; multicast has the cluster's CTAs
	// fill the slot together (ws_cluster.go).
	pred      ir.Value
	multicast bool
}

// pairProducerLoop builds the producer's loop over the pairs: for each,
// both tiles' coordinates, whether they share the operand, and the K
// loops' copies: one K loop of three tiles a k-step where the pair
// shares, else the first tile's K loop and, where the second exists, the
// second's, two tiles a k-step (pairProducerK).
func (w *wsBuilder) pairProducerLoop(b *ir.Builder, m *ir.Mapping, ring wsRing) {
	root := w.p.root
	pr := w.p.pairs
	loc := root.Loc()
	s, ub := m.Lookup(root.Step()), m.Lookup(root.UpperBound())
	step2 := binary(b, "arith.muli", loc, s, constI32(b, loc, 2))
	inits := []ir.Value{ring.slot, ring.phase}
	if w.cluster != nil {
		// Whether every pair so far was shared with the other CTA.
		inits = append(inits, constBool(b, loc, true))
	}
	nl := scf.NewForShell(b, loc, m.Lookup(root.LowerBound()), ub, step2, inits)
	nb := nl.Region(0).Front()
	ib := ir.NewBuilder(b.Ctx)
	ib.SetInsertionPointToEnd(nb)
	t0 := nb.Argument(0)
	t1 := binary(ib, "arith.addi", loc, t0, s)
	has1 := cmpi(ib, loc, arith.CmpISLT, t1, ub)
	m0, m1 := m.Copy(), m.Copy()
	m0.Map(root.InductionVar(), t0)
	m1.Map(root.InductionVar(), t1)
	for op := root.Body().First(); op != root.Yield(); op = op.Next() {
		if w.p.producer[op] {
			ib.Insert(op.Clone(m0))
			ib.Insert(op.Clone(m1))
		}
	}
	share := pr.shares(ib, loc, m0, m1, has1)
	alone := binary(ib, "arith.xori", loc, share, constBool(ib, loc, true))
	split := binary(ib, "arith.andi", loc, has1, alone)
	own, shared := w.pairBytes()
	cur := wsRing{nb.Argument(1), nb.Argument(2)}
	sharedRing := w.bufs[pr.shared]
	sharedCopies := []pairCopy{{load: pr.own, m: m0, ring: w.pairBufs[0]}, {load: pr.own, m: m1, ring: w.pairBufs[1]}}
	var coupled ir.Value
	if w.cluster != nil {
		// The shared tile: multicast with the other CTA while the two
		// share, else the CTA's own copy.
		coupled = binary(ib, "arith.andi", loc, nb.Argument(3), binary(ib, "arith.andi", loc, share, w.partnerShares(ib, loc, m, m0, t0, s)))
		apart := binary(ib, "arith.xori", loc, coupled, constBool(ib, loc, true))
		sharedCopies = append(sharedCopies, pairCopy{load: pr.shared, m: m0, ring: sharedRing, pred: apart},
			pairCopy{load: pr.shared, m: m0, ring: sharedRing, pred: coupled, multicast: true})
	} else {
		sharedCopies = append(sharedCopies, pairCopy{load: pr.shared, m: m0, ring: sharedRing})
	}
	cur = w.pairProducerK(ib, m0, m1, share, coupled, cur, 2*own+shared, sharedCopies...)
	cur = w.pairProducerK(ib, m0, m1, alone, nil, cur, own+shared,
		pairCopy{load: pr.own, m: m0, ring: w.pairBufs[0]}, pairCopy{load: pr.shared, m: m0, ring: sharedRing})
	cur = w.pairProducerK(ib, m0, m1, split, nil, cur, own+shared,
		pairCopy{load: pr.own, m: m1, ring: w.pairBufs[1]}, pairCopy{load: pr.shared, m: m1, ring: sharedRing})
	yield := []ir.Value{cur.slot, cur.phase}
	if coupled != nil {
		yield = append(yield, coupled)
	}
	scf.NewYield(ib, root.Yield().Loc(), yield)
	eraseDeadPure(nb)
}

// pairProducerK builds, where cond holds (else it runs no trip), a K loop
// of the producer whose k-steps each take one ring position: the K loop's
// coordinates for the first tile (m0) and the second (m1), a wait for
// the slot (and, where coupled holds, for the other CTA's word that its
// slot is free too: ws_cluster.go), its full barrier expecting bytes,
// and the copies. It returns the ring position after it.
func (w *wsBuilder) pairProducerK(b *ir.Builder, m0, m1 *ir.Mapping, cond, coupled ir.Value, ring wsRing, bytes int, copies ...pairCopy) wsRing {
	fo := scf.ForOp{Operation: w.p.tiles.inner}
	loc := fo.Loc()
	lb := m0.Lookup(fo.LowerBound())
	ub := selectOp(b, loc, cond, m0.Lookup(fo.UpperBound()), lb)
	nl := scf.NewForShell(b, loc, lb, ub, m0.Lookup(fo.Step()), []ir.Value{ring.slot, ring.phase})
	nb := nl.Region(0).Front()
	m0.Map(fo.InductionVar(), nb.Argument(0))
	m1.Map(fo.InductionVar(), nb.Argument(0))
	kb := ir.NewBuilder(b.Ctx)
	kb.SetInsertionPointToEnd(nb)
	for op := fo.Body().First(); op != fo.Yield(); op = op.Next() {
		if w.p.producer[op] {
			kb.Insert(op.Clone(m0))
			kb.Insert(op.Clone(m1))
		}
	}
	cur := wsRing{nb.Argument(1), nb.Argument(2)}
	w.waitEmpty(kb, loc, cur)
	if coupled != nil {
		w.waitPeer(kb, loc, cur, coupled)
	}
	full := bufferView(kb, w.full, cur.slot)
	ordered(ttng.NewBarrierExpect(kb, loc, full, bytes, constBool(kb, loc, true)))
	for _, c := range copies {
		var coords []ir.Value
		for _, x := range c.load.Operands()[1:] {
			coords = append(coords, c.m.Lookup(x))
		}
		cp := w.tmaCopyIf(kb, c.load, c.m.Lookup(c.load.Operand(0)), coords, bufferView(kb, c.ring, cur.slot), full, c.pred)
		if c.multicast {
			cp.SetAttr(ttng.AttrMulticastCluster, ir.Unit(kb.Ctx))
		}
	}
	next := cur.advance(kb, loc, w.numBuffers)
	scf.NewYield(kb, fo.Yield().Loc(), []ir.Value{next.slot, next.phase})
	eraseDeadPure(nb)
	return wsRing{nl.Result(0), nl.Result(1)}
}

// isTilePairsLoop reports whether loop carries the pairs' mark beside the
// turns'.
func isTilePairsLoop(loop *ir.Operation) bool {
	return isTileTurnsLoop(loop) && loop.HasAttr(tt.AttrTilePairs)
}
