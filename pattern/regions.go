package pattern

import (
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// SimplifyRegions erases unreachable blocks and dead code (ops whose
// results are unused, transitively, and dead block arguments of non-entry
// blocks) in r and everything nested in it, like MLIR's "normal" region
// simplification. It reports whether it changed anything.
func SimplifyRegions(rw *Rewriter, r *ir.Region) bool {
	return simplifyRegions(rw, r, newLiveness())
}

// simplifyRegions is SimplifyRegions with the liveness state supplied (the
// greedy driver keeps one for all its rounds).
func simplifyRegions(rw *Rewriter, r *ir.Region, l *liveness) bool {
	changed := eraseUnreachableBlocks(rw, r)
	if runRegionDCE(rw, r, l) {
		changed = true
	}
	return changed
}

// eraseUnreachableBlocks erases the blocks of r and of the regions nested
// in it that their region's entry block does not reach.
func eraseUnreachableBlocks(rw *Rewriter, r *ir.Region) bool {
	return eachRegion(r, func(r *ir.Region) bool {
		if r.NumBlocks() < 2 {
			return false
		}
		reach := map[*ir.Block]bool{}
		var visit func(b *ir.Block)
		visit = func(b *ir.Block) {
			if b == nil || reach[b] {
				return
			}
			reach[b] = true
			for _, s := range b.Successors() {
				visit(s)
			}
		}
		visit(r.Front())
		changed := false
		for _, b := range r.Blocks() {
			if !reach[b] {
				dropDefinedValueUses(b)
				rw.EraseBlock(b)
				changed = true
			}
		}
		return changed
	})
}

// eachRegion calls fn on r and on every region nested in it, outer regions
// first (a region's blocks as fn left them), and reports whether any call
// did.
func eachRegion(r *ir.Region, fn func(*ir.Region) bool) bool {
	changed := fn(r)
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			for _, nr := range o.Regions() {
				if eachRegion(nr, fn) {
					changed = true
				}
			}
		}
	}
	return changed
}

// dropDefinedValueUses detaches every use of values defined in b.
func dropDefinedValueUses(b *ir.Block) {
	drop := func(v ir.Value) {
		for _, u := range ir.Uses(v) {
			u.Set(nil)
		}
	}
	for _, a := range b.Arguments() {
		drop(a)
	}
	for _, op := range b.Ops() {
		ir.WalkDefinedValues(op, drop)
	}
}

// liveness is the state of region DCE. Whether an op is live is kept in
// the op's mark (ir.OpMarks), or, for an op that holds another holder's
// mark, in otherOps; deleteDead drops the marks of the ops it keeps (it
// erases the others). Whether a block argument is live is kept per block,
// in slices indexed by the argument's index. DCE runs after every round of
// every canonicalization and asks about an op at each of its uses: maps
// keyed by op, or by block with the op's order, cost it most of its time.
type liveness struct {
	opMarks  ir.OpMarks
	otherOps map[*ir.Operation]liveState
	args     map[*ir.Block][]liveState
	// last is the block whose arguments were looked up last.
	lastBlock *ir.Block
	last      []liveState
	free      [][]liveState
	// succArgs caches, per branch, the block argument each operand feeds
	// (successorArg): branches of unrolled loops carry hundreds of values.
	succArgs map[*ir.Operation][]*ir.BlockArgument
	// staleOps and staleArgs are the ops and block arguments marked live
	// after a decision of the sweep read them as dead, whose operands
	// (incoming values) are not yet marked live accordingly (see repair).
	staleOps  []*ir.Operation
	staleArgs []*ir.BlockArgument
	// erasedEffects says that deleteDead erased an op with effects other
	// than reads (see settles).
	erasedEffects bool
}

// liveState is the liveness of an op or block argument. Liveness only grows;
// readDead is dead so far, and read as dead by a decision that a later
// change to live would make stale.
type liveState uint8

const (
	dead liveState = iota
	live
	readDead
)

// opState returns op's liveness.
func (l *liveness) opState(op *ir.Operation) liveState {
	if s, ok := l.opMarks.Get(op); ok {
		return liveState(s)
	}
	if len(l.otherOps) == 0 {
		return dead
	}
	return l.otherOps[op]
}

