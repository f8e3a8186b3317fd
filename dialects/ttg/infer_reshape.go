package ttg

import (
	"fmt"
	"sort"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Layout inference for reshapes (Triton's inferReshapeOpEncoding and
// MemDescReshapeOp::inferReturnTypes): the layout of the reshaped tensor
// or buffer under which every thread keeps the elements it held.

// reshapeLL is Triton's reshapeLayout: reshape the out dims row-major.
func reshapeLL(ll linearlayout.LinearLayout, shape []int64) linearlayout.LinearLayout {
	src := ll.OutDimNames()
	rev := make([]string, len(src))
	for i, n := range src {
		rev[len(src)-1-i] = n
	}
	labeled := linearlayout.LabeledShape(shape)
	newOuts := make([]linearlayout.Dim, len(labeled))
	for i, d := range labeled {
		newOuts[len(labeled)-1-i] = d
	}
	return ll.TransposeOuts(rev).ReshapeOuts(newOuts).TransposeOuts(linearlayout.StandardOutDimNames(len(shape)))
}

// InferMemDescReshapeType returns the type of ttg.memdesc_reshape of src to
// shape (MemDescReshapeOp::inferReturnTypes).
func InferMemDescReshapeType(ctx *ir.Context, src *MemDescType, shape []int64) (*MemDescType, error) {
	if ir.NumElements(shape) != ir.NumElements(src.Dims) {
		return nil, fmt.Errorf("dst shape has different number of elements than src")
	}
	var enc ir.Attribute
	if src.Encoding != nil {
		var err error
		if enc, err = inferMemDescReshapeEncoding(ctx, src.Dims, src.Encoding, shape); err != nil {
			return nil, err
		}
	}
	lead := src.AllocShape[:len(src.AllocShape)-len(src.Dims)]
	alloc := append(append([]int64(nil), lead...), shape...)
	return MemDesc(ctx, shape, src.Elem, enc, src.MemorySpace, src.Mutable, alloc), nil
}

func inferMemDescReshapeEncoding(ctx *ir.Context, srcShape []int64, srcEnc ir.Attribute, dstShape []int64) (ir.Attribute, error) {
	switch e := srcEnc.(type) {
	case *NVMMASharedEncoding:
		if e.CGALayout.NumCTAs() == 1 {
			inner := func(s []int64) int64 {
				if e.Transposed {
					return s[0]
				}
				return s[len(s)-1]
			}
			if inner(dstShape) == inner(srcShape) {
				cand := NewNVMMAShared(ctx, e.SwizzlingByteWidth, e.Transposed, e.ElementBitWidth, e.FP4Padded, DefaultCGA(len(dstShape)))
				srcLL, err1 := ToLinearLayout(srcEnc, srcShape)
				dstLL, err2 := ToLinearLayout(cand, dstShape)
				if err1 == nil && err2 == nil && reshapeLL(srcLL, dstShape).Equal(dstLL) {
					return cand, nil
				}
			}
		}
	case *PaddedSharedEncoding:
		ll, err := e.LinearComponent()
		if err != nil {
			return nil, err
		}
		d := reshapeLL(ll, dstShape)
		return NewPaddedShared(ctx, e.Intervals, e.Paddings, dimBases(d, linearlayout.Offset), dimBases(d, linearlayout.Block), len(dstShape)), nil
	}
	shared, ok := srcEnc.(SharedLayout)
	if !ok {
		return nil, fmt.Errorf("Failed MemDescReshapeOp encoding inference")
	}
	srcLL, err := ToLinearLayout(srcEnc, srcShape)
	if err != nil {
		return nil, err
	}
	return NewSharedLinearFromLL(ctx, reshapeLL(srcLL, dstShape), shared.Alignment()), nil
}

// InferReshapeEncoding is Triton's inferReshapeOpEncoding: the layout of a
// reshape's result (elements renumbered row-major) under which every
// thread keeps the elements it held. Blocked layouts that allow it get a
// blocked result (Triton's legacy inference, see reshapeBlocked); other
// distributed layouts get the operand's linear layout with its out dims
// reshaped. nil when there is no such layout (the element counts differ,
// or the layout is not distributed).
func InferReshapeEncoding(ctx *ir.Context, srcShape []int64, enc ir.Attribute, dstShape []int64) ir.Attribute {
	src, okSrc := memoShapeOf(srcShape)
	dst, okDst := memoShapeOf(dstShape)
	if ctx == nil || !okSrc || !okDst {
		return inferReshapeEncoding(ctx, srcShape, enc, dstShape)
	}
	return ir.Memo(ctx, reshapeKey{enc, src, dst}, func() inferred {
		return inferred{enc: inferReshapeEncoding(ctx, srcShape, enc, dstShape)}
	}).enc
}

func inferReshapeEncoding(ctx *ir.Context, srcShape []int64, enc ir.Attribute, dstShape []int64) ir.Attribute {
	if ir.NumElements(srcShape) != ir.NumElements(dstShape) {
		return nil
	}
	if b, ok := enc.(*BlockedEncoding); ok {
		if r := reshapeBlocked(ctx, srcShape, b, dstShape); r != nil {
			return r
		}
	}
	if _, ok := enc.(DistributedLayout); !ok {
		return nil
	}
	ll, err := ToLinearLayout(enc, srcShape)
	if err != nil {
		return nil
	}
	return NewLinearFromLL(ctx, reshapeLL(ll, dstShape))
}

// reshapeGroup is one step of a reshape: src dims merged, then split into
// dst dims.
type reshapeGroup struct{ src, dst []int }

// reshapeDecomposition is Triton's getReshapeDecomposition: the reshape as
// consecutive groups of src dims whose product equals that of a group of
// dst dims (size-1 dims join the group at hand).
func reshapeDecomposition(srcShape, dstShape []int64) []reshapeGroup {
	if len(srcShape) == 0 {
		return nil
	}
	out := []reshapeGroup{{}}
	si, di := 0, 0
	srcN, dstN := int64(1), int64(1)
	for si < len(srcShape) || di < len(dstShape) {
		g := &out[len(out)-1]
		switch {
		case srcN < dstN || (si < len(srcShape) && (srcN == 1 || srcShape[si] == 1)):
			srcN *= srcShape[si]
			g.src = append(g.src, si)
			si++
		case dstN < srcN || (di < len(dstShape) && dstShape[di] == 1):
			dstN *= dstShape[di]
			g.dst = append(g.dst, di)
			di++
		default:
			out = append(out, reshapeGroup{})
			srcN, dstN = 1, 1
		}
	}
	return out
}

// reshapeBlocked is Triton's inferReshapeOpLegacyEncoding: a blocked
// layout for the reshaped tensor holding the same elements in every thread,
// when one exists (merged dims consecutive in the layout's order, and each
// of sizePerThread, threadsPerWarp and warpsPerCTA filling the minor dims
// of a group before the major ones); nil otherwise.
func reshapeBlocked(ctx *ir.Context, srcShape []int64, src *BlockedEncoding, dstShape []int64) *BlockedEncoding {
	if ir.EqualShape(srcShape, dstShape) {
		return src
	}
	numWarps, threads := product(src.WarpsPerCTA), product(src.ThreadsPerWarp)
	numCTAs := src.CGALayout.NumCTAs()
	if src == DefaultBlocked(ctx, srcShape, numWarps, threads, numCTAs) {
		return DefaultBlocked(ctx, dstShape, numWarps, threads, numCTAs)
	}
	if numCTAs != 1 {
		return nil
	}
	fields := [][]int{src.SizePerThread, src.ThreadsPerWarp, src.WarpsPerCTA}
	for _, sub := range fields {
		for d, n := range srcShape {
			if n >= int64(sub[d]) && n%int64(sub[d]) != 0 {
				return nil
			}
		}
	}
	decomp := reshapeDecomposition(srcShape, dstShape)
	for _, g := range decomp {
		if len(g.src) == 0 || len(g.dst) == 0 {
			return nil
		}
	}
	invOrder := make([]int, len(src.Order))
	for i, d := range src.Order {
		invOrder[d] = i
	}
	// Merged src dims must be consecutive in the order, the first most major.
	for _, g := range decomp {
		for k := 1; k < len(g.src); k++ {
			if invOrder[g.src[k-1]] != invOrder[g.src[k]]+1 {
				return nil
			}
		}
	}
	for _, g := range decomp {
		// What is left of the group's shape once sizePerThread, then
		// threadsPerWarp, then warpsPerCTA have taken their share.
		remaining := make([]int64, len(g.src))
		for k, d := range g.src {
			remaining[k] = srcShape[d]
		}
		for _, sub := range fields {
			for i := len(g.src) - 1; i >= 0; i-- {
				s := int64(sub[g.src[i]])
				if s == 1 {
					continue
				}
				for j := i + 1; j < len(g.src); j++ {
					if remaining[j] != 1 {
						return nil
					}
				}
				if remaining[i] >= s {
					remaining[i] /= s
				} else {
					remaining[i] = 0
				}
				if remaining[i] == 0 && i != 0 {
					return nil
				}
			}
		}
	}
	dstRemaining := append([]int64(nil), dstShape...)
	subblock := func(srcSub []int) []int {
		dst := make([]int, len(dstShape))
		for _, g := range decomp {
			rem := int64(1)
			for _, d := range g.src {
				rem *= int64(srcSub[d])
			}
			for i := len(g.dst) - 1; i >= 0; i-- {
				d := g.dst[i]
				v := min(rem, dstRemaining[d])
				dst[d] = int(v)
				rem /= v
				dstRemaining[d] /= v
			}
			dst[g.dst[0]] *= int(rem)
		}
		return dst
	}
	spt := subblock(src.SizePerThread)
	tpw := subblock(src.ThreadsPerWarp)
	wpc := subblock(src.WarpsPerCTA)
	// Groups from the minor-most src dims: dst dims take their order.
	sort.SliceStable(decomp, func(a, b int) bool {
		return invOrder[decomp[a].src[0]] < invOrder[decomp[b].src[0]]
	})
	dstInv := make([]int, len(dstShape))
	i := 0
	for _, g := range decomp {
		for k := len(g.dst) - 1; k >= 0; k-- {
			dstInv[g.dst[k]] = i
			i++
		}
	}
	order := make([]int, len(dstShape))
	for d, pos := range dstInv {
		order[pos] = d
	}
	return NewBlocked(ctx, spt, tpw, wpc, order, CGALayout{Rank: len(dstShape)})
}
