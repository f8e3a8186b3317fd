package ttgir

import "github.com/ttcompiler/tt/ir"

// sliceComponents answers questions about the connected slice
// (connectedSlice) of every op under a root at once.
//
// The connected slice of op is the set of ops reachable from op along
// sliceSteps. Ops of one strongly connected component of that graph reach
// the same ops, and a component reaches its own ops and whatever the
// components it steps to reach. Tarjan's algorithm finds the components
// in an order where every component comes after all those it reaches, so
// a fold over each op's slice (the widest vector among the memory ops of
// the slice, for coalesce) is one pass over the graph. Taking each
// memory op's slice in turn was quadratic where one slice holds them all:
// a loop unrolled 1024 times spent 35 s in tritongpu-coalesce.
type sliceComponents struct {
	node map[*ir.Operation]int32 // op -> its index in ops
	ops  []*ir.Operation
	comp []int32 // node -> its component
	// The components in Tarjan's order: component c's nodes are
	// members[memberStart[c]:memberStart[c+1]], and the other components
	// it steps to succs[succStart[c]:succStart[c+1]] (flat, as most
	// components are single ops).
	members, memberStart []int32
	succs, succStart     []int32
}

// newSliceComponents builds the components of the ops nested in root
// (root included) under connectedSlice's steps. Its answers are
// connectedSlice's for a root no step leaves (a module).
func newSliceComponents(root *ir.Operation) *sliceComponents {
	s := &sliceComponents{}
	ir.WalkOps(root, func(op *ir.Operation) { s.ops = append(s.ops, op) })
	s.node = make(map[*ir.Operation]int32, len(s.ops))
	for i, op := range s.ops {
		s.node[op] = int32(i)
	}
	// The steps of every node, as node indices. A step to an op outside
	// the root is dropped: callers give the module, which nothing leaves.
	start := make([]int32, len(s.ops)+1)
	var edges []int32
	for i, op := range s.ops {
		start[i] = int32(len(edges))
		sliceSteps(op, sliceOptions{}, func(t *ir.Operation) {
			if j, ok := s.node[t]; ok {
				edges = append(edges, j)
			}
		})
	}
	start[len(s.ops)] = int32(len(edges))
	s.tarjan(start, edges)
	return s
}

// tarjan finds the strongly connected components of the graph whose node
// i steps to edges[start[i]:start[i+1]], without recursion (a chain of
// unrolled loop bodies is as deep as it is long).
func (s *sliceComponents) tarjan(start, edges []int32) {
	n := len(s.ops)
	const unvisited = -1
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = unvisited
	}
	s.comp = make([]int32, n)
	s.members = make([]int32, 0, n)
	s.memberStart = make([]int32, 0, n+1)
	var stack []int32 // Tarjan's stack of open nodes
	type frame struct{ v, next int32 }
	var calls []frame // the depth-first search's own stack
	counter := int32(0)
	for root := range n {
		if index[root] != unvisited {
			continue
		}
		calls = append(calls, frame{int32(root), start[root]})
		index[root], low[root] = counter, counter
		counter++
		stack = append(stack, int32(root))
		onStack[root] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			if f.next < start[v+1] {
				w := edges[f.next]
				f.next++
				switch {
				case index[w] == unvisited:
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{w, start[w]})
				case onStack[w]:
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				parent := calls[len(calls)-1].v
				low[parent] = min(low[parent], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			c := int32(len(s.memberStart))
			s.memberStart = append(s.memberStart, int32(len(s.members)))
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				s.comp[w] = c
				s.members = append(s.members, w)
				if w == v {
					break
				}
			}
		}
	}
	s.memberStart = append(s.memberStart, int32(len(s.members)))
	// Each component's successors: the components its nodes step to,
	// all found before it.
	ncomp := len(s.memberStart) - 1
	seen := make([]int32, ncomp)
	s.succStart = make([]int32, ncomp+1)
	for c := range ncomp {
		s.succStart[c] = int32(len(s.succs))
		for _, v := range s.members[s.memberStart[c]:s.memberStart[c+1]] {
			for _, w := range edges[start[v]:start[v+1]] {
				if d := s.comp[w]; d != int32(c) && seen[d] != int32(c)+1 {
					seen[d] = int32(c) + 1
					s.succs = append(s.succs, d)
				}
			}
		}
	}
	s.succStart[ncomp] = int32(len(s.succs))
}

// maxOverSlices returns, for every component, the largest value of f over
// the ops its connected slice holds, or -1 where f gives none (f reports
// false for ops that do not count).
func (s *sliceComponents) maxOverSlices(f func(*ir.Operation) (int, bool)) []int {
	best := make([]int, len(s.memberStart)-1)
	for c := range best {
		b := -1
		for _, v := range s.members[s.memberStart[c]:s.memberStart[c+1]] {
			if x, ok := f(s.ops[v]); ok {
				b = max(b, x)
			}
		}
		for _, d := range s.succs[s.succStart[c]:s.succStart[c+1]] {
			b = max(b, best[d]) // d < c: done
		}
		best[c] = b
	}
	return best
}

// component returns op's component, or -1 if op is not under the root.
func (s *sliceComponents) component(op *ir.Operation) int {
	if i, ok := s.node[op]; ok {
		return int(s.comp[i])
	}
	return -1
}