// setOpState records op's liveness.
func (l *liveness) setOpState(op *ir.Operation, s liveState) {
	if !l.opMarks.Set(op, uint32(s)) {
		l.otherOps[op] = s
	}
}

// argsOf returns the liveness of block b's arguments.
func (l *liveness) argsOf(b *ir.Block) []liveState {
	if b == l.lastBlock {
		return l.last
	}
	return l.lookup(b)
}

// lookup is argsOf for a block other than the last (kept apart so that
// argsOf inlines).
func (l *liveness) lookup(b *ir.Block) []liveState {
	s, ok := l.args[b]
	if !ok {
		var buf []liveState
		if n := len(l.free); n > 0 {
			buf, l.free = l.free[n-1], l.free[:n-1]
		}
		s = resize(buf, b.NumArguments())
		l.args[b] = s
	}
	l.lastBlock, l.last = b, s
	return s
}

// resize returns n dead states, in buf's storage when it is large enough.
func resize(buf []liveState, n int) []liveState {
	if cap(buf) < n {
		return make([]liveState, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// liveOp reports whether op is live.
func (l *liveness) liveOp(op *ir.Operation) bool { return l.opState(op) == live }

// readOp is liveOp for a decision that depends on the answer, recording a
// dead answer.
func (l *liveness) readOp(op *ir.Operation) bool {
	s := l.opState(op)
	if s == dead {
		l.setOpState(op, readDead)
	}
	return s == live
}

// setOp marks an op live.
func (l *liveness) setOp(op *ir.Operation) {
	switch l.opState(op) {
	case live:
		return
	case readDead:
		l.staleOps = append(l.staleOps, op)
	}
	l.setOpState(op, live)
}

// read reports whether s is live, recording a dead answer.
func read(s *liveState) bool {
	if *s == dead {
		*s = readDead
	}
	return *s == live
}

// setState marks s live, and reports whether that makes an earlier read
// stale.
func setState(s *liveState) bool {
	stale := *s == readDead
	*s = live
	return stale
}

// set marks a value live. A live result makes its defining op live
// (results are not tracked separately, as in MLIR).
func (l *liveness) set(v ir.Value) {
	switch v := v.(type) {
	case *ir.OpResult:
		l.setOp(v.Owner())
	case *ir.BlockArgument:
		if setState(&l.argsOf(v.Owner())[v.Index()]) {
			l.staleArgs = append(l.staleArgs, v)
		}
	}
}

func (l *liveness) isLive(a *ir.BlockArgument) bool { return l.argsOf(a.Owner())[a.Index()] == live }

// readArg is isLive for a decision that depends on the answer.
func (l *liveness) readArg(a *ir.BlockArgument) bool { return read(&l.argsOf(a.Owner())[a.Index()]) }

// newLiveness returns an empty liveness state.
func newLiveness() *liveness {
	return &liveness{opMarks: ir.NewOpMarks(), otherOps: map[*ir.Operation]liveState{},
		args: map[*ir.Block][]liveState{}, succArgs: map[*ir.Operation][]*ir.BlockArgument{}}
}

// reset empties the liveness tables, keeping their storage. (The ops'
// marks were dropped by the last deleteDead.)
func (l *liveness) reset() {
	for _, s := range l.args {
		l.free = append(l.free, s)
	}
	clear(l.args)
	clear(l.otherOps)
	clear(l.succArgs)
	l.staleOps, l.staleArgs = l.staleOps[:0], l.staleArgs[:0]
	l.lastBlock, l.last = nil, nil
	l.erasedEffects = false
}

// settles reports whether the region that runRegionDCE last cleaned is
// now clean itself: a second run would find everything that survived the
// first live again, for the same reasons, unless an erased op had effects
// other than reads. Such an op (one that allocates and writes its own
// result) kept an enclosing op with RecursiveEffects from being trivially
// dead, which it may be once the op is gone.
func (l *liveness) settles() bool { return !l.erasedEffects }

// runRegionDCE erases the dead code of r, using l (emptied first) for its
// liveness. MLIR's region DCE propagates liveness in sweeps over the
// region until a sweep changes nothing. A sweep decides from the state at
// each step: the only decisions that read liveness and then may mark
// something live are processValue's, and a later sweep can first differ
// from this one only where such a read answered dead and the op or
// argument became live after it (a loop's back edge, in a CFG). One sweep
// and the repair of those decisions (repair) reach the state that sweeping
// again and again would.
func runRegionDCE(rw *Rewriter, r *ir.Region, l *liveness) bool {
	l.reset()
	l.propagateRegion(r)
	l.repair()
	return l.deleteDead(rw, r)
}

// repair marks live what the decisions made stale would have: a decision
// that read an op or argument as dead was processValue's for a value the
// op uses or the argument receives, and a value with a live use is live.
// So the operands of a stale op (but for those a branch forwards to an
// argument that is not live) and the operands live branches forward to a
// stale argument are live; marking them live may make more decisions
// stale, repaired in turn. Every other decision of the sweep holds: it
// read nothing that changed, or found its value live.
func (l *liveness) repair() {
	for len(l.staleOps) > 0 || len(l.staleArgs) > 0 {
		if n := len(l.staleOps); n > 0 {
			op := l.staleOps[n-1]
			l.staleOps = l.staleOps[:n-1]
			var feeds []*ir.BlockArgument
			if op.Has(ir.Terminator) {
				feeds = l.successorArgs(op)
			}
			for i := 0; i < op.NumOperands(); i++ {
				if i < len(feeds) && feeds[i] != nil && !l.isLive(feeds[i]) {
					continue
				}
				l.set(op.Operand(i))
			}
			continue
		}
		a := l.staleArgs[len(l.staleArgs)-1]
		l.staleArgs = l.staleArgs[:len(l.staleArgs)-1]
		for _, p := range a.Owner().Predecessors() {
			br := p.Last()
			if !l.liveOp(br) {
				continue
			}
			for i, arg := range l.successorArgs(br) {
				if arg == a {
					l.set(br.Operand(i))
				}
			}
		}
	}
}

// postOrder lists the blocks reachable from the entry in post-order.
func postOrder(r *ir.Region) []*ir.Block {
	if r.NumBlocks() == 1 {
		return r.Blocks() // the usual region: one block, nothing to order
	}
	var out []*ir.Block
	seen := map[*ir.Block]bool{}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		seen[b] = true
		for _, s := range b.Successors() {
			if s != nil && !seen[s] {
				visit(s)
			}
		}
		out = append(out, b)
	}
	if !r.Empty() {
		visit(r.Front())
	}
	return out
}

func (l *liveness) propagateRegion(r *ir.Region) {
	for _, b := range postOrder(r) {
		for o := b.Last(); o != nil; o = o.Prev() {
			l.propagateOp(o)
		}
		if b.IsEntry() {
			continue
		}
		for i := 0; i < b.NumArguments(); i++ {
			if a := b.Argument(i); !l.isLive(a) {
				l.processValue(a)
			}
		}
	}
}

func (l *liveness) propagateOp(op *ir.Operation) {
	for _, r := range op.Regions() {
		l.propagateRegion(r)
	}
	if op.Has(ir.Terminator) {
		l.setOp(op)
		fn := op.Def().SuccessorOperands
		for i, s := range op.Successors() {
			// Arguments not fed by a known forwarded operand, or fed by
			// operands the branch cannot drop, stay live.
			forwarded := 0
			if ir.CanEditSuccessorOperands(op) {
				forwarded = len(fn(op, i))
			}
			for j := forwarded; j < s.NumArguments(); j++ {
				l.set(s.Argument(j))
			}
		}
		return
	}
	if l.liveOp(op) {
		return
	}
	// A result with a live use makes op live whatever its effects: most
	// ops are used by live ops, and looking at the uses first spares them
	// the effect query. The look records no reads: it marks op live only
	// on a live answer, which no later change makes stale, and leaves
	// every other op to the decisions below, as they were.
	for i := 0; i < op.NumResults(); i++ {
		if l.hasLiveUse(op.Result(i)) {
			l.setOp(op)
			return
		}
	}
	if !ir.WouldBeTriviallyDead(op) {
		l.setOp(op)
		return
	}
	for i := 0; i < op.NumResults(); i++ {
		l.processValue(op.Result(i))
	}
}

// processValue marks v live if one of its uses is live: a use by a live
// op, or a forwarded operand of a branch to a live block argument.
func (l *liveness) processValue(v ir.Value) {
	for u := v.FirstUse(); u != nil; u = u.NextUse() {
		owner := u.Owner()
		if owner.Has(ir.Terminator) {
			if arg := l.successorArg(owner, u.Index()); arg != nil {
				if !l.readArg(arg) {
					continue
				}
			}
		}
		if l.readOp(owner) {
			l.set(v)
			return
		}
	}
}

// hasLiveUse is processValue's question without recording reads (and
// without marking v live).
func (l *liveness) hasLiveUse(v ir.Value) bool {
	for u := v.FirstUse(); u != nil; u = u.NextUse() {
		owner := u.Owner()
		if owner.Has(ir.Terminator) {
			if arg := l.successorArg(owner, u.Index()); arg != nil {
				if !l.isLive(arg) {
					continue
				}
			}
		}
		if l.liveOp(owner) {
			return true
		}
	}
	return false
}

// successorArg returns the block argument that operand idx of a branch
// feeds (the first, over the successors in order), or nil.
func (l *liveness) successorArg(br *ir.Operation, idx int) *ir.BlockArgument {
	feeds := l.successorArgs(br)
	if idx < 0 || idx >= len(feeds) {
		return nil
	}
	return feeds[idx]
}

// successorArgs returns, per operand of a branch, the block argument it
// feeds (the first, over the successors in order), or nil. The branch's
// operands do not change while liveness runs, so the list is built once.
func (l *liveness) successorArgs(br *ir.Operation) []*ir.BlockArgument {
	fn := br.Def().SuccessorOperands
	if fn == nil {
		return nil
	}
	feeds, ok := l.succArgs[br]
	if !ok {
		feeds = make([]*ir.BlockArgument, br.NumOperands())
		for i, s := range br.Successors() {
			for j, k := range fn(br, i) {
				if k >= 0 && k < len(feeds) && feeds[k] == nil && j < s.NumArguments() {
					feeds[k] = s.Argument(j)
				}
			}
		}
		l.succArgs[br] = feeds
	}
	return feeds
}

func (l *liveness) deleteDead(rw *Rewriter, r *ir.Region) bool {
	erased := false
	if r.Empty() {
		return false
	}
	single := r.NumBlocks() == 1
	for _, b := range postOrder(r) {
		if !single {
			if t := b.Last(); t != nil && t.Has(ir.Terminator) && l.eraseDeadSuccessorOperands(rw, t) {
				erased = true
			}
		}
		for o := b.Last(); o != nil; {
			prev := o.Prev()
			if !l.liveOp(o) {
				if !l.erasedEffects && !onlyReads(o) {
					l.erasedEffects = true
				}
				for _, v := range o.Results() {
					for _, u := range ir.Uses(v) {
						u.Set(nil)
					}
				}
				rw.EraseOp(o)
				erased = true
			} else {
				l.opMarks.Clear(o)
				for _, nr := range o.Regions() {
					if l.deleteDead(rw, nr) {
						erased = true
					}
				}
			}
			o = prev
		}
	}
	for _, b := range r.Blocks()[1:] {
		for i := b.NumArguments() - 1; i >= 0; i-- {
			if !l.isLive(b.Argument(i)) {
				b.EraseArgument(i)
				erased = true
			}
		}
	}
	return erased
}

// onlyReads reports whether op's only effects, if any, are reads.
func onlyReads(op *ir.Operation) bool {
	return ir.EachEffect(op, func(e ir.Effect) bool { return e.Kind == ir.Read })
}

// eraseDeadSuccessorOperands drops the operands a branch passes to dead
// block arguments.
func (l *liveness) eraseDeadSuccessorOperands(rw *Rewriter, t *ir.Operation) bool {
	if !ir.CanEditSuccessorOperands(t) {
		return false
	}
	erased := false
	for i, s := range t.Successors() {
		n := min(len(t.Def().SuccessorOperands(t, i)), s.NumArguments())
		var dead []int
		for j := 0; j < n; j++ {
			if !l.isLive(s.Argument(j)) {
				dead = append(dead, j)
			}
		}
		if len(dead) > 0 {
			rw.ModifyInPlace(t, func() { ir.EraseSuccessorOperands(t, i, dead) })
			erased = true
		}
	}
	return erased
}

// simplifyRegions runs region simplification on the driven region, unless
// the region is known to be clean at the IR's generation: simplification
// would change nothing in it. Simplification is a function of the IR alone
// (not of the patterns or the configuration), and the context's generation
// counts every change to its IR, so a region stays clean while the
// generation does not move. Most greedy runs rewrite nothing (the
// canonicalizer after a pass that left nothing to fold, the cleanups of
// the layout passes), and their region simplification would repeat the
// previous run's, on the same IR, with the same answer. A simplification
// that changed the region usually leaves it clean too (liveness.settles),
// so the round after it need not simplify again unless it changes
// something itself.
//
// Where the region's dead code can only be trivially dead (see
// withoutDeadCode), simplification would change nothing unless an op is
// trivially dead, which costs much less to ask of each op than liveness
// does. A round whose worklist changed nothing after populating (the IR
// is still at generation populated) asked every op already (or started
// settled on a fixed point where none is trivially dead), and none was.
func (d *driver) simplifyRegions(populated uint64) bool {
	c := cleanRegionsOf(d.ctx)
	gen := d.ctx.Generation()
	if c.clean(d.region, gen) {
		return false
	}
	if withoutDeadCode(d.region, gen != populated) {
		c.record(d.region, gen)
		return false
	}
	changed := simplifyRegions(d.rw, d.region, d.live)
	if !changed || d.live.settles() {
		c.record(d.region, d.ctx.Generation())
	}
	return changed
}

// withoutDeadCode reports whether region DCE would find nothing in r
// because r's dead code could only be trivially dead, and no op is
// (asked of each op when askOps is set; otherwise the caller knows). The
// first holds when r and the regions nested in it have at most one block
// each (no unreachable blocks, no branches and no block arguments but the
// entry's, which DCE keeps), and the ops of graph regions have no
// results: then liveness flows from uses back to definitions without
// cycles (a use follows its definition, or is nested in an op that
// follows it), and a set of dead ops has one whose results have no use at
// all, a trivially dead op.
func withoutDeadCode(r *ir.Region, askOps bool) bool {
	if r.NumBlocks() > 1 {
		return false
	}
	graph := ir.IsGraphRegion(r)
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			if graph && o.NumResults() > 0 || askOps && ir.IsTriviallyDead(o) {
				return false
			}
			for _, nr := range o.Regions() {
				if !withoutDeadCode(nr, askOps) {
					return false
				}
			}
		}
	}
	return true
}

