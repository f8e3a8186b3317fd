package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
)

// Branches carry block arguments; every edge performs its parallel copy
// just before control reaches the destination, on that edge only.

// edgeMoves returns the parallel copy of successor i of a branch.
func (f *fn) edgeMoves(term *ir.Operation, i int) ([]move, error) {
	dest := term.Successor(i)
	var idx []int
	if h := term.Def().SuccessorOperands; h != nil {
		idx = h(term, i)
	} else if dest.NumArguments() > 0 {
		return nil, ir.OpErrorf(term, "'%s' does not say which operands it passes to its successors", term.Name())
	}
	if len(idx) != dest.NumArguments() {
		return nil, ir.OpErrorf(term, "passes %d operands to a block with %d arguments", len(idx), dest.NumArguments())
	}
	// A move per argument, unless some are aggregates.
	moves := make([]move, 0, len(idx))
	for k, oi := range idx {
		src, err := f.get(term.Operand(oi))
		if err != nil {
			return nil, err
		}
		dst, _ := f.vals.lookup(dest.Argument(k))
		d, s := dst.leaves(), src.leaves()
		if len(d) != len(s) {
			return nil, ir.OpErrorf(term, "operand %d does not match the block argument's type", oi)
		}
		for j := range d {
			c := f.class(d[j])
			if d[j].reg != s[j].reg && f.webs.mayBeInFlight(term.Operand(oi)) {
				return nil, ir.OpErrorf(term, "operand %d is a wgmma accumulator that may still be in flight, but it cannot stay in its registers across this edge (it is live elsewhere); wait for it (gpu.wgmma_wait 0) before the branch", oi)
			}
			moves = append(moves, move{dst: d[j].reg, src: f.imm(s[j], c), cls: c})
		}
	}
	return moves, nil
}

// target returns the label of a branch destination and marks it used.
func (f *fn) target(b *ir.Block) string {
	l := f.labels[b]
	f.used[l] = true
	return l
}

// split returns a fresh label for a split edge, marked used.
func (f *fn) split() string {
	f.nlabels++
	l := fmt.Sprintf("$L__BB%d_e%d", f.index, f.nlabels)
	f.used[l] = true
	return l
}

// copies emits a parallel copy (overwriting moves).
func (f *fn) copies(moves []move) {
	sequentialize(moves, f.regs.alloc, func(m move) {
		f.inss("mov.%s %s, %s", classInfo[m.cls].movType, m.dst, m.src)
	})
}

// jump emits the copies of an edge and the branch, unless the destination
// is laid out next (fallthrough).
func (f *fn) jump(moves []move, dest *ir.Block) {
	f.copies(moves)
	if dest != f.next {
		f.inss("bra.uni %s", f.target(dest))
	}
}

func (f *fn) emitBr(op *ir.Operation) error {
	moves, err := f.edgeMoves(op, 0)
	if err != nil {
		return err
	}
	f.jump(moves, op.Successor(0))
	return nil
}

// emitCondBr branches on a predicate. An edge with copies cannot be the
// target of a predicated bra directly; the copies of the taken edge run
// after a branch on the negated predicate skips them, or in a split edge
// block when both edges copy.
func (f *fn) emitCondBr(op *ir.Operation) error {
	cond, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	tMoves, err := f.edgeMoves(op, 0)
	if err != nil {
		return err
	}
	fMoves, err := f.edgeMoves(op, 1)
	if err != nil {
		return err
	}
	tDest, fDest := op.Successor(0), op.Successor(1)
	if k := cond.konst; k != nil && !k.undef {
		if k.bits&1 != 0 {
			f.jump(tMoves, tDest)
		} else {
			f.jump(fMoves, fDest)
		}
		return nil
	}
	p := f.reg(cond)
	switch {
	case len(tMoves) == 0 && (len(fMoves) > 0 || tDest != f.next):
		f.inss("@%s bra %s", p, f.target(tDest))
		f.jump(fMoves, fDest)
	case len(fMoves) == 0:
		f.inss("@!%s bra %s", p, f.target(fDest))
		f.jump(tMoves, tDest)
	case tDest == f.next:
		// Both edges copy and the true destination comes next: its copies
		// go last, falling through into it.
		split := f.split()
		f.inss("@%s bra %s", p, split)
		f.jump(fMoves, fDest)
		f.label(split)
		f.consts = map[*value]string{}
		f.copies(tMoves)
	default:
		split := f.split()
		f.inss("@!%s bra %s", p, split)
		f.copies(tMoves)
		f.inss("bra.uni %s", f.target(tDest))
		f.label(split)
		f.jump(fMoves, fDest)
	}
	return nil
}

func (f *fn) emitReturn(op *ir.Operation) error {
	if f.kernel && op.NumOperands() > 0 {
		return ir.OpErrorf(op, "a kernel cannot return a value")
	}
	if err := f.returnValues(op); err != nil {
		return err
	}
	f.inss("ret")
	return nil
}

// emitUnreachable traps: reaching it is undefined behavior, and a trap
// makes the bug visible instead of running off the end.
func (f *fn) emitUnreachable(op *ir.Operation) error {
	f.inss("trap")
	return nil
}
