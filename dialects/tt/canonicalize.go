package tt

import "github.com/ttcompiler/tt/ir"

// Canonicalization patterns of Triton 3.6's tt ops.

// splatConstantBool returns the value of an arith.constant i1 splat
// (dense<true>/dense<false>), and whether v is one.
func splatConstantBool(v ir.Value) (bool, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "arith.constant" {
		return false, false
	}
	d, ok := def.Attr("value").(*ir.DenseElementsAttr)
	if !ok || !d.IsSplat() || d.IsFloat() {
		return false, false
	}
	return d.Ints[0] != 0, true
}

// canonicalizeMaskedLoad: load(p, splat(1), ...) -> load(p, ...);
// load(p, splat(0), other) -> other.
type canonicalizeMaskedLoad struct{}

func (canonicalizeMaskedLoad) RootName() string { return "tt.load" }
func (canonicalizeMaskedLoad) Benefit() int     { return 1 }
func (canonicalizeMaskedLoad) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	l := LoadOp{op}
	mask := l.Mask()
	if mask == nil {
		return false
	}
	on, ok := splatConstantBool(mask)
	if !ok {
		return false
	}
	if on {
		st := ir.NewState(op.Context(), "tt.load", op.Loc())
		st.Operands = []ir.Value{l.Ptr()}
		st.Types = op.ResultTypes()
		for _, a := range op.Attrs() {
			if a.Name != "operandSegmentSizes" && a.Name != "boundaryCheck" && a.Name != "padding" {
				st.AddAttr(a.Name, a.Value)
			}
		}
		st.AddAttr("operandSegmentSizes", segmentSizes(op.Context(), 1, 0, 0))
		st.AddAttr("boundaryCheck", defaultBoundaryCheck(op.Context()))
		rw.ReplaceOpWithOp(op, rw.Create(st))
		return true
	}
	other := l.Other()
	if other == nil {
		return false
	}
	rw.ReplaceOp(op, []ir.Value{other})
	return true
}

// canonicalizeMaskedStore: store(p, v, splat(1)) -> store(p, v);
// store(p, v, splat(0)) -> nothing.
type canonicalizeMaskedStore struct{}

func (canonicalizeMaskedStore) RootName() string { return "tt.store" }
func (canonicalizeMaskedStore) Benefit() int     { return 1 }
func (canonicalizeMaskedStore) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	s := StoreOp{op}
	mask := s.Mask()
	if mask == nil {
		return false
	}
	on, ok := splatConstantBool(mask)
	if !ok {
		return false
	}
	if on {
		rw.B().SetInsertionPoint(op)
		NewStore(rw.B(), op.Loc(), s.Ptr(), s.Value(), nil, s.Cache(), s.Evict(), nil)
		rw.EraseOp(op)
		return true
	}
	rw.EraseOp(op)
	return true
}

// canonicalizeExpandDims: expand_dims(splat x) -> splat x;
// expand_dims(broadcast x) -> broadcast(expand_dims x).
type canonicalizeExpandDims struct{}

func (canonicalizeExpandDims) RootName() string { return "tt.expand_dims" }
func (canonicalizeExpandDims) Benefit() int     { return 1 }
func (canonicalizeExpandDims) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	def := op.Operand(0).DefiningOp()
	if def == nil {
		return false
	}
	b := rw.B()
	switch def.Name() {
	case "tt.splat":
		rw.ReplaceOpWithOp(op, NewSplat(b, op.Loc(), def.Operand(0), op.Result(0).Type()))
		return true
	case "tt.broadcast":
		src, ok := def.Operand(0).Type().(*ir.RankedTensorType)
		if !ok {
			return false
		}
		axis := ExpandDimsOp{op}.Axis()
		if axis < 0 || axis > len(src.Dims) {
			return false
		}
		if src.Encoding != nil {
			if _, ok := src.Encoding.(ExpandDimsLayoutInferrer); !ok {
				return false
			}
		}
		ne := NewExpandDims(b, op.Loc(), def.Operand(0), axis)
		nb := NewBroadcast(b, def.Loc(), ne.Result(0), op.Result(0).Type())
		rw.ReplaceOpWithOp(op, nb)
		return true
	}
	return false
}

// canonicalizeReshape: reshape(reshape x) -> reshape x; reshape(splat x)
// -> splat x. Reshapes marked efficient_layout are left alone.
type canonicalizeReshape struct{}

func (canonicalizeReshape) RootName() string { return "tt.reshape" }
func (canonicalizeReshape) Benefit() int     { return 1 }
func (canonicalizeReshape) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	if op.Attr("efficient_layout") != nil {
		return false
	}
	def := op.Operand(0).DefiningOp()
	if def == nil {
		return false
	}
	b := rw.B()
	switch def.Name() {
	case "tt.reshape":
		allow := op.Attr("allow_reorder") != nil || def.Attr("allow_reorder") != nil
		rw.ReplaceOpWithOp(op, NewReshape(b, op.Loc(), def.Operand(0), op.Result(0).Type(), allow))
		return true
	case "tt.splat":
		rw.ReplaceOpWithOp(op, NewSplat(b, op.Loc(), def.Operand(0), op.Result(0).Type()))
		return true
	}
	return false
}

// broadcastOfSplat: broadcast(splat x) -> splat x.
type broadcastOfSplat struct{}

func (broadcastOfSplat) RootName() string { return "tt.broadcast" }
func (broadcastOfSplat) Benefit() int     { return 1 }
func (broadcastOfSplat) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "tt.splat" {
		return false
	}
	rw.ReplaceOpWithOp(op, NewSplat(rw.B(), op.Loc(), def.Operand(0), op.Result(0).Type()))
	return true
}

// broadcastOfBroadcast: broadcast(broadcast x) -> broadcast x.
type broadcastOfBroadcast struct{}

func (broadcastOfBroadcast) RootName() string { return "tt.broadcast" }
func (broadcastOfBroadcast) Benefit() int     { return 1 }
func (broadcastOfBroadcast) MatchAndRewrite(op *ir.Operation, rw ir.Rewriter) bool {
	def := op.Operand(0).DefiningOp()
	if def == nil || def.Name() != "tt.broadcast" {
		return false
	}
	rw.ReplaceOpWithOp(op, NewBroadcast(rw.B(), op.Loc(), def.Operand(0), op.Result(0).Type()))
	return true
}
