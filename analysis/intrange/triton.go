package intrange

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

// Triton's refinement of the analysis (TritonIntegerRangeAnalysis of the
// AMD backend): ranges for Triton's ops (program ids, make_range, shape
// ops), ranges assumed with llvm.intr.assume, and loops with statically
// bounded trip counts interpreted that many times instead of widened.

const (
	// maxTripCount is the total trip count above which a loop's carried
	// values get the maximal range.
	maxTripCount = 1024
	// maxPrograms bounds program ids (Triton's kDefaultMaxPrograms).
	maxPrograms = uint64(1) << 31
)

// Triton is the client; build it with NewTriton.
type Triton struct {
	// assumptions maps a value to the comparisons asserted about it
	// (the operands of the conditions of llvm.intr.assume).
	assumptions map[ir.Value][]*ir.Operation
	dom         *ir.DominanceInfo
	// Remark receives the remarks Triton's analysis emits (unsupported
	// assumptions); nil drops them.
	Remark func(op *ir.Operation, msg string)

	tripCounts map[*ir.Operation]int64
	visits     map[loopValue]int64
	solver     *Solver
}

type loopValue struct {
	loop *ir.Operation
	v    ir.Value
}

// NewTriton collects the assumptions under top and returns the solver
// with Triton's client, not yet run.
func NewTriton(top *ir.Operation, remark func(*ir.Operation, string)) (*Solver, *Triton) {
	t := &Triton{assumptions: CollectAssumptions(top, true), dom: ir.NewDominanceInfo(), Remark: remark,
		tripCounts: map[*ir.Operation]int64{}, visits: map[loopValue]int64{}}
	s := NewSolver(top, t)
	t.solver = s
	// Function arguments with assumptions start from them.
	ir.WalkOps(top, func(fn *ir.Operation) {
		if fn.Name() != "tt.func" || fn.Region(0).Empty() {
			return
		}
		entry := fn.Region(0).Front()
		for _, a := range entry.Arguments() {
			if _, ok := t.assumptions[a]; !ok {
				continue
			}
			l := MaxLattice(a)
			if r, ok := t.assumedRange(a, entry); ok {
				l = Of(r)
			}
			s.Set(a, l)
		}
	})
	return s, t
}

// CollectAssumptions maps each operand of the condition of every
// llvm.intr.assume under root to that condition (constants left out when
// filterConstants is set).
func CollectAssumptions(root *ir.Operation, filterConstants bool) map[ir.Value][]*ir.Operation {
	out := map[ir.Value][]*ir.Operation{}
	ir.WalkOps(root, func(op *ir.Operation) {
		if op.Name() != "llvm.intr.assume" || op.NumOperands() == 0 {
			return
		}
		cond := op.Operand(0).DefiningOp()
		if cond == nil {
			return
		}
		for _, v := range cond.Operands() {
			if _, isConst := constantInt(v); filterConstants && isConst {
				continue
			}
			seen := false
			for _, c := range out[v] {
				seen = seen || c == cond
			}
			if !seen {
				out[v] = append(out[v], cond)
			}
		}
	})
	return out
}

// constantInt is the value of an integer constant (scalar or splat).
func constantInt(v ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" {
		return 0, false
	}
	switch c := d.Attr("value").(type) {
	case *ir.IntegerAttr:
		return c.Int(), true
	case *ir.DenseElementsAttr:
		if !c.IsFloat() && c.IsSplat() {
			return c.IntAt(0), true
		}
	}
	return 0, false
}

// BoundFromCmp is Triton's getBoundFromCmpOp: the range a comparison of
// anchor with a constant asserts about anchor.
func BoundFromCmp(cmp *ir.Operation, anchor ir.Value) (Range, bool, string) {
	pred := arith.CmpIPredicateOf(cmp)
	signed := true
	switch pred {
	case arith.CmpIUGE, arith.CmpIUGT, arith.CmpIULE, arith.CmpIULT:
		signed = false
	}
	anchorIsLHS := cmp.Operand(0) == anchor
	other := cmp.Operand(0)
	if anchorIsLHS {
		other = cmp.Operand(1)
	}
	c, ok := constantInt(other)
	if !ok {
		return Range{}, false, ""
	}
	w := StorageWidth(anchor.Type())
	if w == 0 {
		return Range{}, false, ""
	}
	val := trunc(uint64(c), w)
	lo, hi := uint64(0), mask(w)
	if signed {
		lo, hi = signedMin(w), signedMax(w)
		if d := anchor.DefiningOp(); d != nil && (d.Name() == "tt.get_program_id" || d.Name() == "tt.get_num_programs") {
			lo = 0
		}
	}
	inc, dec := trunc(val+1, w), trunc(val-1, w)
	switch pred {
	case arith.CmpIEQ:
		return Constant(val, w), true, ""
	case arith.CmpIUGE, arith.CmpISGE:
		if anchorIsLHS {
			return FromBounds(val, hi, w, signed), true, ""
		}
		return FromBounds(lo, val, w, signed), true, ""
	case arith.CmpIUGT, arith.CmpISGT:
		if anchorIsLHS {
			return FromBounds(inc, hi, w, signed), true, ""
		}
		return FromBounds(lo, dec, w, signed), true, ""
	case arith.CmpIULE, arith.CmpISLE:
		if anchorIsLHS {
			return FromBounds(lo, val, w, signed), true, ""
		}
		return FromBounds(val, hi, w, signed), true, ""
	case arith.CmpIULT, arith.CmpISLT:
		if anchorIsLHS {
			return FromBounds(lo, dec, w, signed), true, ""
		}
		return FromBounds(inc, hi, w, signed), true, ""
	}
	return Range{}, false, "unsupported cmp predicate for assumption"
}

