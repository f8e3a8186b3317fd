package axisinfo

import (
	"github.com/ttcompiler/tt/analysis/deadcode"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
)

// solver computes the Infos of one function to a fixed point, the way
// MLIR's sparse forward data-flow framework runs AxisInfoAnalysis: every
// op and block is visited once in pre-order, then a FIFO worklist revisits
// whatever depends on a lattice value that changed. Lattice values only
// move down (Join), so the iteration terminates.
type solver struct {
	fn      *ir.Operation
	live    *deadcode.Liveness
	lattice infoTable
	extra   []Visitor
	// work holds the items to revisit, each at most once; its marks are
	// the ops' opMarks.
	work     worklist
	maxSteps int
	// operands is visitOp's list of operand Infos, reused from op to op
	// (transfer functions read it and return Infos, never keep it).
	operands []Info
	// unknown holds ones3(rank) at index rank (pessimistic).
	unknown []Info
	// For an op whose first result has place k in the lattice (and its
	// other results the places after it, as addValues gives them):
	// queuedSince[k] records that the op was queued since its last
	// visit. See revisitOp.
	queuedSince []bool
	// transfers caches builtin's transfer functions by op definition.
	transfers transfers
}

func newSolver(fn *ir.Operation, extra []Visitor) *solver {
	results, args, items := countFunction(fn)
	s := &solver{fn: fn, live: deadcode.Analyze(fn), lattice: newInfoTable(results, args), extra: extra,
		work: worklist{marks: ir.NewOpMarks(), items: make([]workItem, 0, items), waiting: map[workItem]bool{}}}
	// Every value has its place from the start: the values the solver
	// learns nothing about are then found without walking the function
	// again.
	s.addValues()
	s.queuedSince = make([]bool, s.lattice.len())
	return s
}

// countFunction counts the results and block arguments nested in fn (the
// size of the lattice and of the result maps, allocated once) and the ops
// and blocks (the most items the queue can hold).
func countFunction(fn *ir.Operation) (results, args, items int) {
	ir.WalkOps(fn, func(op *ir.Operation) {
		results += op.NumResults()
		items++
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				args += b.NumArguments()
				items++
			}
		}
	})
	return results, args, items
}

// run solves the function and returns the Info of every result and block
// argument in it (pessimistic where the analysis learned nothing, e.g. in
// dead code).
func (s *solver) run() infoTable {
	if s.fn.NumRegions() > 0 && !s.fn.Region(0).Empty() {
		for _, a := range s.fn.Region(0).Front().Arguments() {
			s.join(a, s.pessimistic(a))
		}
	}
	s.initialize(s.fn)
	// Each lattice value can only go down a bounded number of times
	// (gcds of powers of two), so this bound is never reached on valid
	// IR; it guards against transfer functions that oscillate.
	s.maxSteps = 64 * (s.lattice.len() + 16)
	for steps := 0; s.work.len() > 0 && steps < s.maxSteps; steps++ {
		it := s.work.pop()
		if it.op != nil {
			s.revisitOp(it.op)
		} else {
			s.visitBlock(it.block)
		}
	}
	// The ops drop the solver's marks (those of the items left waiting
	// when the step bound stopped the iteration too).
	ir.WalkOps(s.fn, s.work.marks.Clear)
	// The lattice becomes the result: every value of the function has
	// an entry, pessimistic where the analysis learned nothing (the
	// lattice holds no values from outside the function).
	out := s.lattice
	out.each(func(v ir.Value, k int32) {
		if out.infos[k].Rank() == 0 {
			out.infos[k] = s.pessimistic(v)
		}
	})
	return out
}

func (s *solver) initialize(op *ir.Operation) {
	s.visitOp(op)
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			s.visitBlock(b)
			for o := b.First(); o != nil; o = o.Next() {
				s.initialize(o)
			}
		}
	}
}

