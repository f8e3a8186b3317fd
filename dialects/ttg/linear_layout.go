package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// ToLinearLayout returns the linear layout of encoding enc on a tensor or
// buffer of the given shape: for distributed layouts a map from (register,
// lane, warp, block) to the tensor coordinates (dim0, ...), for shared
// layouts from (offset, block). For a buffer pass its allocation shape.
//
// The result is computed once per context, encoding and shape: verifiers
// and passes ask for the layouts of the same few tensor types over and
// over, and building one is far costlier than looking it up. Layouts are
// immutable values, so every caller may share the cached one.
func ToLinearLayout(enc ir.Attribute, shape []int64) (linearlayout.LinearLayout, error) {
	l, ok := enc.(LayoutEncoding)
	if !ok {
		return linearlayout.LinearLayout{}, fmt.Errorf("ttg: %s is not a layout", attrText(enc))
	}
	ctx := ctxOf(enc)
	if ctx == nil || len(shape) > maxMemoRank {
		return l.ToLinearLayout(shape)
	}
	key := linearLayoutKey{enc: enc, rank: len(shape)}
	copy(key.dims[:], shape)
	r := ir.Memo(ctx, key, func() linearLayoutResult {
		ll, err := l.ToLinearLayout(shape)
		return linearLayoutResult{ll, err}
	})
	return r.ll, r.err
}

// maxMemoRank is the largest rank whose layouts ToLinearLayout caches
// (Triton's tensors have at most 5 dims; larger ones are rebuilt).
const maxMemoRank = 6

// linearLayoutKey identifies a layout applied to a shape: the encoding is
// uniqued, so its identity stands for its parameters.
type linearLayoutKey struct {
	enc  ir.Attribute
	rank int
	dims [maxMemoRank]int64
}

type linearLayoutResult struct {
	ll  linearlayout.LinearLayout
	err error
}

// TypeLinearLayout returns the linear layout of a ranked tensor type or of
// a memdesc type (taken over the trailing dims of its allocation shape, as
// Triton does).
func TypeLinearLayout(t ir.Type) (linearlayout.LinearLayout, error) {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		if t.Encoding == nil {
			return linearlayout.LinearLayout{}, fmt.Errorf("ttg: tensor type has no layout")
		}
		return ToLinearLayout(t.Encoding, t.Dims)
	case *MemDescType:
		alloc := t.AllocShape[len(t.AllocShape)-len(t.Dims):]
		return ToLinearLayout(t.Encoding, alloc)
	}
	return linearlayout.LinearLayout{}, fmt.Errorf("ttg: type has no layout")
}

// EquivalentLayouts reports whether two layouts place the elements of a
// tensor of the given shape identically (Triton's areLayoutsEquivalent).
func EquivalentLayouts(a, b ir.Attribute, shape []int64) bool {
	if a == b {
		return true
	}
	la, err1 := ToLinearLayout(a, shape)
	lb, err2 := ToLinearLayout(b, shape)
	return err1 == nil && err2 == nil && la.Equal(lb)
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
