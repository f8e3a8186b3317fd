package ttgir

import (
	"slices"
	"sort"

	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// rewriteSlice recomputes the values of slice in the layouts of layout
// (Triton's LayoutRematerialization::rewriteSlice): ops are cloned in the
// new layouts, loops and conditionals gain extra iter args and results,
// yields forward the new values, and cvt is replaced by the recomputed
// value of its source. mapping may already hold replacements (values the
// caller converted itself).
func (r *rematerializer) rewriteSlice(slice *valueSet, layout layoutMap, cvt *ir.Operation, mapping *ir.Mapping) {
	toRewrite := map[*ir.Operation]bool{}
	yieldOperands := map[*ir.Operation][]int{}
	var reused []ir.Value
	for _, v := range slice.list {
		enc := layout[ir.KeyOf(v)]
		remat := r.rematValue(v, enc)
		if remat == nil && encodingOf(v) == enc {
			// A value already in its slice layout is its own
			// rematerialization. The slice reaches such values through an
			// earlier rewrite's results (the backward walk continues from
			// an existing conversion into the conditional or loop that
			// made it); recomputing them would add a duplicate result to
			// every conditional and loop on the way at each rewrite:
			// quadratic in a chain of them (Triton does recompute them,
			// and its cleanups drop the duplicates).
			remat = v
		}
		if remat != nil {
			mapping.Map(v, remat)
			reused = append(reused, v)
			continue
		}
		if def := v.DefiningOp(); def != nil {
			toRewrite[def] = true
			if def.Name() == "scf.if" {
				idx := v.(*ir.OpResult).Index()
				for _, y := range []*ir.Operation{yieldOf(def, 0), yieldOf(def, 1)} {
					toRewrite[y] = true
					yieldOperands[y] = append(yieldOperands[y], idx)
				}
			}
			continue
		}
		arg := v.(*ir.BlockArgument)
		loop := arg.Owner().ParentOp()
		if loop == nil || (loop.Name() != "scf.for" && loop.Name() != "scf.while") {
			continue
		}
		toRewrite[loop] = true
		y := arg.Owner().Last()
		idx := arg.Index()
		if loop.Name() == "scf.for" {
			idx--
		}
		yieldOperands[y] = append(yieldOperands[y], idx)
		toRewrite[y] = true
	}
	for _, v := range reused {
		slice.remove(v)
	}
	var replacements [][2]ir.Value
	var dead []*ir.Operation
	for _, op := range programOrder(r.fn, toRewrite) {
		switch op.Name() {
		case "scf.for":
			type pair struct{ oldIdx, newIdx int }
			var argMap []pair
			var extra []ir.Value
			inits := op.Operands()[3:]
			body := op.Region(0).Front()
			for i, arg := range body.Arguments()[1:] {
				if slice.contains(arg) {
					argMap = append(argMap, pair{i, len(inits) + len(extra)})
					extra = append(extra, mapping.Lookup(inits[i]))
				}
			}
			nf, repl := scf.ReplaceForWithNewSignature(op, extra)
			replacements = append(replacements, repl...)
			dead = append(dead, op)
			nb := nf.Region(0).Front()
			for _, m := range argMap {
				mapping.Map(op.Result(m.oldIdx), nf.Result(m.newIdx))
				oldArg := nb.Argument(m.oldIdx + 1)
				mapping.Map(oldArg, nb.Argument(m.newIdx+1))
				r.addRematValue(nf.Result(m.oldIdx), layout[ir.KeyOf(oldArg)], nf.Result(m.newIdx))
				r.addRematValue(oldArg, layout[ir.KeyOf(oldArg)], nb.Argument(m.newIdx+1))
			}
			continue
		case "scf.if":
			var extra []ir.Type
			for _, res := range op.Results() {
				if slice.contains(res) {
					extra = append(extra, withEncoding(r.ctx, res.Type(), layout[ir.KeyOf(res)]))
				}
			}
			ni, repl := scf.ReplaceIfWithNewSignature(op, extra)
			replacements = append(replacements, repl...)
			newIdx := op.NumResults()
			for i, res := range op.Results() {
				if slice.contains(res) {
					mapping.Map(op.Result(i), ni.Result(newIdx))
					r.addRematValue(op.Result(i), layout[ir.KeyOf(res)], ni.Result(newIdx))
					newIdx++
				}
			}
			dead = append(dead, op)
			continue
		}
		b := ir.NewBuilder(r.ctx)
		b.SetInsertionPoint(op)
		switch op.Name() {
		case "scf.yield":
			idxs := append([]int(nil), yieldOperands[op]...)
			sort.Ints(idxs)
			ops := op.Operands()
			for _, i := range idxs {
				ops = append(ops, mapping.Lookup(op.Operand(i)))
			}
			b.CreateOp("scf.yield", op.Loc(), ops, nil, op.DiscardableAttrs()...)
			op.DropAllReferences()
			op.Erase()
			continue
		case "arith.constant":
			clone := b.Insert(op.Clone(nil))
			res := op.Result(0)
			nv := ttg.NewConvertLayout(b, op.Loc(), clone.Result(0), withEncoding(r.ctx, res.Type(), layout[ir.KeyOf(res)])).Result(0)
			mapping.Map(res, nv)
			r.addRematValue(res, layout[ir.KeyOf(res)], nv)
			continue
		}
		n := b.Insert(op.Clone(mapping))
		for i, old := range op.Results() {
			enc, ok := layout[ir.KeyOf(old)]
			if !ok {
				continue
			}
			n.Result(i).SetType(withEncoding(r.ctx, old.Type(), enc))
			r.addRematValue(old, enc, n.Result(i))
		}
	}
	ir.ReplaceAllUsesWith(cvt.Result(0), mapping.Lookup(cvt.Operand(0)))
	r.markDeleted(cvt)
	r.updateRematMapping(replacements)
	for _, p := range replacements {
		ir.ReplaceAllUsesWith(p[0], p[1])
	}
	for _, op := range dead {
		r.markDeleted(op)
	}
}

// updateRematMapping moves the remembered rematerializations of replaced
// loop and conditional results to the new results.
//
// A remembered value replaced in the same rewrite moves to its own
// replacement (the first pair that replaces it): found through a map, as
// a scan of the pairs for each pair was quadratic in a loop's results (an
// scf.for unrolled 64 times carries thousands).
func (r *rematerializer) updateRematMapping(repl [][2]ir.Value) {
	var replacementOf map[ir.ValueKey]ir.Value
	for _, p := range repl {
		old, nw := p[0], p[1]
		enc, ok := r.mappedValues[ir.KeyOf(old)]
		if !ok {
			continue
		}
		replaced := r.rematMapping[valEnc{ir.KeyOf(old), enc}]
		delete(r.rematMapping, valEnc{ir.KeyOf(old), enc})
		delete(r.mappedValues, ir.KeyOf(old))
		if replacementOf == nil {
			replacementOf = make(map[ir.ValueKey]ir.Value, len(repl))
			for _, q := range repl {
				if _, seen := replacementOf[ir.KeyOf(q[0])]; !seen {
					replacementOf[ir.KeyOf(q[0])] = q[1]
				}
			}
		}
		if replaced != nil {
			if q, ok := replacementOf[ir.KeyOf(replaced)]; ok {
				replaced = q
			}
		}
		r.rematMapping[valEnc{ir.KeyOf(nw), enc}] = replaced
		r.mappedValues[ir.KeyOf(nw)] = enc
	}
}

// programOrder lists the ops of set nested in fn in pre-order program
// order (ops not nested in fn are left out). The set is a few ops (a
// slice's, or the dots of one), and fn may be the whole function: the ops
// are sorted by their positions (programPosition) rather than found by a
// walk of fn.
func programOrder(fn *ir.Operation, set map[*ir.Operation]bool) []*ir.Operation {
	type positioned struct {
		op  *ir.Operation
		pos []int
	}
	var ops []positioned
	for op := range set {
		if pos, ok := programPosition(fn, op); ok {
			ops = append(ops, positioned{op, pos})
		}
	}
	slices.SortFunc(ops, func(a, b positioned) int { return slices.Compare(a.pos, b.pos) })
	out := make([]*ir.Operation, len(ops))
	for i, p := range ops {
		out[i] = p.op
	}
	return out
}

// programPosition returns op's position under fn: for each op from the
// outermost nested in fn down to op, the index of its region in its
// parent, of its block in the region, and of the op in the block. The
// positions of two ops compare (lexicographically, an ancestor's being a
// prefix) as their pre-order. It reports false when op is not nested in
// fn.
func programPosition(fn, op *ir.Operation) ([]int, bool) {
	if op == fn {
		return nil, false
	}
	var pos []int
	for o := op; o != fn; {
		b := o.Block()
		if b == nil || b.Region() == nil || b.Region().ParentOp() == nil {
			return nil, false
		}
		r := b.Region()
		pos = append(pos, o.BlockOrder(), slices.Index(r.Blocks(), b), r.Index())
		o = r.ParentOp()
	}
	slices.Reverse(pos)
	return pos, true
}
