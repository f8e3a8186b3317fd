package pattern

import (
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// A compilation runs the greedy driver dozens of times, mostly on IR that
// the previous run left at a fixed point: passes between two runs often
// change nothing, and the layout passes run several pattern sets back to
// back. A run's last round, the one that changed nothing (but for
// populating's hoisting of constants, which populating again would not
// repeat), establishes facts that hold for as long as the IR stays the
// same: no op is trivially dead, none folds (the round tried every op),
// no pattern of its set matches, and the constants are deduplicated and
// hoisted. The context's generation counts every change to its IR, so an
// equal reading later means the same IR, and the facts still hold:
//
//   - a run with the same patterns and configuration would repeat that
//     round and change nothing, so it is skipped;
//   - a run with other patterns starts settled: until it changes something,
//     it only tries its patterns, not dead-op erasure or folding (both
//     depend on the IR alone), and it need not deduplicate and hoist
//     constants (that round's populating left them so).

// fixedPoint records a round of the greedy driver that changed nothing
// after populating its worklist.
type fixedPoint struct {
	region *ir.Region
	gen    uint64 // the context's generation after populating
	set    *FrozenSet
	cfg    cfgKey
}

// cfgKey is the part of a Config that decides what a round that changes
// nothing tried (the caps only matter to rounds that rewrite).
type cfgKey struct {
	topDown, noFold, noConstantCSE bool
	simplify                       RegionSimplify
}

func (d *driver) cfgKey() cfgKey {
	return cfgKey{d.cfg.TopDown, d.cfg.NoFold, d.cfg.NoConstantCSE, d.cfg.Simplify}
}

// folds reports whether a round under this configuration tried to fold
// every op.
func (k cfgKey) folds() bool { return !k.noFold }

// cseConstants reports whether a round under this configuration
// deduplicated and hoisted every constant.
func (k cfgKey) cseConstants() bool { return !k.noConstantCSE }

// fixedPoints keeps the last fixed point of a few regions of a context
// (each entry keeps its region's IR alive, so there are few).
type fixedPoints struct {
	mu      sync.Mutex
	entries [4]fixedPoint
	next    int
}

type fixedPointsKey struct{}

func fixedPointsOf(ctx *ir.Context) *fixedPoints {
	return ir.Memo(ctx, fixedPointsKey{}, func() *fixedPoints { return &fixedPoints{} })
}

// lookup returns the fixed point recorded for r at generation gen.
func (f *fixedPoints) lookup(r *ir.Region, gen uint64) (fixedPoint, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, e := range f.entries {
		if e.region == r && e.gen == gen {
			return e, true
		}
	}
	return fixedPoint{}, false
}

// record notes a fixed point, replacing the region's previous one.
func (f *fixedPoints) record(p fixedPoint) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, e := range f.entries {
		if e.region == p.region {
			f.entries[i] = p
			return
		}
	}
	f.entries[f.next] = p
	f.next = (f.next + 1) % len(f.entries)
}
