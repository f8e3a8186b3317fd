package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Layout inference (Triton's DialectInferLayoutInterface for TritonGPU):
// the result layouts of transposes and reshapes, and layout equivalence.

// InferTransEncoding returns the encoding of a transpose (by order, result
// dim i = source dim order[i]) of a tensor or buffer of the given shape
// with encoding enc, chosen so that the transpose moves no data.
func InferTransEncoding(ctx *ir.Context, enc ir.Attribute, shape []int64, order []int) (ir.Attribute, error) {
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

// EquivalentTypes is Triton's verifyEquivalentType: two memdesc (or
// tensor) types equal up to layouts that place every element alike.
func EquivalentTypes(a, b ir.Type) bool {
	if a == b {
		return true
	}
	ma, ok1 := a.(*MemDescType)
	mb, ok2 := b.(*MemDescType)
	if ok1 || ok2 {
		if !ok1 || !ok2 || !equalInt64s(ma.Dims, mb.Dims) || !equalInt64s(ma.AllocShape, mb.AllocShape) ||
			ma.Elem != mb.Elem || ma.MemorySpace != mb.MemorySpace || ma.Mutable != mb.Mutable {
			return false
		}
		if ma.Encoding == mb.Encoding {
			return true
		}
		if ma.Encoding == nil || mb.Encoding == nil {
			return false
		}
		return EquivalentLayouts(ma.Encoding, mb.Encoding, ma.Dims)
	}
	ta, ok1 := a.(*ir.RankedTensorType)
	tb, ok2 := b.(*ir.RankedTensorType)
	if !ok1 || !ok2 || !equalInt64s(ta.Dims, tb.Dims) || ta.Elem != tb.Elem {
		return false
	}
	if ta.Encoding == tb.Encoding {
		return true
	}
	if ta.Encoding == nil || tb.Encoding == nil {
		return false
	}
	return EquivalentLayouts(ta.Encoding, tb.Encoding, ta.Dims)
}

// InferFp4ToFpEncoding infers the result encoding of ttg.fp4_to_fp from the
// source encoding (fwd) or the source encoding from the result's (!fwd);
// shape is the result shape (Triton's inferFp4ToFpOpEncoding).
func InferFp4ToFpEncoding(ctx *ir.Context, shape []int64, axis int, enc ir.Attribute, fwd bool) (ir.Attribute, error) {
	order := GetOrder(enc, shape)
	if axis < len(order) && order[axis] == 0 {
		switch e := enc.(type) {
		case *DotOperandEncoding:
			k := e.KWidth
			if fwd {
				k *= 2
			} else if k > 1 {
				k /= 2
			} else {
				return nil, fmt.Errorf("Fp4ToFpOp requires at least 2 elements per thread in the axis dimension")
			}
			return NewDotOperand(ctx, e.OpIdx, e.Parent, k), nil
		case *BlockedEncoding:
			spt := clone(e.SizePerThread)
			if fwd {
				spt[axis] *= 2
			} else if spt[axis] > 1 {
				spt[axis] /= 2
			} else {
				return nil, fmt.Errorf("Fp4ToFpOp requires at least 2 elements per thread in the axis dimension")
			}
			return NewBlocked(ctx, spt, e.ThreadsPerWarp, e.WarpsPerCTA, e.Order, e.CGALayout), nil
		}
	}
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return nil, err
	}
	out, err := joinOnAxis(ll, fwd, axis)
	if err != nil {
		return nil, err
	}
	return NewLinearFromLL(ctx, out), nil
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
