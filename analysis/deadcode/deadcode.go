// Package deadcode finds which blocks of a function can execute and which
// CFG edges can be taken, as MLIR's dead-code analysis (driven by sparse
// constant propagation) finds them: a scf.if, scf.index_switch, scf.while
// condition or cf.cond_br whose condition folds to a constant (through
// constants and arith/math ops on constants) has only the successors it
// can take. The alias and axis-info analyses skip what cannot run.
package deadcode

import (
	"github.com/ttcompiler/tt/ir"
)

// Liveness is the result of the analysis.
type Liveness struct {
	blocks map[*ir.Block]bool
	edges  map[[2]*ir.Block]bool
	consts map[ir.Value]ir.Attribute
	seen   map[ir.Value]bool
}

// Analyze marks the entry blocks of root's regions live and propagates
// through the regions and successors that can be entered.
func Analyze(root *ir.Operation) *Liveness {
	l := &Liveness{
		blocks: map[*ir.Block]bool{}, edges: map[[2]*ir.Block]bool{},
		consts: map[ir.Value]ir.Attribute{}, seen: map[ir.Value]bool{},
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

// liveRegions returns the regions of op whose entry can be reached.
func (l *Liveness) liveRegions(op *ir.Operation) []int {
	all := func() []int {
		r := make([]int, op.NumRegions())
		for i := range r {
			r[i] = i
		}
		return r
	}
	switch op.Name() {
	case "scf.if":
		if c, ok := l.boolConst(op.Operand(0)); ok {
			if c {
				return []int{0}
			}
			if op.NumRegions() > 1 {
				return []int{1}
			}
			return nil
		}
	case "scf.index_switch":
		if c, ok := l.constant(op.Operand(0)).(*ir.IntegerAttr); ok {
			if cases, ok := op.Attr("cases").(*ir.DenseArrayAttr); ok {
				for i, v := range cases.Ints {
					if v == c.Int() && i+1 < op.NumRegions() {
						return []int{i + 1}
					}
				}
			}
			return []int{0}
		}
	case "scf.while":
		// The after region is entered from the condition unless it is
		// constantly false.
		if op.NumRegions() == 2 && !op.Region(0).Empty() {
			if c := op.Region(0).Front().Last(); c != nil && c.Name() == "scf.condition" && c.NumOperands() > 0 {
				if v, ok := l.boolConst(c.Operand(0)); ok && !v {
					return []int{0}
				}
			}
		}
	}
	return all()
}

// liveSuccessors returns the successor blocks a branch can take.
func (l *Liveness) liveSuccessors(op *ir.Operation) []*ir.Block {
	succs := op.Successors()
	if op.Name() == "cf.cond_br" && len(succs) == 2 && op.NumOperands() > 0 {
		if c, ok := l.boolConst(op.Operand(0)); ok {
			if c {
				return succs[:1]
			}
			return succs[1:]
		}
	}
	return succs
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

func (l *Liveness) boolConst(v ir.Value) (bool, bool) {
	c, ok := l.constant(v).(*ir.IntegerAttr)
	if !ok {
		return false, false
	}
	return c.Int() != 0, true
}

// constant folds v to a constant attribute when it is defined by a
// constant or by arith/math ops on constants; nil when unknown.
func (l *Liveness) constant(v ir.Value) ir.Attribute {
	if l.seen[v] {
		return l.consts[v]
	}
	l.seen[v] = true
	op := v.DefiningOp()
	if op == nil {
		return nil
	}
	if c := ir.ConstantValue(op); c != nil {
		l.consts[v] = c
		return c
	}
	ns := ir.DialectNamespace(op.Name())
	if (ns != "arith" && ns != "math") || op.NumRegions() > 0 || op.Def().Fold == nil {
		return nil
	}
	operands := make([]ir.Attribute, op.NumOperands())
	for i, x := range op.Operands() {
		if operands[i] = l.constant(x); operands[i] == nil {
			return nil
		}
	}
	res := op.Def().Fold(op, operands)
	r, ok := v.(*ir.OpResult)
	if !ok || r.Index() >= len(res) {
		return nil
	}
	switch {
	case res[r.Index()].Attr != nil:
		l.consts[v] = res[r.Index()].Attr
	case res[r.Index()].Value != nil && res[r.Index()].Value != v:
		l.consts[v] = l.constant(res[r.Index()].Value)
	}
	return l.consts[v]
}
