package nvptx

import (
	"slices"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Accumulator coalescing. A wgmma reads and writes its accumulator
// registers asynchronously until a wgmma.wait_group retires it; any other
// instruction touching those registers in between is undefined in PTX
// (ptxas serializes every wgmma of the kernel when it can tell). In SSA
// the accumulator is a chain of values — a loop's block argument, the
// wgmma's C operand and D results, the wait's operands and results, the
// value passed back on the loop's edge — and the emitter would give each
// its own registers, joined by movs. This file puts the values of such a
// chain in one set of registers wherever that is correct:
//
//   - a wgmma_wait's result and its operand always hold the same value;
//   - a wgmma's D may take C's registers when C is dead after the wgmma;
//   - a block argument may take the registers of a value passed to it
//     when the two do not interfere.
//
// Two values interfere when one is live at the definition of the other
// and they may hold different values (a wait's result and operand never
// do). Merging is greedy, wait pairs first, then wgmma D/C, then edges;
// a merge happens only if no member of one web interferes with a member
// of the other. What stays apart is copied by the emitter: a block edge
// copies as usual, a wgmma copies C into D then issues its own
// wgmma.fence. A copy that would read registers a wgmma may still be
// writing is an error (see inFlight), never silently emitted.

// accWebs is the result for one function. The candidate values are
// numbered densely (the analysis's ids, kept by the values' slots); the
// webs are kept by id.
type accWebs struct {
	slots *slots
	ids   []int32
	// root is each candidate's web, size each root's number of members.
	root, size []int32
	// regs are the registers a merged web's values share (by root),
	// allocated on first use; owned marks them.
	regs  []*value
	owned regTable[bool]
	// inFlight holds, by slot, the values that may be the result of a
	// wgmma not yet retired: wgmma results, results of waits that leave
	// groups pending, and block arguments receiving either.
	inFlight []bool
}

// web returns the root id of the merged web of the value in slot i (-1:
// none), or -1 when it shares its registers with no other value.
func (w *accWebs) web(i int) int {
	if w == nil || i < 0 {
		return -1
	}
	c := w.ids[i]
	if c < 0 {
		return -1
	}
	if r := w.root[c]; w.size[r] >= 2 {
		return int(r)
	}
	return -1
}

// affinity is a pair of values, by slot, that would rather share
// registers.
type affinity struct{ a, b int32 }

// site is where a value is defined or used: the index of its block in
// the function's blocks (-1: none) and the op's index in the block (-1
// for a block argument).
type site struct {
	block, index int32
}

// webAnalysis holds the liveness of the candidate values. Candidates are
// numbered densely (ids), so that the merge loop, which asks about every
// pair of members of two webs, works on slices and bit sets instead of
// maps keyed by values; the tables use 32-bit numbers, since they hold
// several entries per accumulator register of every wgmma.
//
// Liveness is computed per class: candidates defined at one site and used
// at the same sites are live at the same points. The lanes of a wgmma's
// accumulator, of a wait and of a block's accumulator arguments mostly
// form one class (the 128x128 matmul has 225 classes for 2,688
// candidates), and the merge loop asks about the same pairs of classes
// for each lane.
type webAnalysis struct {
	slots *slots
	ids   []int32 // by slot, -1 for values that are not candidates
	nCand int
	// cands holds what the interference test reads of each candidate,
	// side by side (the merge loop asks it about thousands of pairs).
	cands    []candidate
	classes  []liveClass
	useSites []site
	// blockIdx numbers the blocks; liveIn and liveOut are bit sets over
	// class ids, per block.
	blockIdx        map[*ir.Block]int
	liveIn, liveOut []bitSet
	// overlapKnown and overlapYes cache, by unordered pair of classes
	// (pairIndex), whether values of the two classes are live at the
	// other's definition (overlaps is symmetric): known marks the pairs
	// asked about, yes those that overlap. The lanes of a chain ask
	// about the same pairs. Nil where there are too many classes for a
	// table of pairs.
	overlapKnown, overlapYes bitSet
}

// maxOverlapClasses bounds the classes of the overlap tables (two bit
// sets of 64 KB). Attention at head dim 128, two key blocks an
// iteration, has 692 classes.
const maxOverlapClasses = 1024

// pairIndex numbers the unordered pair of classes a and b: the pairs
// with larger class k come after the k*(k+1)/2 pairs of smaller ones.
func pairIndex(a, b int) int {
	if a > b {
		a, b = b, a
	}
	return b*(b+1)/2 + a
}

// candidate is one candidate value of a webAnalysis.
type candidate struct {
	// number is the value number, the slot of the value it holds: a
	// wait's result is its operand (followed to the end of the chain).
	number int32
	// class is the candidate's liveness class, -1 for a value defined
	// outside the function's top-level blocks (live nowhere there).
	class int32
}

// liveClass is a set of candidates with the same definition and use
// sites.
type liveClass struct {
	def site
	// The uses are useSites[useStart:useEnd].
	useStart, useEnd int32
}

// bitSet is a set of class ids.
type bitSet []uint64

func newBitSet(n int) bitSet    { return make(bitSet, (n+63)/64) }
func (b bitSet) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitSet) add(i int)      { b[i/64] |= 1 << (i % 64) }

