package transforms

import (
	"flag"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "inline",
		DisplayName: "Inliner",
		Summary:     "Inline function calls",
		// Inlining a multi-block body creates cf.br.
		Dependent: []*ir.Dialect{cf.Dialect},
		Build:     buildInliner,
	})
}

// InlinerOptions are MLIR's Inliner options.
type InlinerOptions struct {
	// DefaultPipeline runs on every callable between inlining rounds
	// ("" disables it); MLIR's default is "canonicalize".
	DefaultPipeline string
	// MaxIterations bounds the simplify-then-inline rounds per SCC.
	MaxIterations int
	// Threshold is the largest callee/caller op-count ratio in percent
	// that is inlined; math.MaxUint32 inlines everything.
	Threshold uint
}

func buildInliner(fs *flag.FlagSet) passmgr.RunFunc {
	o := &InlinerOptions{}
	fs.StringVar(&o.DefaultPipeline, "default-pipeline", "canonicalize", "the optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList")
	fs.IntVar(&o.MaxIterations, "max-iterations", 4, "maximum number of iterations when inlining within an SCC")
	fs.UintVar(&o.Threshold, "inlining-threshold", math.MaxUint32, "if the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it")
	var opPipelines listFlag
	fs.Var(&opPipelines, "op-pipelines", "callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)")
	return func(op *ir.Operation, st *passmgr.State) error {
		if len(opPipelines.items) > 0 {
			return ir.Errorf(op.Loc(), "inline: op-pipelines is not supported; use default-pipeline")
		}
		return Inline(op, *o, st.Threading())
	}
}

// Inline runs MLIR's inliner on the callables nested in op: strongly
// connected components of the call graph are processed callees first;
// each is simplified with the default pipeline and then has its calls
// inlined, for up to MaxIterations rounds; private callees whose last
// call was inlined are erased.
func Inline(op *ir.Operation, o InlinerOptions, parallel bool) error {
	var pm *passmgr.PassManager
	if strings.TrimSpace(o.DefaultPipeline) != "" {
		p, err := passmgr.Parse(passmgr.Default, "any("+o.DefaultPipeline+")")
		if err != nil {
			return ir.Errorf(op.Loc(), "inline: invalid default-pipeline: %v", err)
		}
		pm = p
	}
	symbols := newSymbolResolver()
	in := &inliner{
		opts:     o,
		pipeline: pm,
		parallel: parallel,
		symbols:  symbols,
		graph:    newCallGraph(op, symbols),
		dead:     map[*cgNode]bool{},
	}
	in.uses = newUseCounts(op, in.graph)
	for _, scc := range in.graph.sccs() {
		if err := in.inlineSCC(scc); err != nil {
			return err
		}
	}
	// Erase the callables that were inlined into their last caller.
	for _, n := range in.deadOrder {
		n.op().Erase()
	}
	return nil
}

type inliner struct {
	opts     InlinerOptions
	pipeline *passmgr.PassManager
	parallel bool
	symbols  *symbolResolver
	graph    *callGraph
	uses     *useCounts

	dead      map[*cgNode]bool
	deadOrder []*cgNode
	history   []historyEntry
}

// historyEntry records that calls came into existence by inlining node;
// following parent links gives the chain of inlined callees.
type historyEntry struct {
	node   *cgNode
	parent int // -1 for none
}

// resolvedCall is a call with its source and target nodes.
type resolvedCall struct {
	call           *ir.Operation
	source, target *cgNode
	history        int
}

func (in *inliner) inlineSCC(scc []*cgNode) error {
	for iter := 0; ; {
		if err := in.optimizeSCC(scc); err != nil {
			return err
		}
		if !in.inlineCallsInSCC(scc) {
			return nil
		}
		iter++
		if iter >= in.opts.MaxIterations {
			return nil
		}
	}
}

