package ttgir

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Hoisting, the third phase of remove-layout-conversions: conversions that
// survived rematerialization are moved where they are cheaper: above
// extensions and broadcasts (fewer, narrower elements to move), into the
// branch of a conditional that needs them, or next to the loads feeding a
// dot operand (so the pipeliner can see them).

func isExtOrBroadcast(op *ir.Operation) bool {
	switch op.Name() {
	case "arith.extsi", "arith.extui", "arith.extf", "tt.broadcast", "tt.expand_dims":
		return true
	case "tt.fp_to_fp":
		src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
		dst, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
		return ok1 && ok2 && elementBits(src) < elementBits(dst)
	}
	return false
}

func (r *rematerializer) hoistAll(hoist func(cvt *ir.Operation)) {
	for _, cvt := range r.convertOps() {
		hoist(cvt)
		r.keepForReuse(cvt)
	}
}

// hoistOverExtOrBroadcast moves cvt above the single extension or
// broadcast of its slice that stops rematerialization, rematerializing the
// rest of the slice in the target layout.
func (r *rematerializer) hoistOverExtOrBroadcast(cvt *ir.Operation) {
	target := encodingOf(cvt.Result(0))
	if _, isDot := target.(*ttg.DotOperandEncoding); isDot {
		return
	}
	slice, layout := newValueSet(), layoutMap{}
	if !r.rematerializableSlice(cvt.OpOperand(0), target, slice, layout, isExtOrBroadcast) {
		return
	}
	var ext *ir.Operation
	n := len(slice.list)
	for i := 0; i < n; i++ {
		v := slice.list[i]
		op := v.DefiningOp()
		if op == nil || !isExtOrBroadcast(op) {
			continue
		}
		src := ttg.InferSrcEncoding(op, layout[ir.KeyOf(v)])
		if src == nil {
			return
		}
		tmpSlice, tmpLayout := newValueSet(), layoutMap{}
		ok := r.rematerializableSlice(op.OpOperand(0), src, tmpSlice, tmpLayout, nil)
		// A value already needed in another layout stops the walk.
		for val, enc := range tmpLayout {
			if old, has := layout[val]; has && old != enc {
				ok = false
				break
			}
		}
		if ok {
			// The rest of the slice can be recomputed: no conversion needed.
			for _, x := range tmpSlice.list {
				slice.insert(x)
			}
			for val, enc := range tmpLayout {
				if _, has := layout[val]; !has {
					layout[val] = enc
				}
			}
			continue
		}
		if ext != nil {
			// Two of them would need two conversions.
			return
		}
		ext = op
	}
	if ext == nil {
		return
	}
	dstEnc := layout[ir.KeyOf(ext.Result(0))]
	srcEnc := ttg.InferSrcEncoding(ext, dstEnc)
	if srcEnc == nil {
		return
	}
	b := ir.NewBuilder(r.ctx)
	b.SetInsertionPoint(ext)
	nc := ttg.NewConvertLayout(b, cvt.Loc(), ext.Operand(0), withEncoding(r.ctx, ext.Operand(0).Type(), srcEnc))
	ne := b.Insert(ext.Clone(nil))
	ne.SetOperand(0, nc.Result(0))
	ne.Result(0).SetType(withEncoding(r.ctx, ext.Result(0).Type(), dstEnc))
	mapping := ir.NewMapping()
	mapping.Map(ext.Result(0), ne.Result(0))
	slice.remove(ext.Result(0))
	r.rewriteSlice(slice, layout, cvt, mapping)
}

// hoistIntoConditionals: when the slice of cvt can be recomputed along one
// branch of an scf.if (inside a loop) but not the other, convert in that
// other branch only.
func (r *rematerializer) hoistIntoConditionals(cvt *ir.Operation) {
	isIf := func(op *ir.Operation) bool { return op.Name() == "scf.if" }
	slice, layout := newValueSet(), layoutMap{}
	if !r.rematerializableSlice(cvt.OpOperand(0), encodingOf(cvt.Result(0)), slice, layout, isIf) {
		return
	}
	type edge struct {
		result ir.Value
		use    *ir.OpOperand
	}
	var hoistAbove []edge
	var terminals []ir.Value
	for i := 0; i != len(slice.list); i++ {
		v := slice.list[i]
		ifOp := v.DefiningOp()
		if ifOp == nil || ifOp.Name() != "scf.if" {
			continue
		}
		enc := layout[ir.KeyOf(v)]
		idx := v.(*ir.OpResult).Index()
		thenUse := yieldOf(ifOp, 0).OpOperand(idx)
		elseUse := yieldOf(ifOp, 1).OpOperand(idx)
		thenSlice, thenLayout := newValueSet(), layoutMap{}
		elseSlice, elseLayout := newValueSet(), layoutMap{}
		thenOK := r.rematerializableSlice(thenUse, enc, thenSlice, thenLayout, isIf)
		elseOK := r.rematerializableSlice(elseUse, enc, elseSlice, elseLayout, isIf)
		merge := func(s *valueSet, l layoutMap) {
			for _, x := range s.list {
				slice.insert(x)
			}
			for k, e := range l {
				if _, has := layout[k]; !has {
					layout[k] = e
				}
			}
		}
		switch {
		case thenOK && elseOK:
			merge(thenSlice, thenLayout)
			merge(elseSlice, elseLayout)
			continue
		case !thenOK && !elseOK:
			terminals = append(terminals, v)
			continue
		}
		// Only inside loops is the branch expected to run less often
		// than the loop body.
		if p := ifOp.ParentOp(); p == nil || p.Name() != "scf.for" {
			terminals = append(terminals, v)
			continue
		}
		if thenOK {
			hoistAbove = append(hoistAbove, edge{v, elseUse})
			merge(thenSlice, thenLayout)
		} else {
			hoistAbove = append(hoistAbove, edge{v, thenUse})
			merge(elseSlice, elseLayout)
		}
	}
	if len(hoistAbove) == 0 {
		return
	}
	mapping := ir.NewMapping()
	remat := func(b *ir.Builder, v ir.Value, enc ir.Attribute) {
		nc := ttg.NewConvertLayout(b, cvt.Loc(), v, withEncoding(r.ctx, v.Type(), enc))
		mapping.Map(v, nc.Result(0))
		slice.remove(v)
	}
	for _, v := range terminals {
		b := ir.NewBuilder(r.ctx)
		b.SetInsertionPointAfter(v.DefiningOp())
		remat(b, v, layout[ir.KeyOf(v)])
	}
	for _, e := range hoistAbove {
		b := ir.NewBuilder(r.ctx)
		b.SetInsertionPoint(e.use.Owner())
		remat(b, e.use.Get(), layout[ir.KeyOf(e.result)])
	}
	r.rewriteSlice(slice, layout, cvt, mapping)
}