// addAll adds the members of o and reports whether b grew.
func (b bitSet) addAll(o bitSet) bool {
	changed := false
	for i, w := range o {
		if b[i]|w != b[i] {
			b[i] |= w
			changed = true
		}
	}
	return changed
}

// idOf returns the candidate id of the value in slot i (-1 for a value
// without a slot, or not a candidate).
func (an *webAnalysis) idOf(i int32) int {
	if i < 0 {
		return -1
	}
	return int(an.ids[i])
}

// buildAccumulatorWebs analyses fn's body, whose values s numbers; nil
// when it has no wgmma.
func buildAccumulatorWebs(fn *ir.Operation, s *slots) *accWebs {
	blocks := fn.Region(0).Blocks()
	var waits, wgmmas []*ir.Operation
	for _, b := range blocks {
		for op := b.First(); op != nil; op = op.Next() {
			switch op.Name() {
			case gpu.WGMMAOp.Name:
				wgmmas = append(wgmmas, op)
			case gpu.WGMMAWaitOp.Name:
				waits = append(waits, op)
			}
		}
	}
	if len(wgmmas) == 0 {
		return nil
	}
	mergeable := func(v ir.Value) bool {
		if a, ok := v.(*ir.BlockArgument); ok {
			return !a.Owner().IsEntry()
		}
		d := v.DefiningOp()
		return d != nil && !d.Has(ir.ConstantLike) && !isAggregate(v.Type())
	}
	slot := func(v ir.Value) int32 { return int32(s.of(v)) }
	// Affinities, in merge order (sized for every wait operand and
	// accumulator).
	nAcc := 0
	for _, op := range wgmmas {
		nAcc += op.NumResults()
	}
	waitPairs, accPairs := make([]affinity, 0, numOperands(waits)), make([]affinity, 0, nAcc)
	var edgePairs []affinity
	for _, op := range waits {
		for i := 0; i < op.NumOperands(); i++ {
			if v := op.Operand(i); mergeable(v) {
				waitPairs = append(waitPairs, affinity{int32(s.result(op, i)), slot(v)})
			}
		}
	}
	for _, op := range wgmmas {
		// C is the operands after A, B and scaleD (by index: C() would
		// build a list of them).
		c := len(gpu.WGMMAView{Operation: op}.A()) + 2
		for i := range op.NumOperands() - c {
			if v := op.Operand(c + i); mergeable(v) {
				accPairs = append(accPairs, affinity{int32(s.result(op, i)), slot(v)})
			}
		}
	}
	an := &webAnalysis{slots: s, ids: make([]int32, s.n)}
	for i := range an.ids {
		an.ids[i] = -1
	}
	for _, ps := range [][]affinity{waitPairs, accPairs} {
		for _, p := range ps {
			an.add(p.a)
			an.add(p.b)
		}
	}
	for _, op := range wgmmas {
		for i := 0; i < op.NumResults(); i++ {
			an.add(int32(s.result(op, i)))
		}
	}
	// Block arguments joined, through edges, to the values above.
	edges := edgeAffinities(blocks, mergeable, s)
	for changed := true; changed; {
		changed = false
		for _, e := range edges {
			if a, b := an.idOf(e.a) >= 0, an.idOf(e.b) >= 0; a != b {
				an.add(e.a)
				an.add(e.b)
				changed = true
			}
		}
	}
	for _, e := range edges {
		if an.idOf(e.a) >= 0 {
			edgePairs = append(edgePairs, e)
		}
	}

	an.analyse(blocks, waits)
	n := an.nCand
	u := newUnion(n)
	for _, ps := range [][]affinity{waitPairs, accPairs, edgePairs} {
		for _, p := range ps {
			u.merge(an, an.idOf(p.a), an.idOf(p.b))
		}
	}
	w := &accWebs{slots: s, ids: an.ids, root: make([]int32, n), size: make([]int32, n), regs: make([]*value, n)}
	for c := range n {
		r := u.find(c)
		w.root[c] = int32(r)
		w.size[r]++
	}
	w.inFlight = inFlightValues(s, wgmmas, waits, edges)
	return w
}

