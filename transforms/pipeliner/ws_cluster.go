package pipeliner

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Pairs of tiles over a cluster of two CTAs (tt's own; experimental:
// nvgpu-warp-specialization's option cluster-pairs=on, or
// TT_X_CLUSTER_PAIRS=on). With Triton's grouped walk, the programs 2c and
// 2c+1 of a persistent kernel with pairs (ws_pairs.go) hold four
// consecutive tiles of one column of C: both CTAs load the same tile of B
// in every k-step. Launched as a cluster of those two CTAs (ttg.
// AttrCTACluster = 2: .reqnctapercluster 2, so the grid's x must be even),
// each CTA's producer issues half of that tile with TMA multicast
// (ttng.AttrMulticastCluster), which lands in both CTAs' slots and
// completes on both CTAs' full barriers: the shared tile crosses L2 once
// for four tiles of C instead of twice. Each CTA's full barrier still
// expects the whole k-step's bytes, so the consumers do not change.
//
// What changes is the producer's wait for a free slot: its multicast
// writes the other CTA's slot too, which is free only once the other
// CTA's consumers released it. So each producer, once its own empty
// barrier says its slot is free, tells the other CTA's producer with an
// arrival on that CTA's peer barrier of the slot (ttng.AttrClusterPeer),
// and waits on its own peer barrier for the other's word before it
// copies. The two producers thus take every shared ring position
// together.
//
// Whether the two CTAs share at a pair is decided in both producers
// alike without talking: each computes the other CTA's walk again from
// the other's program id (its own with the lowest bit flipped), the
// values before the tile loop that depend on it cloned with it, and the
// tiles of the other's pair at the same iteration. The CTAs share while
// every pair so far was a shared pair in both CTAs and the shared
// operand's coordinates agree (the pairs' leaves, equal); from the first
// pair where they do not, neither multicasts again. That keeps the ring
// positions of the shared part in step: the first uncoupled pair may take
// a different number of positions in each CTA, after which no slot is
// filled across CTAs. The K loop's bounds must not depend on the program
// or the tile, so that both CTAs' shared pairs take as many positions.
//
// A cluster barrier at the start of every partition orders each CTA's
// barrier initialization before the other CTA's first multicast or
// arrival. No barrier is needed at the end: every multicast into a CTA
// and every arrival on its peer barriers is waited for by that CTA's own
// consumers or producer before it can finish. A CTA of the cluster that
// has no tiles (the persistent walk's programs past the SM count, or the
// pointer version under the TMA guard) never meets its partner's
// multicast, since its partner sees no pair there; it only has to leave
// the other's start barrier, which exiting does.

// wsCluster is what building pairs over a cluster needs.
type wsCluster struct {
	// partner maps each value from before the tile loop that the
	// partner's walk reads (the loop's bounds and step, the leaves'
	// operands) to the partner CTA's value: a clone computed from its
	// program id, or the value itself where it does not depend on it.
	partner map[ir.Value]ir.Value
	// clones are the values of partner that are clones (to capture).
	clones []ir.Value
	// peer is the ring's peer barriers (in the partition being built:
	// its block argument).
	peer ir.Value
}

// clusterPairs reports whether pairs should span clusters of two CTAs:
// the option cluster-pairs, on or off, which TT_X_CLUSTER_PAIRS
// overrides.
func clusterPairs(option string) (bool, error) {
	switch v := passmgr.Experiment("TT_X_CLUSTER_PAIRS", option); v {
	case "on":
		return true, nil
	case "off", "":
		return false, nil
	default:
		return false, fmt.Errorf("cluster-pairs=%q: want on or off", v)
	}
}

// planCluster checks a pairs plan for pairs over a cluster of two CTAs
// and clones, before the tile loop, what the partner CTA's walk needs;
// nil when the kernel does not qualify (then nothing was cloned).
func planCluster(p *wsPlan) *wsCluster {
	if p.pairs == nil {
		return nil
	}
	root := p.root
	module := ttg.ModuleOf(root.Operation)
	if ttg.NumCTAs(module) != 1 || ttg.CTACluster(module) > 2 {
		return nil
	}
	dep := &programDeps{memo: map[ir.Value]bool{}}
	// The K loop's trip count must be the same in both CTAs and every
	// tile: bounds from before the tile loop, not from the program.
	inner := p.tiles.inner
	for _, v := range inner.Operands()[:3] {
		if !dep.tileInvariant(v, root.Operation) {
			return nil
		}
	}
	// The values from before the loop that the partner's walk reads.
	var need []ir.Value
	seen := map[ir.Value]bool{}
	add := func(v ir.Value) {
		if !seen[v] && ir.IsDefinedOutside(root.Operation, v) {
			seen[v] = true
			need = append(need, v)
		}
	}
	add(root.LowerBound())
	add(root.UpperBound())
	add(root.Step())
	for _, op := range p.pairs.leafOps {
		for _, v := range op.Operands() {
			add(v)
		}
	}
	if dep.program(root.Step()) {
		return nil // the pairs' step must be the same in both CTAs
	}
	// Clone the program-dependent slices with the partner's program id.
	var slice []*ir.Operation
	inSlice := map[*ir.Operation]bool{}
	var collect func(v ir.Value) bool
	collect = func(v ir.Value) bool {
		if !dep.program(v) {
			return true
		}
		r, ok := v.(*ir.OpResult)
		if !ok {
			return false
		}
		op := r.Owner()
		if inSlice[op] {
			return true
		}
		if op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op) || op.Block().FindAncestorOp(root.Operation) == nil {
			return false
		}
		if op.Def() != tt.GetProgramIDDef {
			for _, o := range op.Operands() {
				if !collect(o) {
					return false
				}
			}
		}
		inSlice[op] = true
		slice = append(slice, op)
		return true
	}
	for _, v := range need {
		if !collect(v) {
			return nil
		}
	}
	c := &wsCluster{partner: map[ir.Value]ir.Value{}}
	b := ir.NewBuilder(root.Context())
	b.SetInsertionPoint(root.Operation)
	m := ir.NewMapping()
	loc := root.Loc()
	orderOps(slice)
	for _, op := range slice {
		if op.Def() == tt.GetProgramIDDef && tt.ProgramAxis(op) == 0 {
			// The other CTA of the cluster: x with its lowest bit flipped.
			m.Map(op.Result(0), binary(b, "arith.xori", loc, op.Result(0), constI32(b, loc, 1)))
			continue
		}
		b.Insert(op.Clone(m))
	}
	for _, v := range need {
		if pv := m.Lookup(v); pv != v {
			c.partner[v] = pv
			c.clones = append(c.clones, pv)
		} else {
			c.partner[v] = v
		}
	}
	module.SetAttr(ttg.AttrCTACluster, ir.I32Attr(root.Context(), 2))
	return c
}

