package ttgir

import (
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Forward layout propagation, the first phase of
// remove-layout-conversions (Triton's LayoutPropagation):
//
//  1. anchors (function arguments and the results of ops whose layout we
//     keep, see isLayoutAnchor) start with their current layout;
//  2. layouts flow to users through ops that keep or derive their
//     operands' layout, so a value may collect several candidate layouts;
//  3. conflicts are resolved (loads and stores prefer blocked layouts,
//     everything else MMA layouts, otherwise the first candidate);
//  4. the function is rewritten in dominance order, converting where a
//     value's chosen layout is not what a user needs.

// encSet is an insertion-ordered set of layouts.
type encSet []ir.Attribute

func (s *encSet) insert(a ir.Attribute) bool {
	for _, x := range *s {
		if x == a {
			return false
		}
	}
	*s = append(*s, a)
	return true
}

type valEnc struct {
	v   ir.ValueKey
	enc ir.Attribute
}

type propagation struct {
	ctx *ir.Context
	fn  *ir.Operation
	// layouts holds the candidate layouts of each value, in insertion
	// order (a MapVector).
	layouts map[ir.ValueKey]*encSet
	order   []ir.Value
	// rewritten maps (original value, layout) to its rewritten value.
	rewritten map[valEnc]ir.Value
	toDelete  []*ir.Operation
	deleted   map[*ir.Operation]bool
}

func newPropagation(fn *ir.Operation) *propagation {
	return &propagation{ctx: fn.Context(), fn: fn, layouts: map[ir.ValueKey]*encSet{},
		rewritten: map[valEnc]ir.Value{}, deleted: map[*ir.Operation]bool{}}
}

// info returns the candidate set of v, creating it.
func (p *propagation) info(v ir.Value) *encSet {
	k := ir.KeyOf(v)
	s, ok := p.layouts[k]
	if !ok {
		s = &encSet{}
		p.layouts[k] = s
		p.order = append(p.order, v)
	}
	return s
}

func (p *propagation) addAnchor(v ir.Value) {
	if t, ok := v.Type().(*ir.RankedTensorType); ok {
		if _, seen := p.layouts[ir.KeyOf(v)]; !seen {
			s := p.info(v)
			s.insert(t.Encoding)
		}
	}
}

func (p *propagation) initAnchors() {
	if p.fn.NumRegions() > 0 && !p.fn.Region(0).Empty() {
		for _, a := range p.fn.Region(0).Front().Arguments() {
			p.addAnchor(a)
		}
	}
	ir.Walk(p.fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op != p.fn && isLayoutAnchor(op) {
			for _, r := range op.Results() {
				p.addAnchor(r)
			}
		}
		return ir.Advance
	})
}

// setEncoding adds to each value the layouts info implies through op, and
// records the values that gained a layout.
func (p *propagation) setEncoding(values []ir.Value, info encSet, op *ir.Operation, changed *[]ir.Value) {
	for _, v := range values {
		if v == nil {
			continue
		}
		if _, ok := v.Type().(*ir.RankedTensorType); !ok {
			continue
		}
		grew := false
		for _, enc := range info {
			dst := enc
			if op.Name() != "ttg.convert_layout" {
				dst = ttg.InferDstEncoding(op, enc)
			}
			if dst != nil && p.info(v).insert(dst) {
				grew = true
			}
		}
		if grew {
			*changed = append(*changed, v)
		}
	}
}

func (p *propagation) propagateToUsers(v ir.Value, info encSet) []ir.Value {
	var changed []ir.Value
	for _, use := range ir.Uses(v) {
		user := use.Owner()
		idx := use.Index()
		switch user.Name() {
		case "scf.for":
			if idx >= 3 {
				arg := user.Region(0).Front().Argument(idx - 2)
				p.setEncoding([]ir.Value{arg, user.Result(idx - 3)}, info, user, &changed)
			}
			continue
		case "scf.while":
			p.setEncoding([]ir.Value{user.Region(0).Front().Argument(idx)}, info, user, &changed)
			continue
		case "scf.yield":
			parent := user.ParentOp()
			var vals []ir.Value
			switch parent.Name() {
			case "scf.for":
				vals = []ir.Value{parent.Result(idx), parent.Region(0).Front().Argument(idx + 1)}
			case "scf.if":
				vals = []ir.Value{parent.Result(idx)}
			case "scf.while":
				vals = []ir.Value{parent.Result(idx), parent.Region(0).Front().Argument(idx)}
			}
			if vals != nil {
				p.setEncoding(vals, info, user, &changed)
			}
			continue
		case "scf.condition":
			w := user.ParentOp()
			if idx >= 1 {
				p.setEncoding([]ir.Value{w.Region(1).Front().Argument(idx - 1), w.Result(idx - 1)}, info, user, &changed)
			}
			continue
		case "ttng.warp_group_dot_wait":
			p.setEncoding([]ir.Value{user.Result(idx)}, info, user, &changed)
			continue
		case "tt.gather":
			// Only the indices carry their layout to the result.
			if user.Attr("efficient_layout") == nil && idx == 1 {
				p.setEncoding(user.Results(), info, user, &changed)
				continue
			}
		}
		if propagatesLayout(user) {
			p.setEncoding(user.Results(), info, user, &changed)
		}
	}
	return changed
}

