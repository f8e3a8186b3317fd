package transforms

import (
	"flag"
	"slices"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "sccp",
		DisplayName: "SCCP",
		Summary:     "Sparse Conditional Constant Propagation",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error {
				SCCP(op)
				return nil
			}
		},
	})
}

// SCCP runs sparse conditional constant propagation on op, as MLIR's SCCP
// pass does: a fixpoint over constant lattices (uninitialized, constant,
// overdefined) and executable blocks, with ops evaluated by their folders
// on constant operands (in-place folds are undone and count as
// overdefined). Control flows through cf branches (cf.cond_br and
// cf.switch take only the edge a constant selects), through the regions
// of scf.for/if/while/execute_region/index_switch, and across calls to
// callables inside op: a private callable's arguments are the join of its
// live call sites, and the results of a call the join of the callee's
// live returns. Then every value known to be constant is replaced by a
// constant materialized at the front of its function's entry block (with
// an unknown location, as MLIR's folder does), and ops whose results
// were all replaced are erased when they are trivially dead. Control flow
// itself is left for the canonicalizer.
//
// When SCCP runs on a function itself (nested under a module), nothing
// is known of its callers: its arguments are overdefined. (MLIR's
// analysis learns about callers only from the symbol table holding the
// function, which lies outside the analysed op then.)
func SCCP(op *ir.Operation) {
	s := newSCCPSolver(op)
	s.run()
	s.rewrite()
}

// sccpSolver holds the analysis state.
type sccpSolver struct {
	top    *ir.Operation
	values map[ir.ValueKey]*constLattice
	// slab holds the lattices values points to, allocated a chunk at a
	// time rather than one by one.
	slab    []constLattice
	live    map[*ir.Block]bool
	work    *ir.FIFO[*ir.Operation]         // the ops to visit, each waiting once
	deps    map[ir.ValueKey][]*ir.Operation // extra readers (fold results aliasing non-operands)
	symbols *symbolResolver
	calls   map[*ir.Operation]*callableInfo
	// visitFold's lists, reused from op to op: folders keep none of
	// their constant operands, and the saved operands and attributes
	// serve only to undo an in-place fold.
	foldOperands           []ir.Attribute
	savedOperands          []ir.Value
	savedProps, savedAttrs []ir.NamedAttr
}

// callableInfo tracks one callable inside the analysed op: whether all
// its callers are known, the live call sites, and its live returns.
type callableInfo struct {
	unknownCallers bool
	callsites      []*ir.Operation
	isCallsite     map[*ir.Operation]bool
	returns        []*ir.Operation
	isReturn       map[*ir.Operation]bool
}

func newSCCPSolver(top *ir.Operation) *sccpSolver {
	s := &sccpSolver{
		top:     top,
		live:    map[*ir.Block]bool{},
		work:    ir.NewFIFO(func(op *ir.Operation) *ir.Operation { return op }),
		deps:    map[ir.ValueKey][]*ir.Operation{},
		symbols: newSymbolResolver(),
		calls:   map[*ir.Operation]*callableInfo{},
	}
	results := s.initCallables()
	// Most results get a lattice: a table sized for them at the start
	// does not grow (and rehash) a dozen times on the way.
	s.values = make(map[ir.ValueKey]*constLattice, results)
	return s
}

// initCallables finds the callables whose callers may be unknown: public
// ones, and those referenced other than by a call (MLIR's
// initializeSymbolCallables). It returns the number of op results under
// the top op.
func (s *sccpSolver) initCallables() (results int) {
	ir.WalkOps(s.top, func(o *ir.Operation) {
		results += o.NumResults()
		if isCallable(o) && callableRegion(o) != nil {
			info := s.callable(o)
			if !ir.IsPrivateSymbol(o) || o.ParentOp() == nil || !o.ParentOp().Has(ir.SymbolTable) {
				info.unknownCallers = true
			}
		}
	})
	ir.WalkOps(s.top, func(o *ir.Operation) {
		if isCall(o) {
			return
		}
		for _, a := range o.Attrs() {
			forSymbolRefs(a.Value, func(ref *ir.SymbolRefAttr) {
				if t := s.symbols.lookup(o, ref); t != nil && s.calls[t] != nil {
					s.calls[t].unknownCallers = true
				}
			})
		}
	})
	return results
}