// assumedRange intersects what the assumptions about v whose blocks
// dominate useBlock assert.
func (t *Triton) assumedRange(v ir.Value, useBlock *ir.Block) (Range, bool) {
	var out Range
	have := false
	for _, a := range t.assumptions[v] {
		if a.Name() != "arith.cmpi" {
			t.remark(a, "unsupported assumption operation")
			continue
		}
		if useBlock == nil || a.Block() == nil || !t.dom.BlockDominates(a.Block(), useBlock) {
			continue
		}
		r, ok, msg := BoundFromCmp(a, v)
		if msg != "" {
			t.remark(a, msg)
		}
		if !ok {
			continue
		}
		if have {
			out = out.Intersect(r)
		} else {
			out, have = r, true
		}
	}
	if have && out.NonNegative() {
		// 0 <= x && x <= n leaves the unsigned bounds at [0, max]; the
		// signed bounds are the tight ones.
		out = FromSigned(out.SMin, out.SMax, out.Width)
	}
	return out, have
}

func (t *Triton) remark(op *ir.Operation, msg string) {
	if t.Remark != nil {
		t.Remark(op, msg)
	}
}

// EntryState is the maximal range, or what the assumptions visible at the
// function's entry assert.
func (t *Triton) EntryState(s *Solver, v ir.Value) Lattice {
	l := MaxLattice(v)
	if !l.Set {
		return l
	}
	if entry := funcEntry(v); entry != nil {
		if r, ok := t.assumedRange(v, entry); ok {
			return Of(r)
		}
	}
	return l
}

// funcEntry is the entry block of the function defining v.
func funcEntry(v ir.Value) *ir.Block {
	op := v.DefiningOp()
	if op == nil {
		if b := v.ParentBlock(); b != nil {
			op = b.ParentOp()
		}
	}
	for ; op != nil; op = op.ParentOp() {
		if op.Name() == "tt.func" && !op.Region(0).Empty() {
			return op.Region(0).Front()
		}
	}
	return nil
}

// shapeOps forward their operand's range; joinOps the union of both.
var (
	shapeOps = map[string]bool{"tt.trans": true, "tt.split": true, "tt.broadcast": true, "tt.reshape": true,
		"ttg.convert_layout": true, "tt.splat": true, "tt.expand_dims": true}
	joinOps = map[string]bool{"tt.join": true, "tt.cat": true}
)

// VisitOp is Triton's visitOperation: operands with assumptions read the
// assumed range, results with assumptions are intersected with it.
func (t *Triton) VisitOp(s *Solver, op *ir.Operation, operands []Lattice) bool {
	block := op.Block()
	resultAssumed := map[ir.Value]Range{}
	for _, r := range op.Results() {
		if a, ok := t.assumedRange(r, block); ok {
			resultAssumed[r] = a
		}
	}
	in := make([]Lattice, len(operands))
	for i, v := range op.Operands() {
		in[i] = operands[i]
		if a, ok := t.assumedRange(v, block); ok {
			in[i] = Of(a)
		}
	}
	join := func(v ir.Value, l Lattice) {
		if a, ok := resultAssumed[v]; ok && l.Set {
			if _, still := t.assumedRange(v, block); still {
				l = Of(l.R.Intersect(a))
			}
		}
		s.Join(v, l)
	}
	t.visit(s, op, in, join)
	for _, r := range op.Results() {
		a, ok := resultAssumed[r]
		if !ok {
			continue
		}
		if cur := s.State(r); !cur.Set {
			s.Join(r, Of(a))
		}
	}
	return true
}