func (p *propagation) propagate() {
	queue := append([]ir.Value(nil), p.order...)
	for len(queue) > 0 {
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		info := append(encSet(nil), *p.info(v)...)
		queue = append(queue, p.propagateToUsers(v, info)...)
	}
}

// resolveConflicts keeps one layout per value: a blocked one for memory
// accesses, an MMA one otherwise, else the first candidate.
func (p *propagation) resolveConflicts() {
	for _, v := range p.order {
		s := p.layouts[ir.KeyOf(v)]
		if len(*s) <= 1 {
			continue
		}
		pick := (*s)[0]
		def := v.DefiningOp()
		memOp := def != nil && (def.Name() == "tt.load" || def.Name() == "tt.store" ||
			def.Name() == "tt.atomic_rmw" || def.Name() == "tt.atomic_cas")
		for _, e := range *s {
			_, blocked := e.(*ttg.BlockedEncoding)
			_, mma := e.(ttg.MmaLayout)
			if (memOp && blocked) || (!memOp && mma) {
				pick = e
				break
			}
		}
		*s = encSet{pick}
	}
}

// chosen returns the layout picked for v, if v was reached.
func (p *propagation) chosen(v ir.Value) (ir.Attribute, bool) {
	s, ok := p.layouts[ir.KeyOf(v)]
	if !ok || len(*s) == 0 {
		return nil, false
	}
	return (*s)[0], true
}

func (p *propagation) mapValue(old, nw ir.Value) {
	p.rewritten[valEnc{ir.KeyOf(old), encodingOf(nw)}] = nw
}

// rewrittenValue returns the value standing for v in its chosen layout.
func (p *propagation) rewrittenValue(v ir.Value) ir.Value {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return v
	}
	enc, ok := p.chosen(v)
	if !ok || enc == t.Encoding {
		return v
	}
	if r, ok := p.rewritten[valEnc{ir.KeyOf(v), enc}]; ok {
		return r
	}
	return v
}

// valueAs returns v in layout enc, converting its rewritten value right
// after its definition if needed.
func (p *propagation) valueAs(v ir.Value, enc ir.Attribute) ir.Value {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return v
	}
	r := p.rewrittenValue(v)
	if encodingOf(r) == enc {
		return r
	}
	b := ir.NewBuilder(p.ctx)
	b.SetInsertionPointAfterValue(r)
	return ttg.NewConvertLayout(b, v.Loc(), r, withEncoding(p.ctx, t, enc)).Result(0)
}

func (p *propagation) markDeleted(op *ir.Operation) {
	if !p.deleted[op] {
		p.deleted[op] = true
		p.toDelete = append(p.toDelete, op)
	}
}

// rewrite rewrites the function body region by region, outermost first.
func (p *propagation) rewrite() error {
	queue := []*ir.Region{p.fn.Region(0)}
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		for _, b := range r.Blocks() {
			for op := b.First(); op != nil; op = op.Next() {
				if p.deleted[op] {
					continue
				}
				need := false
				for _, res := range op.Results() {
					if enc, ok := p.chosen(res); ok && encodingOf(res) != enc {
						need = true
					}
				}
				switch {
				case need:
					n, err := p.rewriteOp(op)
					if err != nil {
						return err
					}
					queue = append(queue, n.Regions()...)
				case op.Name() == "scf.yield":
					p.rewriteYield(op)
				case op.Name() == "scf.condition":
					p.rewriteCondition(op)
				case op.Name() == "tt.reduce" && !isTensor(op.Result(0).Type()):
					p.rewriteReduceToScalar(op)
				case op.Name() == "tt.assert":
					if enc, ok := p.chosen(op.Operand(0)); ok {
						op.SetOperand(0, p.valueAs(op.Operand(0), enc))
					}
				default:
					for i := range op.NumOperands() {
						v := op.Operand(i)
						if _, ok := p.layouts[ir.KeyOf(v)]; !ok {
							continue
						}
						op.SetOperand(i, p.valueAs(v, encodingOf(v)))
					}
					queue = append(queue, op.Regions()...)
				}
			}
		}
	}
	for i := len(p.toDelete) - 1; i >= 0; i-- {
		op := p.toDelete[i]
		op.DropAllReferences()
		op.Erase()
	}
	return nil
}

