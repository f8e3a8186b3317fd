package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Splitting a wgmma that reads A from registers (an "RS" dot) along K into
// dots of the instruction's K (Triton's splitRSDot): n such dots can keep
// n-1 in flight while the registers of the next are written.

// splitRSDots splits the RS dots among dots (keeping the others).
func splitRSDots(dots []asyncDot) []asyncDot {
	var out []asyncDot
	for _, d := range dots {
		for _, nd := range splitRSDot(d.dot) {
			out = append(out, asyncDot{nd, d.iterArgIdx})
		}
	}
	return out
}

func splitRSDot(dot *ir.Operation) []*ir.Operation {
	a, ok := dot.Operand(0).Type().(*ir.RankedTensorType)
	if !ok {
		return []*ir.Operation{dot}
	}
	res := dot.Result(0).Type().(*ir.RankedTensorType)
	mma, ok := res.Encoding.(*ttg.NvidiaMmaEncoding)
	if !ok || len(mma.InstrShape) < 3 {
		return []*ir.Operation{dot}
	}
	origK := a.Dims[len(a.Dims)-1]
	newK := int64(mma.InstrShape[2])
	n := origK / newK
	if n <= 1 || origK%newK != 0 || !subsliceable(dot.Operand(1)) {
		return []*ir.Operation{dot}
	}
	b := ir.NewBuilder(dot.Context())
	b.SetInsertionPoint(dot)
	lhs := splitLhs(b, dot.Operand(0), newK)
	rhs := splitRhs(b, dot.Operand(1), newK)
	if lhs == nil || rhs == nil || int64(len(lhs)) != n || int64(len(rhs)) != n {
		return []*ir.Operation{dot}
	}
	var useC ir.Value
	if dot.NumOperands() > 3 {
		useC = dot.Operand(3)
	}
	c := dot.Operand(2)
	left, _ := intAttr(dot, "maxNumImpreciseAcc")
	var dots []*ir.Operation
	for i := int64(0); i < n; i++ {
		take := min(int64(left), newK)
		acc := take
		if take == newK {
			// A value the lowering reads as "no extra imprecise
			// accumulation" for this subtile.
			acc = 1 << 30
		}
		left -= int(take)
		ops := []ir.Value{lhs[i], rhs[i], c}
		if useC != nil {
			ops = append(ops, useC)
		}
		nd := b.CreateOp("ttng.warp_group_dot", dot.Loc(), ops, []ir.Type{res})
		for _, p := range dot.Props() {
			nd.SetProp(p.Name, p.Value)
		}
		nd.SetProp("maxNumImpreciseAcc", ir.I32Attr(dot.Context(), acc))
		dots = append(dots, nd)
		c = nd.Result(0)
		useC = constBool(b, dot.Loc(), true)
	}
	ir.ReplaceAllUsesWith(dot.Result(0), dots[len(dots)-1].Result(0))
	dot.Erase()
	return dots
}

// splitLhs splits A (MxK) into K/newK tensors Mx newK: reshape K into
// 2x...x2xnewK, move the 2s to the front (slowest first) and split
// recursively, then convert back to A's layout (a no-op by construction).
func splitLhs(b *ir.Builder, lhs ir.Value, newK int64) []ir.Value {
	loc := lhs.Loc()
	t := lhs.Type().(*ir.RankedTensorType)
	rank := len(t.Dims)
	n := t.Dims[rank-1] / newK
	shape := append([]int64(nil), t.Dims[:rank-1]...)
	for i := int64(1); i < n; i *= 2 {
		shape = append(shape, 2)
	}
	shape = append(shape, newK)
	enc := ttg.InferReshapeEncoding(b.Ctx, t.Dims, t.Encoding, shape)
	if enc == nil {
		return nil
	}
	v := tt.NewReshape(b, loc, lhs, ir.RankedTensor(b.Ctx, shape, t.Elem, enc), false).Result(0)
	var order []int64
	for i := 0; i < rank-1; i++ {
		order = append(order, int64(i))
	}
	order = append(order, int64(len(shape)-1))
	for i := len(shape) - 2; i >= rank-1; i-- {
		order = append(order, int64(i))
	}
	v = tt.NewTrans(b, loc, v, order).Result(0)
	parts := []ir.Value{v}
	for i := int64(1); i < n; i *= 2 {
		var next []ir.Value
		for _, p := range parts {
			s := tt.NewSplit(b, loc, p)
			next = append(next, s.Result(0), s.Result(1))
		}
		parts = next
	}
	for i, p := range parts {
		pt := p.Type().(*ir.RankedTensorType)
		parts[i] = ttg.NewConvertLayout(b, loc, p, ir.RankedTensor(b.Ctx, pt.Dims, t.Elem, t.Encoding)).Result(0)
	}
	return parts
}

// subsliceable reports whether B's buffer takes ttg.memdesc_subslice
// views: not when a cluster's CTAs split or share it (num-ctas > 1; the
// subslice's verifier refuses a non-trivial block dimension, as Triton
// 3.6's does, whose splitRSDot does not check it). Such a dot stays
// whole, and waits for its previous iteration as an RS dot that cannot
// be split does.
func subsliceable(rhs ir.Value) bool {
	t, ok := rhs.Type().(*ttg.MemDescType)
	if !ok {
		return false
	}
	ll, err := ttg.TypeLinearLayout(t)
	return err == nil && (!ll.HasInDim(linearlayout.Block) || ll.InDimSize(linearlayout.Block) == 1)
}

// splitRhs splits B (KxN in shared memory) into K/newK views newK x N.
func splitRhs(b *ir.Builder, rhs ir.Value, newK int64) []ir.Value {
	t, ok := rhs.Type().(*ttg.MemDescType)
	if !ok {
		return nil
	}
	rank := len(t.Dims)
	kDim := rank - 2
	n := t.Dims[kDim] / newK
	shape := append([]int64(nil), t.Dims...)
	shape[kDim] = newK
	vt := ttg.MemDesc(b.Ctx, shape, t.Elem, t.Encoding, t.MemorySpace, false, t.AllocShape)
	var out []ir.Value
	for i := int64(0); i < n; i++ {
		offsets := make([]int64, rank)
		offsets[kDim] = i * newK
		op := b.CreateOp("ttg.memdesc_subslice", rhs.Loc(), []ir.Value{rhs}, []ir.Type{vt},
			ir.NamedAttr{Name: "offsets", Value: ir.DenseI32Array(b.Ctx, offsets)})
		out = append(out, op.Result(0))
	}
	return out
}