func (t *Triton) visit(s *Solver, op *ir.Operation, in []Lattice, join func(ir.Value, Lattice)) {
	name := op.Name()
	switch name {
	case "tt.get_program_id", "tt.get_num_programs":
		res := op.Result(0)
		w := StorageWidth(res.Type())
		if w == 0 {
			return
		}
		top := maxPrograms - 1
		if name == "tt.get_num_programs" {
			top = maxPrograms
		}
		join(res, Of(FromBounds(0, trunc(top, w), w, isSignedInt(res.Type()))))
		return
	case "tt.make_range":
		res := op.Result(0)
		w := StorageWidth(res.Type())
		start, _ := op.Attr("start").(*ir.IntegerAttr)
		end, _ := op.Attr("end").(*ir.IntegerAttr)
		if w == 0 || start == nil || end == nil {
			return
		}
		join(res, Of(FromBounds(trunc(uint64(start.Int()), w), trunc(uint64(end.Int()-1), w), w, isSignedInt(res.Type()))))
		return
	case "tt.histogram":
		for _, r := range op.Results() {
			if w := StorageWidth(r.Type()); w > 0 {
				join(r, Of(FromSigned(0, mask(w), w)))
			}
		}
		return
	case "amdg.extract_slice":
		join(op.Result(0), in[0])
		return
	case "tt.gather":
		if !in[0].Set || !in[1].Set {
			s.SetToEntryStates(op.Results())
			return
		}
		join(op.Result(0), in[0])
		return
	}
	if shapeOps[name] || joinOps[name] {
		for _, l := range in {
			if !l.Set {
				s.SetToEntryStates(op.Results())
				return
			}
		}
		for _, r := range op.Results() {
			if joinOps[name] {
				join(r, Of(in[0].R.Union(in[1].R)))
			} else {
				join(r, in[0])
			}
		}
		return
	}
	// The arith ops' own inference, joined through Triton's transfer.
	if l, ok := ArithRange(op, in); ok {
		if l.Set {
			join(op.Result(0), l)
		}
		return
	}
	s.SetToEntryStates(op.Results())
}

func isSignedInt(t ir.Type) bool {
	it, ok := ir.ElementTypeOrSelf(t).(*ir.IntegerType)
	return ok && it.Signedness == ir.Signed
}

// JoinCarried is Triton's visitRegionSuccessors for loops: a carried value
// takes as many changes as the loop's total trip count (the loop
// "interpreted" that often), and the maximal range when that count is
// unknown or above 1024.
func (t *Triton) JoinCarried(s *Solver, loop *ir.Operation, target ir.Value, incoming Lattice) bool {
	if _, ok := t.tripCounts[loop]; !ok {
		t.tripCounts[loop] = 1<<63 - 1
	}
	if n := t.TotalTripCount(loop); n < t.tripCounts[loop] {
		t.tripCounts[loop] = n
	}
	k := loopValue{loop, target}
	if t.visits[k] >= t.tripCounts[loop] {
		return false
	}
	var changed bool
	if t.tripCounts[loop] > maxTripCount {
		changed = s.Join(target, MaxLattice(target))
	} else {
		changed = s.Join(target, incoming)
	}
	if changed {
		t.visits[k]++
	}
	return changed
}

// TotalTripCount multiplies the trip counts of loop and the loops around
// it (an unknown count counts as 1025).
func (t *Triton) TotalTripCount(loop *ir.Operation) int64 {
	total := int64(1)
	for op := loop; op != nil; op = op.ParentOp() {
		if !IsLoop(op) {
			continue
		}
		n, ok := t.tripCount(op)
		if !ok {
			n = maxTripCount + 1
		}
		total *= n
	}
	return total
}

// tripCount is ceil((ub - lb) / step) from the bounds' constants or
// ranges; scf.while has none. As in Triton 3.6 (which tests an optional
// flag for presence where it meant its value), a non-constant lower bound
// reads the largest value of its range (the largest int if unknown), the
// upper bound likewise, and the step its smallest value (1 if unknown or
// zero).
func (t *Triton) tripCount(loop *ir.Operation) (int64, bool) {
	if loop.Name() != "scf.for" {
		return 0, false
	}
	iv := loop.Region(0).Front().Argument(0)
	w := StorageWidth(iv.Type())
	if w == 0 {
		return 0, false
	}
	read := func(v ir.Value, largest bool, def uint64) uint64 {
		if c, ok := constantInt(v); ok {
			return trunc(uint64(c), w)
		}
		if l := t.solver.State(v); l.Set {
			if largest {
				return l.R.SMax
			}
			return l.R.SMin
		}
		return def
	}
	lo := read(loop.Operand(0), true, signedMax(w))
	hi := read(loop.Operand(1), true, signedMax(w))
	step := read(loop.Operand(2), false, 1)
	if isNeg(step, w) {
		lo, hi = hi, lo
	}
	if step == 0 {
		step = 1
	}
	if slt(hi, lo, w) {
		return 0, false
	}
	return ceilDivSigned(sext(hi, w)-sext(lo, w), sext(step, w)), true
}

func ceilDivSigned(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}
