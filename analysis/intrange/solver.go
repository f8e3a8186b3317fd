package intrange

import (
	"github.com/ttcompiler/tt/ir"
)

// Lattice is the state of one value: uninitialized (not yet reached, or
// not an integer) or a range.
type Lattice struct {
	Set bool
	R   Range
}

// Of wraps a range.
func Of(r Range) Lattice { return Lattice{Set: true, R: r} }

// join widens l to cover o and reports a change.
func (l *Lattice) join(o Lattice) bool {
	if !o.Set {
		return false
	}
	if !l.Set {
		*l = o
		return true
	}
	u := l.R.Union(o.R)
	if u == l.R {
		return false
	}
	l.R = u
	return true
}

// StorageWidth is the bit width ranges of values of type t have: an
// integer's width, 64 for index, the element's for tensors; 0 for other
// types.
func StorageWidth(t ir.Type) uint {
	switch e := ir.ElementTypeOrSelf(t).(type) {
	case *ir.IntegerType:
		return uint(e.Width)
	case *ir.IndexType:
		return 64
	}
	return 0
}

// MaxLattice is the maximal range of v's type (uninitialized for values
// that are not integers).
func MaxLattice(v ir.Value) Lattice {
	if w := StorageWidth(v.Type()); w > 0 {
		return Of(MaxRange(w))
	}
	return Lattice{}
}

// Client refines the analysis (Triton's TritonIntegerRangeAnalysis is
// one): the state of values the analysis cannot reason about, the
// transfer function of ops, and how loop-carried values converge.
type Client interface {
	// EntryState is the state of a value nothing flows into (a function
	// argument, the result of an op without transfer function).
	EntryState(s *Solver, v ir.Value) Lattice
	// VisitOp computes op's results from its operands' states, calling
	// s.JoinResult for each; it reports false to fall back to the
	// default (arith inference, else entry states).
	VisitOp(s *Solver, op *ir.Operation, operands []Lattice) bool
	// JoinCarried joins into the state of a loop-carried value (an
	// argument or result of loop) the state of a value flowing into it;
	// MLIR's analysis widens loop-variant values to the maximal range,
	// Triton's interprets the loop its trip count of times.
	JoinCarried(s *Solver, loop *ir.Operation, target ir.Value, incoming Lattice) bool
}

// point is a program point of the worklist: after an op, or the start of
// a block.
type point struct {
	op    *ir.Operation
	block *ir.Block
}

// pointSet is an insertion-ordered set of points.
type pointSet struct {
	list []point
	has  map[point]bool
}

func (ps *pointSet) add(p point) {
	if ps.has[p] {
		return
	}
	ps.has[p] = true
	ps.list = append(ps.list, p)
}

// maxChanges bounds how often a value's state may change before it is
// widened to the maximal range (a loop in unstructured control flow
// would otherwise grow a range one step per visit).
const maxChanges = 4096

// Solver is a sparse forward dataflow analysis over integer ranges with
// dead code tracking (a block is visited once a live edge reaches it;
// branches on constant conditions keep the other side dead): a FIFO
// worklist of program points, each revisited when a state it read
// changes, filled the way MLIR's DataFlowSolver fills it (a first sweep
// over the functions' entry blocks in program order, then the blocks the
// branches make live, their ops in order, then the users of each changed
// value in use-list order and the points that read it in the order they
// did). Clients that count how often a loop-carried value changes
// (Triton's) depend on that order.
type Solver struct {
	Client Client
	lat    map[ir.Value]*Lattice
	deps   map[ir.Value]*pointSet
	live   map[*ir.Block]bool
	edges  map[[2]*ir.Block]bool
	// preds are the known predecessors of a region successor: for a
	// region's entry block and for an op's results (keyed by the op, block
	// nil), the ops that branch there.
	preds map[point][]*ir.Operation
	queue []point
	top   *ir.Operation
	// sweeping is set during the first pass, which visits ops directly
	// and leaves branches to be resolved after it.
	sweeping bool
	// changes counts the changes of each value, to cut off analyses
	// that would otherwise climb through every value of a type.
	changes map[ir.Value]int
}