// orderOps sorts ops of possibly several nested blocks into an order in
// which each comes after what it uses: by their position in a walk of the
// function.
func orderOps(ops []*ir.Operation) {
	if len(ops) < 2 {
		return
	}
	pos := map[*ir.Operation]int{}
	fn := ops[0].ParentOfName("tt.func")
	i := 0
	ir.WalkOps(fn, func(op *ir.Operation) { pos[op] = i; i++ })
	for a := 1; a < len(ops); a++ {
		for b := a; b > 0 && pos[ops[b]] < pos[ops[b-1]]; b-- {
			ops[b], ops[b-1] = ops[b-1], ops[b]
		}
	}
}

// programDeps answers whether values depend on the program id.
type programDeps struct{ memo map[ir.Value]bool }

// program reports whether v is computed from a tt.get_program_id (or an
// op with regions or effects, which the partner cannot be assumed to
// share).
func (d *programDeps) program(v ir.Value) bool {
	if r, ok := d.memo[v]; ok {
		return r
	}
	d.memo[v] = false
	res, ok := v.(*ir.OpResult)
	if !ok {
		return false // an argument of the function or of a region
	}
	op := res.Owner()
	dep := op.Def() == tt.GetProgramIDDef
	if !dep && op.NumRegions() > 0 {
		dep = true
	}
	for _, o := range op.Operands() {
		if dep {
			break
		}
		dep = d.program(o)
	}
	d.memo[v] = dep
	return dep
}