func (s *sccpSolver) callable(op *ir.Operation) *callableInfo {
	info := s.calls[op]
	if info == nil {
		info = &callableInfo{isCallsite: map[*ir.Operation]bool{}, isReturn: map[*ir.Operation]bool{}}
		s.calls[op] = info
	}
	return info
}

func (s *sccpSolver) lattice(v ir.Value) *constLattice {
	k := ir.KeyOf(v)
	l := s.values[k]
	if l == nil {
		if len(s.slab) == cap(s.slab) {
			s.slab = make([]constLattice, 0, 256)
		}
		s.slab = s.slab[:len(s.slab)+1]
		l = &s.slab[len(s.slab)-1]
		s.values[k] = l
	}
	return l
}

func (s *sccpSolver) enqueue(op *ir.Operation) { s.work.Push(op) }

// join merges val into v's lattice and requeues v's readers on change.
func (s *sccpSolver) join(v ir.Value, val constLattice) {
	if !s.lattice(v).join(val) {
		return
	}
	for u := v.FirstUse(); u != nil; u = u.NextUse() {
		s.enqueue(u.Owner())
	}
	for _, op := range s.deps[ir.KeyOf(v)] {
		s.enqueue(op)
	}
}

func (s *sccpSolver) joinValue(dst, src ir.Value) { s.join(dst, *s.lattice(src)) }

func (s *sccpSolver) setOverdefined(vs []ir.Value) {
	for _, v := range vs {
		s.join(v, constLattice{kind: overdefined})
	}
}

// markLive makes b executable, queueing its ops.
func (s *sccpSolver) markLive(b *ir.Block) {
	if s.live[b] {
		return
	}
	s.live[b] = true
	for o := b.First(); o != nil; o = o.Next() {
		s.enqueue(o)
	}
}

func (s *sccpSolver) run() {
	for _, r := range s.top.Regions() {
		if !r.Empty() {
			// Nothing is known of how the analysed op is entered.
			s.markLive(r.Front())
			s.setOverdefined(r.Front().Arguments())
		}
	}
	for s.work.Len() > 0 {
		s.visit(s.work.Pop())
	}
}

// operandValues returns the constants of op's operands (nil entries for
// overdefined ones), in buf's storage when it has room, or false if any
// operand is still uninitialized.
func (s *sccpSolver) operandValues(buf []ir.Attribute, op *ir.Operation) ([]ir.Attribute, bool) {
	out := slices.Grow(buf[:0], op.NumOperands())[:op.NumOperands()]
	for i := range out {
		l := s.lattice(op.Operand(i))
		if l.kind == uninitialized {
			return nil, false
		}
		out[i] = l.constantAttr()
	}
	return out, true
}

func (s *sccpSolver) visit(op *ir.Operation) {
	if b := op.Block(); b == nil || !s.live[b] {
		return
	}
	if isCall(op) {
		s.visitCall(op)
	}
	if op.NumRegions() > 0 {
		switch {
		case isRegionBranch(op):
			s.visitRegionBranch(op)
		case isCallable(op):
			if r := callableRegion(op); r != nil {
				info := s.callable(op)
				if info.unknownCallers || len(info.callsites) > 0 {
					s.markLive(r.Front())
					if info.unknownCallers {
						s.setOverdefined(r.Front().Arguments())
					}
				}
			}
		default:
			// Nothing is known of the region control flow.
			for _, r := range op.Regions() {
				if !r.Empty() {
					s.markLive(r.Front())
					s.setOverdefined(r.Front().Arguments())
				}
			}
			s.setOverdefined(op.Results())
		}
	}
	if op.NumSuccessors() > 0 {
		s.visitBranch(op)
	} else if parent := op.ParentOp(); parent != nil && op == op.Block().Last() && op.Has(ir.Terminator) {
		if isRegionBranch(parent) {
			s.visitRegionTerminator(parent, op)
		} else if isCallable(parent) {
			s.visitCallableTerminator(parent, op)
		}
	}
	if op.NumRegions() == 0 && !isCall(op) && op.NumResults() > 0 {
		s.visitFold(op)
	}
}

