package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/transforms/ttir"
)

// Two consumer warpgroups taking turns over a persistent kernel's tiles
// (CUTLASS's "ping-pong" Hopper kernel; tt's own, not Triton's). The
// marked loop walks tiles, and each iteration runs a K loop of TMA loads
// into one accumulator, then the tile's epilogue. Instead of cutting a
// tile's rows over two warpgroups (ws_split.go), each consumer warpgroup
// takes every other tile with an accumulator of its own: the default warps
// the iterations lb, lb+2s, ..., a second four-warp partition lb+s,
// lb+3s, .... The producer walks every tile in order, so the ring holds
// the tiles' k-steps one after another, and a consumer skips the other's
// positions: after each of its tiles it moves on by one tile's worth
// (the K loop's trip count times its groups of loads, the same for every
// tile since the K loop's bounds do not depend on the tile).
//
// What it buys: while one warpgroup runs its epilogue (the conversion of
// the accumulator and its stores) the other issues its wgmmas, so the
// tensor cores do not wait for epilogues, which is what a CTA of one
// warpgroup does on each tile.
//
// The main loops take turns on two hardware barriers (gpu.TurnBarrier + c
// is consumer c's; 256 threads, one warpgroup syncs as the other
// arrives): a consumer syncs on its barrier before its K loop (but for
// consumer 0's first tile) and, once its K loop has issued its last wgmma,
// arrives on the other's if the other has a next tile. Besides keeping
// the main loops from sharing the tensor cores, the turns keep the ring's
// parities exact: a consumer waits for a position only once every earlier
// position has been filled, so a slot's full barrier is never more than
// one phase behind what the consumer waits for.
//
// The shape taken (anything else leaves the loop to the other schedules):
// a loop without results or iteration arguments whose body holds exactly
// one loop of the nest, with every load directly in that loop and its
// bounds the same in every iteration; what the consumers read from
// outside the tile loop must be scalars, descriptors, constants or tensors
// they can compute again. Where only wgmmas read the slots, each warp
// hands a slot back after its own wgmma wait (wsBuilder.perWarp), without
// a barrier of the warpgroup in the K loop; the producer's loops run on
// one warp, which issues every copy (wsBuilder.producerOrdered).
type wsTiles struct {
	// inner is the K loop, the one nest loop in the tile loop's body.
	inner *ir.Operation
	// groups is the ring positions one iteration of inner takes.
	groups int
	// bounds are the ops of the tile loop's body that compute inner's
	// bounds (none of them reads the tile), operands first.
	bounds []*ir.Operation
	// captures are the values the second consumer reads from outside
	// the tile loop; remat the ops it computes again (tensors).
	captures []ir.Value
	remat    []*ir.Operation
}

// tileTurnsSlots returns the ring's size for the plan's loads (stages at
// least) in ringBytes, and false when ttir.TileTurnsSlots says the turns would starve
// (tt-tma-loads and tt-specialize-dot-chains already left such kernels
// alone; a loop marked by hand is then left to the software pipeliner).
func tileTurnsSlots(p *wsPlan, stages, ringBytes int) (int, bool) {
	bytes := 0
	for _, l := range p.loads {
		rt := l.Result(0).Type().(*ir.RankedTensorType)
		n := int(product(rt.Dims)) * ir.BitWidth(rt.Elem) / 8
		if p.pairs != nil && l == p.pairs.own {
			n *= 2 // a slot of pairs holds both consumers' own tiles
		}
		bytes += n
	}
	return ttir.TileTurnsSlots(bytes, stages, ringBytes)
}

// planTiles checks the plan's loop for consumers taking turns over its
// tiles and returns what building them needs, or nil.
func planTiles(p *wsPlan) *wsTiles {
	root := p.root
	if root.NumResults() != 0 || len(root.RegionIterArgs()) != 0 {
		return nil
	}
	t := &wsTiles{}
	for op := root.Body().First(); op != nil; op = op.Next() {
		if p.nest[op] {
			if t.inner != nil {
				return nil
			}
			t.inner = op
		}
	}
	if t.inner == nil {
		return nil
	}
	inner := scf.ForOp{Operation: t.inner}
	var ok bool
	if t.bounds, ok = ttir.LoopInvariantSlice(root.Operation, inner.LowerBound(), inner.UpperBound(), inner.Step()); !ok {
		return nil
	}
	var first *ir.Operation
	for _, l := range p.loads {
		if l.ParentOp() != t.inner {
			return nil
		}
		if first == nil || !sameGroup(first, l, p.nest) {
			first = l
			t.groups++
		}
	}

	// What the second consumer reads from outside the tile loop.
	if t.captures, t.remat, ok = outsideReads(root.Operation); !ok {
		return nil
	}
	return t
}

