package axisinfo

import (
	"github.com/ttcompiler/tt/ir"
)

// liveness records which blocks of a function can execute and which CFG
// edges can be taken, as MLIR's dead-code analysis (driven by sparse
// constant propagation) finds them: a scf.if or cf.cond_br whose
// condition folds to a constant has only one live successor.
type liveness struct {
	blocks map[*ir.Block]bool
	edges  map[[2]*ir.Block]bool
	consts map[ir.Value]ir.Attribute
	seen   map[ir.Value]bool
}

func computeLiveness(fn *ir.Operation) *liveness {
	l := &liveness{
		blocks: map[*ir.Block]bool{}, edges: map[[2]*ir.Block]bool{},
		consts: map[ir.Value]ir.Attribute{}, seen: map[ir.Value]bool{},
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return l
	}
	var work []*ir.Block
	mark := func(b *ir.Block) {
		if b != nil && !l.blocks[b] {
			l.blocks[b] = true
			work = append(work, b)
		}
	}
	mark(fn.Region(0).Front())
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		for op := b.First(); op != nil; op = op.Next() {
			switch {
			case op.Name() == "scf.if":
				taken := -1
				if c, ok := l.constant(op.Operand(0)).(*ir.IntegerAttr); ok {
					taken = 1
					if c.Uint() != 0 {
						taken = 0
					}
				}
				for i, r := range op.Regions() {
					if (taken < 0 || taken == i) && !r.Empty() {
						mark(r.Front())
					}
				}
			case op.NumRegions() > 0:
				for _, r := range op.Regions() {
					if !r.Empty() {
						mark(r.Front())
					}
				}
			}
			if op.NumSuccessors() == 0 {
				continue
			}
			succs := op.Successors()
			if op.Name() == "cf.cond_br" && len(succs) == 2 {
				if c, ok := l.constant(op.Operand(0)).(*ir.IntegerAttr); ok {
					if c.Uint() != 0 {
						succs = succs[:1]
					} else {
						succs = succs[1:]
					}
				}
			}
			for _, s := range succs {
				l.edges[[2]*ir.Block{b, s}] = true
				mark(s)
			}
		}
	}
	return l
}

func (l *liveness) block(b *ir.Block) bool { return b != nil && l.blocks[b] }

func (l *liveness) edge(from, to *ir.Block) bool { return l.edges[[2]*ir.Block{from, to}] }

// regionLive reports whether the entry block of r can execute.
func (l *liveness) regionLive(r *ir.Region) bool { return !r.Empty() && l.block(r.Front()) }

// constant folds v to a constant attribute when its defining ops are
// constants or arithmetic on constants (the part of sparse constant
// propagation that branch conditions need); nil when unknown.
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