// visitFold evaluates op with its folder on the constant operands. Ops
// that do not fold to constants or values are overdefined; in-place folds
// are undone (the operands are not the runtime values).
func (s *sccpSolver) visitFold(op *ir.Operation) {
	operands, ok := s.operandValues(s.foldOperands, op)
	if !ok {
		return
	}
	s.foldOperands = operands
	fold := op.Def().Fold
	if fold == nil {
		s.setOverdefined(op.Results())
		return
	}
	savedOperands := s.savedOperands[:0]
	for i := 0; i < op.NumOperands(); i++ {
		savedOperands = append(savedOperands, op.Operand(i))
	}
	savedProps := append(s.savedProps[:0], op.Props()...)
	savedAttrs := append(s.savedAttrs[:0], op.DiscardableAttrs()...)
	s.savedOperands, s.savedProps, s.savedAttrs = savedOperands, savedProps, savedAttrs
	res := fold(op, operands)
	inPlace := len(res) == 0 && res != nil
	if len(res) == op.NumResults() {
		inPlace = true
		for i, r := range res {
			if r.Value != ir.Value(op.Result(i)) {
				inPlace = false
			}
		}
	}
	if inPlace {
		restoreOp(op, savedOperands, savedProps, savedAttrs)
	}
	if res == nil || inPlace || len(res) != op.NumResults() {
		s.setOverdefined(op.Results())
		return
	}
	for i, r := range res {
		if r.Attr != nil {
			s.join(op.Result(i), constLattice{kind: constant, value: r.Attr, dialect: op.Def().Dialect})
			continue
		}
		if r.Value == nil {
			s.join(op.Result(i), constLattice{kind: overdefined})
			continue
		}
		if !isOperandOf(op, r.Value) {
			s.addDep(r.Value, op)
		}
		s.joinValue(op.Result(i), r.Value)
	}
}

func isOperandOf(op *ir.Operation, v ir.Value) bool {
	for i := 0; i < op.NumOperands(); i++ {
		if op.Operand(i) == v {
			return true
		}
	}
	return false
}

func (s *sccpSolver) addDep(v ir.Value, op *ir.Operation) {
	k := ir.KeyOf(v)
	for _, d := range s.deps[k] {
		if d == op {
			return
		}
	}
	s.deps[k] = append(s.deps[k], op)
}

// restoreOp undoes an in-place fold.
func restoreOp(op *ir.Operation, operands []ir.Value, props, attrs []ir.NamedAttr) {
	same := op.NumOperands() == len(operands)
	for i := 0; same && i < len(operands); i++ {
		same = op.Operand(i) == operands[i]
	}
	if !same {
		op.SetOperands(operands)
	}
	var names []string
	for _, a := range op.Props() {
		names = append(names, a.Name)
	}
	for _, n := range names {
		op.RemoveAttr(n)
	}
	for _, a := range props {
		op.SetProp(a.Name, a.Value)
	}
	op.SetDiscardableAttrs(attrs)
}