// NewSolver prepares an analysis of the ops under top with client c.
func NewSolver(top *ir.Operation, c Client) *Solver {
	return &Solver{Client: c, lat: map[ir.Value]*Lattice{}, deps: map[ir.Value]*pointSet{}, live: map[*ir.Block]bool{},
		edges: map[[2]*ir.Block]bool{}, preds: map[point][]*ir.Operation{}, top: top, changes: map[ir.Value]int{}}
}

// State returns v's state (uninitialized if never reached).
func (s *Solver) State(v ir.Value) Lattice {
	if l := s.lat[v]; l != nil {
		return *l
	}
	return Lattice{}
}

// Live reports whether the analysis reached block b.
func (s *Solver) Live(b *ir.Block) bool { return s.live[b] }

func (s *Solver) lattice(v ir.Value) *Lattice {
	l := s.lat[v]
	if l == nil {
		l = &Lattice{}
		s.lat[v] = l
	}
	return l
}

// read returns v's state and makes p depend on it.
func (s *Solver) read(p point, v ir.Value) Lattice {
	d := s.deps[v]
	if d == nil {
		d = &pointSet{has: map[point]bool{}}
		s.deps[v] = d
	}
	d.add(p)
	return s.State(v)
}

// Join widens v's state by l and schedules what depends on v.
func (s *Solver) Join(v ir.Value, l Lattice) bool {
	if !s.lattice(v).join(l) {
		return false
	}
	s.changed(v)
	return true
}

func (s *Solver) enqueue(p point) { s.queue = append(s.queue, p) }

// Set initializes v's state (used by clients for function arguments
// before the run); it has no effect on a value already reached.
func (s *Solver) Set(v ir.Value, l Lattice) {
	if lat := s.lattice(v); !lat.Set {
		*lat = l
	}
}

func (s *Solver) changed(v ir.Value) {
	if s.changes[v]++; s.changes[v] > maxChanges {
		s.lattice(v).join(MaxLattice(v))
	}
	for _, u := range ir.Users(v) {
		s.enqueue(point{op: u})
	}
	if d := s.deps[v]; d != nil {
		for _, p := range d.list {
			s.enqueue(p)
		}
	}
	// A branch condition becoming a constant, or ceasing to be one,
	// changes which successors are live.
	if !s.sweeping {
		for _, u := range ir.Users(v) {
			if u.Block() != nil && s.live[u.Block()] {
				s.markSuccessors(u)
			}
		}
	}
}

// Run solves: every function (an isolated-from-above op) under top starts
// live, its entry block swept in program order; blocks reached through
// branches are visited from the worklist.
func (s *Solver) Run() {
	var fns []*ir.Operation
	ir.WalkOps(s.top, func(op *ir.Operation) {
		if op.Has(ir.IsolatedFromAbove) && op.NumRegions() > 0 && op != s.top && !op.Region(0).Empty() {
			fns = append(fns, op)
		}
	})
	s.sweeping = true
	for _, fn := range fns {
		s.live[fn.Region(0).Front()] = true
		s.sweep(fn)
	}
	s.sweeping = false
	// The branches of the swept blocks, in program order.
	for _, fn := range fns {
		ir.WalkOps(fn, func(op *ir.Operation) {
			if op.Block() != nil && s.live[op.Block()] {
				s.markSuccessors(op)
			}
		})
	}
	for len(s.queue) > 0 {
		p := s.queue[0]
		s.queue = s.queue[1:]
		if p.block != nil {
			s.visitBlock(p.block)
		} else {
			s.visitOp(p.op)
		}
	}
}

// sweep visits op, then the blocks and ops nested in it (MLIR's
// initializeRecursively); only live blocks are visited.
func (s *Solver) sweep(op *ir.Operation) {
	s.visitOp(op)
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			s.visitBlock(b)
			for _, c := range b.Ops() {
				s.sweep(c)
			}
		}
	}
}

func (s *Solver) markLive(b *ir.Block) {
	if s.live[b] {
		return
	}
	s.live[b] = true
	s.enqueue(point{block: b})
	for _, op := range b.Ops() {
		s.enqueue(point{op: op})
		s.markSuccessors(op)
	}
}