// addValues gives every result and block argument of the function a
// place in the lattice, holding the unknown Info, and marks every op with
// the place of its first result (opMark).
func (s *solver) addValues() {
	t := &s.lattice
	ir.WalkOps(s.fn, func(op *ir.Operation) {
		if op.NumResults() > 0 {
			s.work.marks.Set(op, uint32(placeMark(int32(t.len()))))
			for i := range op.NumResults() {
				t.add(op.Result(i), Info{})
			}
		} else {
			s.work.marks.Set(op, 0)
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for i := range b.NumArguments() {
					t.add(b.Argument(i), Info{})
				}
			}
		}
	})
}

// place returns v's place in the lattice and whether it has one.
func (s *solver) place(v ir.Value) (int32, bool) {
	if r, ok := v.(*ir.OpResult); ok {
		if m, ok := s.work.mark(r.Owner()); ok {
			return m.place() + int32(r.Index()), true
		}
	}
	return s.lattice.index(v)
}

// firstResult returns the place of op's first result in the lattice, if
// op has results.
func (s *solver) firstResult(op *ir.Operation) (int32, bool) {
	if op.NumResults() == 0 {
		return 0, false
	}
	if m, ok := s.work.mark(op); ok {
		return m.place(), true
	}
	return s.lattice.index(op.Result(0))
}

func (s *solver) enqueue(it workItem) {
	if it.op != nil {
		if k, ok := s.firstResult(it.op); ok {
			s.queuedSince[k] = true
		}
	}
	s.work.push(it)
}

// join merges i into v's lattice value and schedules v's dependents when
// it changed.
func (s *solver) join(v ir.Value, i Info) {
	if i.Rank() == 0 {
		return
	}
	k, had := s.place(v)
	if !had {
		// A value from outside the function (never in valid IR).
		if k = s.lattice.add(v, Info{}); k < 0 {
			return
		}
	}
	old := s.lattice.infos[k]
	if old.Rank() == 0 {
		// Join(Info{}, i) is i.
		s.lattice.infos[k] = i
		s.notify(v)
		return
	}
	if joinKeeps(old, i) {
		return
	}
	nw := Join(old, i)
	if nw.Equal(old) {
		return
	}
	s.lattice.infos[k] = nw
	s.notify(v)
}

// notify schedules everything that reads v's lattice value.
func (s *solver) notify(v ir.Value) {
	for u := v.FirstUse(); u != nil; u = u.NextUse() {
		user := u.Owner()
		s.enqueue(workItem{op: user})
		switch user.Name() {
		case "scf.for", "scf.while":
			// Inits (and bounds) feed the entry block arguments.
			if user.NumRegions() > 0 && !user.Region(0).Empty() {
				s.enqueue(workItem{block: user.Region(0).Front()})
			}
		case "ttg.warp_specialize":
			// Captures feed the partition arguments.
			if user.NumRegions() > 1 && !user.Region(1).Empty() {
				if parts := user.Region(1).Front().First(); parts != nil {
					for _, r := range parts.Regions() {
						if !r.Empty() {
							s.enqueue(workItem{block: r.Front()})
						}
					}
				}
			}
		case "ttg.warp_yield":
			if parent := user.ParentOp(); parent != nil {
				s.enqueue(workItem{op: parent})
			}
		case "scf.yield":
			parent := user.ParentOp()
			if parent == nil {
				continue
			}
			s.enqueue(workItem{op: parent})
			switch parent.Name() {
			case "scf.for":
				s.enqueue(workItem{block: parent.Region(0).Front()})
			case "scf.while":
				s.enqueue(workItem{block: parent.Region(0).Front()})
			}
		case "scf.condition":
			if parent := user.ParentOp(); parent != nil {
				s.enqueue(workItem{op: parent})
				if parent.NumRegions() > 1 && !parent.Region(1).Empty() {
					s.enqueue(workItem{block: parent.Region(1).Front()})
				}
			}
		default:
			for _, succ := range user.Successors() {
				s.enqueue(workItem{block: succ})
			}
		}
	}
}

// info returns v's lattice value (rank 0 when not yet known).
func (s *solver) info(v ir.Value) Info {
	if k, ok := s.place(v); ok {
		return s.lattice.infos[k]
	}
	return Info{}
}

func (s *solver) setEntryStates(vals []ir.Value) {
	for _, v := range vals {
		s.join(v, s.pessimistic(v))
	}
}