func isTensor(t ir.Type) bool {
	_, ok := t.(*ir.RankedTensorType)
	return ok
}

func (p *propagation) rewriteOp(op *ir.Operation) (*ir.Operation, error) {
	p.markDeleted(op)
	switch op.Name() {
	case "scf.for":
		return p.rewriteFor(op), nil
	case "scf.while":
		return p.rewriteWhile(op), nil
	case "scf.if":
		return p.rewriteIf(op), nil
	}
	b := ir.NewBuilder(p.ctx)
	b.SetInsertionPoint(op)
	enc, _ := p.chosen(op.Result(0))
	if op.Name() == "ttg.convert_layout" {
		srcEnc := encodingOf(op.Operand(0))
		if e, ok := p.chosen(op.Operand(0)); ok {
			srcEnc = e
		}
		src := p.valueAs(op.Operand(0), srcEnc)
		cvt := ttg.NewConvertLayout(b, op.Loc(), src, withEncoding(p.ctx, op.Result(0).Type(), enc))
		p.mapValue(op.Result(0), cvt.Result(0))
		return cvt, nil
	}
	if canFoldIntoConversion(op, enc) {
		clone := b.Insert(op.Clone(nil))
		cvt := ttg.NewConvertLayout(b, op.Loc(), clone.Result(0), withEncoding(p.ctx, op.Result(0).Type(), enc))
		p.mapValue(op.Result(0), cvt.Result(0))
		return cvt, nil
	}
	if propagatesLayout(op) || op.Name() == "tt.gather" || op.Name() == "ttng.warp_group_dot_wait" {
		n, err := p.cloneElementwise(b, op, enc)
		if err != nil {
			return nil, err
		}
		for i, r := range op.Results() {
			if r.Type() == n.Result(i).Type() {
				ir.ReplaceAllUsesWith(r, n.Result(i))
				continue
			}
			p.mapValue(r, n.Result(i))
		}
		return n, nil
	}
	return nil, ir.OpErrorf(op, "cannot be rewritten to layout %s (remove-layout-conversions)", encString(enc))
}

func encString(a ir.Attribute) string {
	if a == nil {
		return "<none>"
	}
	if s, ok := a.(interface{ String() string }); ok {
		return s.String()
	}
	return "?"
}

// cloneElementwise clones op with its tensor results in layout enc and its
// operands converted to the layout that implies (the layout an operand
// already has, when it does).
func (p *propagation) cloneElementwise(b *ir.Builder, op *ir.Operation, enc ir.Attribute) (*ir.Operation, error) {
	n := b.Insert(op.Clone(nil))
	var operandEnc ir.Attribute
	if op.NumOperands() > 0 {
		for _, v := range op.Operands() {
			t, ok := p.rewrittenValue(v).Type().(*ir.RankedTensorType)
			if !ok {
				continue
			}
			if ttg.InferDstEncoding(op, t.Encoding) == enc {
				operandEnc = t.Encoding
				break
			}
		}
		if operandEnc == nil {
			operandEnc = ttg.InferSrcEncoding(op, enc)
		}
		if operandEnc == nil {
			n.Erase()
			return nil, ir.OpErrorf(op, "has no operand layout giving result layout %s", encString(enc))
		}
	}
	for i, v := range op.Operands() {
		n.SetOperand(i, p.valueAs(v, operandEnc))
	}
	for i, r := range op.Results() {
		if t, ok := r.Type().(*ir.RankedTensorType); ok {
			n.Result(i).SetType(withEncoding(p.ctx, t, enc))
		}
	}
	return n, nil
}

// remapArgs replaces the uses of old block arguments or results by new
// ones of the same type, and records the others for valueAs.
func (p *propagation) remap(olds, news []ir.Value) {
	for i, o := range olds {
		if o.Type() == news[i].Type() {
			ir.ReplaceAllUsesWith(o, news[i])
			continue
		}
		p.mapValue(o, news[i])
	}
}

