package transforms

import "github.com/ttcompiler/tt/ir"

// liveness is MLIR's LivenessAnalysis (a sparse backward analysis): a
// value is live when it has memory effects to serve (it is an operand of
// an op with memory effects, or controls regions that hold such ops),
// when a public function returns it, or when it is needed to compute a
// live value. Values flow backwards through scf region control flow and
// through calls to private functions whose callers are all known.
type liveness struct {
	known   map[ir.Value]bool
	live    map[ir.Value]bool
	work    []ir.Value
	symbols *symbolResolver
	// callers maps each private callable with a body to its call sites.
	callers map[*ir.Operation][]*ir.Operation
	callee  map[*ir.Operation]*ir.Operation // call -> tracked callee
}

func newLiveness(top *ir.Operation) *liveness {
	l := &liveness{
		known:   map[ir.Value]bool{},
		live:    map[ir.Value]bool{},
		symbols: newSymbolResolver(),
		callers: map[*ir.Operation][]*ir.Operation{},
		callee:  map[*ir.Operation]*ir.Operation{},
	}
	ir.WalkNested(top, func(o *ir.Operation) {
		for _, v := range o.Results() {
			l.known[v] = true
		}
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Arguments() {
					l.known[a] = true
				}
			}
		}
		if isCallable(o) && callableRegion(o) != nil && ir.IsPrivateSymbol(o) {
			l.callers[o] = nil
		}
	})
	ir.WalkNested(top, func(o *ir.Operation) {
		if !isCall(o) {
			return
		}
		if ref := calleeRef(o); ref != nil {
			if c := l.symbols.lookup(o, ref); c != nil {
				if _, tracked := l.callers[c]; tracked {
					l.callers[c] = append(l.callers[c], o)
					l.callee[o] = c
				}
			}
		}
	})
	ir.WalkNested(top, l.roots)
	for len(l.work) > 0 {
		v := l.work[len(l.work)-1]
		l.work = l.work[:len(l.work)-1]
		l.propagate(v)
	}
	return l
}

func (l *liveness) mark(v ir.Value) {
	if v != nil && !l.live[v] {
		l.live[v] = true
		l.work = append(l.work, v)
	}
}

func (l *liveness) markAll(vs []ir.Value) {
	for _, v := range vs {
		l.mark(v)
	}
}

// dead reports whether v was analysed and found not live; values created
// after the analysis are live.
func (l *liveness) dead(v ir.Value) bool { return v == nil || l.known[v] && !l.live[v] }

func (l *liveness) anyLive(vs []ir.Value) bool {
	for _, v := range vs {
		if !l.dead(v) {
			return true
		}
	}
	return false
}

// regionsHaveEffects reports whether a block of op's regions holds an op
// with memory effects: then the operands steering op are live.
func regionsHaveEffects(op *ir.Operation) bool {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				if !ir.IsMemoryEffectFree(o) {
					return true
				}
			}
		}
	}
	return false
}

// nonForwarded returns the operands of a region branch op (or of one of
// its terminators) that steer control rather than flow into successors.
func nonForwardedOperands(op *ir.Operation, fwd []ir.Value) []ir.Value {
	return op.Operands()[:op.NumOperands()-len(fwd)]
}

func (l *liveness) roots(op *ir.Operation) {
	switch {
	case isRegionBranch(op):
		if regionsHaveEffects(op) {
			_, fwd := entrySuccessors(op, make([]ir.Attribute, op.NumOperands()))
			l.markAll(nonForwardedOperands(op, fwd))
		}
	case isCall(op):
		if l.callee[op] == nil {
			l.markAll(op.Operands())
		}
	case op.Has(ir.Terminator) && op.NumSuccessors() == 0 && op.ParentOp() != nil:
		parent := op.ParentOp()
		switch {
		case isRegionBranch(parent):
			if regionsHaveEffects(parent) {
				_, fwd := terminatorSuccessors(parent, op.ParentRegion().Index(), op, make([]ir.Attribute, op.NumOperands()))
				l.markAll(nonForwardedOperands(op, fwd))
			}
		case isCallable(parent):
			if _, tracked := l.callers[parent]; !tracked {
				l.markAll(op.Operands())
			}
		default:
			// The parent's use of its regions' results is unknown.
			l.markAll(op.Operands())
		}
	default:
		if !ir.IsMemoryEffectFree(op) {
			l.markAll(op.Operands())
		}
	}
}

func (l *liveness) propagate(v ir.Value) {
	if def := v.DefiningOp(); def != nil {
		l.propagateResult(def, v.(*ir.OpResult).Index())
		return
	}
	arg := v.(*ir.BlockArgument)
	b := arg.Owner()
	if !b.IsEntry() {
		return
	}
	parent := b.ParentOp()
	switch {
	case parent == nil:
	case isRegionBranch(parent):
		l.flowInto(parent, b.Region().Index(), arg.Index())
	case isCallable(parent):
		for _, call := range l.callers[parent] {
			if arg.Index() < call.NumOperands() {
				l.mark(call.Operand(arg.Index()))
			}
		}
	}
}

func (l *liveness) propagateResult(op *ir.Operation, i int) {
	switch {
	case isRegionBranch(op):
		l.flowInto(op, ir.ParentResults, i)
		// Live results need the operands that steer control.
		_, fwd := entrySuccessors(op, make([]ir.Attribute, op.NumOperands()))
		l.markAll(nonForwardedOperands(op, fwd))
		forTerminators(op, func(region int, term *ir.Operation) {
			_, tfwd := terminatorSuccessors(op, region, term, make([]ir.Attribute, term.NumOperands()))
			l.markAll(nonForwardedOperands(term, tfwd))
		})
	case l.callee[op] != nil:
		for _, b := range callableRegion(l.callee[op]).Blocks() {
			if t := b.Last(); t != nil && t.Has(ir.Terminator) && t.NumSuccessors() == 0 && i < t.NumOperands() {
				l.mark(t.Operand(i))
			}
		}
	default:
		l.markAll(op.Operands())
	}
}

// flowInto marks live every value forwarded into input i of the given
// successor (a region's entry arguments, or the results for ir.ParentResults).
func (l *liveness) flowInto(op *ir.Operation, region, i int) {
	mark := func(succs []ir.RegionSuccessor, fwd []ir.Value) {
		for _, s := range succs {
			if s.Region != region {
				continue
			}
			// Inputs are the trailing arguments of the region.
			j := i
			if region != ir.ParentResults {
				j = i - (len(regionArgs(op, region)) - len(s.Inputs))
			}
			if j >= 0 && j < len(fwd) {
				l.mark(fwd[j])
			}
		}
	}
	mark(entrySuccessors(op, make([]ir.Attribute, op.NumOperands())))
	forTerminators(op, func(r int, term *ir.Operation) {
		mark(terminatorSuccessors(op, r, term, make([]ir.Attribute, term.NumOperands())))
	})
}

// forTerminators calls fn for the terminator of every block of op's
// regions that returns control to op.
func forTerminators(op *ir.Operation, fn func(region int, term *ir.Operation)) {
	for ri, r := range op.Regions() {
		for _, b := range r.Blocks() {
			if t := b.Last(); t != nil && t.Has(ir.Terminator) && t.NumSuccessors() == 0 {
				fn(ri, t)
			}
		}
	}
}