// pessimistic is Pessimistic(v). A value without hints gets the solver's
// one Info of its rank that knows nothing (Infos are never changed in
// place, so values may share one): ops without a transfer function, and
// values the solver revisits, ask again and again.
func (s *solver) pessimistic(v ir.Value) Info {
	rank := rankOf(v.Type())
	for len(s.unknown) <= rank {
		s.unknown = append(s.unknown, ones3(len(s.unknown)))
	}
	return withValueHints(s.unknown[rank], v)
}

// revisitOp is visitOp for an op taken from the queue. Most ops wait there
// since before their first visit, which the pre-order initialization
// makes after queuing them: when nothing was queued for the op since its
// last visit, its operands' lattice values are the ones that visit read,
// and the transfer functions depend on nothing else that changes, so
// visiting again would join the same Infos into its results: revisitOp
// joins them without recomputing them. (Region branch ops read their
// regions' terminators too, and are always visited.)
//
// Those Infos are the results' lattice values: an op waiting in the queue
// is not taken from it to be visited, so a visit since it was queued is
// the initialization's, its first, and only an op's own visits join into
// its results; the first join into a value sets it. Joining a value into
// itself keeps it, except that the gcds make negative hint values positive:
// only then does revisitOp join at all.
func (s *solver) revisitOp(op *ir.Operation) {
	if k, ok := s.firstResult(op); ok && !s.queuedSince[k] && !isRegionBranch(op) {
		for i := range op.NumResults() {
			if cur := s.lattice.infos[int(k)+i]; !joinKeepsSelf(cur) {
				s.join(op.Result(i), cur)
			}
		}
		return
	}
	s.visitOp(op)
}

// visitOp is the transfer step of one op.
func (s *solver) visitOp(op *ir.Operation) {
	if op.NumResults() == 0 {
		return
	}
	if op.Block() != nil && !s.live.Block(op.Block()) {
		return
	}
	if isRegionBranch(op) {
		s.visitRegionBranchResults(op)
		return
	}
	if k, ok := s.firstResult(op); ok {
		s.queuedSince[k] = false
	}
	in := s.operands[:0]
	for i := range op.NumOperands() {
		x := s.info(op.Operand(i))
		if x.Rank() == 0 {
			// Wait until every operand is known.
			return
		}
		in = append(in, x)
	}
	s.operands = in
	cur, ok := s.transfer(op, in)
	if !ok || cur.Rank() == 0 {
		for i := range op.NumResults() {
			s.join(op.Result(i), s.pessimistic(op.Result(i)))
		}
		return
	}
	// Hints on the op override what was inferred.
	cur = withOpHints(cur, op)
	for i := range op.NumResults() {
		s.join(op.Result(i), cur)
	}
}

func (s *solver) transfer(op *ir.Operation, in []Info) (Info, bool) {
	for _, v := range s.extra {
		if i, ok := v(op, in); ok {
			return i, true
		}
	}
	if f := s.transfers.of(op); f != nil {
		return f(op, in)
	}
	return Info{}, false
}

// isRegionBranch reports whether op's results are defined by the values
// its regions yield (MLIR's RegionBranchOpInterface ops of scf).
func isRegionBranch(op *ir.Operation) bool {
	switch op.Name() {
	case "scf.for", "scf.if", "scf.while", "scf.execute_region", "scf.index_switch", "ttg.warp_specialize":
		return true
	}
	return false
}

// joinAll joins the Infos of vals into targets, pairwise.
func (s *solver) joinAll(targets, vals []ir.Value) {
	for i := 0; i < len(targets) && i < len(vals); i++ {
		s.join(targets[i], s.info(vals[i]))
	}
}

// terminatorOf returns the terminator of b, or nil.
func terminatorOf(b *ir.Block) *ir.Operation {
	if b == nil || b.Empty() {
		return nil
	}
	return b.Last()
}

