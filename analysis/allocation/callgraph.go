package allocation

import (
	"github.com/ttcompiler/tt/analysis/alias"
	"github.com/ttcompiler/tt/ir"
)

// CallGraph is Triton's CallGraph: the functions of a module, the calls
// between them, and the roots (the functions nobody calls: the kernels).
type CallGraph struct {
	Module *ir.Operation
	// Funcs lists the module's functions in pre-order.
	Funcs []*ir.Operation
	// Roots are the functions no call resolves to, in pre-order.
	Roots []*ir.Operation
	edges map[*ir.Operation][]CallEdge
}

// CallEdge is one call and the function it calls.
type CallEdge struct {
	Call, Callee *ir.Operation
}

// NewCallGraph builds the call graph of module.
func NewCallGraph(module *ir.Operation) *CallGraph {
	g := &CallGraph{Module: module, edges: map[*ir.Operation][]CallEdge{}}
	called := map[*ir.Operation]bool{}
	ir.WalkOps(module, func(op *ir.Operation) {
		if alias.IsFunction(op) {
			g.Funcs = append(g.Funcs, op)
		}
		// The enclosing function is looked up for calls only: it walks
		// the op's ancestors.
		if callee := ResolveCallee(op); callee != nil {
			if caller := enclosingFunc(op); caller != nil {
				g.edges[caller] = append(g.edges[caller], CallEdge{op, callee})
				called[callee] = true
			}
		}
	})
	for _, f := range g.Funcs {
		if !called[f] {
			g.Roots = append(g.Roots, f)
		}
	}
	return g
}

// Calls returns the calls made in fn and their callees, in IR order.
func (g *CallGraph) Calls(fn *ir.Operation) []CallEdge { return g.edges[fn] }

// PostOrder returns the functions reachable from the roots with every
// callee before its callers (each once), or a diagnostic at a call that
// closes a cycle: recursion cannot be given a static shared memory size.
func (g *CallGraph) PostOrder() ([]*ir.Operation, error) {
	var out []*ir.Operation
	done := map[*ir.Operation]bool{}
	onStack := map[*ir.Operation]bool{}
	var visit func(fn *ir.Operation) error
	visit = func(fn *ir.Operation) error {
		onStack[fn] = true
		defer delete(onStack, fn)
		for _, e := range g.edges[fn] {
			if onStack[e.Callee] {
				return ir.OpErrorf(e.Call, "recursive call to @%s: the call graph must be acyclic", ir.SymbolName(e.Callee))
			}
			if done[e.Callee] {
				continue
			}
			if err := visit(e.Callee); err != nil {
				return err
			}
		}
		if !done[fn] {
			done[fn] = true
			out = append(out, fn)
		}
		return nil
	}
	for _, r := range g.Roots {
		if err := visit(r); err != nil {
			return nil, err
		}
	}
	// Functions only reachable through a cycle have no root.
	for _, f := range g.Funcs {
		if !done[f] {
			if err := visit(f); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// isCall reports whether op is a call to a function symbol.
func isCall(op *ir.Operation) bool { return op.Name() == "tt.call" || op.Name() == "func.call" }

// ResolveCallee returns the function a call op calls, or nil.
func ResolveCallee(op *ir.Operation) *ir.Operation {
	if !isCall(op) {
		return nil
	}
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	callee := ir.LookupSymbol(op, ref)
	if callee == nil || !alias.IsFunction(callee) {
		return nil
	}
	return callee
}

func enclosingFunc(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if alias.IsFunction(p) {
			return p
		}
	}
	return nil
}
