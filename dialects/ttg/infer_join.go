package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Layout inference for tt.join and tt.split (Triton's
// inferDefaultJoinOpEncoding and inferSplitOpEncoding): join adds a last
// dim of two elements per thread, split takes it away.

// InferJoinEncoding is the encoding of tt.join's result given its
// operands' encoding and shape. A blocked layout gains a fastest dimension
// of two elements per thread; a slice of the new last dimension whose
// parent splits back to it gives the parent; anything else is joined
// through its linear layout.
func InferJoinEncoding(ctx *ir.Context, src ir.Attribute, shape []int64) (ir.Attribute, error) {
	rank := len(shape)
	if s, ok := src.(*SliceEncoding); ok && s.Dim == rank {
		joined := append(append([]int64(nil), shape...), 2)
		if split, err := InferSplitEncoding(ctx, s.Parent, joined); err == nil && EquivalentLayouts(split, src, shape) {
			return s.Parent, nil
		}
	}
	if b, ok := src.(*BlockedEncoding); ok {
		order := append([]int{rank}, b.Order...)
		return NewBlocked(ctx, append(clone(b.SizePerThread), 2), append(clone(b.ThreadsPerWarp), 1),
			append(clone(b.WarpsPerCTA), 1), order, b.CGALayout.AppendDim()), nil
	}
	ll, err := ToLinearLayout(src, shape)
	if err != nil {
		return nil, err
	}
	// Add a size-1 last dim, then double it with a register basis.
	outs := append(linearlayout.LabeledShape(shape), linearlayout.Dim{Name: fmt.Sprintf("dim%d", rank), Size: 1})
	ll = ll.ReshapeOuts(outs)
	names := ll.OutDimNames()
	joined := linearlayout.Identity1D(2, linearlayout.Register, names[rank]).Mul(ll).TransposeOuts(names)
	return NewLinearFromLL(ctx, joined), nil
}

// InferSplitEncoding returns the result encoding of tt.split of a tensor of
// the given shape and encoding (inferSplitOpEncoding).
func InferSplitEncoding(ctx *ir.Context, enc ir.Attribute, shape []int64) (ir.Attribute, error) {
	s, ok := memoShapeOf(shape)
	if ctx == nil || !ok {
		return inferSplitEncoding(ctx, enc, shape)
	}
	r := ir.Memo(ctx, splitKey{enc, s}, func() inferred { return inferredOf(inferSplitEncoding(ctx, enc, shape)) })
	return r.enc, r.err
}

func inferSplitEncoding(ctx *ir.Context, enc ir.Attribute, shape []int64) (ir.Attribute, error) {
	if b, ok := enc.(*BlockedEncoding); ok {
		n := len(b.Order)
		cpc := b.CGALayout.CTAsPerCGA()
		if n > 0 && b.SizePerThread[n-1] == 2 && b.ThreadsPerWarp[n-1] == 1 && b.WarpsPerCTA[n-1] == 1 && cpc[n-1] == 1 {
			var order []int
			for _, o := range b.Order {
				if o != n-1 {
					order = append(order, o)
				}
			}
			cga := CGALayout{Rank: n - 1}
			for _, v := range b.CGALayout.Bases {
				cga.Bases = append(cga.Bases, clone(v[:n-1]))
			}
			return NewBlocked(ctx, b.SizePerThread[:n-1], b.ThreadsPerWarp[:n-1], b.WarpsPerCTA[:n-1], order, cga), nil
		}
	}
	axis := len(shape) - 1
	if axis < 0 || shape[axis] != 2 {
		return nil, fmt.Errorf("SplitOp input shape should have 2 in the last dim")
	}
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return nil, err
	}
	out, err := joinOnAxis(ll, false, axis)
	if err != nil {
		return nil, err
	}
	// Drop the last dim (now of size 1).
	dims := linearlayout.LabeledShape(shape[:axis])
	var bases []linearlayout.InBases
	for _, in := range out.Bases() {
		nb := make([][]int32, len(in.Bases))
		for i, b := range in.Bases {
			nb[i] = clone(b[:axis])
		}
		bases = append(bases, linearlayout.InBases{Name: in.Name, Bases: nb})
	}
	res, err := linearlayout.New(bases, dims)
	if err != nil {
		return nil, err
	}
	return NewLinearFromLL(ctx, res), nil
}

// joinOnAxis is Triton's tryJoinOnAxis: fwd adds a register basis that
// doubles dim axis; !fwd removes the register basis of offset 1 along axis
// and halves the rest.
func joinOnAxis(ll linearlayout.LinearLayout, fwd bool, axis int) (linearlayout.LinearLayout, error) {
	names := ll.OutDimNames()
	if axis < 0 || axis >= len(names) {
		return linearlayout.LinearLayout{}, fmt.Errorf("axis %d out of range", axis)
	}
	if fwd {
		return linearlayout.Identity1D(2, linearlayout.Register, names[axis]).Mul(ll).TransposeOuts(names), nil
	}
	found := false
	var bases []linearlayout.InBases
	for _, in := range ll.Bases() {
		var nb [][]int32
		for _, b := range in.Bases {
			if in.Name == linearlayout.Register && b[axis] == 1 {
				found = true
				continue
			}
			v := clone(b)
			v[axis] /= 2
			nb = append(nb, v)
		}
		if nb == nil {
			nb = [][]int32{}
		}
		bases = append(bases, linearlayout.InBases{Name: in.Name, Bases: nb})
	}
	if !found {
		return linearlayout.LinearLayout{}, fmt.Errorf("Fp4ToFpOp/SplitOp requires at least 2 elements per thread in the axis/last dimension")
	}
	return linearlayout.NewInferSizes(bases, names)
}