func (s *solver) visitRegionBranchResults(op *ir.Operation) {
	res := op.Results()
	switch op.Name() {
	case "scf.for":
		// The loop may not run: its inits reach the results too.
		f := scf.ForOp{Operation: op}
		s.joinAll(res, f.Inits())
		if y := terminatorOf(op.Region(0).Front()); y != nil && s.live.Region(op.Region(0)) {
			s.joinAll(res, y.Operands())
		}
	case "scf.while":
		if c := terminatorOf(op.Region(0).Front()); c != nil && s.live.Region(op.Region(0)) && c.NumOperands() > 0 {
			s.joinAll(res, c.Operands()[1:])
		}
	case "ttg.warp_specialize":
		// Only the default region returns to the op.
		if s.live.Region(op.Region(0)) {
			if y := terminatorOf(op.Region(0).Front()); y != nil {
				s.joinAll(res, y.Operands())
			}
		}
	default:
		for _, r := range op.Regions() {
			if !s.live.Region(r) {
				continue
			}
			for _, b := range r.Blocks() {
				if y := terminatorOf(b); y != nil && y.Name() == "scf.yield" && s.live.Block(b) {
					s.joinAll(res, y.Operands())
				}
			}
		}
	}
}

// visitBlock computes the arguments of b from the values that flow into
// them.
func (s *solver) visitBlock(b *ir.Block) {
	if b.NumArguments() == 0 || !s.live.Block(b) {
		return
	}
	parent := b.ParentOp()
	if !b.IsEntry() {
		for _, pred := range b.Predecessors() {
			if !s.live.Edge(pred, b) {
				continue
			}
			term := terminatorOf(pred)
			if term == nil || term.Def().SuccessorOperands == nil {
				s.setEntryStates(b.Arguments())
				return
			}
			for i, succ := range term.Successors() {
				if succ != b {
					continue
				}
				idx := term.Def().SuccessorOperands(term, i)
				for k := range b.NumArguments() {
					a := b.Argument(k)
					if k < len(idx) {
						s.join(a, s.info(term.Operand(idx[k])))
					} else {
						s.join(a, s.pessimistic(a))
					}
				}
			}
		}
		return
	}
	if parent == nil || isFunction(parent) {
		s.setEntryStates(b.Arguments())
		return
	}
	switch parent.Name() {
	case "scf.for":
		s.visitInductionVar(parent, b.Argument(0))
		s.joinOperands(b, 1, parent, 3) // the inits
		if y := terminatorOf(b); y != nil {
			s.joinOperands(b, 1, y, 0)
		}
	case "scf.while":
		if b == parent.Region(0).Front() {
			s.joinOperands(b, 0, parent, 0)
			if parent.NumRegions() > 1 && s.live.Region(parent.Region(1)) {
				if y := terminatorOf(parent.Region(1).Front()); y != nil {
					s.joinOperands(b, 0, y, 0)
				}
			}
		} else if c := terminatorOf(parent.Region(0).Front()); c != nil && c.NumOperands() > 0 {
			s.joinOperands(b, 0, c, 1)
		}
	case "ttg.warp_specialize.partitions":
		// The partitions receive the captures of the warp_specialize.
		if ws := parent.ParentOp(); ws != nil {
			s.joinOperands(b, 0, ws, 0)
		}
	default:
		// Regions of other ops (reduce and scan combiners, ...) are
		// entered in ways the analysis cannot see.
		s.setEntryStates(b.Arguments())
	}
}

// joinOperands joins the Infos of op's operands from lo on into b's
// arguments from first on, pairwise: joinAll, without listing either
// (blocks are visited again whenever a value flowing into them changes).
func (s *solver) joinOperands(b *ir.Block, first int, op *ir.Operation, lo int) {
	for i := 0; first+i < b.NumArguments() && lo+i < op.NumOperands(); i++ {
		s.join(b.Argument(first+i), s.info(op.Operand(lo+i)))
	}
}

// visitInductionVar: the induction variable steps from the lower bound by
// the step, so it is divisible by both (and nothing else is known).
func (s *solver) visitInductionVar(forOp *ir.Operation, iv ir.Value) {
	f := scf.ForOp{Operation: forOp}
	lb, step := s.info(f.LowerBound()), s.info(f.Step())
	if lb.Rank() == 0 || step.Rank() == 0 {
		return
	}
	s.join(iv, filledInfo(1, 1, gcd(lb.Divisibility[0], step.Divisibility[0]), 1))
}