// optimizeSCC runs the default pipeline on every callable of the SCC that
// has no nested callables and is isolated from above, in parallel when
// allowed.
func (in *inliner) optimizeSCC(scc []*cgNode) error {
	if in.pipeline == nil {
		return nil
	}
	var todo []*ir.Operation
	for _, n := range scc {
		if n.children || !n.op().Has(ir.IsolatedFromAbove) || in.dead[n] {
			continue
		}
		todo = append(todo, n.op())
	}
	cfg := &passmgr.Config{DisableThreading: !in.parallel, IROut: io.Discard}
	if !in.parallel || len(todo) < 2 {
		for _, f := range todo {
			if err := in.pipeline.Run(f, cfg); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, len(todo))
	var wg sync.WaitGroup
	for i, f := range todo {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = in.pipeline.Run(f, cfg)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// inlineCallsInSCC inlines the calls in the SCC's callables (and the calls
// that inlining brings in); it reports whether anything was inlined.
func (in *inliner) inlineCallsInSCC(scc []*cgNode) bool {
	var calls []resolvedCall
	for _, n := range scc {
		if in.isDead(n) {
			continue
		}
		calls = in.collectCalls(calls, n.region.Blocks(), n, false, -1)
	}
	inlinedAny := false
	for i := 0; i < len(calls); i++ {
		c := calls[i]
		if in.dead[c.source] || c.call.Block() == nil {
			continue
		}
		if in.historyIncludes(c.history, c.target) || !in.shouldInline(c) {
			continue
		}
		callee := c.target.op()
		inPlace := in.uses.hasOneUseAndDiscardable(callee)
		histID := len(in.history)
		var newCalls []resolvedCall
		ok := inlineCall(c.call, callee, inPlace, func(blocks []*ir.Block) {
			newCalls = in.collectCalls(nil, blocks, c.source, true, histID)
			if !inPlace {
				in.uses.addUsesIn(blocks)
			}
		})
		if !ok {
			continue
		}
		inlinedAny = true
		in.history = append(in.history, historyEntry{node: c.target, parent: c.history})
		calls = append(calls, newCalls...)
		in.uses.dropCall(c.call)
		c.call.Erase()
		if inPlace {
			in.dead[c.target] = true
			in.deadOrder = append(in.deadOrder, c.target)
		}
	}
	return inlinedAny
}

func (in *inliner) historyIncludes(h int, n *cgNode) bool {
	for h >= 0 {
		if in.history[h].node == n {
			return true
		}
		h = in.history[h].parent
	}
	return false
}

// isDead reports whether a callable can never run again: a discardable
// symbol without uses.
func (in *inliner) isDead(n *cgNode) bool {
	return in.dead[n] || in.uses.deadSymbol(n.op())
}

// collectCalls appends the calls in blocks to calls in MLIR's order: a
// stack of blocks, each scanned top to bottom, nested regions pushed as
// they are met (but not those of nested callables unless traverseNested).
func (in *inliner) collectCalls(calls []resolvedCall, blocks []*ir.Block, source *cgNode, traverseNested bool, history int) []resolvedCall {
	type item struct {
		b    *ir.Block
		node *cgNode
	}
	var stack []item
	for _, b := range blocks {
		stack = append(stack, item{b, source})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for o := it.b.First(); o != nil; o = o.Next() {
			if isCall(o) {
				ref := calleeRef(o)
				if ref == nil || len(ref.Nested) > 0 {
					continue
				}
				if target := in.graph.resolve(o); target != nil {
					calls = append(calls, resolvedCall{call: o, source: it.node, target: target, history: history})
				}
				continue
			}
			for _, r := range o.Regions() {
				nested := in.graph.nodes[r]
				if traverseNested || nested == nil {
					node := it.node
					if nested != nil {
						node = nested
					}
					for _, b := range r.Blocks() {
						stack = append(stack, item{b, node})
					}
				}
			}
		}
	}
	return calls
}

// shouldInline is MLIR's Inliner::shouldInline plus its profitability
// check.
func (in *inliner) shouldInline(c resolvedCall) bool {
	if c.call.Has(ir.Terminator) || c.target.selfRecursive() {
		return false
	}
	callee := c.target.region
	if callee.IsAncestorOf(c.call.ParentRegion()) {
		return false
	}
	if callee.NumBlocks() > 1 {
		// A multi-block body needs a caller region that can hold blocks.
		parent := c.call.ParentOp()
		if parent == nil || (parent.Name() != callee.ParentOp().Name() && parent.Has(ir.SingleBlock)) {
			return false
		}
	}
	return in.profitable(c)
}

func (in *inliner) profitable(c resolvedCall) bool {
	if in.opts.Threshold == math.MaxUint32 {
		return true
	}
	count := func(r *ir.Region) int {
		n := 0
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				ir.WalkOps(o, func(*ir.Operation) { n++ })
			}
		}
		return n
	}
	calleeOps := count(c.target.region)
	if calleeOps == 0 {
		return true
	}
	callerOps := count(c.source.region)
	if callerOps == 0 {
		return false
	}
	return uint(calleeOps*100/callerOps) <= in.opts.Threshold
}

// useCounts is MLIR's CGUseList for discardable callables: how many
// symbol references to each private callable exist.
type useCounts struct {
	graph       *callGraph
	count       map[*ir.Operation]int
	alwaysLive  map[*ir.Operation]bool
	discardable map[*ir.Operation]bool
}

func newUseCounts(root *ir.Operation, g *callGraph) *useCounts {
	u := &useCounts{graph: g, count: map[*ir.Operation]int{}, alwaysLive: map[*ir.Operation]bool{}, discardable: map[*ir.Operation]bool{}}
	for _, n := range g.order {
		if op := n.op(); ir.IsPrivateSymbol(op) && op.Has(ir.Symbol) {
			u.discardable[op] = true
		}
	}
	// References held outside any callable keep their targets alive;
	// references inside callables count as uses.
	var walk func(op *ir.Operation, inCallable bool)
	walk = func(op *ir.Operation, inCallable bool) {
		if isCallable(op) && callableRegion(op) != nil {
			inCallable = true
		} else {
			u.forRefs(op, func(target *ir.Operation) {
				if inCallable {
					u.count[target]++
				} else {
					u.alwaysLive[target] = true
				}
			})
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for o := b.First(); o != nil; o = o.Next() {
					walk(o, inCallable)
				}
			}
		}
	}
	walk(root, false)
	return u
}

