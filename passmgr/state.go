package passmgr

import (
	"flag"
	"io"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/ttcompiler/tt/ir"
)

func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// State is what a running pass sees besides the op: the context, cached
// analyses, statistics, and whether it preserved analyses.
type State struct {
	Ctx       *ir.Context
	analyses  *analysisCache
	stats     *Statistics
	preserved bool
	// kept holds the keys of the analyses the pass declared it kept
	// valid (Preserve) while it may have changed other IR.
	kept []any
	cfg  *Config
}

// Emit reports a non-fatal diagnostic (a remark, warning or note) from the
// running pass; tools print it, and --verify-diagnostics checks it. An
// error diagnostic should be returned from the pass instead.
func (s *State) Emit(d *ir.Diagnostic) {
	s.cfg.Emit(d)
}

// PreserveAll declares that the pass did not invalidate any analysis.
func (s *State) PreserveAll() { s.preserved = true }

// Threading reports whether the pass may use goroutines of its own.
func (s *State) Threading() bool { return !s.cfg.DisableThreading }

// Stat returns the counter of the named statistic of the running pass.
func (s *State) Stat(name, desc string) *atomic.Int64 { return s.stats.counter(name, desc) }

// Preserve declares that the pass kept the analyses of type T valid: it
// changed nothing they read (MLIR's markAnalysesPreserved). The others are
// dropped as after any pass that changed the IR.
func Preserve[T any](s *State) { s.kept = append(s.kept, analysisKey[T]()) }

// analysisKey is the cache's key of the analyses of type T.
func analysisKey[T any]() any { return (*T)(nil) }

// GetAnalysis returns the cached analysis of type T for op, computing it
// with compute if absent. Analyses are dropped after every pass that
// changed the IR and did not call PreserveAll (or Preserve for their
// type), for the op it ran on, its ancestors and its descendants.
func GetAnalysis[T any](s *State, op *ir.Operation, compute func(*ir.Operation) T) T {
	if v, ok := CachedAnalysis[T](s, op); ok {
		return v
	}
	v := compute(op)
	SetAnalysis(s, op, v)
	return v
}

// CachedAnalysis returns the cached analysis of type T for op, if there is
// one (MLIR's getCachedAnalysis): for a pass that computes the analysis
// itself when absent, in a way GetAnalysis cannot (one that may fail).
func CachedAnalysis[T any](s *State, op *ir.Operation) (T, bool) {
	v, ok := s.analyses.get(op, analysisKey[T]())
	if !ok {
		var zero T
		return zero, false
	}
	return v.(T), true
}

// SetAnalysis caches v as the analysis of type T for op: the analysis of
// the IR as the running pass leaves it, which the pass computed on the
// way (and Preserve keeps for the passes after it, through the changes
// the pass made).
func SetAnalysis[T any](s *State, op *ir.Operation, v T) {
	s.analyses.put(op, analysisKey[T](), v)
}

// Offered holds analyses computed outside the pass manager for the passes
// of the next run with the configuration that holds it (Config.Offered),
// as the caller's own analysis of the IR between two pipelines: an
// analysis is valid only for the IR it was computed on, so the run takes
// those of ops whose context has not changed since they were offered
// (ir.Context.Generation); its passes then find them cached and keep or
// drop them as their own. The run takes them all, valid or not: an offer
// is for the next run only.
type Offered struct {
	mu     sync.Mutex
	offers []offer
}

type offer struct {
	op     *ir.Operation
	key, v any
	gen    uint64
}

// Offer offers v as op's analysis of type T to the next run of the
// configuration that holds o, for the IR of op's context as it is now.
func Offer[T any](o *Offered, op *ir.Operation, v T) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.offers = append(o.offers, offer{op: op, key: analysisKey[T](), v: v, gen: op.Context().Generation()})
}

// takeInto caches the offered analyses still valid in c (the last offer
// of a key for an op wins) and forgets all offers.
func (o *Offered) takeInto(c *analysisCache) {
	if o == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, x := range o.offers {
		if x.op.Context().Generation() == x.gen {
			c.put(x.op, x.key, x.v)
		}
	}
	o.offers = nil
}

type analysisCache struct {
	mu   sync.Mutex
	byOp map[*ir.Operation]map[any]any
}

func newAnalysisCache() *analysisCache {
	return &analysisCache{byOp: map[*ir.Operation]map[any]any{}}
}

func (c *analysisCache) get(op *ir.Operation, key any) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.byOp[op][key]
	return v, ok
}

func (c *analysisCache) put(op *ir.Operation, key, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.byOp[op]
	if m == nil {
		m = map[any]any{}
		c.byOp[op] = m
	}
	m[key] = v
}

// invalidate drops the analyses of op, its ancestors and its descendants,
// except those under the keys in kept.
func (c *analysisCache) invalidate(op *ir.Operation, kept []any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.byOp) == 0 {
		return
	}
	drop := func(o *ir.Operation) {
		m := c.byOp[o]
		for key := range m {
			if !slices.Contains(kept, key) {
				delete(m, key)
			}
		}
		if len(m) == 0 {
			delete(c.byOp, o)
		}
	}
	for o := op; o != nil; o = o.ParentOp() {
		drop(o)
	}
	for o := range c.byOp {
		if op.IsAncestorOf(o) {
			drop(o)
		}
	}
}

// Statistics are the named counters of one pass instance.
type Statistics struct {
	mu       sync.Mutex
	counters map[string]*stat
}

type stat struct {
	desc string
	n    atomic.Int64
}

func (s *Statistics) counter(name, desc string) *atomic.Int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.counters == nil {
		s.counters = map[string]*stat{}
	}
	c := s.counters[name]
	if c == nil {
		c = &stat{desc: desc}
		s.counters[name] = c
	}
	return &c.n
}

func (s *Statistics) sorted() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	names := make([]string, 0, len(s.counters))
	for n := range s.counters {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
