package nvidia

import (
	"slices"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// How plan-cta's casts travel. A backward cast asks the producer of its
// operand for the layout of its result: an elementwise op, constant,
// splat, make_range, broadcast, expand_dims, load, scf.if or scf.for
// changes its result's type (and casts its own operands in turn), a
// forward cast meets it and the pair cancels or becomes a convert_layout.
// A forward cast asks the consumers of its result to take its operand's
// layout the same way. Any other op keeps its layouts (the casts become
// convert_layouts around it).

// isPlanningCast reports whether op is one of the planner's casts.
func (p *ctaPlanner) isPlanningCast(op *ir.Operation) bool {
	_, ok := p.dir[op]
	return ok
}

// tensorOf returns the ranked tensor a value's type is or points to (block
// pointers), or nil.
func tensorOf(t ir.Type) *ir.RankedTensorType {
	if pt, ok := t.(*tt.PointerType); ok {
		t = pt.Pointee
	}
	rt, _ := t.(*ir.RankedTensorType)
	return rt
}

// withLayout returns t (a tensor or a pointer to one) with encoding enc.
func withLayout(ctx *ir.Context, t ir.Type, enc ir.Attribute) ir.Type {
	if pt, ok := t.(*tt.PointerType); ok {
		return tt.Ptr(ctx, withLayout(ctx, pt.Pointee, enc), pt.AddrSpace)
	}
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return ir.RankedTensor(ctx, rt.Dims, rt.Elem, enc)
	}
	return t
}

// insertCasts gives op's tensor operands and results the layouts given
// (nil entries are for non-tensor values): a backward cast before each
// operand, and each result retyped with a forward cast back to its old
// type for its users.
func (p *ctaPlanner) insertCasts(op *ir.Operation, operandLayouts, resultLayouts []ir.Attribute) {
	ctx := op.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	for i := 0; i < op.NumOperands(); i++ {
		if t := op.Operand(i).Type(); tensorOf(t) != nil && operandLayouts[i] != nil {
			p.castOperand(b, op.Loc(), op.OpOperand(i), withLayout(ctx, t, operandLayouts[i]))
		}
	}
	b.SetInsertionPointAfter(op)
	for i := 0; i < op.NumResults(); i++ {
		if r := op.Result(i); tensorOf(r.Type()) != nil && resultLayouts[i] != nil {
			p.retype(b, op.Loc(), r, withLayout(ctx, r.Type(), resultLayouts[i]))
		}
	}
}

// castOperand makes operand u use a backward cast of its value to type t,
// created at the builder's insertion point.
func (p *ctaPlanner) castOperand(b *ir.Builder, loc ir.Location, u *ir.OpOperand, t ir.Type) {
	c := p.newCast(b, loc, u.Get(), t, backward)
	u.Set(c.Result(0))
}

// retype gives v type t; its users get a forward cast back to the old
// type, created at the builder's insertion point.
func (p *ctaPlanner) retype(b *ir.Builder, loc ir.Location, v ir.Value, t ir.Type) {
	c := p.newCast(b, loc, v, v.Type(), forward)
	switch v := v.(type) {
	case *ir.OpResult:
		v.SetType(t)
	case *ir.BlockArgument:
		v.SetType(t)
	}
	ir.ReplaceUsesIf(v, c.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != c })
}

// setAllLayouts gives every tensor operand and result of op the layout.
func (p *ctaPlanner) setAllLayouts(op *ir.Operation, layout ir.Attribute) {
	ops, res := make([]ir.Attribute, op.NumOperands()), make([]ir.Attribute, op.NumResults())
	for i := range ops {
		ops[i] = layout
	}
	for i := range res {
		res[i] = layout
	}
	p.insertCasts(op, ops, res)
}

// propagate moves a cast one step and reports whether the IR changed (a
// cast waiting for its value's other users to settle did not).
func (p *ctaPlanner) propagate(cast *ir.Operation) (bool, error) {
	if p.dir[cast] == backward {
		return p.propagateBackward(cast)
	}
	return true, p.propagateForward(cast)
}