// union is the union-find of the merge, over candidate ids: the root of
// a merged web is the root of its first operand's web. Each web's
// members are a list threaded through next, from its root to tail[root].
type union struct {
	parent, next, tail []int32
}

func newUnion(n int) *union {
	u := &union{parent: make([]int32, n), next: make([]int32, n), tail: make([]int32, n)}
	for i := range u.parent {
		u.parent[i] = int32(i)
		u.next[i] = -1
		u.tail[i] = int32(i)
	}
	return u
}

func (u *union) find(i int) int {
	for int(u.parent[i]) != i {
		u.parent[i] = u.parent[u.parent[i]]
		i = int(u.parent[i])
	}
	return i
}

// merge joins the webs of a and b unless some member of one interferes
// with some member of the other.
func (u *union) merge(an *webAnalysis, a, b int) {
	if a < 0 || b < 0 {
		return // not a candidate (the affinities only pair candidates)
	}
	ra, rb := u.find(a), u.find(b)
	if ra == rb {
		return
	}
	for x := int32(ra); x >= 0; x = u.next[x] {
		cx := an.cands[x]
		for y := int32(rb); y >= 0; y = u.next[y] {
			if an.interfere(cx, an.cands[y]) {
				return
			}
		}
	}
	u.parent[rb] = int32(ra)
	u.next[u.tail[ra]] = int32(rb)
	u.tail[ra] = u.tail[rb]
}

// edgeAffinities pairs each block argument with the values its incoming
// edges pass (by slot, s numbering the function's values).
func edgeAffinities(blocks []*ir.Block, mergeable func(ir.Value) bool, s *slots) []affinity {
	var out []affinity
	for _, b := range blocks {
		t := b.Terminator()
		if t == nil || t.Def().SuccessorOperands == nil {
			continue
		}
		for i := 0; i < t.NumSuccessors(); i++ {
			dest := t.Successor(i)
			idx := t.Def().SuccessorOperands(t, i)
			if len(idx) != dest.NumArguments() {
				continue
			}
			for k, oi := range idx {
				arg, v := dest.Argument(k), t.Operand(oi)
				if mergeable(arg) && mergeable(v) && arg.Type() == v.Type() {
					out = append(out, affinity{int32(s.of(arg)), int32(s.of(v))})
				}
			}
		}
	}
	return out
}

// add makes the value in slot i a candidate (if it is not one yet). A
// value without a slot (none: the function is isolated from above) stays
// out of every web.
func (an *webAnalysis) add(i int32) {
	if i >= 0 && an.ids[i] < 0 {
		an.ids[i] = int32(an.nCand)
		an.nCand++
	}
}

