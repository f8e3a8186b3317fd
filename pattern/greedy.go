package pattern

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/ttcompiler/tt/ir"
)

// RegionSimplify selects how much CFG cleanup the greedy driver does after
// each round of pattern application.
type RegionSimplify int

const (
	SimplifyNone       RegionSimplify = iota
	SimplifyNormal                    // erase unreachable blocks and dead code
	SimplifyAggressive                // also merge identical blocks and drop redundant block arguments (MLIR's default GreedyRewriteConfig)
)

// Config configures the greedy driver (MLIR's GreedyRewriteConfig).
type Config struct {
	// TopDown visits ops in pre-order (the canonicalizer's default);
	// otherwise post-order.
	TopDown bool
	// MaxIterations caps the number of full rounds (0 = 10); -1 = no limit.
	MaxIterations int
	// MaxRewrites caps the pattern applications per round; 0 picks a cap
	// proportional to the region size, which catches patterns that keep
	// rewriting each other's results forever.
	MaxRewrites int
	// NoFold disables folding through OpDef.Fold.
	NoFold bool
	// NoConstantCSE disables deduplicating and hoisting constants.
	NoConstantCSE bool
	// Simplify selects region simplification.
	Simplify RegionSimplify
	// Listener, if set, is also told about every change.
	Listener Listener
	// Stats, if set, counts rewrites, folds and erasures.
	Stats *Stats
}

// Stats counts what a greedy run did.
type Stats struct {
	Rewrites, Folds, Erased, Iterations int
}

// DefaultConfig is the canonicalizer's configuration.
func DefaultConfig() Config {
	return Config{TopDown: true, MaxIterations: 10, Simplify: SimplifyNormal}
}

// ErrNotConverged reports that the iteration cap was hit.
type ErrNotConverged struct {
	Iterations int
	Op         *ir.Operation
}

func (e *ErrNotConverged) Error() string {
	return fmt.Sprintf("greedy pattern rewrite did not converge after %d iterations on '%s'", e.Iterations, e.Op.Name())
}