func (p *ctaPlanner) propagateBackward(cast *ir.Operation) (bool, error) {
	input, output := cast.Operand(0), cast.Result(0)
	switch ir.NumUses(input) {
	case 0:
		return false, ir.OpErrorf(cast, "triton-nvidia-gpu-plan-cta: internal error: a planning cast's operand has no use")
	case 1:
	default:
		return p.multiUsersBackward(input, cast)
	}
	layout := tensorOf(output.Type()).Encoding
	op := input.DefiningOp()
	if op == nil {
		return true, p.blockArgBackward(input.(*ir.BlockArgument), cast)
	}
	if op.Name() == "builtin.unrealized_conversion_cast" {
		return true, p.eliminateAdjacentCasts(op, cast)
	}
	switch {
	case isLoadStore(op):
		return true, p.loadStore(op, layout)
	case isElementwise(op), op.Name() == "tt.advance":
		p.setAllLayouts(op, layout)
		return true, nil
	}
	switch op.Name() {
	case "arith.constant":
		p.constant(op, layout)
	case "tt.splat", "tt.make_range", "tt.make_tensor_ptr":
		p.insertCasts(op, make([]ir.Attribute, op.NumOperands()), []ir.Attribute{layout})
	case "tt.broadcast":
		p.insertCasts(op, []ir.Attribute{layout}, []ir.Attribute{layout})
	case "tt.expand_dims":
		dist, ok := layout.(ttg.DistributedLayout)
		if !ok {
			return false, ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: expand_dims into a non-distributed layout")
		}
		src := ttg.NewSlice(op.Context(), int(tt.ExpandDimsOp{Operation: op}.Axis()), dist)
		p.insertCasts(op, []ir.Attribute{src}, []ir.Attribute{layout})
	case "scf.if":
		p.retypeIfResult(op, resultIndex(op, input), output.Type())
	case "scf.for":
		p.retypeForValue(op, resultIndex(op, input), output.Type())
	case "ttg.convert_layout":
		// The cast takes the convert's operand instead.
		ir.ReplaceAllUsesWith(op.Result(0), op.Operand(0))
		op.Erase()
		p.queue = append(p.queue, cast)
	default:
		p.keepLayouts(op)
	}
	return true, nil
}

func (p *ctaPlanner) propagateForward(cast *ir.Operation) error {
	input, output := cast.Operand(0), cast.Result(0)
	switch ir.NumUses(output) {
	case 0:
		delete(p.dir, cast)
		cast.Erase()
		return nil
	case 1:
	default:
		return p.multiUsersForward(output, cast)
	}
	layout := tensorOf(input.Type()).Encoding
	use := output.FirstUse()
	op := use.Owner()
	if op.Name() == "builtin.unrealized_conversion_cast" {
		return p.eliminateAdjacentCasts(cast, op)
	}
	switch {
	case isLoadStore(op):
		return p.loadStore(op, layout)
	case isElementwise(op), op.Name() == "tt.advance":
		p.setAllLayouts(op, layout)
		return nil
	}
	switch op.Name() {
	case "ttg.convert_layout":
		// The cast produces the convert's type and replaces it.
		output.SetType(op.Result(0).Type())
		ir.ReplaceAllUsesWith(op.Result(0), output)
		op.Erase()
		p.queue = append(p.queue, cast)
	case "scf.for":
		idx := use.Index() - 3
		if idx < 0 {
			return ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: a tensor used as a loop bound")
		}
		p.retypeForValue(op, idx, input.Type())
	case "scf.yield":
		return p.yieldForward(op, use.Index(), input.Type())
	default:
		p.keepLayouts(op)
	}
	return nil
}

// eliminateAdjacentCasts resolves a forward cast fwd feeding a backward
// cast bwd: the value passes through unchanged, or through a
// convert_layout when the two layouts differ.
func (p *ctaPlanner) eliminateAdjacentCasts(fwd, bwd *ir.Operation) error {
	if p.dir[fwd] != forward || p.dir[bwd] != backward || bwd.Operand(0) != fwd.Result(0) {
		return ir.OpErrorf(bwd, "triton-nvidia-gpu-plan-cta: internal error: expected a forward cast feeding a backward cast (Triton 3.6 asserts)")
	}
	input, output := fwd.Operand(0), bwd.Result(0)
	if input.Type() == output.Type() {
		ir.ReplaceAllUsesWith(output, input)
	} else {
		b := ir.NewBuilder(bwd.Context())
		b.SetInsertionPoint(bwd)
		cvt := ttg.NewConvertLayout(b, bwd.Loc(), input, output.Type())
		ir.ReplaceAllUsesWith(output, cvt.Result(0))
	}
	return p.eraseCasts(bwd, fwd)
}