func (p *propagation) rewriteFor(forOp *ir.Operation) *ir.Operation {
	b := ir.NewBuilder(p.ctx)
	b.SetInsertionPoint(forOp)
	inits := forOp.Operands()[3:]
	ops := make([]ir.Value, len(inits))
	for i, v := range inits {
		ops[i] = v
		if enc, ok := p.chosen(forOp.Result(i)); ok {
			ops[i] = p.valueAs(v, enc)
		}
	}
	n := scf.NewForLike(b, forOp, ops)
	old := forOp.Region(0).Front()
	types := []ir.Type{old.Argument(0).Type()}
	locs := []ir.Location{old.Argument(0).Loc()}
	for _, v := range ops {
		types = append(types, v.Type())
		locs = append(locs, v.Loc())
	}
	nb := ir.NewBlock(p.ctx, types, locs)
	n.Region(0).Append(nb)
	moveOps(old, nb)
	p.remap(forOp.Results(), n.Results())
	p.remap(old.Arguments(), nb.Arguments())
	return n
}

func (p *propagation) rewriteWhile(w *ir.Operation) *ir.Operation {
	b := ir.NewBuilder(p.ctx)
	b.SetInsertionPoint(w)
	before, after := w.Region(0).Front(), w.Region(1).Front()
	var ops []ir.Value
	for i, v := range w.Operands() {
		if enc, ok := p.chosen(before.Argument(i)); ok {
			v = p.valueAs(v, enc)
		}
		ops = append(ops, v)
	}
	var results []ir.Type
	for _, r := range w.Results() {
		if enc, ok := p.chosen(r); ok {
			results = append(results, withEncoding(p.ctx, r.Type(), enc))
		} else {
			results = append(results, r.Type())
		}
	}
	st := ir.NewState(p.ctx, "scf.while", w.Loc())
	st.Operands = ops
	st.Types = results
	st.CopyAttrsOf(w)
	bt := make([]ir.Type, len(ops))
	bl := make([]ir.Location, len(ops))
	for i, v := range ops {
		bt[i], bl[i] = v.Type(), w.Loc()
	}
	al := make([]ir.Location, len(results))
	for i := range al {
		al[i] = w.Loc()
	}
	nb := ir.NewBlock(p.ctx, bt, bl)
	na := ir.NewBlock(p.ctx, results, al)
	st.AddRegion().Append(nb)
	st.AddRegion().Append(na)
	n := b.Create(st)
	moveOps(before, nb)
	moveOps(after, na)
	p.remap(w.Results(), n.Results())
	p.remap(before.Arguments(), nb.Arguments())
	p.remap(after.Arguments(), na.Arguments())
	return n
}

func (p *propagation) rewriteIf(ifOp *ir.Operation) *ir.Operation {
	types := ifOp.ResultTypes()
	for i, r := range ifOp.Results() {
		if enc, ok := p.chosen(r); ok {
			types[i] = withEncoding(p.ctx, r.Type(), enc)
		}
	}
	n := scf.RetypeIf(ifOp, types)
	p.remap(ifOp.Results(), n.Results())
	return n
}

// moveOps moves all ops of from to the end of to.
func moveOps(from, to *ir.Block) {
	for op := from.First(); op != nil; {
		next := op.Next()
		op.Remove()
		to.Append(op)
		op = next
	}
}

func (p *propagation) rewriteYield(y *ir.Operation) {
	parent := y.ParentOp()
	for i, v := range y.Operands() {
		t := v.Type()
		switch parent.Name() {
		case "scf.for", "scf.if":
			t = parent.Result(i).Type()
		case "scf.while":
			t = parent.Region(0).Front().Argument(i).Type()
		}
		if rt, ok := t.(*ir.RankedTensorType); ok {
			y.SetOperand(i, p.valueAs(v, rt.Encoding))
		}
	}
}

func (p *propagation) rewriteCondition(c *ir.Operation) {
	w := c.ParentOp()
	for i := 1; i < c.NumOperands(); i++ {
		if rt, ok := w.Result(i - 1).Type().(*ir.RankedTensorType); ok {
			c.SetOperand(i, p.valueAs(c.Operand(i), rt.Encoding))
		}
	}
}

// rewriteReduceToScalar: a reduction to a scalar can take its operands in
// any layout, so they keep the layout propagation chose.
func (p *propagation) rewriteReduceToScalar(op *ir.Operation) {
	var enc ir.Attribute
	for _, v := range op.Operands() {
		if e, ok := p.chosen(v); ok {
			enc = e
			break
		}
	}
	if enc == nil {
		return
	}
	for i, v := range op.Operands() {
		op.SetOperand(i, p.valueAs(v, enc))
	}
}
