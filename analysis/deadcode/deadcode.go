// Package deadcode finds which blocks of a function can execute and which
// CFG edges can be taken, as MLIR's dead-code analysis (driven by sparse
// constant propagation) finds them: a region branch (scf.if,
// scf.index_switch, the scf.while condition: ir.RegionBranch) or a branch
// (cf.cond_br, cf.switch: ir.BranchLike) whose condition folds to a
// constant (through constants and arith/math ops on constants) has only
// the successors it can take. The alias and axis-info analyses skip what cannot run.
package deadcode

import (
	"github.com/ttcompiler/tt/ir"
)

// Liveness is the result of the analysis.
type Liveness struct {
	blocks map[*ir.Block]bool
	edges  map[[2]*ir.Block]bool
	// folded memoizes the results constant folded through arith/math ops
	// (nil: not a constant); a result is in it from when its folding
	// starts, which ends a cycle through it.
	folded map[*ir.OpResult]ir.Attribute
}

// Analyze marks the entry blocks of root's regions live and propagates
// through the regions and successors that can be entered.
func Analyze(root *ir.Operation) *Liveness {
	l := &Liveness{
		blocks: map[*ir.Block]bool{}, edges: map[[2]*ir.Block]bool{},
		folded: map[*ir.OpResult]ir.Attribute{},
	}
	var work []*ir.Block
	mark := func(b *ir.Block) {
		if b != nil && !l.blocks[b] {
			l.blocks[b] = true
			work = append(work, b)
		}
	}
	entry := func(r *ir.Region) *ir.Block {
		if r.Empty() {
			return nil
		}
		return r.Front()
	}
	for _, r := range root.Regions() {
		mark(entry(r))
	}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		for op := b.First(); op != nil; op = op.Next() {
			for _, i := range l.liveRegions(op) {
				mark(entry(op.Region(i)))
			}
			for _, s := range l.liveSuccessors(op) {
				l.edges[[2]*ir.Block{b, s}] = true
				mark(s)
			}
		}
	}
	return l
}

// liveRegions returns the regions of op whose entry can be reached: for
// region branches (ir.RegionBranch) those its entry and the terminators
// of reached regions can go to, given the constant operands; for other
// ops every region.
func (l *Liveness) liveRegions(op *ir.Operation) []int {
	if op.NumRegions() == 0 {
		// Most ops: nothing to enter, and no interface to look up.
		return nil
	}
	rb, ok := ir.As[ir.RegionBranch](op)
	if !ok {
		all := make([]int, op.NumRegions())
		for i := range all {
			all[i] = i
		}
		return all
	}
	reached := make([]bool, op.NumRegions())
	var queue []int
	add := func(succs []ir.RegionSuccessor) {
		for _, s := range succs {
			if s.Region >= 0 && s.Region < len(reached) && !reached[s.Region] {
				reached[s.Region] = true
				queue = append(queue, s.Region)
			}
		}
	}
	succs, _ := rb.EntrySuccessors(l.controlConstants(op))
	add(succs)
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		for _, b := range op.Region(r).Blocks() {
			if term := b.Last(); term != nil && term.Has(ir.Terminator) && term.NumSuccessors() == 0 {
				succs, _ := rb.TerminatorSuccessors(r, term, l.controlConstants(term))
				add(succs)
			}
		}
	}
	var live []int
	for i, ok := range reached {
		if ok {
			live = append(live, i)
		}
	}
	return live
}

// liveSuccessors returns the successor blocks a branch can take: the one
// its constant operands select (ir.BranchLike), else all.
func (l *Liveness) liveSuccessors(op *ir.Operation) []*ir.Block {
	if op.NumSuccessors() == 0 {
		return nil
	}
	succs := op.Successors()
	if br, ok := ir.As[ir.BranchLike](op); ok && len(succs) > 0 {
		if s := br.SuccessorForOperands(l.controlConstants(op)); s != nil {
			return []*ir.Block{s}
		}
	}
	return succs
}

// controlConstants returns the constant values of op's scalar integer
// operands (conditions, switch flags; nil elsewhere), as region branches
// and branches take them. Other operands cannot steer control, and are
// not folded.
func (l *Liveness) controlConstants(op *ir.Operation) []ir.Attribute {
	out := make([]ir.Attribute, op.NumOperands())
	for i := range out {
		v := op.Operand(i)
		switch v.Type().(type) {
		case *ir.IntegerType, *ir.IndexType:
			out[i] = l.constant(v)
		}
	}
	return out
}

// Block reports whether b can execute.
func (l *Liveness) Block(b *ir.Block) bool { return b != nil && l.blocks[b] }

// Edge reports whether control can flow from one block to the other.
func (l *Liveness) Edge(from, to *ir.Block) bool { return l.edges[[2]*ir.Block{from, to}] }

// Region reports whether the entry block of r can execute.
func (l *Liveness) Region(r *ir.Region) bool { return !r.Empty() && l.Block(r.Front()) }

// RegionOf reports whether the entry block of region i of op can execute.
func (l *Liveness) RegionOf(op *ir.Operation, i int) bool {
	return i < op.NumRegions() && l.Region(op.Region(i))
}

// constant folds v to a constant attribute when it is defined by a
// constant or by arith/math ops on constants; nil when unknown.
func (l *Liveness) constant(v ir.Value) ir.Attribute {
	// Block arguments, constants and ops that do not fold are told apart
	// by looking at the op, for less than a lookup in folded would cost.
	r, ok := v.(*ir.OpResult)
	if !ok {
		return nil
	}
	op := r.Owner()
	if c := ir.ConstantValue(op); c != nil {
		return c
	}
	if !folds(op) {
		return nil
	}
	// So is an op with an operand that is neither a constant nor folded
	// (a block argument, a load): most ops asked about (loop bounds,
	// compares of the induction variable, values a loop yields) are no
	// constants for that, found without an entry in folded.
	for i, n := 0, op.NumOperands(); i < n; i++ {
		if d := op.Operand(i).DefiningOp(); d == nil || !d.Has(ir.ConstantLike) && !folds(d) {
			return nil
		}
	}
	if c, ok := l.folded[r]; ok {
		return c
	}
	l.folded[r] = nil
	// The operands are listed once the first is known to be constant:
	// most ops asked about (loop bounds, compares of the induction
	// variable) are not.
	var operands []ir.Attribute
	for i, n := 0, op.NumOperands(); i < n; i++ {
		c := l.constant(op.Operand(i))
		if c == nil {
			return nil
		}
		if operands == nil {
			operands = make([]ir.Attribute, n)
		}
		operands[i] = c
	}
	res := op.Def().Fold(op, operands)
	if r.Index() >= len(res) {
		return nil
	}
	switch {
	case res[r.Index()].Attr != nil:
		l.folded[r] = res[r.Index()].Attr
	case res[r.Index()].Value != nil && res[r.Index()].Value != v:
		l.folded[r] = l.constant(res[r.Index()].Value)
	}
	return l.folded[r]
}

// folds reports whether constant folds op's results from its operands:
// arith and math ops without regions that have a folder.
func folds(op *ir.Operation) bool {
	ns := ir.DialectNamespace(op.Name())
	return (ns == "arith" || ns == "math") && op.NumRegions() == 0 && op.Def().Fold != nil
}
