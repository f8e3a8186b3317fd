package transforms

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Induction offsets (part of reassociate-loop-addresses; induction-offsets=off
// or TT_X_INDUCTION_OFFSETS=off turns them off). The software pipeliner
// carries a value that one stage computes and a later stage uses through the
// loop's stages as block arguments, one per stage: the rows of a tile (`offs_m = curr_m +
// arange`) computed for the load at stage 0 and compared in the causal mask
// at stage 4 travel as four copies, and every iteration shifts each copy
// one stage down. The PTX emitter turns the shift into register copies on
// the back edge, and every copy is a register live across the loop
// (tutorial 06's attention backward: 16 copies and 12 registers in a loop
// at 255 registers). Each copy is the loop's induction variable plus a
// loop-invariant offset; LLVM's induction-variable simplification (SCEV)
// recomputes such values for Triton instead of carrying them.
//
// A header argument a is x + k at every iteration, with x an argument that
// the back edge passes as x + d (d constant) and k loop-invariant, when
// each back edge passes a value whose linear form is x + d + k (header
// arguments already found to be x + k' taken as such), and k is the
// difference of the two arguments' entry values. The forms are those of the
// add, sub, shl and mul by constants and disjoint or between the entry
// values and their common leaves (outside the loop) and between the back-
// edge values and the header's arguments (inside it), compared term by term
// in the wrapping arithmetic of their width: exact, never a guess. Such an
// argument is replaced by `x + k`, k computed once in front of the loop
// from the two entry values, and the argument and what the edges pass for
// it are dropped.

// maxIVDepth bounds the expansion of a value into its linear form (at
// most 2^maxIVDepth nodes), and maxIVCandidates the arguments an induction
// variable is checked against (the check is quadratic in them): the
// pipeliner's stage copies of a tensor's offsets are a few dozen.
const (
	maxIVDepth      = 12
	maxIVCandidates = 64
)

// inductionOffsets rewrites the header arguments of w's loop that are its
// induction variable plus an invariant offset and returns how many.
func (w *addrRewriter) inductionOffsets() int {
	if !w.offsets {
		return 0
	}
	n := 0
	// Each rewrite renumbers the header's arguments: look again.
	for {
		r := w.inductionOffsetsOnce()
		if r == 0 {
			return n
		}
		n += r
	}
}

// inductionOffsetsOnce rewrites the arguments of the first induction
// variable that has some.
func (w *addrRewriter) inductionOffsetsOnce() int {
	h := w.loop.header
	edges, ok := incomingEdges(h)
	if !ok {
		return 0
	}
	var back, entry []edge
	for _, e := range edges {
		if w.loop.blocks[e.term.Block()] {
			back = append(back, e)
		} else {
			entry = append(entry, e)
		}
	}
	if len(entry) != 1 || len(back) == 0 {
		return 0
	}
	for i := 0; i < h.NumArguments(); i++ {
		if d, ok := w.isStepped(i, back); ok {
			if r := w.offsetsOf(i, d, back, entry[0]); r > 0 {
				return r
			}
		}
	}
	return 0
}

// offsetsOf rewrites the arguments that are argument xi (stepped by d) plus
// an invariant offset.
func (w *addrRewriter) offsetsOf(xi int, d uint64, back []edge, entry edge) int {
	h := w.loop.header
	x := h.Argument(xi)
	width := x.Type().(*ir.IntegerType).Width
	ex, ok := ivForm(edgeOperand(entry, xi).Get(), width, nil)
	if !ok {
		return 0
	}
	// Candidates and their offsets k = entry(a) - entry(x).
	k := map[ir.Value]linearForm{}
	for i := 0; i < h.NumArguments(); i++ {
		a := h.Argument(i)
		if i == xi || a.Type() != x.Type() || !ir.HasUses(a) || len(k) == maxIVCandidates {
			continue
		}
		if _, stepped := w.isStepped(i, back); stepped {
			continue
		}
		ea, ok := ivForm(edgeOperand(entry, i).Get(), width, nil)
		if !ok {
			continue
		}
		k[a] = ea.minus(ex)
	}
	// Keep the candidates whose back-edge values are x + d + k, dropping
	// the others until none is dropped: a value may be exact only through
	// a candidate that is not.
	for changed := true; changed; {
		changed = false
		subst := func(v ir.Value) (linearForm, bool) {
			if v == ir.Value(x) {
				return linearForm{width: width, terms: []linearTerm{{x, 1}}}, true
			}
			f, ok := k[v]
			if !ok {
				return linearForm{}, false
			}
			g := f
			g.terms = append([]linearTerm{{x, 1}}, f.terms...)
			return g, true
		}
		for i := 0; i < h.NumArguments(); i++ {
			a := h.Argument(i)
			ka, ok := k[a]
			if !ok {
				continue
			}
			want := ka
			want.terms = append([]linearTerm{{x, 1}}, ka.terms...)
			want.konst = ir.Truncate(ka.konst+d, width)
			for _, e := range back {
				got, fine := ivForm(edgeOperand(e, i).Get(), width, subst)
				if !fine || !got.equal(want) {
					delete(k, a)
					changed = true
					break
				}
			}
		}
	}
	if len(k) == 0 {
		return 0
	}
	// x + (entry(a) - entry(x)): the offset in front of the loop, the sum
	// at the top of the header; then the arguments and what the edges
	// pass for them go, and so do the sums that only fed them.
	loc := h.Region().ParentOp().Loc()
	var erase []int
	var made []*ir.Operation
	for i := 0; i < h.NumArguments(); i++ {
		a := h.Argument(i)
		if _, ok := k[a]; !ok {
			continue
		}
		w.b.SetInsertionPoint(entry.term)
		off := llvm.NewBinary(w.b, loc, llvm.SubOp, edgeOperand(entry, i).Get(), edgeOperand(entry, xi).Get())
		w.b.SetInsertionPointToStart(h)
		sum := llvm.NewBinary(w.b, loc, llvm.AddOp, x, off.Result(0))
		ir.ReplaceAllUsesWith(a, sum.Result(0))
		erase = append(erase, i)
		made = append(made, sum, off)
	}
	for j := len(erase) - 1; j >= 0; j-- {
		i := erase[j]
		for _, e := range append(append([]edge(nil), back...), entry) {
			if def := edgeOperand(e, i).Get().DefiningOp(); def != nil {
				w.dead = append(w.dead, def) // what only the edge read goes too
			}
			eraseEdgeOperand(e, i)
		}
		h.EraseArgument(i)
	}
	w.dead = append(w.dead, made...)
	return len(erase)
}

// isStepped returns d when every back edge (back, the header's incoming
// edges from inside the loop) passes header argument i as itself plus the
// constant d: an induction variable.
func (w *addrRewriter) isStepped(i int, back []edge) (uint64, bool) {
	h := w.loop.header
	it, isInt := h.Argument(i).Type().(*ir.IntegerType)
	if !isInt {
		return 0, false
	}
	var d uint64
	stepped := false
	for _, e := range back {
		f, fine := ivForm(edgeOperand(e, i).Get(), it.Width, nil)
		if !fine || len(f.terms) != 1 || f.terms[0].leaf != h.Argument(i) || f.terms[0].coef != 1 || stepped && f.konst != d {
			return 0, false
		}
		d, stepped = f.konst, true
	}
	return d, stepped
}

// ivForm is v's linear form of width bits, down to values that are not
// linear (block arguments, loads, ...), of which subst may replace some
// by forms of their own. ok is false past the bounds.
func ivForm(v ir.Value, width int, subst func(ir.Value) (linearForm, bool)) (linearForm, bool) {
	f := linearForm{width: width}
	ok := expandForm(v, 1, &f, subst, 0)
	return f, ok && len(f.terms) <= 2*maxLinearTerms
}

func expandForm(v ir.Value, scale uint64, f *linearForm, subst func(ir.Value) (linearForm, bool), depth int) bool {
	if c, ok := intConstant(v); ok {
		f.konst = ir.Truncate(f.konst+scale*c, f.width)
		return true
	}
	if subst != nil {
		if g, ok := subst(v); ok {
			for _, t := range g.terms {
				f.add(t.leaf, scale*t.coef)
			}
			f.konst = ir.Truncate(f.konst+scale*g.konst, f.width)
			return true
		}
	}
	def := v.DefiningOp()
	if def == nil || depth >= maxIVDepth {
		f.add(v, scale)
		return true
	}
	parts, ok := linearOperands(def, f.width)
	if !ok && def.Def() == llvm.OrOp && def.NumOperands() == 2 && def.Attr("isDisjoint") != nil {
		// Disjoint bits: the or is their sum.
		parts, ok = []scaledOperand{{def.Operand(0), 1}, {def.Operand(1), 1}}, true
	}
	if !ok {
		f.add(v, scale)
		return true
	}
	for _, p := range parts {
		if !expandForm(p.v, scale*p.factor, f, subst, depth+1) {
			return false
		}
	}
	return true
}

// minus returns f - g (same width).
func (f linearForm) minus(g linearForm) linearForm {
	out := linearForm{width: f.width, konst: ir.Truncate(f.konst-g.konst, f.width)}
	for _, t := range f.terms {
		out.add(t.leaf, t.coef)
	}
	for _, t := range g.terms {
		out.add(t.leaf, ir.Truncate(-t.coef, f.width))
	}
	return out
}

// equal reports whether f and g are the same form (terms in any order,
// zero coefficients ignored).
func (f linearForm) equal(g linearForm) bool {
	d := f.minus(g)
	if d.konst != 0 {
		return false
	}
	for _, t := range d.terms {
		if t.coef != 0 {
			return false
		}
	}
	return true
}