// visitBranch marks the edges a cf terminator may take and forwards its
// successor operands into the block arguments.
func (s *sccpSolver) visitBranch(op *ir.Operation) {
	operands, ok := s.operandValues(nil, op)
	if !ok {
		return
	}
	only := successorForOperands(op, operands)
	fn := op.Def().SuccessorOperands
	for i := 0; i < op.NumSuccessors(); i++ {
		succ := op.Successor(i)
		if only != nil && succ != only {
			continue
		}
		s.markLive(succ)
		forwarded := 0
		if fn != nil {
			idx := fn(op, i)
			for j, k := range idx {
				if j < succ.NumArguments() && k < op.NumOperands() {
					s.joinValue(succ.Argument(j), op.Operand(k))
					forwarded++
				}
			}
		}
		// Arguments the branch does not forward are unknown.
		s.setOverdefined(succ.Arguments()[forwarded:])
		if only != nil {
			break
		}
	}
}

// visitRegionBranch handles control entering a region op.
func (s *sccpSolver) visitRegionBranch(op *ir.Operation) {
	operands, ok := s.operandValues(nil, op)
	if !ok {
		return
	}
	succs, fwd := entrySuccessors(op, operands)
	s.flow(op, succs, fwd)
}

// visitRegionTerminator handles control leaving a region of op.
func (s *sccpSolver) visitRegionTerminator(op, term *ir.Operation) {
	operands, ok := s.operandValues(nil, term)
	if !ok {
		return
	}
	succs, fwd := terminatorSuccessors(op, term.ParentRegion().Index(), term, operands)
	s.flow(op, succs, fwd)
}

// flow makes the successors live and joins the forwarded values into
// their inputs; inputs without a forwarded value (the induction variable
// of scf.for) are unknown.
func (s *sccpSolver) flow(op *ir.Operation, succs []ir.RegionSuccessor, fwd []ir.Value) {
	for _, sc := range succs {
		if sc.Region >= 0 {
			r := op.Region(sc.Region)
			if r.Empty() {
				continue
			}
			s.markLive(r.Front())
			args := r.Front().Arguments()
			// Inputs are the trailing arguments; leading ones are not
			// forwarded.
			lead := len(args) - len(sc.Inputs)
			s.setOverdefined(args[:lead])
		}
		for i, in := range sc.Inputs {
			if i < len(fwd) {
				s.joinValue(in, fwd[i])
			} else {
				s.join(in, constLattice{kind: overdefined})
			}
		}
	}
}

// visitCall records a live call site of a callable inside the analysed op
// and joins values across the call; calls to anything else are unknown.
func (s *sccpSolver) visitCall(call *ir.Operation) {
	ref := calleeRef(call)
	var callee *ir.Operation
	if ref != nil {
		callee = s.symbols.lookup(call, ref)
	}
	info := s.calls[callee]
	if callee == nil || info == nil || !s.top.IsAncestorOf(callee) {
		s.setOverdefined(call.Results())
		return
	}
	if !info.isCallsite[call] {
		info.isCallsite[call] = true
		info.callsites = append(info.callsites, call)
		s.enqueue(callee)
	}
	if !info.unknownCallers {
		entry := callableRegion(callee).Front()
		for i := 0; i < entry.NumArguments() && i < call.NumOperands(); i++ {
			s.joinValue(entry.Argument(i), call.Operand(i))
		}
	}
	for _, ret := range info.returns {
		s.joinReturn(call, ret)
	}
}

// visitCallableTerminator records a live exit of a callable and forwards
// its operands to the callable's live call sites.
func (s *sccpSolver) visitCallableTerminator(callable, term *ir.Operation) {
	if term.NumOperands() == 0 {
		return
	}
	info := s.callable(callable)
	if !info.isReturn[term] {
		info.isReturn[term] = true
		info.returns = append(info.returns, term)
	}
	for _, call := range info.callsites {
		s.joinReturn(call, term)
	}
}

func (s *sccpSolver) joinReturn(call, term *ir.Operation) {
	if !term.Has(ir.ReturnLike) {
		s.setOverdefined(call.Results())
		return
	}
	for i := 0; i < call.NumResults() && i < term.NumOperands(); i++ {
		s.joinValue(call.Result(i), term.Operand(i))
	}
}