// analyse computes the definitions, uses and block liveness of the
// candidate values. The candidates are found among the values the
// function's blocks define (by slot) and their uses read from their use
// lists: they are a small part of the function's values, and finding
// their uses among every operand of every op cost more than the rest of
// the analysis. A value defined in a nested region is used there only, so
// it has no definition or use here. An op's index in its block is its
// BlockOrder (valid: the emitter never changes the IR).
func (an *webAnalysis) analyse(blocks []*ir.Block, waits []*ir.Operation) {
	an.blockIdx = make(map[*ir.Block]int, len(blocks))
	for bi, b := range blocks {
		an.blockIdx[b] = bi
	}
	an.cands = make([]candidate, an.nCand)
	for c := range an.cands {
		an.cands[c].class = -1
	}
	// The candidates' uses, one class's after the other: room for two
	// per candidate, since an accumulator value is mostly used once (by
	// the next wgmma, wait or edge).
	an.useSites = make([]site, 0, 2*an.nCand)
	// define records candidate c, defined at d, and its uses. The lanes
	// of one op or block are defined one after the other: a candidate
	// joins the class defined last when it has its sites, else starts one.
	// (A value's uses are mostly in one block: the last block looked up
	// is remembered.)
	var lastBlock *ir.Block
	lastIdx, lastOK := 0, false
	define := func(c int, d site, v ir.Value) {
		start := int32(len(an.useSites))
		for u := v.FirstUse(); u != nil; u = u.NextUse() {
			op := u.Owner()
			if b := op.Block(); b != lastBlock {
				lastBlock = b
				lastIdx, lastOK = an.blockIdx[b]
			}
			if lastOK {
				an.useSites = append(an.useSites, site{int32(lastIdx), int32(op.BlockOrder())})
			}
		}
		if k := len(an.classes) - 1; k >= 0 {
			if last := &an.classes[k]; last.def == d && slices.Equal(an.useSites[last.useStart:last.useEnd], an.useSites[start:]) {
				an.useSites = an.useSites[:start]
				an.cands[c].class = int32(k)
				return
			}
		}
		an.cands[c].class = int32(len(an.classes))
		an.classes = append(an.classes, liveClass{def: d, useStart: start, useEnd: int32(len(an.useSites))})
	}
	for bi, b := range blocks {
		args, _ := an.slots.blockArgs(b)
		for k := 0; k < b.NumArguments(); k++ {
			if c := an.ids[args+k]; c >= 0 {
				define(int(c), site{int32(bi), -1}, b.Argument(k))
			}
		}
		for op := b.First(); op != nil; op = op.Next() {
			if op.NumResults() == 0 {
				continue
			}
			base, i := an.slots.result(op, 0), op.BlockOrder()
			for k := 0; k < op.NumResults(); k++ {
				if c := an.ids[base+k]; c >= 0 {
					define(int(c), site{int32(bi), int32(i)}, op.Result(k))
				}
			}
		}
	}
	an.liveness(blocks)
	if n := len(an.classes); n <= maxOverlapClasses {
		an.overlapKnown, an.overlapYes = newBitSet(n*(n+1)/2), newBitSet(n*(n+1)/2)
	}
	// A wait's result holds its operand: holds[r] is the slot of the
	// operand that the wait result in slot r holds, -1 for the values
	// that are not wait results (a table by slot: every candidate is
	// looked up in it).
	holds := make([]int32, an.slots.n)
	for i := range holds {
		holds[i] = -1
	}
	for _, op := range waits {
		for i := 0; i < op.NumOperands(); i++ {
			if r := an.slots.result(op, i); r >= 0 {
				holds[r] = int32(an.slots.of(op.Operand(i)))
			}
		}
	}
	for i, c := range an.ids {
		if c < 0 {
			continue
		}
		v := int32(i)
		for v >= 0 && holds[v] >= 0 {
			v = holds[v]
		}
		an.cands[c].number = v
	}
}

// liveness computes the classes' liveIn and liveOut sets of the blocks.
// A use before the definition in its block (or in a block without it) is
// upward-exposed.
func (an *webAnalysis) liveness(blocks []*ir.Block) {
	n := len(an.classes)
	// The per-block bit sets, carved from one array.
	words := (n + 63) / 64
	sets := make(bitSet, 4*len(blocks)*words)
	next := func() bitSet {
		b := sets[:words:words]
		sets = sets[words:]
		return b
	}
	use, defs := make([]bitSet, len(blocks)), make([]bitSet, len(blocks))
	an.liveIn, an.liveOut = make([]bitSet, len(blocks)), make([]bitSet, len(blocks))
	for bi := range blocks {
		use[bi], defs[bi] = next(), next()
		an.liveIn[bi], an.liveOut[bi] = next(), next()
	}
	for k, cl := range an.classes {
		d := cl.def
		defs[d.block].add(k)
		for _, u := range an.useSites[cl.useStart:cl.useEnd] {
			if d.block != u.block || d.index >= u.index {
				use[u.block].add(k)
			}
		}
	}
	// liveOut = the union of the successors' liveIn, liveIn = use and
	// (liveOut less defs), to a fixed point.
	scratch := newBitSet(n)
	for changed := true; changed; {
		changed = false
		for bi := len(blocks) - 1; bi >= 0; bi-- {
			out := an.liveOut[bi]
			t := blocks[bi].Last()
			for s := 0; t != nil && s < t.NumSuccessors(); s++ {
				if si, ok := an.blockIdx[t.Successor(s)]; ok && out.addAll(an.liveIn[si]) {
					changed = true
				}
			}
			in := an.liveIn[bi]
			if in.addAll(use[bi]) {
				changed = true
			}
			for w := range scratch {
				scratch[w] = out[w] &^ defs[bi][w]
			}
			if in.addAll(scratch) {
				changed = true
			}
		}
	}
}