// loadStore gives a memory op the CTA layout of layout, keeping its own
// blocked parameters. A slice layout split along the sliced dim keeps the
// op in its own layout (a convert through distributed shared memory
// follows).
func (p *ctaPlanner) loadStore(op *ir.Operation, layout ir.Attribute) error {
	if s, ok := layout.(*ttg.SliceEncoding); ok && s.Parent.CGA().CTAsPerCGA()[s.Dim] > 1 {
		v := ir.Value(nil)
		if op.NumResults() > 0 {
			v = op.Result(0)
		} else {
			v = op.Operand(0)
		}
		rt, ok := v.Type().(*ir.RankedTensorType)
		if !ok {
			return ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: expects a tensor")
		}
		return p.loadStore(op, rt.Encoding)
	}
	cga := ttg.CGAOf(layout, tensorRank(layout))
	warps, ok := ttg.LookupNumWarps(op)
	if !ok {
		return ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: needs the number of warps (%s on the module)", ttg.AttrNumWarps)
	}
	relayout := func(t ir.Type) (ir.Attribute, error) {
		rt := tensorOf(t)
		if rt == nil {
			return nil, nil
		}
		enc, err := p.withCGA(op, rt.Encoding, rt.Dims, warps, cga)
		if err != nil {
			return nil, err
		}
		return enc, nil
	}
	ops := make([]ir.Attribute, op.NumOperands())
	for i := range ops {
		var err error
		if ops[i], err = relayout(op.Operand(i).Type()); err != nil {
			return err
		}
	}
	res := make([]ir.Attribute, op.NumResults())
	for i := range res {
		if tensorOf(op.Result(i).Type()) == nil {
			return ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: expects tensor results")
		}
		var err error
		if res[i], err = relayout(op.Result(i).Type()); err != nil {
			return err
		}
	}
	p.insertCasts(op, ops, res)
	return nil
}

// tensorRank is the rank a layout describes (0 for non-layouts).
func tensorRank(enc ir.Attribute) int {
	if l, ok := enc.(ttg.LayoutEncoding); ok {
		return l.Rank()
	}
	return 0
}

// constant retypes a tensor constant, its value included.
func (p *ctaPlanner) constant(op *ir.Operation, layout ir.Attribute) {
	if d, ok := op.Attr("value").(*ir.DenseElementsAttr); ok {
		if rt, ok := op.Result(0).Type().(*ir.RankedTensorType); ok {
			nt := ir.RankedTensor(op.Context(), rt.Dims, rt.Elem, layout)
			op.SetAttr("value", ir.Unique(op.Context(), &ir.DenseElementsAttr{Typ: nt, Ints: d.Ints, Floats: d.Floats}))
		}
	}
	p.insertCasts(op, nil, []ir.Attribute{layout})
}

// keepLayouts surrounds an op the planner does not know with casts that
// keep its layouts: the planned layouts meet them as convert_layouts.
func (p *ctaPlanner) keepLayouts(op *ir.Operation) {
	own := func(vs []ir.Value) []ir.Attribute {
		out := make([]ir.Attribute, len(vs))
		for i, v := range vs {
			if t := tensorOf(v.Type()); t != nil {
				out[i] = t.Encoding
			}
		}
		return out
	}
	p.insertCasts(op, own(op.Operands()), own(op.Results()))
}

// resultIndex is the result number of v, a result of op.
func resultIndex(op *ir.Operation, v ir.Value) int {
	return v.(*ir.OpResult).Index()
}

// retypeIfResult gives result idx of an scf.if type t: a forward cast
// after the if for its users, backward casts before both yields.
func (p *ctaPlanner) retypeIfResult(ifOp *ir.Operation, idx int, t ir.Type) {
	b := ir.NewBuilder(ifOp.Context())
	loc := ifOp.Loc()
	b.SetInsertionPointAfter(ifOp)
	p.retype(b, loc, ifOp.Result(idx), t)
	for _, reg := range ifOp.Regions() {
		y := reg.Front().Terminator()
		b.SetInsertionPoint(y)
		p.castOperand(b, loc, y.OpOperand(idx), t)
	}
}

// retypeForValue gives iter_arg idx of an scf.for type t: its init (a
// backward cast), its block argument (a forward cast for its users in the
// body), its yielded value (a backward cast) and its result (a forward
// cast for the users after the loop).
func (p *ctaPlanner) retypeForValue(forOp *ir.Operation, idx int, t ir.Type) {
	b := ir.NewBuilder(forOp.Context())
	loc := forOp.Loc()
	body := forOp.Region(0).Front()
	yield := body.Terminator()
	b.SetInsertionPoint(forOp)
	p.castOperand(b, loc, forOp.OpOperand(3+idx), t)
	b.SetInsertionPointToStart(body)
	p.retype(b, loc, body.Argument(1+idx), t)
	b.SetInsertionPoint(yield)
	p.castOperand(b, loc, yield.OpOperand(idx), t)
	b.SetInsertionPointAfter(forOp)
	p.retype(b, loc, forOp.Result(idx), t)
}

