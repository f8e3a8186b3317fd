package alias

import (
	"github.com/ttcompiler/tt/analysis/deadcode"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// solver computes the alias sets of one analysis root to a fixed point.
// Sets only grow and are bounded by the number of allocations, so
// re-running the transfer functions over the live IR until nothing changes
// terminates; it yields MLIR's least fixed point, as its worklist would.
type solver struct {
	live    *deadcode.Liveness
	index   map[*ir.Operation]int // local_alloc -> allocation index
	sets    map[ir.Value]set
	changed bool
	// referring is the Analysis's list of the values with a non-empty
	// set, which join extends.
	referring *[]ir.Value
}

// join merges s into v's set. Only shared-memory descriptors get a state
// from an empty set: every other value of a function (most of them,
// thousands in a lowered kernel) stays without one instead of taking a
// map entry, which is all the allocation ever learnt from it.
func (s *solver) join(v ir.Value, x set) {
	if len(x) == 0 {
		if !IsSharedMemDesc(v.Type()) {
			return
		}
		// The pessimistic state is the empty set: the value exists but
		// refers to no known buffer.
		if _, ok := s.sets[v]; !ok {
			s.sets[v] = nil
		}
		return
	}
	cur, ok := s.sets[v]
	nw, grew := cur.union(x)
	if grew || !ok {
		s.sets[v] = nw
		if grew {
			s.changed = true
		}
		if len(cur) == 0 && len(nw) > 0 {
			*s.referring = append(*s.referring, v)
		}
	}
}

// joinAll joins the sets of vals into targets, pairwise.
func (s *solver) joinAll(targets, vals []ir.Value) {
	for i := 0; i < len(targets) && i < len(vals); i++ {
		s.join(targets[i], s.sets[vals[i]])
	}
}

// pessimistic gives vals the empty set.
func (s *solver) pessimistic(vals []ir.Value) {
	for _, v := range vals {
		s.join(v, nil)
	}
}

// run iterates the transfer functions over the live blocks of root,
// visiting only the ops and blocks that define a shared-memory
// descriptor: only their transfer functions can change a set (no other
// value ever gets one). They are listed once, in the order a walk of the
// IR visits them.
func (s *solver) run(root *ir.Operation) {
	var active []activeItem
	s.collectActive(root, &active)
	for {
		s.changed = false
		for _, it := range active {
			if it.op != nil {
				s.visitOp(it.op)
			} else {
				s.visitBlockArgs(it.block)
			}
		}
		if !s.changed {
			return
		}
	}
}

// activeItem is an op or a block (the other nil) whose results or
// arguments include a shared-memory descriptor.
type activeItem struct {
	op    *ir.Operation
	block *ir.Block
}

// collectActive lists the active items of the live blocks nested in op,
// each block before its ops and an op before the blocks it holds.
func (s *solver) collectActive(op *ir.Operation, active *[]activeItem) {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			if !s.live.Block(b) {
				continue
			}
			for i := range b.NumArguments() {
				if IsSharedMemDesc(b.Argument(i).Type()) {
					*active = append(*active, activeItem{block: b})
					break
				}
			}
			for o := b.First(); o != nil; o = o.Next() {
				for i := range o.NumResults() {
					if IsSharedMemDesc(o.Result(i).Type()) {
						*active = append(*active, activeItem{op: o})
						break
					}
				}
				if o.NumRegions() > 0 {
					s.collectActive(o, active)
				}
			}
		}
	}
}