// addPred records that from branches to the successor at p.
func (s *Solver) addPred(p point, from *ir.Operation) bool {
	for _, x := range s.preds[p] {
		if x == from {
			return false
		}
	}
	s.preds[p] = append(s.preds[p], from)
	return true
}

// markSuccessors makes live what a live op branches to.
func (s *Solver) markSuccessors(op *ir.Operation) {
	for _, succ := range s.liveSuccessors(op) {
		if succ.block != nil {
			if s.addPred(succ, op) {
				s.enqueue(succ)
			}
			s.markLive(succ.block)
			continue
		}
		if s.addPred(succ, op) {
			s.enqueue(succ)
		}
	}
	for i := 0; i < op.NumSuccessors(); i++ {
		if !s.branchTaken(op, i) {
			continue
		}
		to := op.Successors()[i]
		e := [2]*ir.Block{op.Block(), to}
		if !s.edges[e] {
			s.edges[e] = true
			s.enqueue(point{block: to})
		}
		s.markLive(to)
	}
}

// constCond is the value of an i1 condition when the analysis has proven
// it constant.
func (s *Solver) constCond(v ir.Value) (val, known, ready bool) {
	l := s.State(v)
	if !l.Set {
		return false, false, false
	}
	c, ok := l.R.ConstantValue()
	return c != 0, ok, true
}

// branchTaken reports whether successor i of a cf branch may run.
func (s *Solver) branchTaken(op *ir.Operation, i int) bool {
	if op.Name() != "cf.cond_br" {
		return true
	}
	c, known, ready := s.constCond(op.Operand(0))
	if !ready {
		return false
	}
	return !known || c == (i == 0)
}

// liveSuccessors lists the region successors of a region branch op (its
// entry) or of a terminator in one: region entry blocks, or the op's
// results (point{op: parent}).
func (s *Solver) liveSuccessors(op *ir.Operation) []point {
	results := func(o *ir.Operation) point { return point{op: o} }
	entry := func(r *ir.Region) point { return point{block: r.Front()} }
	switch op.Name() {
	case "scf.for":
		return []point{entry(op.Region(0)), results(op)}
	case "scf.while":
		return []point{entry(op.Region(0))}
	case "scf.if":
		c, known, ready := s.constCond(op.Operand(0))
		if !ready {
			return nil
		}
		var out []point
		if !known || c {
			out = append(out, entry(op.Region(0)))
		}
		if !known || !c {
			if op.Region(1).Empty() {
				out = append(out, results(op))
			} else {
				out = append(out, entry(op.Region(1)))
			}
		}
		return out
	case "scf.execute_region":
		return []point{entry(op.Region(0))}
	case "scf.yield":
		p := op.ParentOp()
		switch p.Name() {
		case "scf.for":
			return []point{entry(p.Region(0)), results(p)}
		case "scf.while":
			return []point{entry(p.Region(0))}
		case "scf.if", "scf.execute_region":
			return []point{results(p)}
		}
	case "scf.condition":
		p := op.ParentOp()
		return []point{entry(p.Region(1)), results(p)}
	}
	return nil
}

// successorOperands are the values op passes to the successor at p (nil
// and false if op passes none there).
func successorOperands(op *ir.Operation, p point) []ir.Value {
	switch op.Name() {
	case "scf.for":
		return op.Operands()[3:]
	case "scf.while":
		return op.Operands()
	case "scf.yield":
		return op.Operands()
	case "scf.condition":
		return op.Operands()[1:]
	}
	return nil
}

// successorInputs are the values a successor receives: a region's entry
// block arguments (without an scf.for's induction variable), or results.
func successorInputs(p point) []ir.Value {
	if p.block != nil {
		args := p.block.Arguments()
		if parent := p.block.ParentOp(); parent != nil && parent.Name() == "scf.for" {
			return args[1:]
		}
		return args
	}
	return p.op.Results()
}

func isRegionBranch(op *ir.Operation) bool {
	switch op.Name() {
	case "scf.for", "scf.while", "scf.if", "scf.execute_region":
		return true
	}
	return false
}

// IsLoop reports the loop-like region ops.
func IsLoop(op *ir.Operation) bool { return op.Name() == "scf.for" || op.Name() == "scf.while" }