// blockArgBackward retypes the loop-carried value behind a block argument.
func (p *ctaPlanner) blockArgBackward(arg *ir.BlockArgument, cast *ir.Operation) error {
	parent := arg.Owner().ParentOp()
	if parent == nil || parent.Name() != "scf.for" || arg.Index() < 1 {
		return ir.OpErrorf(cast, "triton-nvidia-gpu-plan-cta: cannot change the layout of a block argument of %s (Triton 3.6: unexpected parent op of block argument)", opName(parent))
	}
	p.retypeForValue(parent, arg.Index()-1, cast.Result(0).Type())
	return nil
}

// yieldForward retypes the if or for result a yielded value becomes.
func (p *ctaPlanner) yieldForward(yield *ir.Operation, idx int, t ir.Type) error {
	parent := yield.ParentOp()
	switch opName(parent) {
	case "scf.if":
		p.retypeIfResult(parent, idx, t)
	case "scf.for":
		p.retypeForValue(parent, idx, t)
	default:
		return ir.OpErrorf(yield, "triton-nvidia-gpu-plan-cta: cannot change the layout of a value yielded by %s (Triton 3.6: unexpected parent op of YieldOp)", opName(parent))
	}
	return nil
}

func opName(op *ir.Operation) string {
	if op == nil {
		return "a function"
	}
	return op.Name()
}

// multiUsersBackward handles a backward cast whose operand has other
// users: every user is given a backward cast of its own (non-cast users
// through a cast pair), and the casts are merged into one per layout, one
// layout on the value itself, the others on clones of its producer. It
// waits (no change) while other casts may still settle the users.
//
// Which layout keeps the producer and in which order the clones follow is
// not something 3.6 decides: it takes the layouts in the iteration order
// of a hash map keyed by the types' storage addresses, which vary from one
// process to the next. tt lets the oldest use of the value (the last in
// its use list) keep the producer and clones it for the other layouts,
// newest use last; on the ten multi-CTA kernels of Triton's tests this is
// 3.6's order for eight (transforms/ttgir TestCTAPassDumps).
func (p *ctaPlanner) multiUsersBackward(input ir.Value, cast *ir.Operation) (bool, error) {
	loc := valueLoc(input)
	var types []ir.Type
	byType := map[ir.Type][]*ir.Operation{}
	// Walk the use list as 3.6's loop does: rewiring a use moves it to the
	// new value's list, which ends the walk after the first non-cast user.
	for u := input.FirstUse(); u != nil; u = u.NextUse() {
		brother := u.Owner()
		if !p.isPlanningCast(brother) {
			if p.stepUnchanged <= len(p.queue) {
				return false, nil
			}
			b := ir.NewBuilder(brother.Context())
			b.SetInsertionPoint(brother)
			bc := p.newCast(b, loc, input, cast.Result(0).Type(), backward)
			fc := p.newCast(b, loc, bc.Result(0), input.Type(), forward)
			u.Set(fc.Result(0))
			brother = bc
		}
		t := brother.Result(0).Type()
		if _, seen := byType[t]; !seen {
			types = append(types, t)
		}
		byType[t] = append(byType[t], brother)
	}
	slices.Reverse(types)
	for i, t := range types {
		v := input
		if i > 0 {
			def := input.DefiningOp()
			if def == nil {
				return false, ir.Errorf(loc, "triton-nvidia-gpu-plan-cta: a block argument is wanted in two CTA layouts (Triton 3.6: layout conflict for block arg)")
			}
			clone, err := p.cloneProducer(def, input)
			if err != nil {
				return false, err
			}
			v = clone.Result(0)
		}
		b := ir.NewBuilder(cast.Context())
		if def := v.DefiningOp(); def != nil {
			b.SetInsertionPointAfter(def)
		} else {
			b.SetInsertionPointToStart(v.(*ir.BlockArgument).Owner())
		}
		nc := p.newCast(b, loc, v, t, backward)
		for _, brother := range byType[t] {
			ir.ReplaceAllUsesWith(brother.Result(0), nc.Result(0))
			if err := p.eraseCasts(brother); err != nil {
				return false, err
			}
		}
	}
	return true, nil
}

