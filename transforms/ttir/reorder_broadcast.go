package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

// ReorderBroadcastPatterns returns the patterns of triton-reorder-broadcast
// (ReorderBroadcast.cpp): the canonicalization patterns of tt.broadcast
// and tt.expand_dims registered in ctx, then the two patterns that move
// broadcasts and splats after elementwise ops.
func ReorderBroadcastPatterns(ctx *ir.Context) []ir.RewritePattern {
	var ps []ir.RewritePattern
	for _, name := range []string{"tt.broadcast", "tt.expand_dims"} {
		if d := ctx.LookupOp(name); d != nil {
			ps = append(ps, d.Canonicalize...)
		}
	}
	return append(ps,
		ir.NewPattern("MoveBroadcastAfterElementwisePattern", "", 1, moveBroadcastAfterElementwise),
		ir.NewPattern("MoveSplatAfterElementwisePattern", "", 1, moveSplatAfterElementwise),
	)
}

func runReorderBroadcast(op *ir.Operation, _ *passmgr.State) error {
	set := pattern.Freeze(ReorderBroadcastPatterns(op.Context()))
	return applyPatterns(op, set, "triton-reorder-broadcast")
}

// isSplatLike reports whether op produces a splat: a tt.splat or a splat
// constant. With scalarSource, splats of 0-d tensors do not count: their
// source is not a scalar that a scalarized elementwise op could take.
func isSplatLike(op *ir.Operation, scalarSource bool) bool {
	if op.Name() == "tt.splat" {
		_, shaped := op.Operand(0).Type().(ir.ShapedType)
		return !scalarSource || !shaped
	}
	return isSplatConstantOp(op)
}

// reorderable reports whether an elementwise op may be rebuilt on other
// operand shapes: it must be free of memory effects, and inline assembly
// that packs several elements per call must keep its element count.
func reorderable(op *ir.Operation) bool {
	if !op.Has(ir.Elementwise) || op.NumOperands() == 0 || !ir.IsMemoryEffectFree(op) {
		return false
	}
	if op.Name() == "tt.elementwise_inline_asm" {
		if a, ok := op.Attr("packed_element").(*ir.IntegerAttr); ok && a.Int() != 1 {
			return false
		}
	}
	for _, t := range op.ResultTypes() {
		if _, ok := t.(*ir.RankedTensorType); !ok {
			return false
		}
	}
	return true
}

// cloneWithOperandsAndTypes rebuilds op (all its attributes, no regions)
// on new operands and result types at the rewriter's insertion point.
func cloneWithOperandsAndTypes(rw ir.Rewriter, op *ir.Operation, operands []ir.Value, types []ir.Type) *ir.Operation {
	st := ir.NewState(op.Context(), op.Name(), op.Loc())
	st.Operands = operands
	st.Types = types
	st.Props = append([]ir.NamedAttr(nil), op.Props()...)
	st.Attrs = append([]ir.NamedAttr(nil), op.DiscardableAttrs()...)
	return rw.Create(st)
}

// moveSplatAfterElementwise: elementwise(splat(a), splat(b), ...) =>
// splat(elementwise(a, b, ...)).
func moveSplatAfterElementwise(op *ir.Operation, rw ir.Rewriter) bool {
	if !reorderable(op) {
		return false
	}
	for _, v := range op.Operands() {
		def := v.DefiningOp()
		if def == nil || !isSplatLike(def, true) {
			return false
		}
	}
	ctx := op.Context()
	loc := op.Loc()
	scalars := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		def := v.DefiningOp()
		if def.Name() == "tt.splat" {
			scalars[i] = def.Operand(0)
			continue
		}
		elem := splatConstant(ctx, v)
		c := arith.NewConstant(rw.B(), loc, elem)
		scalars[i] = c.Result(0)
	}
	types := make([]ir.Type, op.NumResults())
	for i, t := range op.ResultTypes() {
		types[i] = ir.ElementTypeOrSelf(t)
	}
	scalar := cloneWithOperandsAndTypes(rw, op, scalars, types)
	for i, r := range op.Results() {
		s := tt.NewSplat(rw.B(), loc, scalar.Result(i), r.Type())
		rw.ReplaceAllUsesWith(r, s.Result(0))
	}
	return true
}

// moveBroadcastAfterElementwise: elementwise(broadcast(a), splat(b), ...)
// => broadcast(elementwise(a, splat'(b), ...)) when all broadcast
// operands have the same source shape.
func moveBroadcastAfterElementwise(op *ir.Operation, rw ir.Rewriter) bool {
	if !reorderable(op) {
		return false
	}
	var src *ir.RankedTensorType
	for _, v := range op.Operands() {
		def := v.DefiningOp()
		if def == nil {
			return false
		}
		if def.Name() == "tt.broadcast" {
			st, ok := def.Operand(0).Type().(*ir.RankedTensorType)
			if !ok {
				return false
			}
			if src == nil {
				src = st
			} else if !equalInts(src.Dims, st.Dims) {
				return false
			}
			continue
		}
		if !isSplatLike(def, false) {
			return false
		}
	}
	if src == nil {
		return false
	}
	// The operands take the shape and layout of the first broadcast's
	// source, keeping their element types.
	for _, v := range op.Operands() {
		if def := v.DefiningOp(); def.Name() == "tt.broadcast" {
			src = def.Operand(0).Type().(*ir.RankedTensorType)
			break
		}
	}
	ctx := op.Context()
	loc := op.Loc()
	reshaped := func(t ir.Type) *ir.RankedTensorType {
		return ir.RankedTensor(ctx, src.Dims, ir.ElementTypeOrSelf(t), src.Encoding)
	}
	operands := make([]ir.Value, op.NumOperands())
	for i, v := range op.Operands() {
		def := v.DefiningOp()
		switch {
		case def.Name() == "tt.broadcast":
			operands[i] = def.Operand(0)
		case def.Name() == "tt.splat":
			operands[i] = tt.NewSplat(rw.B(), loc, def.Operand(0), reshaped(v.Type())).Result(0)
		default:
			nt := reshaped(v.Type())
			value := ir.DenseSplat(ctx, nt, splatConstant(ctx, v))
			operands[i] = arith.NewConstant(rw.B(), loc, value).Result(0)
		}
	}
	types := make([]ir.Type, op.NumResults())
	for i, t := range op.ResultTypes() {
		types[i] = reshaped(t)
	}
	narrow := cloneWithOperandsAndTypes(rw, op, operands, types)
	for i, r := range op.Results() {
		b := tt.NewBroadcast(rw.B(), loc, narrow.Result(i), r.Type())
		rw.ReplaceAllUsesWith(r, b.Result(0))
	}
	return true
}