// ApplyGreedily applies patterns, folding and dead-code erasure to the ops
// nested in op's regions until nothing changes. It reports whether
// anything changed; a non-nil error means it did not converge.
func ApplyGreedily(op *ir.Operation, set *FrozenSet, cfg Config) (bool, error) {
	changed := false
	for _, r := range op.Regions() {
		d := newDriver(op.Context(), set, cfg, r)
		c, err := d.simplify()
		d.release()
		changed = changed || c
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// driver is one greedy rewrite of a region.
type driver struct {
	ctx    *ir.Context
	set    *FrozenSet
	cfg    Config
	region *ir.Region
	wl     *worklist
	rw     *Rewriter
	folder *constFolder
	// foldOperands is tryFold's reusable list of constant operands.
	foldOperands []ir.Attribute
	// byDef caches set.For by op definition: one lookup keyed by a
	// pointer per op and round instead of hashing the op's name.
	byDef *patternCache
	// The state of each round, kept for the next: the rewrite counts, and
	// region simplification's liveness.
	perOp map[*ir.Operation]int
	live  *liveness
	// settled says that the IR at generation settledGen is a fixed point
	// of folding and dead-op erasure (another run's last round found no
	// op dead or foldable in it): while the IR stays at that generation,
	// processWorklist need not ask again.
	settled    bool
	settledGen uint64
	// noDead says that at generation noDeadGen no op of the region is
	// trivially dead: region simplification, which would erase any such
	// op, is known to change nothing in it (cleanRegions). While the IR
	// stays at that generation, processWorklist need not ask. (A round
	// after one that changed something starts so: the region was
	// simplified at its end.)
	noDead    bool
	noDeadGen uint64
}

// driverState is the storage of a driver's tables, recycled from one
// driver to the next: a compilation runs the greedy driver dozens of times
// (every canonicalization, and patterns applied by other passes), and new
// tables for each run cost more than the rewriting on small regions.
type driverState struct {
	wl     *worklist
	perOp  map[*ir.Operation]int
	live   *liveness
	folder *constFolder
	byDef  *patternCache
}

var driverStates = sync.Pool{New: func() any {
	return &driverState{wl: newWorklist(0), perOp: map[*ir.Operation]int{}, live: newLiveness(), folder: newConstFolder(nil), byDef: &patternCache{}}
}}

func newDriver(ctx *ir.Context, set *FrozenSet, cfg Config, r *ir.Region) *driver {
	st := driverStates.Get().(*driverState)
	d := &driver{ctx: ctx, set: set, cfg: cfg, region: r, wl: st.wl, perOp: st.perOp, live: st.live, folder: st.folder, byDef: st.byDef}
	d.rw = NewRewriter(ctx, d)
	d.folder.rw = d.rw
	return d
}

// release empties the driver's tables, dropping every reference to the
// IR, and recycles them.
func (d *driver) release() {
	d.wl.clear()
	clear(d.wl.list[:cap(d.wl.list)])
	clear(d.perOp)
	d.live.reset()
	d.folder.reset()
	d.folder.forgetScopes()
	d.folder.rw = nil
	clear(d.byDef[:])
	driverStates.Put(&driverState{wl: d.wl, perOp: d.perOp, live: d.live, folder: d.folder, byDef: d.byDef})
	d.wl, d.perOp, d.live, d.folder, d.byDef = nil, nil, nil, nil, nil
}

func (d *driver) simplify() (bool, error) {
	max := d.cfg.MaxIterations
	if max == 0 {
		max = 10
	}
	fixed := fixedPointsOf(d.ctx)
	key := d.cfgKey()
	start := d.ctx.Generation()
	prev, atFixedPoint := fixed.lookup(d.region, start)
	if atFixedPoint && prev.set == d.set && prev.cfg == key && d.cfg.Stats == nil {
		// The IR is exactly as a run of these patterns with this
		// configuration left it after a round that changed nothing: this
		// run's single round would change nothing again.
		return false, nil
	}
	iteration := 0
	again := false
	for {
		iteration++
		if max > 0 && iteration > max {
			break
		}
		d.wl.clear()
		d.folder.reset()
		roundStart := d.ctx.Generation()
		// Constants on a fixed point of a run that deduplicated and
		// hoisted them are as populating leaves them.
		d.populate(iteration == 1 && atFixedPoint && prev.cfg.cseConstants())
		populated := d.ctx.Generation()
		if d.cfg.Simplify != SimplifyNone {
			// Hoisting and deduplicating constants leaves no dead code
			// (a constant replaced by an equal one was used, and its uses
			// now keep the other) and no unreachable blocks.
			cleanRegionsOf(d.ctx).carry(d.region, roundStart, populated)
		}
		// The first round starts settled on the fixed point another run
		// left (no op dead, none foldable) unless populating changed
		// something.
		d.settled = iteration == 1 && atFixedPoint && prev.cfg.folds() && populated == start
		d.settledGen = start
		d.noDead = cleanRegionsOf(d.ctx).clean(d.region, populated)
		d.noDeadGen = populated
		var err error
		again, err = d.processWorklist()
		d.settled = false
		if err != nil {
			return true, err
		}
		if d.cfg.Simplify != SimplifyNone {
			if d.simplifyRegions(populated) {
				again = true
			}
			if d.cfg.Simplify == SimplifyAggressive {
				merged := mergeIdenticalBlocks(d.rw, d.region)
				if dropRedundantArguments(d.rw, d.region) || merged {
					again = true
				}
			}
		}
		if d.cfg.Stats != nil {
			d.cfg.Stats.Iterations++
		}
		if !again {
			// Populating leaves the constants deduplicated and hoisted,
			// where populating again would not move them: when nothing
			// changed after it, the IR it left is a fixed point.
			if d.ctx.Generation() == populated {
				fixed.record(fixedPoint{region: d.region, gen: populated, set: d.set, cfg: key})
			}
			break
		}
	}
	if again {
		return iteration > 1, &ErrNotConverged{Iterations: max, Op: d.region.ParentOp()}
	}
	return iteration > 1, nil
}

// populate seeds the worklist, deduplicating and hoisting constants as it
// meets them (in pre-order for top-down, like MLIR), unless they are known
// to be deduplicated and hoisted already (constantsSettled): then it would
// change nothing (the constant tables serve populating only).
func (d *driver) populate(constantsSettled bool) {
	dedup := !d.cfg.NoConstantCSE && !constantsSettled
	if d.cfg.TopDown {
		d.queuePreOrder(d.region, dedup)
		d.wl.reverse()
	} else {
		d.queuePostOrder(d.region, dedup)
	}
}

// queuePreOrder queues the ops of r and of the regions nested in them in
// pre-order, as ir.Walk visits them (robust against the hoisting of
// constants), without a call through a closure per op: every round visits
// every op of the region. A constant replaced by an equal one is not
// queued.
func (d *driver) queuePreOrder(r *ir.Region, dedup bool) {
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; {
			next := o.Next()
			if !dedup || !d.replacedByKnownConstant(o) {
				d.wl.pushNew(o)
				for _, nr := range o.Regions() {
					d.queuePreOrder(nr, dedup)
				}
			}
			o = next
		}
	}
}

// queuePostOrder is queuePreOrder in post-order: an op after the ops
// nested in it.
func (d *driver) queuePostOrder(r *ir.Region, dedup bool) {
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; {
			next := o.Next()
			for _, nr := range o.Regions() {
				d.queuePostOrder(nr, dedup)
			}
			if !dedup || !d.replacedByKnownConstant(o) {
				d.wl.pushNew(o)
			}
			o = next
		}
	}
}

