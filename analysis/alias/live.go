package alias

import (
	"github.com/ttcompiler/tt/ir"
)

// liveness is what MLIR's dead-code analysis (driven by sparse constant
// propagation) tells the alias solver: which blocks can execute and which
// CFG edges can be taken. Conditions are folded through constants and
// arithmetic on constants, the part of constant propagation that
// branch conditions need.
type liveness struct {
	blocks map[*ir.Block]bool
	edges  map[[2]*ir.Block]bool
	consts map[ir.Value]ir.Attribute
	seen   map[ir.Value]bool
}

func newLiveness() *liveness {
	return &liveness{
		blocks: map[*ir.Block]bool{}, edges: map[[2]*ir.Block]bool{},
		consts: map[ir.Value]ir.Attribute{}, seen: map[ir.Value]bool{},
	}
}

// addRoot marks the entry blocks of root's regions live and propagates.
func (l *liveness) addRoot(root *ir.Operation) {
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
}

// liveRegions returns the regions of op whose entry can be reached.
func (l *liveness) liveRegions(op *ir.Operation) []int {
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
func (l *liveness) liveSuccessors(op *ir.Operation) []*ir.Block {
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

func (l *liveness) block(b *ir.Block) bool { return b != nil && l.blocks[b] }

func (l *liveness) edge(from, to *ir.Block) bool { return l.edges[[2]*ir.Block{from, to}] }

// regionLive reports whether the entry block of region i of op is live.
func (l *liveness) regionLive(op *ir.Operation, i int) bool {
	return i < op.NumRegions() && !op.Region(i).Empty() && l.block(op.Region(i).Front())
}

func (l *liveness) boolConst(v ir.Value) (bool, bool) {
	c, ok := l.constant(v).(*ir.IntegerAttr)
	if !ok {
		return false, false
	}
	return c.Int() != 0, true
}

// constant folds v to a constant attribute when it is defined by a
// constant or by arith/math ops on constants; nil when unknown.
func (l *liveness) constant(v ir.Value) ir.Attribute {
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