// hoistDotOperand moves a conversion to an MMA dot operand layout up to
// the loads it comes from (through elementwise ops and views that move no
// data between threads), when an MMA dot in the same region post-dominates
// it, so the loads and conversion can be pipelined together.
func (r *rematerializer) hoistDotOperand(cvt *ir.Operation) {
	target := encodingOf(cvt.Result(0))
	if !r.dotPostDominates(cvt) {
		return
	}
	noDataMovement := func(op *ir.Operation) bool {
		if op.Has(ir.Elementwise) && ir.IsMemoryEffectFree(op) {
			return true
		}
		switch op.Name() {
		case "tt.broadcast", "ttg.fp4_to_fp", "ttg.convert_layout", "amdg.scaled_upcast_fp4", "amdg.scaled_upcast_fp8",
			"tt.expand_dims", "tt.reshape", "tt.trans", "tt.join", "tt.split":
			return true
		}
		return false
	}
	stop := func(op *ir.Operation) bool { return !noDataMovement(op) }
	slice, layout := newValueSet(), layoutMap{}
	if !r.convertSlice(cvt.OpOperand(0), target, slice, layout, stop) {
		return
	}
	mapping := ir.NewMapping()
	inner := newValueSet()
	for _, v := range slice.list {
		def := v.DefiningOp()
		if def == nil {
			return
		}
		if def.Name() != "tt.load" && def.Name() != "tt.descriptor_load" {
			if def.Name() == "arith.constant" || noDataMovement(def) {
				inner.insert(v)
				continue
			}
			return
		}
		rt, ok := def.Result(0).Type().(*ir.RankedTensorType)
		if !ok {
			continue
		}
		b := ir.NewBuilder(r.ctx)
		b.SetInsertionPointAfter(def)
		nc := ttg.NewConvertLayout(b, cvt.Loc(), def.Result(0), withEncoding(r.ctx, rt, layout[ir.KeyOf(def.Result(0))]))
		mapping.Map(def.Result(0), nc.Result(0))
	}
	if len(inner.list) == 0 {
		return
	}
	r.rewriteSlice(inner, layout, cvt, mapping)
}

// dotPostDominates reports whether a dot with an MMA-parented dot_op first
// operand, in the region holding cvt, runs after cvt on every path
// (postDominates): one in cvt's block after it. A dot nested deeper, or in
// another block, does not run on every path through cvt. The block's last
// such dot is found once (a walk of the region for each conversion was
// quadratic in a loop unrolled 1024 times: 7 s).
func (r *rematerializer) dotPostDominates(cvt *ir.Operation) bool {
	b := cvt.Block()
	if b == nil || cvt.ParentOp() == nil {
		return false
	}
	last, ok := r.lastMMADot[b]
	if !ok {
		for op := b.First(); op != nil; op = op.Next() {
			if hasMMAOperandA(op) {
				last = op
			}
		}
		r.lastMMADot[b] = last
	}
	return last != nil && postDominates(last, cvt)
}

// hasMMAOperandA reports whether op is a dot whose first operand has a
// dot_op layout of an MMA parent.
func hasMMAOperandA(op *ir.Operation) bool {
	dot, ok := ir.As[ir.DotLike](op)
	if !ok || dot.A() == nil {
		return false
	}
	t, ok := dot.A().Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	d, ok := t.Encoding.(*ttg.DotOperandEncoding)
	if !ok {
		return false
	}
	_, mma := d.Parent.(ttg.MmaLayout)
	return mma
}

// postDominates reports whether a runs after b on every path through
// structured control flow: a is in a block enclosing b and comes after
// b's ancestor there.
func postDominates(a, b *ir.Operation) bool {
	anc := b
	for anc != nil && anc.Block() != a.Block() {
		anc = anc.ParentOp()
	}
	if anc == nil || anc == a {
		return anc == a
	}
	return anc.IsBeforeInBlock(a)
}