// replacedByKnownConstant deduplicates and hoists op if it is a constant,
// and reports whether it was replaced by an equal constant met before.
// (It inlines the trait test: most ops are not constants.)
func (d *driver) replacedByKnownConstant(op *ir.Operation) bool {
	return op.Has(ir.ConstantLike) && d.replacedConstant(op)
}

// replacedConstant is replacedByKnownConstant for a ConstantLike op.
func (d *driver) replacedConstant(op *ir.Operation) bool {
	v := ir.ConstantValue(op)
	return v != nil && !d.folder.insertKnownConstant(op, v)
}

// ErrRewriteCycle reports a round that applied more rewrites than its cap:
// patterns that undo each other, or a pattern that reports a change
// without making progress.
type ErrRewriteCycle struct {
	Rewrites int
	Op       *ir.Operation // the op rewritten most often
	Count    int
}

func (e *ErrRewriteCycle) Error() string {
	return fmt.Sprintf("greedy pattern rewrite stopped after %d rewrites in one round: '%s' was rewritten %d times (a rewrite cycle?)", e.Rewrites, e.Op.Name(), e.Count)
}

func (d *driver) processWorklist() (bool, error) {
	changed := false
	rewrites := 0
	limit := d.cfg.MaxRewrites
	if limit <= 0 {
		limit = 1000 + 64*len(d.wl.list)
	}
	perOp := d.perOp
	clear(perOp)
	for !d.wl.empty() {
		if rewrites >= limit {
			if d.cfg.MaxRewrites > 0 {
				break
			}
			worst, n := (*ir.Operation)(nil), 0
			for op, c := range perOp {
				if c > n {
					worst, n = op, c
				}
			}
			return changed, &ErrRewriteCycle{Rewrites: rewrites, Op: worst, Count: n}
		}
		op := d.wl.pop()
		if op == nil {
			break
		}
		if op.Block() == nil && op != d.region.ParentOp() {
			continue
		}
		// On a settled IR no op is dead or foldable (see fixedPoint) until
		// something changes.
		gen := d.ctx.Generation()
		settled := d.settled && gen == d.settledGen
		if !settled && !(d.noDead && gen == d.noDeadGen) && ir.IsTriviallyDead(op) {
			d.rw.EraseOp(op)
			changed = true
			if d.cfg.Stats != nil {
				d.cfg.Stats.Erased++
			}
			continue
		}
		// (Ops without a folder, a third of those tried, skip the call.)
		if !settled && !d.cfg.NoFold && !op.Has(ir.ConstantLike) && op.Def().Fold != nil && d.tryFold(op) {
			changed = true
			if d.cfg.Stats != nil {
				d.cfg.Stats.Folds++
			}
			continue
		}
		pats := d.patternsFor(op)
		if len(pats) == 0 {
			continue
		}
		d.rw.B().SetInsertionPoint(op)
		for _, p := range pats {
			if p.MatchAndRewrite(op, d.rw) {
				changed = true
				rewrites++
				perOp[op]++
				if d.cfg.Stats != nil {
					d.cfg.Stats.Rewrites++
				}
				break
			}
		}
	}
	return changed, nil
}

// patternsFor returns set.For(op.Name()), remembered per op definition
// for the driver's run (the set is immutable and a definition's name does
// not change).
func (d *driver) patternsFor(op *ir.Operation) []ir.RewritePattern {
	def := op.Def()
	e := &d.byDef[patternSlot(def)]
	if e.def != def {
		e.def, e.pats = def, d.set.For(def.Name)
	}
	return e.pats
}

// patternCache holds the patterns of the op definitions a driver met, in
// a direct-mapped table indexed by a hash of the definition's address:
// the driver asks for the patterns of every op it pops, and a map keyed
// by the pointer cost more (hashing, probing) than the rest of the
// lookup. Two definitions that share a slot replace each other, at the
// cost of a lookup in the set.
type patternCache [256]struct {
	def  *ir.OpDef
	pats []ir.RewritePattern
}

// patternSlot returns def's index in a patternCache (Fibonacci hashing of
// its address: the top 8 bits of the product).
func patternSlot(def *ir.OpDef) int {
	return int(uint64(uintptr(unsafe.Pointer(def))) * 0x9e3779b97f4a7c15 >> 56)
}