// cloneProducer clones def, the producer of v, right after it so that a
// second layout of v has a value of its own. Producers whose repetition
// would change what the kernel does (writes, several results) are refused.
func (p *ctaPlanner) cloneProducer(def *ir.Operation, v ir.Value) (*ir.Operation, error) {
	if r, ok := v.(*ir.OpResult); !ok || r.Index() != 0 {
		return nil, ir.OpErrorf(def, "triton-nvidia-gpu-plan-cta: result %d is wanted in two CTA layouts; Triton 3.6 would clone the op and use its first result", resultIndex(def, v))
	}
	effects, known := ir.MemoryEffects(def)
	for _, e := range effects {
		if e.Kind != ir.Read {
			known = false
		}
	}
	if !known {
		return nil, ir.OpErrorf(def, "triton-nvidia-gpu-plan-cta: the result is wanted in two CTA layouts, and the op cannot be repeated to produce both (Triton 3.6 clones it)")
	}
	clone := def.Clone(nil)
	b := ir.NewBuilder(def.Context())
	b.SetInsertionPointAfter(def)
	b.Insert(clone)
	if d, ok := p.dir[def]; ok {
		p.dir[clone] = d
	}
	return clone, nil
}

// valueLoc is the location of a value: its producer's, or the block
// argument's.
func valueLoc(v ir.Value) ir.Location {
	if d := v.DefiningOp(); d != nil {
		return d.Loc()
	}
	return v.(*ir.BlockArgument).Loc()
}

// multiUsersForward gives each user of a forward cast's result a forward
// cast of its own.
func (p *ctaPlanner) multiUsersForward(output ir.Value, cast *ir.Operation) error {
	src := cast.Operand(0)
	b := ir.NewBuilder(cast.Context())
	b.SetInsertionPointAfter(cast)
	for ir.HasUses(output) {
		nc := p.newCast(b, cast.Loc(), src, output.Type(), forward)
		output.FirstUse().Set(nc.Result(0))
	}
	return p.eraseCasts(cast)
}

// isLoadStore reports the memory ops whose layouts follow the planned CTA
// layout.
func isLoadStore(op *ir.Operation) bool {
	switch op.Name() {
	case "tt.load", "tt.store", "tt.atomic_rmw", "tt.atomic_cas", "tt.descriptor_load",
		"tt.descriptor_store", "tt.descriptor_reduce", "tt.descriptor_scatter", "tt.descriptor_gather":
		return true
	}
	return false
}

// isElementwise reports the ops of 3.6's elementwise list (extern calls
// only when pure).
func isElementwise(op *ir.Operation) bool {
	if op.Name() == "tt.extern_elementwise" {
		return op.Attr("pure") == ir.BoolAttrOf(op.Context(), true)
	}
	switch op.Name() {
	// 3.6's elementwise list: the ops its planner moves layouts through
	// unchanged.
	case "arith.addf", "arith.addi", "arith.andi", "arith.ceildivsi", "arith.ceildivui", "arith.divf",
		"arith.divsi", "arith.divui", "arith.extf", "arith.extsi", "arith.extui", "arith.floordivsi",
		"arith.fptosi", "arith.fptoui", "arith.maximumf", "arith.maxnumf", "arith.maxsi", "arith.maxui",
		"arith.minimumf", "arith.minnumf", "arith.minsi", "arith.minui", "arith.mulf", "arith.muli",
		"arith.mului_extended", "arith.mulsi_extended", "arith.negf", "arith.ori", "arith.remf",
		"arith.remsi", "arith.remui", "arith.shli", "arith.shrsi", "arith.shrui", "arith.sitofp",
		"arith.subf", "arith.subi", "arith.truncf", "arith.trunci", "arith.uitofp", "arith.xori",
		"arith.cmpi", "arith.cmpf", "arith.select",
		"math.absf", "math.absi", "math.atan", "math.atan2", "math.ceil", "math.copysign", "math.cos",
		"math.sin", "math.ctlz", "math.cttz", "math.ctpop", "math.erf", "math.exp", "math.exp2",
		"math.floor", "math.expm1", "math.fma", "math.log", "math.log10", "math.log1p", "math.log2",
		"math.powf", "math.sqrt", "math.rsqrt", "math.tanh",
		"tt.int_to_ptr", "tt.ptr_to_int", "tt.bitcast", "tt.fp_to_fp", "tt.addptr", "tt.precise_sqrt",
		"tt.precise_divf":
		return true
	}
	return false
}
