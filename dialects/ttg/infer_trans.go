package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Layout inference for transposes (Triton's inferTransOpEncoding and
// MemDescTransOp::inferReturnTypes): the layout under which a transpose
// moves no data.

// InferTransEncoding returns the encoding of a transpose (by order, result
// dim i = source dim order[i]) of a tensor or buffer of the given shape
// with encoding enc, chosen so that the transpose moves no data.
func InferTransEncoding(ctx *ir.Context, enc ir.Attribute, shape []int64, order []int) (ir.Attribute, error) {
	s, ok := memoShapeOf(shape)
	if ctx == nil || !ok || len(order) != len(shape) {
		return inferTransEncoding(ctx, enc, shape, order)
	}
	key := transKey{enc: enc, shape: s}
	copy(key.order[:], order)
	r := ir.Memo(ctx, key, func() inferred { return inferredOf(inferTransEncoding(ctx, enc, shape, order)) })
	return r.enc, r.err
}

func inferTransEncoding(ctx *ir.Context, enc ir.Attribute, shape []int64, order []int) (ir.Attribute, error) {
	if isIota(order) {
		return enc, nil
	}
	if len(shape) != len(order) {
		return nil, fmt.Errorf("shape and order rank do not match: %d vs %d", len(shape), len(order))
	}
	checkRank := func(rank int) error {
		if rank != len(order) {
			return fmt.Errorf("rank of encoding does not match order: %d vs %d", rank, len(order))
		}
		return nil
	}
	if !isPermutation(order) {
		return nil, fmt.Errorf("order [%s] is not a permutation", joinInts(order))
	}
	inv := inversePermutation(order)
	switch e := enc.(type) {
	case *SwizzledSharedEncoding:
		if err := checkRank(e.CGALayout.Rank); err != nil {
			return nil, err
		}
		return NewSwizzledShared(ctx, e.Vec, e.PerPhase, e.MaxPhase, gather(inv, e.Order), permuteCGA(e.CGALayout, order)), nil
	case *NVMMASharedEncoding:
		if equalInts(order, []int{1, 0}) {
			if err := checkRank(e.CGALayout.Rank); err != nil {
				return nil, err
			}
			return NewNVMMAShared(ctx, e.SwizzlingByteWidth, !e.Transposed, e.ElementBitWidth, e.FP4Padded, permuteCGA(e.CGALayout, order)), nil
		}
	case *BlockedEncoding:
		if err := checkRank(e.CGALayout.Rank); err != nil {
			return nil, err
		}
		return NewBlocked(ctx, gather(e.SizePerThread, order), gather(e.ThreadsPerWarp, order),
			gather(e.WarpsPerCTA, order), gather(inv, e.Order), permuteCGA(e.CGALayout, order)), nil
	}
	var ll linearlayout.LinearLayout
	var err error
	padded, isPadded := enc.(*PaddedSharedEncoding)
	if isPadded {
		ll, err = padded.LinearComponent()
	} else {
		ll, err = ToLinearLayout(enc, shape)
	}
	if err != nil {
		return nil, err
	}
	if err := checkRank(ll.NumOutDims()); err != nil {
		return nil, err
	}
	tl, err := transposeLL(ll, order)
	if err != nil {
		return nil, err
	}
	switch e := enc.(type) {
	case DistributedLayout:
		return NewLinearFromLL(ctx, tl), nil
	case *PaddedSharedEncoding:
		return NewPaddedShared(ctx, e.Intervals, e.Paddings, dimBases(tl, linearlayout.Offset), dimBases(tl, linearlayout.Block), tl.NumOutDims()), nil
	case SharedLayout:
		return NewSharedLinearFromLL(ctx, tl, e.Alignment()), nil
	}
	return nil, fmt.Errorf("cannot transpose layout %s", attrText(enc))
}

// transposeLL is Triton's transposeLinearLayout: every basis b becomes
// [b[order[0]], b[order[1]], ...], out sizes re-inferred.
func transposeLL(ll linearlayout.LinearLayout, order []int) (linearlayout.LinearLayout, error) {
	var bases []linearlayout.InBases
	for _, in := range ll.Bases() {
		nb := make([][]int32, len(in.Bases))
		for i, b := range in.Bases {
			v := make([]int32, len(order))
			for j, o := range order {
				v[j] = b[o]
			}
			nb[i] = v
		}
		bases = append(bases, linearlayout.InBases{Name: in.Name, Bases: nb})
	}
	return linearlayout.NewInferSizes(bases, ll.OutDimNames())
}

func permuteCGA(c CGALayout, order []int) CGALayout {
	out := CGALayout{Rank: c.Rank}
	for _, b := range c.Bases {
		v := make([]int32, len(order))
		for j, o := range order {
			if o < len(b) {
				v[j] = b[o]
			}
		}
		out.Bases = append(out.Bases, v)
	}
	return out
}

// gather returns [v[idx[0]], v[idx[1]], ...] (Triton's applyPermutation).
func gather[T any](v []T, idx []int) []T {
	out := make([]T, len(idx))
	for i, j := range idx {
		if j >= 0 && j < len(v) {
			out[i] = v[j]
		}
	}
	return out
}

func inversePermutation(p []int) []int {
	inv := make([]int, len(p))
	for i, x := range p {
		if x >= 0 && x < len(p) {
			inv[x] = i
		}
	}
	return inv
}

// InferMemDescTransType returns the type of ttg.memdesc_trans of src.
func InferMemDescTransType(ctx *ir.Context, src *MemDescType, order []int) (*MemDescType, error) {
	if len(order) != src.Rank() {
		return nil, fmt.Errorf("shape and order rank do not match: %d vs %d", src.Rank(), len(order))
	}
	enc := src.Encoding
	if enc != nil {
		var err error
		if enc, err = InferTransEncoding(ctx, enc, src.Dims, order); err != nil {
			return nil, err
		}
	}
	n := len(order)
	lead := src.AllocShape[:len(src.AllocShape)-n]
	alloc := append(append([]int64(nil), lead...), gather(src.AllocShape[len(src.AllocShape)-n:], order)...)
	return MemDesc(ctx, gather(src.Dims, order), src.Elem, enc, src.MemorySpace, src.Mutable, alloc), nil
}