// visitBlockArgs computes the arguments of b from what flows into them.
func (s *solver) visitBlockArgs(b *ir.Block) {
	if b.NumArguments() == 0 {
		return
	}
	args := b.Arguments()
	parent := b.ParentOp()
	if !b.IsEntry() {
		for _, pred := range b.Predecessors() {
			if !s.live.Edge(pred, b) {
				continue
			}
			term := pred.Last()
			if term == nil || term.Def().SuccessorOperands == nil {
				s.pessimistic(args)
				continue
			}
			for i, succ := range term.Successors() {
				if succ != b {
					continue
				}
				idx := term.Def().SuccessorOperands(term, i)
				for k, a := range args {
					if k < len(idx) && idx[k] < term.NumOperands() {
						s.join(a, s.sets[term.Operand(idx[k])])
					} else {
						s.join(a, nil)
					}
				}
			}
		}
		return
	}
	if parent == nil {
		s.pessimistic(args)
		return
	}
	switch parent.Name() {
	case "scf.for":
		// The induction variable is an index; the iter_args receive the
		// inits on entry and the yielded values on the back edge.
		s.pessimistic(args[:1])
		s.joinAll(args[1:], parent.Operands()[min(3, parent.NumOperands()):])
		if y := b.Last(); y != nil && y.Name() == "scf.yield" {
			s.joinAll(args[1:], y.Operands())
		}
	case "scf.while":
		if parent.NumRegions() != 2 || parent.Region(0).Empty() {
			s.pessimistic(args)
			return
		}
		if b == parent.Region(0).Front() {
			s.joinAll(args, parent.Operands())
			if s.live.RegionOf(parent, 1) {
				if y := parent.Region(1).Front().Last(); y != nil && y.Name() == "scf.yield" {
					s.joinAll(args, y.Operands())
				}
			}
		} else if c := parent.Region(0).Front().Last(); c != nil && c.Name() == "scf.condition" && c.NumOperands() > 0 {
			s.joinAll(args, c.Operands()[1:])
		} else {
			s.pessimistic(args)
		}
	case "ttg.warp_specialize.partitions":
		// Partitions receive the explicit captures of the warp_specialize.
		if ws := parent.ParentOp(); ws != nil {
			s.joinAll(args, ws.Operands())
		}
		s.pessimistic(args)
	default:
		// Function arguments and the arguments of regions entered in ways
		// the analysis cannot see (reduce combiners, ...).
		s.pessimistic(args)
	}
}

// visitOp computes the results of op.
func (s *solver) visitOp(op *ir.Operation) {
	if op.NumResults() == 0 {
		return
	}
	// Descriptors of other memories (tensor memory) are not tracked.
	if mt, ok := op.Result(0).Type().(*ttg.MemDescType); ok && !IsSharedMemory(mt) {
		return
	}
	res := op.Results()
	switch op.Name() {
	case "ttg.local_alloc":
		s.join(res[0], set{s.index[op]})
		s.pessimistic(res[1:])
	case "scf.for":
		s.joinAll(res, op.Operands()[min(3, op.NumOperands()):])
		if s.live.RegionOf(op, 0) {
			if y := op.Region(0).Front().Last(); y != nil && y.Name() == "scf.yield" {
				s.joinAll(res, y.Operands())
			}
		}
		s.pessimistic(res)
	case "scf.if", "scf.index_switch", "scf.execute_region":
		for i, r := range op.Regions() {
			if !s.live.RegionOf(op, i) {
				continue
			}
			for _, b := range r.Blocks() {
				if y := b.Last(); y != nil && y.Name() == "scf.yield" && s.live.Block(b) {
					s.joinAll(res, y.Operands())
				}
			}
		}
		s.pessimistic(res)
	case "scf.while":
		if s.live.RegionOf(op, 0) {
			if c := op.Region(0).Front().Last(); c != nil && c.Name() == "scf.condition" && c.NumOperands() > 0 {
				s.joinAll(res, c.Operands()[1:])
			}
		}
		s.pessimistic(res)
	case "ttg.warp_specialize":
		if s.live.RegionOf(op, 0) {
			if y := op.Region(0).Front().Last(); y != nil && y.Name() == "ttg.warp_yield" {
				s.joinAll(res, y.Operands())
			}
		}
		s.pessimistic(res)
	default:
		if IsView(op) && op.NumOperands() > 0 {
			s.join(res[0], s.sets[op.Operand(0)])
		}
		s.pessimistic(res)
	}
}
