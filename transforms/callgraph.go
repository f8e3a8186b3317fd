package transforms

import "github.com/ttcompiler/tt/ir"

// callGraph is MLIR's CallGraph over func.func / tt.func bodies: a node
// per callable with a body, call edges in the order the calls appear, and
// an external root with an edge to every top-level callable.
type callGraph struct {
	nodes    map[*ir.Region]*cgNode
	order    []*cgNode // creation order
	external *cgNode
	symbols  *symbolResolver
}

type cgNode struct {
	region   *ir.Region
	edges    []*cgNode
	edgeSet  map[*cgNode]bool
	children bool // has nested callables
}

func (n *cgNode) op() *ir.Operation { return n.region.ParentOp() }

func (n *cgNode) addEdge(to *cgNode) {
	if n.edgeSet == nil {
		n.edgeSet = map[*cgNode]bool{}
	}
	if !n.edgeSet[to] {
		n.edgeSet[to] = true
		n.edges = append(n.edges, to)
	}
}

func newCallGraph(root *ir.Operation, symbols *symbolResolver) *callGraph {
	g := &callGraph{nodes: map[*ir.Region]*cgNode{}, external: &cgNode{}, symbols: symbols}
	// Two passes, as in MLIR: nodes first, so calls can resolve to
	// callables defined after them.
	g.compute(root, nil, false)
	g.compute(root, nil, true)
	return g
}

func (g *callGraph) compute(op *ir.Operation, parent *cgNode, resolve bool) {
	if isCall(op) {
		if resolve && parent != nil {
			if target := g.resolve(op); target != nil {
				parent.addEdge(target)
			}
		}
		return
	}
	if isCallable(op) {
		r := callableRegion(op)
		if r == nil {
			return
		}
		parent = g.node(r, parent)
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				g.compute(o, parent, resolve)
			}
		}
	}
}

func (g *callGraph) node(r *ir.Region, parent *cgNode) *cgNode {
	if n := g.nodes[r]; n != nil {
		return n
	}
	n := &cgNode{region: r}
	g.nodes[r] = n
	g.order = append(g.order, n)
	if parent != nil {
		parent.children = true
		parent.addEdge(n)
	} else {
		g.external.addEdge(n)
	}
	return n
}

// resolve returns the node of the callable a call targets, or nil when
// it is not a known callable with a body (MLIR's external node).
func (g *callGraph) resolve(call *ir.Operation) *cgNode {
	ref := calleeRef(call)
	if ref == nil {
		return nil
	}
	callee := g.symbols.lookup(call, ref)
	if callee == nil || !isCallable(callee) {
		return nil
	}
	r := callableRegion(callee)
	if r == nil {
		return nil
	}
	return g.nodes[r]
}

// sccs returns the strongly connected components reachable from the
// external root, callees before callers (the order of LLVM's
// scc_iterator), without the root's own component.
func (g *callGraph) sccs() [][]*cgNode {
	index := map[*cgNode]int{}
	low := map[*cgNode]int{}
	onStack := map[*cgNode]bool{}
	var stack []*cgNode
	var out [][]*cgNode
	next := 0
	var visit func(n *cgNode)
	visit = func(n *cgNode) {
		index[n], low[n] = next, next
		next++
		stack = append(stack, n)
		onStack[n] = true
		for _, m := range n.edges {
			if _, seen := index[m]; !seen {
				visit(m)
				low[n] = min(low[n], low[m])
			} else if onStack[m] {
				low[n] = min(low[n], index[m])
			}
		}
		if low[n] == index[n] {
			var scc []*cgNode
			for {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[top] = false
				scc = append(scc, top)
				if top == n {
					break
				}
			}
			if n != g.external {
				out = append(out, scc)
			}
		}
	}
	visit(g.external)
	return out
}

// selfRecursive reports whether n calls itself directly.
func (n *cgNode) selfRecursive() bool { return n.edgeSet[n] }

// symbolResolver looks symbols up through cached symbol tables.
type symbolResolver struct {
	tables map[*ir.Operation]*ir.SymbolTableOf
}

func newSymbolResolver() *symbolResolver {
	return &symbolResolver{tables: map[*ir.Operation]*ir.SymbolTableOf{}}
}

func (s *symbolResolver) table(op *ir.Operation) *ir.SymbolTableOf {
	t := s.tables[op]
	if t == nil {
		t = ir.NewSymbolTable(op)
		s.tables[op] = t
	}
	return t
}

// lookupIn resolves ref in the symbol table op (MLIR's lookupSymbolIn).
func (s *symbolResolver) lookupIn(table *ir.Operation, ref *ir.SymbolRefAttr) *ir.Operation {
	cur := s.table(table).Lookup(ref.Root)
	for _, name := range ref.Nested {
		if cur == nil || !cur.Has(ir.SymbolTable) {
			return nil
		}
		cur = s.table(cur).Lookup(name)
	}
	return cur
}

// lookup resolves ref in the symbol table nearest to from (MLIR's
// lookupNearestSymbolFrom).
func (s *symbolResolver) lookup(from *ir.Operation, ref *ir.SymbolRefAttr) *ir.Operation {
	if t := ir.NearestSymbolTable(from); t != nil {
		return s.lookupIn(t, ref)
	}
	return nil
}

// forget drops the cached tables (after symbols were erased).
func (s *symbolResolver) forget() { s.tables = map[*ir.Operation]*ir.SymbolTableOf{} }