// cleanRegions remembers the last few regions of a context known to be
// clean (region simplification would change nothing in them), each with
// the IR generation at which it is.
// There are few of them, so the context keeps only so many erased regions
// alive.
type cleanRegions struct {
	mu      sync.Mutex
	entries [4]cleanRegion
	next    int
}

type cleanRegion struct {
	region *ir.Region
	gen    uint64
}

type cleanRegionsKey struct{}

func cleanRegionsOf(ctx *ir.Context) *cleanRegions {
	return ir.Memo(ctx, cleanRegionsKey{}, func() *cleanRegions { return &cleanRegions{} })
}

// clean reports whether r is known to be clean at generation gen.
func (c *cleanRegions) clean(r *ir.Region, gen uint64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		if e.region == r && e.gen == gen {
			return true
		}
	}
	return false
}

// carry notes that r, if it was clean at generation from, is clean at
// generation to (the changes in between left no dead code and no
// unreachable blocks).
func (c *cleanRegions) carry(r *ir.Region, from, to uint64) {
	if from != to && c.clean(r, from) {
		c.record(r, to)
	}
}

// record notes that r is clean at generation gen.
func (c *cleanRegions) record(r *ir.Region, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries {
		if e.region == r {
			c.entries[i].gen = gen
			return
		}
	}
	c.entries[c.next] = cleanRegion{r, gen}
	c.next = (c.next + 1) % len(c.entries)
}