// outsideReads returns what the ops nested in loop read from outside it,
// for a partition that runs them: the values it takes as captures
// (constants among them, which the builders clone instead) and, in the
// function's program order, the pure ops computing tensors that it
// computes again; false where it reads a tensor it cannot compute again.
// The tile loop may sit in a nested block (tt-tma-loads' guard) and read
// tensors made before it.
func outsideReads(loop *ir.Operation) (captures []ir.Value, remat []*ir.Operation, ok bool) {
	seen := map[ir.Value]bool{}
	again := map[*ir.Operation]bool{}
	ok = true
	var visit func(v ir.Value)
	visit = func(v ir.Value) {
		if seen[v] || !ir.IsDefinedOutside(loop, v) {
			return
		}
		seen[v] = true
		if r, isRes := v.(*ir.OpResult); isRes && isRematerializable(r) {
			again[r.Owner()] = true
			for _, o := range r.Owner().Operands() {
				visit(o)
			}
			return
		}
		if _, isT := v.Type().(*ir.RankedTensorType); isT && !isConstantValue(v) {
			ok = false
			return
		}
		captures = append(captures, v)
	}
	ir.WalkOps(loop, func(op *ir.Operation) {
		for _, o := range op.Operands() {
			visit(o)
		}
	})
	if !ok {
		return nil, nil, false
	}
	ir.WalkOps(loop.ParentOfName("tt.func"), func(op *ir.Operation) {
		if again[op] {
			remat = append(remat, op)
		}
	})
	return captures, remat, true
}

// advanceBy returns the ring position n positions on: the slot index
// modulo the ring's size, the phase flipped once for each wrap.
func (r wsRing) advanceBy(b *ir.Builder, loc ir.Location, n ir.Value, numBuffers int) wsRing {
	total := binary(b, "arith.addi", loc, r.slot, n)
	size := constI32(b, loc, numBuffers)
	slot := binary(b, "arith.remsi", loc, total, size)
	wraps := binary(b, "arith.divsi", loc, total, size)
	flip := binary(b, "arith.andi", loc, wraps, constI32(b, loc, 1))
	return wsRing{slot, binary(b, "arith.xori", loc, r.phase, flip)}
}

// perTile computes, at b, the ring positions one tile takes: the K loop's
// trip count (its bounds mapped through m) times its groups of loads.
func (t *wsTiles) perTile(b *ir.Builder, loc ir.Location, m *ir.Mapping) ir.Value {
	for _, op := range t.bounds {
		b.Insert(op.Clone(m))
	}
	f := scf.ForOp{Operation: t.inner}
	lb, ub, step := m.Lookup(f.LowerBound()), m.Lookup(f.UpperBound()), m.Lookup(f.Step())
	// ceil((ub - lb) / step), 0 when the loop does not run, in the K
	// loop's own type (i64 where the kernel's K is).
	it := ub.Type()
	span := binary(b, "arith.subi", loc, ub, lb)
	span = binary(b, "arith.addi", loc, span, binary(b, "arith.subi", loc, step, arith.ConstantInt(b, loc, 1, it)))
	trips := binary(b, "arith.divsi", loc, span, step)
	trips = binary(b, "arith.maxsi", loc, trips, arith.ConstantInt(b, loc, 0, it))
	// Ring positions count in i32. The loops that get here load through
	// TMA behind tt-tma-loads' guard, which bounds K's extent by an i32 (a
	// tensor map's dimensions are), so the trip count fits.
	trips = castInt(b, loc, trips, ir.I32(b.Ctx))
	return binary(b, "arith.muli", loc, trips, constI32(b, loc, t.groups))
}

// tileSchedule is how a consumer's loop over the tiles moves through the
// ring: taking turns with the other consumer (tileTurns) or working on a
// pair of tiles beside it (tilePair, ws_pairs.go).
type tileSchedule interface {
	// beforeMainLoop builds what precedes a tile's K loop (m maps the
	// tile's values) and returns the ring position the K loop starts
	// from, given the tile's.
	beforeMainLoop(b *ir.Builder, loc ir.Location, m *ir.Mapping, cur wsRing) wsRing
	// afterMainLoop builds what follows the issue of the K loop's last
	// wgmma.
	afterMainLoop(b *ir.Builder, loc ir.Location)
	// next returns the ring position of the consumer's next tile, given
	// the one after its K loop.
	next(b *ir.Builder, loc ir.Location, after wsRing) wsRing
}

