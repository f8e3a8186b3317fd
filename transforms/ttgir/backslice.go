package ttgir

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

type useEnc struct {
	use *ir.OpOperand
	enc ir.Attribute
}

// backwardConvertSlice is Triton 3.6's getConvertBackwardSlice: the values
// that would have to be recomputed for root's value to exist in layout
// enc, each with the layout it would need, collected into slice and
// layout. The walk stops at values already in their needed layout, at ops
// that can be recreated in any layout, at ops stop accepts, and where
// existing offers a value already rematerialized in the needed layout (it
// joins the slice in place of the one it stands for). It fails when a
// value would need two layouts, at loop results, at concatenations, and
// at ops no operand layout makes work.
func backwardConvertSlice(root *ir.OpOperand, enc ir.Attribute, slice *valueSet, layout layoutMap,
	stop func(*ir.Operation) bool, existing func(*ir.OpOperand, ir.Attribute) ir.Value) bool {
	seen := map[useEnc]bool{}
	var queue []useEnc
	enqueue := func(u *ir.OpOperand, e ir.Attribute) {
		k := useEnc{u, e}
		if !seen[k] {
			seen[k] = true
			queue = append(queue, k)
		}
	}
	update := func(v ir.Value, e ir.Attribute) bool {
		slice.insert(v)
		if old, ok := layout[ir.KeyOf(v)]; ok && old != e {
			return false
		}
		layout[ir.KeyOf(v)] = e
		return true
	}
	enqueue(root, enc)
	for len(queue) > 0 {
		it := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		cur, e := it.use.Get(), it.enc
		if !isTensor(cur.Type()) {
			continue
		}
		if d := cur.DefiningOp(); d != nil && (d.Name() == "scf.for" || d.Name() == "scf.while") {
			return false
		}
		if !update(cur, e) {
			return false
		}
		if existing != nil {
			if x := existing(it.use, e); x != nil {
				if !update(x, e) {
					return false
				}
				cur = x
			}
		}
		def := cur.DefiningOp()
		if def != nil && def.Name() == "scf.if" {
			if stop != nil && stop(def) {
				continue
			}
			idx := cur.(*ir.OpResult).Index()
			enqueue(yieldOf(def, 0).OpOperand(idx), e)
			enqueue(yieldOf(def, 1).OpOperand(idx), e)
			continue
		}
		if def != nil {
			for _, r := range def.Results() {
				if r != cur && isTensor(r.Type()) && !update(r, e) {
					return false
				}
			}
			if isFreeConvert(def) {
				enqueue(def.OpOperand(0), e)
				continue
			}
			if canFoldIntoConversion(def, e) {
				continue
			}
			if stop != nil && stop(def) {
				continue
			}
			switch def.Name() {
			case "tt.cat":
				return false
			case "tt.gather":
				src := ttg.InferSrcEncoding(def, e)
				if src == nil {
					return false
				}
				enqueue(def.OpOperand(1), src)
				continue
			}
			if def.NumOperands() == 0 {
				continue
			}
			src := ttg.InferSrcEncoding(def, e)
			if src == nil {
				return false
			}
			for i := range def.NumOperands() {
				if t, ok := def.Operand(i).Type().(*ir.RankedTensorType); ok && t.Encoding == src {
					continue
				}
				enqueue(def.OpOperand(i), src)
			}
			continue
		}
		arg := cur.(*ir.BlockArgument)
		parent := arg.Owner().ParentOp()
		if parent == nil || parent.Name() != "scf.for" || arg.Index() == 0 {
			return false
		}
		enqueue(parent.OpOperand(3+arg.Index()-1), e)
		enqueue(yieldOf(parent, 0).OpOperand(arg.Index()-1), e)
	}
	return true
}

// lanesAlong and warpsAlong are how many lanes and warps of t's layout
// hold distinct data along dim.
func lanesAlong(t *ir.RankedTensorType, dim int) int {
	return ttg.ThreadsPerWarpOf(t.Encoding, t.Dims)[dim]
}
func warpsAlong(t *ir.RankedTensorType, dim int) int {
	return ttg.WarpsPerCTAOf(t.Encoding, t.Dims)[dim]
}