// forRefs calls fn for every discardable callable op's attributes refer to.
func (u *useCounts) forRefs(op *ir.Operation, fn func(*ir.Operation)) {
	for _, a := range op.Attrs() {
		forSymbolRefs(a.Value, func(ref *ir.SymbolRefAttr) {
			if target := u.graph.symbols.lookup(op, ref); target != nil && u.discardable[target] {
				fn(target)
			}
		})
	}
}

func (u *useCounts) deadSymbol(op *ir.Operation) bool {
	return u.discardable[op] && !u.alwaysLive[op] && u.count[op] == 0
}

func (u *useCounts) hasOneUseAndDiscardable(op *ir.Operation) bool {
	return u.discardable[op] && !u.alwaysLive[op] && u.count[op] == 1
}

func (u *useCounts) dropCall(call *ir.Operation) {
	u.forRefs(call, func(t *ir.Operation) { u.count[t]-- })
}

// addUsesIn counts the references in cloned blocks.
func (u *useCounts) addUsesIn(blocks []*ir.Block) {
	for _, b := range blocks {
		for o := b.First(); o != nil; o = o.Next() {
			ir.WalkOps(o, func(x *ir.Operation) {
				u.forRefs(x, func(t *ir.Operation) { u.count[t]++ })
			})
		}
	}
}

// forSymbolRefs calls fn for every symbol reference inside attribute a.
func forSymbolRefs(a ir.Attribute, fn func(*ir.SymbolRefAttr)) {
	switch a := a.(type) {
	case *ir.SymbolRefAttr:
		fn(a)
	case *ir.ArrayAttr:
		for _, e := range a.Elems {
			forSymbolRefs(e, fn)
		}
	case *ir.DictionaryAttr:
		for _, e := range a.Entries {
			forSymbolRefs(e.Value, fn)
		}
	}
}