func (s *Solver) visitOp(op *ir.Operation) {
	if op.Block() == nil || !s.live[op.Block()] {
		return
	}
	if isRegionBranch(op) {
		if !s.sweeping {
			s.markSuccessors(op)
		}
		s.visitRegionSuccessors(point{op: op})
		return
	}
	if op.Has(ir.IsolatedFromAbove) || op.NumResults() == 0 {
		return
	}
	p := point{op: op}
	operands := make([]Lattice, op.NumOperands())
	for i, v := range op.Operands() {
		operands[i] = s.read(p, v)
	}
	if s.Client != nil && s.Client.VisitOp(s, op, operands) {
		return
	}
	if !s.inferArith(op, operands) {
		s.SetToEntryStates(op.Results())
	}
}

// SetToEntryStates joins the entry state of each value.
func (s *Solver) SetToEntryStates(vals []ir.Value) {
	for _, v := range vals {
		s.Join(v, s.entryState(v))
	}
}

func (s *Solver) entryState(v ir.Value) Lattice {
	if s.Client != nil {
		return s.Client.EntryState(s, v)
	}
	return MaxLattice(v)
}

func (s *Solver) visitBlock(b *ir.Block) {
	if !s.live[b] || b.NumArguments() == 0 {
		return
	}
	parent := b.ParentOp()
	if b.IsEntry() {
		if parent != nil && isRegionBranch(parent) {
			s.visitRegionSuccessors(point{block: b})
			return
		}
		// Function arguments: nothing is known about the callers.
		s.SetToEntryStates(b.Arguments())
		return
	}
	p := point{block: b}
	for _, pred := range b.Predecessors() {
		if !s.edges[[2]*ir.Block{pred, b}] {
			continue
		}
		term := pred.Last()
		for i, succ := range term.Successors() {
			if succ != b || term.Def().SuccessorOperands == nil {
				continue
			}
			idx := term.Def().SuccessorOperands(term, i)
			for j, arg := range b.Arguments() {
				if j < len(idx) {
					s.Join(arg, s.read(p, term.Operand(idx[j])))
				} else {
					s.Join(arg, s.entryState(arg))
				}
			}
		}
	}
}

// visitRegionSuccessors joins into the inputs of the successor at p the
// values each known predecessor passes; an scf.for's induction variable
// gets the range of its bounds.
func (s *Solver) visitRegionSuccessors(p point) {
	var branch *ir.Operation
	if p.block != nil {
		branch = p.block.ParentOp()
		if branch.Name() == "scf.for" {
			s.inferInductionVar(branch, p)
		}
	} else {
		branch = p.op
	}
	inputs := successorInputs(p)
	for _, pred := range s.preds[p] {
		operands := successorOperands(pred, p)
		for i, in := range inputs {
			if i >= len(operands) {
				s.Join(in, s.entryState(in))
				continue
			}
			incoming := s.read(p, operands[i])
			if IsLoop(branch) && s.Client != nil {
				s.Client.JoinCarried(s, branch, in, incoming)
				continue
			}
			s.Join(in, incoming)
		}
	}
}

// inferInductionVar sets an scf.for's induction variable to [lb, ub-1]
// (or [ub, lb] for a negative step) from the bounds' states at the body.
func (s *Solver) inferInductionVar(loop *ir.Operation, p point) {
	iv := loop.Region(0).Front().Argument(0)
	w := StorageWidth(iv.Type())
	if w == 0 {
		return
	}
	bound := func(v ir.Value, upper bool) uint64 {
		if l := s.read(p, v); l.Set {
			if upper {
				return l.R.SMax
			}
			return l.R.SMin
		}
		if upper {
			return signedMax(w)
		}
		return signedMin(w)
	}
	lo, hi, step := bound(loop.Operand(0), false), bound(loop.Operand(1), true), bound(loop.Operand(2), true)
	if isNeg(step, w) {
		lo, hi = hi, lo
	} else {
		hi = trunc(hi-1, w)
	}
	if !slt(hi, lo, w) {
		s.Join(iv, Of(FromSigned(lo, hi, w)))
	}
}