// tryFold folds op through its OpDef.Fold, materializing constant results
// right before op. It reports whether op was folded or updated in place.
func (d *driver) tryFold(op *ir.Operation) bool {
	results, ok := foldWith(op, &d.foldOperands)
	if !ok {
		return false
	}
	if results == nil {
		d.OpModified(op)
		return true
	}
	b := d.rw.B()
	b.SetInsertionPoint(op)
	vals := make([]ir.Value, len(results))
	var created []*ir.Operation
	for i, r := range results {
		if r.Value != nil {
			vals[i] = r.Value
			continue
		}
		c := materialize(b, op, r.Attr, op.Result(i).Type(), op.Loc())
		if c == nil {
			for _, x := range created {
				d.rw.EraseOp(x)
			}
			return false
		}
		created = append(created, c)
		vals[i] = c.Result(0)
		// The constant takes the folded op's location, and so its name.
		ir.SetNameHint(c.Result(0), ir.NameHint(op.Result(i)))
	}
	d.rw.ReplaceOp(op, vals)
	return true
}

// Fold calls op's folder with its constant operands. It returns (nil, true)
// for an in-place update, the results for a fold, and ok=false otherwise.
func Fold(op *ir.Operation) ([]ir.FoldResult, bool) {
	return foldWith(op, nil)
}

// foldWith is Fold with the constant operands gathered in *scratch, which
// it grows as needed and reuses across calls (the greedy driver tries to
// fold every op of every round; folders read their operands during the
// call and keep none).
func foldWith(op *ir.Operation, scratch *[]ir.Attribute) ([]ir.FoldResult, bool) {
	def := op.Def()
	if def.Fold == nil {
		return nil, false
	}
	var operands []ir.Attribute
	if scratch != nil && cap(*scratch) >= op.NumOperands() {
		operands = (*scratch)[:op.NumOperands()]
	} else {
		operands = make([]ir.Attribute, op.NumOperands())
		if scratch != nil {
			*scratch = operands
		}
	}
	for i := range operands {
		operands[i] = ir.DefiningConstant(op.Operand(i))
	}
	res := def.Fold(op, operands)
	if res == nil {
		return nil, false
	}
	if len(res) == 0 {
		return nil, true
	}
	if len(res) != op.NumResults() {
		return nil, false
	}
	// Returning the op's own results means "updated in place".
	inPlace := true
	for i, r := range res {
		if r.Value != ir.Value(op.Result(i)) {
			inPlace = false
		}
	}
	if inPlace {
		return nil, true
	}
	return res, true
}

// materialize asks the op's dialect to build a constant.
func materialize(b *ir.Builder, op *ir.Operation, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	d := op.Def().Dialect
	if d == nil || d.MaterializeConstant == nil {
		return nil
	}
	return d.MaterializeConstant(b, value, t, loc)
}

// ---- Listener: keep the worklist in sync with IR changes ----

// addToWorklist adds op and its ancestors inside the driven region.
func (d *driver) addToWorklist(op *ir.Operation) {
	// The chain lives on the stack unless the nesting is deeper than
	// usual: every use a rewrite redirects brings its owner here.
	var nesting [8]*ir.Operation
	chain := nesting[:0]
	for o := op; o != nil; {
		chain = append(chain, o)
		r := o.ParentRegion()
		if r == d.region {
			for _, x := range chain {
				d.wl.push(x)
			}
			return
		}
		if r == nil {
			return
		}
		o = r.ParentOp()
	}
}

func (d *driver) OpInserted(op *ir.Operation) {
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpInserted(op)
	}
	d.addToWorklist(op)
}

func (d *driver) OpModified(op *ir.Operation) {
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpModified(op)
	}
	d.addToWorklist(op)
}

func (d *driver) OpErased(op *ir.Operation) {
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpErased(op)
	}
	// Defining ops of operands that become (nearly) unused may now fold
	// or die. (At most one use, checked without counting: a value such as
	// a thread id has hundreds.)
	for i := 0; i < op.NumOperands(); i++ {
		v := op.Operand(i)
		if v == nil || ir.HasUses(v) && !ir.HasOneUse(v) {
			continue
		}
		if def := v.DefiningOp(); def != nil {
			d.addToWorklist(def)
		}
	}
	d.wl.remove(op)
	if d.folder != nil {
		d.folder.notifyRemoval(op)
	}
}

func (d *driver) OpReplaced(op *ir.Operation, vals []ir.Value) {
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpReplaced(op, vals)
	}
}
