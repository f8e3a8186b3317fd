package transforms

import (
	"flag"
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// reassociate-loop-addresses splits the address arithmetic of the loops
// of per-thread IR (llvm.func bodies after convert-scf-to-cf) into a
// loop-invariant part, computed once in front of the loop, and the part
// that changes per iteration.
//
// A tensor of pointers loaded in a loop lowers, per register of a thread,
// to `gep(gep(base, (iv + c + row) * stride), col)`: the row offset varies
// with the induction variable, while the base, the thread's row and column
// offsets and the constants do not. Emitted as written, every iteration
// redoes the whole chain per register, and the invariant offsets stay live
// in registers across the loop. LLVM's reassociation, LICM and loop
// strength reduction give Triton's code the form `base' + (iv*stride +
// off)`; ptxas does neither reassociation. These rewrites, all exact:
//
//   - An integer GEP index computed in the loop by add, sub, mul or shl
//     by constants is a linear form sum(c_k * x_k) + c over its leaves,
//     exact in the wrapping arithmetic of its width. The terms whose leaf
//     is defined outside the loop (and the constant) become one value
//     computed in front of the loop; the index becomes `variant +
//     invariant`, the same bits. Done where it takes fewer ops in the loop
//     than the original expression.
//   - `gep(gep(base, a), b)` with base and b loop-invariant and a not
//     becomes `gep(gep(base, b), a)` with the inner GEP in front of the
//     loop: address arithmetic wraps, so the order of the two offsets does
//     not change the address (each index keeps its own sign extension).
//   - A pointer carried by the loop whose one use is `q = gep(p, c)` (c
//     invariant), with q the value carried back (matmul's tile pointers,
//     advanced by a block each iteration and read by the copies of that
//     iteration), is carried as q instead: the entry edges pass gep(p0,
//     c), the loop reads the carried value and adds c after its uses. The
//     loop reads the same addresses; ptxas, which folds a constant c of
//     `use(p + c)` into the access while it also keeps `p + c` for the
//     next iteration, holds both pointers and copies them back on every
//     iteration otherwise (matmul 128x128: 15 of its 142 loop
//     instructions).
//   - Sixteen or more pointers carried and advanced by one invariant step
//     (a tile loaded element by element) become one carried offset added
//     to their entry values (loopstep.go).
//
// Loops are the natural loops of the CFG; hoisted code goes to the end of
// the loop header's immediate dominator, which every value used in the
// loop but defined outside it dominates. Only pure integer arithmetic and
// GEPs are created there, so executing them when the loop does not run
// has no effect. The environment variable TT_X_LOOP_ADDRESSES=off
// (experimental, for timing variants) turns the pass off.
func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "reassociate-loop-addresses",
		DisplayName: "ReassociateLoopAddresses",
		Summary:     "Split the address arithmetic of CFG loops into a loop-invariant part in front of the loop and a per-iteration part",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			offsets := fs.String("induction-offsets", "on", "off: keep carried induction-variable offsets as block arguments (loopiv.go; TT_X_INDUCTION_OFFSETS=off for timing variants)")
			steps := fs.String("stepped-pointers", "on", "off: keep many pointers advanced alike as block arguments (loopstep.go; TT_X_STEPPED_POINTERS=off for timing variants)")
			return func(op *ir.Operation, st *passmgr.State) error {
				if passmgr.Experiment("TT_X_LOOP_ADDRESSES", "on") == "off" {
					st.PreserveAll()
					return nil
				}
				mode := passmgr.Experiment("TT_X_INDUCTION_OFFSETS", *offsets)
				if mode != "on" && mode != "off" {
					return fmt.Errorf("reassociate-loop-addresses: induction-offsets must be on or off, got %q", mode)
				}
				stepMode := passmgr.Experiment("TT_X_STEPPED_POINTERS", *steps)
				if stepMode != "on" && stepMode != "off" {
					return fmt.Errorf("reassociate-loop-addresses: stepped-pointers must be on or off, got %q", stepMode)
				}
				n := ReassociateLoopAddresses(op, mode == "on", stepMode == "on")
				st.Stat("num-rewritten", "Number of indices and GEPs rewritten").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// ReassociateLoopAddresses rewrites the address arithmetic of every CFG
// loop in the regions nested in root (with offsets, its carried
// induction-variable offsets too: loopiv.go; with steps, one offset for
// pointers advanced alike: loopstep.go) and returns the number of
// GEP indices, GEP pairs and arguments it rewrote.
func ReassociateLoopAddresses(root *ir.Operation, offsets, steps bool) int {
	n := 0
	for _, r := range cfgRegions(root) {
		dom := ir.NewDominanceInfo()
		// Each GEP belongs to its innermost loop: an outer loop that
		// rewrote it again would weigh an op of the inner loop as one of
		// its own, and move work into the inner loop.
		inner := map[*ir.Block]bool{}
		for _, l := range naturalLoops(r, dom) {
			w := &addrRewriter{loop: l, inner: inner, b: ir.NewBuilder(r.ParentOp().Context()),
				hoisted: map[hoistKey]ir.Value{}, scaled: map[linearTerm]ir.Value{}, offsets: offsets, steps: steps}
			n += w.run()
			for blk := range l.blocks {
				inner[blk] = true
			}
		}
	}
	return n
}

// addrRewriter rewrites the address arithmetic of one loop.
type addrRewriter struct {
	loop    *cfgLoop
	inner   map[*ir.Block]bool // blocks of the loops nested in loop
	b       *ir.Builder
	hoisted map[hoistKey]ir.Value
	scaled  map[linearTerm]ir.Value
	dead    []*ir.Operation
	offsets bool // recompute carried induction-variable offsets
	steps   bool // carry one offset for many pointers advanced alike (loopstep.go)
}

// hoistKey identifies a value computed in front of the loop, so that the
// registers of a tensor share it: a GEP (base, elem type, index) or a
// linear form's invariant part (its canonical text).
type hoistKey struct {
	base ir.Value
	elem ir.Type
	idx  ir.Value
	form string
}

func (w *addrRewriter) run() int {
	var geps []*ir.Operation
	for _, blk := range w.loop.header.Region().Blocks() {
		if !w.loop.blocks[blk] || w.inner[blk] {
			continue
		}
		for op := blk.First(); op != nil; op = op.Next() {
			if op.Def() == llvm.GEPOp {
				geps = append(geps, op)
			}
		}
	}
	n := w.inductionOffsets()
	// Before rotateIncrements, which would carry some of the same pointers
	// advanced; the GEPs the group rewrite makes are not in geps: swapChain
	// would hoist gep(B, x) out of gep(gep(B, o), x), the 64-bit bases the
	// rewrite avoids.
	n += w.steppedPointers()
	n += w.rotateIncrements()
	for _, g := range geps {
		if g.Block() == nil {
			continue // a step steppedPointers erased
		}
		if w.splitIndex(g) {
			n++
		}
	}
	for _, g := range geps {
		if g.Block() != nil && w.swapChain(g) {
			n++
		}
	}
	w.eraseDead()
	return n
}

// singleIndex returns the one dynamic index of a GEP with a single index,
// or nil.
func singleIndex(g *ir.Operation) ir.Value {
	raw := llvm.GEPRawIndices(g)
	if len(raw) != 1 || raw[0] != llvm.DynamicIndex || g.NumOperands() != 2 {
		return nil
	}
	return g.Operand(1)
}

// splitIndex rewrites the index of GEP g as variant + invariant when that
// saves ops in the loop.
func (w *addrRewriter) splitIndex(g *ir.Operation) bool {
	idx := singleIndex(g)
	if idx == nil || !w.loop.contains(idx) || idx.DefiningOp() == nil {
		return false
	}
	it, ok := idx.Type().(*ir.IntegerType)
	if !ok || it.Width > 64 {
		return false
	}
	f := linearForm{width: it.Width}
	cost := map[*ir.Operation]bool{}
	if !w.linearize(idx, 1, &f, cost, 0) {
		return false
	}
	var vterms, iterms []linearTerm
	for _, t := range f.terms {
		if t.coef == 0 {
			continue
		}
		if w.loop.contains(t.leaf) {
			vterms = append(vterms, t)
		} else {
			iterms = append(iterms, t)
		}
	}
	if len(vterms) == 0 || (len(iterms) == 0 && f.konst == 0) {
		return false
	}
	// In the loop: the adds between the variant terms and of the invariant
	// part, and a multiply per scaled variant term that no other index has
	// made yet (the indices of a tensor's registers share it). A tie goes
	// to the rewrite when it makes such a multiply, for the indices after.
	newCost, scaled := len(vterms), false
	for _, t := range vterms {
		if t.coef != 1 {
			scaled = true
			if _, ok := w.scaled[linearTerm{t.leaf, t.coef}]; !ok {
				newCost++
			}
		}
	}
	if newCost > len(cost) || (newCost == len(cost) && !scaled) {
		return false
	}
	def := idx.DefiningOp()
	loc := def.Loc()
	inv := w.hoistLinear(iterms, f.konst, it, loc)
	vals := make([]ir.Value, 0, len(vterms)+1)
	for _, t := range vterms {
		vals = append(vals, w.scaledTerm(t, it, loc))
	}
	w.b.SetInsertionPoint(def)
	sum := w.sum(append(vals, inv), loc)
	ir.ReplaceAllUsesWith(idx, sum)
	w.dead = append(w.dead, def)
	return true
}

// scaledTerm returns coef * leaf for a variant term, made once per loop
// right after the leaf's definition, where it dominates every index that
// uses the leaf.
func (w *addrRewriter) scaledTerm(t linearTerm, it *ir.IntegerType, loc ir.Location) ir.Value {
	if t.coef == 1 {
		return t.leaf
	}
	if v, ok := w.scaled[t]; ok {
		return v
	}
	w.b.SetInsertionPointAfterValue(t.leaf)
	v := w.scale(t, it, loc)
	w.scaled[t] = v
	return v
}

// scale builds coef * leaf at the insertion point (nothing for 1).
func (w *addrRewriter) scale(t linearTerm, it *ir.IntegerType, loc ir.Location) ir.Value {
	if t.coef == 1 {
		return t.leaf
	}
	c := llvm.NewIntConstant(w.b, loc, it, ir.SignExtend(t.coef, it.Width)).Result(0)
	return llvm.NewBinary(w.b, loc, llvm.MulOp, t.leaf, c).Result(0)
}

// sum adds vals (at least one) at the insertion point, left to right.
func (w *addrRewriter) sum(vals []ir.Value, loc ir.Location) ir.Value {
	s := vals[0]
	for _, v := range vals[1:] {
		s = llvm.NewBinary(w.b, loc, llvm.AddOp, s, v).Result(0)
	}
	return s
}

// linearTerm is coef * leaf in the wrapping arithmetic of the form's width.
type linearTerm struct {
	leaf ir.Value
	coef uint64
}

// linearForm is sum(terms) + konst.
type linearForm struct {
	width int
	terms []linearTerm
	konst uint64
}

func (f *linearForm) add(leaf ir.Value, coef uint64) {
	for i := range f.terms {
		if f.terms[i].leaf == leaf {
			f.terms[i].coef = ir.Truncate(f.terms[i].coef+coef, f.width)
			return
		}
	}
	f.terms = append(f.terms, linearTerm{leaf, ir.Truncate(coef, f.width)})
}

// maxLinearDepth and maxLinearTerms bound the expansion of an index.
const (
	maxLinearDepth = 8
	maxLinearTerms = 8
)

// linearize adds scale * v to f, expanding the linear ops (linearOperands)
// that are computed in the loop and recording them in ops. It reports
// false when the form grows past its bounds.
func (w *addrRewriter) linearize(v ir.Value, scale uint64, f *linearForm, ops map[*ir.Operation]bool, depth int) bool {
	if c, ok := intConstant(v); ok {
		f.konst = ir.Truncate(f.konst+scale*c, f.width)
		return true
	}
	def := v.DefiningOp()
	if def == nil || !w.loop.contains(v) || depth >= maxLinearDepth {
		return w.leaf(v, scale, f)
	}
	parts, ok := linearOperands(def, f.width)
	if !ok {
		return w.leaf(v, scale, f)
	}
	ops[def] = true
	for _, p := range parts {
		if !w.linearize(p.v, scale*p.factor, f, ops, depth+1) {
			return false
		}
	}
	return true
}

// scaledOperand is an operand of a linear op and the factor the op
// multiplies it by.
type scaledOperand struct {
	v      ir.Value
	factor uint64
}

// linearOperands splits def when it is linear in its operands at width
// bits (an add, a sub, a mul or shl by a constant) into the operands and
// their factors.
func linearOperands(def *ir.Operation, width int) ([]scaledOperand, bool) {
	if def.NumOperands() != 2 {
		return nil, false
	}
	x, y := def.Operand(0), def.Operand(1)
	switch def.Def() {
	case llvm.AddOp:
		return []scaledOperand{{x, 1}, {y, 1}}, true
	case llvm.SubOp:
		return []scaledOperand{{x, 1}, {y, ir.Truncate(^uint64(0), width)}}, true
	case llvm.MulOp:
		if c, ok := intConstant(y); ok {
			return []scaledOperand{{x, c}}, true
		}
		if c, ok := intConstant(x); ok {
			return []scaledOperand{{y, c}}, true
		}
	case llvm.ShlOp:
		if c, ok := intConstant(y); ok && c < uint64(width) {
			return []scaledOperand{{x, 1 << c}}, true
		}
	}
	return nil, false
}

func (w *addrRewriter) leaf(v ir.Value, scale uint64, f *linearForm) bool {
	f.add(v, scale)
	return len(f.terms) <= maxLinearTerms
}

// intConstant returns the bits of an llvm.mlir.constant integer.
func intConstant(v ir.Value) (uint64, bool) {
	a, ok := llvm.ConstantInt(v)
	if !ok {
		return 0, false
	}
	return a.Bits, true
}

// hoistLinear builds sum(terms) + konst in front of the loop (once per
// distinct form).
func (w *addrRewriter) hoistLinear(terms []linearTerm, konst uint64, t *ir.IntegerType, loc ir.Location) ir.Value {
	key := hoistKey{elem: t, form: formKey(terms, konst)}
	if v, ok := w.hoisted[key]; ok {
		return v
	}
	w.b.SetInsertionPoint(w.loop.preheader.Terminator())
	var vals []ir.Value
	for _, term := range terms {
		vals = append(vals, w.scale(term, t, loc))
	}
	if konst != 0 || len(vals) == 0 {
		vals = append(vals, llvm.NewIntConstant(w.b, loc, t, ir.SignExtend(konst, t.Width)).Result(0))
	}
	sum := w.sum(vals, loc)
	w.hoisted[key] = sum
	return sum
}

// formKey names a linear form by the identity of its leaves.
func formKey(terms []linearTerm, konst uint64) string {
	var sb strings.Builder
	for _, t := range terms {
		fmt.Fprintf(&sb, "%p*%d+", t.leaf, t.coef)
	}
	fmt.Fprintf(&sb, "%d", konst)
	return sb.String()
}

// swapChain rewrites gep(gep(base, a), b), with base and b invariant and
// a not, as gep(gep(base, b), a), the inner GEP in front of the loop.
func (w *addrRewriter) swapChain(g *ir.Operation) bool {
	if g.Block() == nil {
		return false
	}
	b := singleIndex(g)
	inner := g.Operand(0).DefiningOp()
	if b == nil || w.loop.contains(b) || inner == nil || inner.Def() != llvm.GEPOp || !w.loop.contains(inner.Result(0)) {
		return false
	}
	a := singleIndex(inner)
	base := inner.Operand(0)
	if a == nil || !w.loop.contains(a) || w.loop.contains(base) {
		return false
	}
	loc := g.Loc()
	outerElem, innerElem := llvm.GEPElemType(g), llvm.GEPElemType(inner)
	key := hoistKey{base: base, elem: outerElem, idx: b}
	h, ok := w.hoisted[key]
	if !ok {
		w.b.SetInsertionPoint(w.loop.preheader.Terminator())
		h = llvm.NewGEP(w.b, loc, g.Result(0).Type(), outerElem, base, b).Result(0)
		w.hoisted[key] = h
	}
	w.b.SetInsertionPoint(g)
	ng := llvm.NewGEP(w.b, loc, g.Result(0).Type(), innerElem, h, a)
	ir.ReplaceAllUsesWith(g.Result(0), ng.Result(0))
	g.Erase()
	w.dead = append(w.dead, inner)
	return true
}

// rotateIncrements carries `gep(p, c)` instead of p for each pointer p
// of the loop header that the loop only advances (see the pass comment)
// and returns how many it rewrote.
func (w *addrRewriter) rotateIncrements() int {
	h := w.loop.header
	n := 0
	for i := 0; i < h.NumArguments(); i++ {
		p := h.Argument(i)
		if _, ok := p.Type().(*llvm.PointerType); !ok || !ir.HasOneUse(p) {
			continue
		}
		step := p.FirstUse().Owner()
		if step.Def() != llvm.GEPOp || step.Operand(0) != ir.Value(p) || !w.loop.blocks[step.Block()] || len(llvm.GEPRawIndices(step)) != 1 {
			continue
		}
		if idx := llvm.GEPIndices(step)[0].Value; idx != nil && w.loop.contains(idx) {
			continue
		}
		back, entry, ok := w.edgeOperands(h, i)
		if !ok || len(back) == 0 {
			continue
		}
		q := step.Result(0)
		for _, u := range back {
			ok = ok && u.Get() == ir.Value(q)
		}
		for u := q.FirstUse(); u != nil && ok; u = u.NextUse() {
			ok = w.loop.blocks[u.Owner().Block()]
		}
		if !ok {
			continue
		}
		for _, u := range entry {
			w.b.SetInsertionPoint(u.Owner())
			st := step.Clone(nil)
			// Computed even when the loop does not run: no inbounds claim.
			st.SetAttr("noWrapFlags", ir.I32Attr(st.Context(), llvm.GEPNone))
			w.b.Insert(st)
			st.SetOperand(0, u.Get())
			u.Set(st.Result(0))
		}
		isBack := map[*ir.OpOperand]bool{}
		for _, u := range back {
			isBack[u] = true
		}
		ir.ReplaceUsesIf(q, p, func(u *ir.OpOperand) bool { return !isBack[u] })
		// The advance now feeds only the back edge: after the uses.
		if term := step.Block().Terminator(); len(back) == 1 && back[0].Owner() == term {
			step.MoveBefore(term)
		}
		n++
	}
	return n
}

// edgeOperands returns the operands that the edges into the header pass
// for its argument i, those of the loop's back edges and those of its
// entry edges; ok is false when an edge is not an llvm.br or llvm.cond_br
// (or a cond_br enters the header on both sides).
func (w *addrRewriter) edgeOperands(h *ir.Block, i int) (back, entry []*ir.OpOperand, ok bool) {
	edges, ok := incomingEdges(h)
	if !ok {
		return nil, nil, false
	}
	for _, e := range edges {
		if w.loop.blocks[e.term.Block()] {
			back = append(back, edgeOperand(e, i))
		} else {
			entry = append(entry, edgeOperand(e, i))
		}
	}
	return back, entry, true
}

// eraseDead erases the replaced ops and the pure ops that only they used.
func (w *addrRewriter) eraseDead() {
	EraseDeadPure(w.dead)
	w.dead = nil
}