// tileInvariant reports whether v, read in root's body, has the same
// value in every tile of every program: not computed from root's block
// arguments, an iteration's ops with effects, or the program id.
func (d *programDeps) tileInvariant(v ir.Value, root *ir.Operation) bool {
	if ir.IsDefinedOutside(root, v) {
		return !d.program(v)
	}
	r, ok := v.(*ir.OpResult)
	if !ok || r.Owner().NumRegions() > 0 || !ir.IsMemoryEffectFree(r.Owner()) {
		return false
	}
	for _, o := range r.Owner().Operands() {
		if !d.tileInvariant(o, root) {
			return false
		}
	}
	return true
}

// partnerShares builds, in the producer's pair loop at the pair of tiles
// t0 (m0, m1 mapping the CTA's own tiles), whether the two CTAs share the
// pair's operand tiles: the partner's pair at the same iteration exists,
// shares within its CTA, and its leaves equal the CTA's own.
func (w *wsBuilder) partnerShares(b *ir.Builder, loc ir.Location, m, m0 *ir.Mapping, t0, s ir.Value) ir.Value {
	root := w.p.root
	pr := w.p.pairs
	c := w.cluster
	partnerOf := func(v ir.Value) ir.Value { return m.Lookup(c.partner[v]) }
	// The partner's tile at this iteration: as far past its lower bound
	// as ours is past ours.
	lb, plb := m.Lookup(root.LowerBound()), partnerOf(root.LowerBound())
	pt0 := binary(b, "arith.addi", loc, plb, binary(b, "arith.subi", loc, t0, lb))
	pt1 := binary(b, "arith.addi", loc, pt0, s)
	pub := partnerOf(root.UpperBound())
	has1 := cmpi(b, loc, arith.CmpISLT, pt1, pub)
	tiles := [2]*ir.Mapping{m.Copy(), m.Copy()}
	for i, mi := range tiles {
		for v, pv := range c.partner {
			mi.Map(v, m.Lookup(pv))
		}
		mi.Map(root.InductionVar(), []ir.Value{pt0, pt1}[i])
		for _, op := range pr.leafOps {
			b.Insert(op.Clone(mi))
		}
	}
	share := pr.shares(b, loc, tiles[0], tiles[1], has1)
	for _, l := range pr.leaves {
		share = binary(b, "arith.andi", loc, share, cmpi(b, loc, arith.CmpIEQ, m0.Lookup(l), tiles[0].Lookup(l)))
	}
	return share
}

// waitPeer builds, where coupled holds, the producer's word to the other
// CTA that its slot is free (an arrival on the other's peer barrier of
// the slot) and its wait for the other's word (its own peer barrier,
// whose phase the ring's phase counts as the full barriers' does).
func (w *wsBuilder) waitPeer(b *ir.Builder, loc ir.Location, cur wsRing, coupled ir.Value) {
	peer := bufferView(b, w.cluster.peer, cur.slot)
	a := ttng.NewArriveBarrier(b, loc, peer, 1, coupled)
	a.SetAttr(ttng.AttrClusterPeer, ir.Unit(b.Ctx))
	ordered(a)
	ordered(ttng.NewWaitBarrier(b, loc, peer, cur.phase, coupled, nil))
}

// clusterStart builds a cluster barrier (arrive, then wait) at the start
// of a partition: the barriers both CTAs initialized before the
// warp_specialize are then initialized for the other CTA too.
func clusterStart(b *ir.Builder, loc ir.Location) {
	ttng.NewClusterArrive(b, loc, false)
	ttng.NewClusterWait(b, loc)
}