// tileTurns are the values consumer index's loop over the tiles reads:
// its barriers and the tile loop's bounds, computed before the loop.
type tileTurns struct {
	index, numBuffers    int
	lb, ub, step, iv     ir.Value
	perTile              ir.Value
	mine, other, threads ir.Value
}

// newTileLoop creates consumer index's loop over the tiles (the root's
// bounds mapped through m): from lb + index*step by 2*step; taking turns,
// its ring position starts index tiles on, while the consumers of pairs
// both start from the pair's first position. It maps the induction
// variable.
func (w *wsBuilder) newTileLoop(b *ir.Builder, m *ir.Mapping, ring wsRing, index int) (*ir.Operation, wsRing, tileSchedule) {
	root := w.p.root
	loc := root.Loc()
	lb, ub, step := m.Lookup(root.LowerBound()), m.Lookup(root.UpperBound()), m.Lookup(root.Step())
	perTile := w.p.tiles.perTile(b, loc, m)
	mine := constI32(b, loc, gpu.TurnBarrier+index)
	other := constI32(b, loc, gpu.TurnBarrier+1-index)
	threads := constI32(b, loc, turnThreads)
	var t *tileTurns
	if w.p.pairs == nil {
		t = &tileTurns{index: index, numBuffers: w.numBuffers, lb: lb, ub: ub, step: step, perTile: perTile,
			mine: mine, other: other, threads: threads}
	}
	first := lb
	if index > 0 {
		first = binary(b, "arith.addi", loc, lb, step)
		if t != nil {
			ring = ring.advanceBy(b, loc, perTile, w.numBuffers)
		}
	}
	step2 := binary(b, "arith.muli", loc, step, constI32(b, loc, 2))
	nl := scf.NewForShell(b, loc, first, ub, step2, []ir.Value{ring.slot, ring.phase})
	nb := nl.Region(0).Front()
	m.Map(root.InductionVar(), nb.Argument(0))
	cur := wsRing{nb.Argument(1), nb.Argument(2)}
	if t == nil {
		return nl, cur, &tilePair{w: w, index: index, iv: nb.Argument(0), lb: lb, ub: ub, step: step, base: cur,
			perTile: perTile, mine: mine, other: other, threads: threads}
	}
	t.iv = nb.Argument(0)
	return nl, cur, t
}

// beforeMainLoop builds the consumer's wait for its turn: consumer 0
// goes first on its first tile.
func (t *tileTurns) beforeMainLoop(b *ir.Builder, loc ir.Location, _ *ir.Mapping, cur wsRing) wsRing {
	if t.index == 0 {
		later := cmpi(b, loc, arith.CmpINE, t.iv, t.lb)
		scf.NewIf(b, loc, later, nil, func(ib *ir.Builder) []ir.Value {
			gpu.NewNamedBarrier(ib, loc, t.mine, t.threads, false)
			return nil
		}, nil)
		return cur
	}
	gpu.NewNamedBarrier(b, loc, t.mine, t.threads, false)
	return cur
}

// afterMainLoop hands the turn over once the K loop has issued its last
// wgmma, when the other consumer has a next tile (the iteration after
// this one): every arrival is then matched by a sync.
func (t *tileTurns) afterMainLoop(b *ir.Builder, loc ir.Location) {
	next := binary(b, "arith.addi", loc, t.iv, t.step)
	has := cmpi(b, loc, arith.CmpISLT, next, t.ub)
	scf.NewIf(b, loc, has, nil, func(ib *ir.Builder) []ir.Value {
		gpu.NewNamedBarrier(ib, loc, t.other, t.threads, true)
		return nil
	}, nil)
}

// next moves past the other consumer's tile.
func (t *tileTurns) next(b *ir.Builder, loc ir.Location, after wsRing) wsRing {
	return after.advanceBy(b, loc, t.perTile, t.numBuffers)
}

// tileTurnsRoot reports whether loop is a tile loop whose consumers take
// turns over its iterations.
func (w *wsBuilder) tileTurnsRoot(loop *ir.Operation) bool {
	return w.p.tiles != nil && loop == w.p.root.Operation
}

// isTileTurnsLoop reports whether loop carries the tile-turns mark.
func isTileTurnsLoop(loop *ir.Operation) bool {
	return loop.HasAttr(tt.AttrTileTurns) && loop.HasAttr(tt.AttrAutoWarpSpecialize)
}