// liveAfter reports whether the values of class k are live just after
// site p (after the op at p.index, or after the arguments of block
// p.block for index -1; nowhere for block -1).
func (an *webAnalysis) liveAfter(k int, p site) bool {
	cl := &an.classes[k]
	d := cl.def
	pb, ok := int(p.block), p.block >= 0
	if d.block == p.block {
		if d.index > p.index {
			return false
		}
	} else if !ok || !an.liveIn[pb].has(k) {
		return false
	}
	if ok && an.liveOut[pb].has(k) {
		return true
	}
	for _, u := range an.useSites[cl.useStart:cl.useEnd] {
		if u.block == p.block && u.index > p.index {
			return true
		}
	}
	return false
}

// interfere reports whether candidates cu and cv may not share
// registers.
func (an *webAnalysis) interfere(cu, cv candidate) bool {
	if cu.number == cv.number || cu.class < 0 || cv.class < 0 {
		return false // a value defined elsewhere is live nowhere here
	}
	ku, kv := int(cu.class), int(cv.class)
	if an.overlapKnown == nil {
		return an.overlaps(ku, kv)
	}
	i := pairIndex(ku, kv)
	if !an.overlapKnown.has(i) {
		an.overlapKnown.add(i)
		if an.overlaps(ku, kv) {
			an.overlapYes.add(i)
		}
	}
	return an.overlapYes.has(i)
}

// overlaps reports whether the values of class a are live at the
// definition of those of class b or the other way around.
func (an *webAnalysis) overlaps(a, b int) bool {
	return an.liveAfter(a, an.classes[b].def) || an.liveAfter(b, an.classes[a].def)
}

// inFlightValues finds the values that may name registers a wgmma is still
// writing: its results, the results of waits that leave groups pending
// (whose operands are such values), and block arguments receiving them.
// The set is by slot (s numbers the function's values).
func inFlightValues(s *slots, wgmmas, waits []*ir.Operation, edges []affinity) []bool {
	in := make([]bool, s.n)
	has := func(i int) bool { return i >= 0 && in[i] }
	// mark adds slot i and reports whether it was not in yet.
	mark := func(i int) bool {
		if i >= 0 && !in[i] {
			in[i] = true
			return true
		}
		return false
	}
	for _, op := range wgmmas {
		for i := range op.NumResults() {
			mark(s.result(op, i))
		}
	}
	for changed := true; changed; {
		changed = false
		for _, op := range waits {
			if gpu.Pending(op) == 0 {
				continue
			}
			for i := range op.NumOperands() {
				if has(s.of(op.Operand(i))) && mark(s.result(op, i)) {
					changed = true
				}
			}
		}
		for _, e := range edges {
			if has(int(e.b)) && mark(int(e.a)) {
				changed = true
			}
		}
	}
	return in
}

// valueFor returns fresh registers for v, in slot i (-1: none), or the
// registers of its web.
func (f *fn) valueFor(v ir.Value, i int) (*value, error) {
	w := f.webs
	r := w.web(i)
	if r < 0 {
		return f.newValue(v.Type())
	}
	if x := w.regs[r]; x != nil {
		return x, nil
	}
	x, err := f.newValue(v.Type())
	if err != nil {
		return nil, err
	}
	w.regs[r] = x
	for _, l := range x.leaves() {
		w.owned.set(l.reg, true)
	}
	return x, nil
}

// owns reports whether some register of x belongs to a web: a value that
// would alias it must get registers of its own, since a wgmma may
// overwrite the web's registers in place.
func (w *accWebs) owns(x *value) bool {
	if w == nil {
		return false
	}
	for _, l := range x.leaves() {
		if w.owned.get(l.reg) {
			return true
		}
	}
	return false
}

// mayBeInFlight reports whether v may name registers a wgmma is writing.
func (w *accWebs) mayBeInFlight(v ir.Value) bool {
	if w == nil {
		return false
	}
	i := w.slots.of(v)
	return i >= 0 && w.inFlight[i]
}

// numOperands counts the operands of ops (the size of tables keyed by
// them).
func numOperands(ops []*ir.Operation) int {
	n := 0
	for _, op := range ops {
		n += op.NumOperands()
	}
	return n
}
