package allocation

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// The layout facts below are read from linear layouts the way Triton's
// LinearEncodingAttr accessors read them, so that the scratch sizes agree
// with Triton's for every layout, including shapes smaller than a layout's
// tile (where the legacy parameters and the linear layout disagree).

// basesPerDim counts, per tensor dim, the in-dim bases of dim that move
// along it, as powers of two; broadcast (zero) bases are skipped.
func basesPerDim(ll linearlayout.LinearLayout, dim string, rank int) []int {
	out := make([]int, rank)
	for i := range out {
		out[i] = 1
	}
	if !ll.HasInDim(dim) {
		return out
	}
	for _, b := range ll.DimBases(dim) {
		for d, x := range b {
			if x != 0 && d < rank {
				out[d] *= 2
				break
			}
		}
	}
	return out
}

// layoutOrder is LinearEncodingAttr::getOrder: the dims in the order the
// register bases first move along them, then the others from the last dim
// to the first.
func layoutOrder(ll linearlayout.LinearLayout, rank int) []int {
	var order []int
	seen := make([]bool, rank)
	add := func(d int) {
		if d >= 0 && d < rank && !seen[d] {
			seen[d] = true
			order = append(order, d)
		}
	}
	if ll.HasInDim(linearlayout.Register) {
		for _, b := range ll.DimBases(linearlayout.Register) {
			for d, x := range b {
				if x != 0 {
					add(d)
					break
				}
			}
		}
	}
	for d := rank - 1; d >= 0; d-- {
		add(d)
	}
	return order
}

// contigPerThread is LinearEncodingAttr::getContigPerThread: per dim, the
// number of consecutive elements a thread holds, following the leading
// register bases in layout order.
func contigPerThread(ll linearlayout.LinearLayout, rank int) []int {
	contig := make([]int, rank)
	for i := range contig {
		contig[i] = 1
	}
	if !ll.HasInDim(linearlayout.Register) {
		return contig
	}
	regs := ll.DimBases(linearlayout.Register)
	k := 0
	for _, d := range layoutOrder(ll, rank) {
		for k < len(regs) && isUnitBasis(regs[k], d, int32(contig[d])) {
			contig[d] *= 2
			k++
		}
	}
	return contig
}

func isUnitBasis(b []int32, dim int, v int32) bool {
	for d, x := range b {
		if (d == dim && x != v) || (d != dim && x != 0) {
			return false
		}
	}
	return true
}

// tensorLayout returns the linear layout of a ranked tensor type.
func tensorLayout(op *ir.Operation, t ir.Type) (*ir.RankedTensorType, linearlayout.LinearLayout, error) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, linearlayout.LinearLayout{}, ir.OpErrorf(op, "expected a ranked tensor, got %s", typeName(t))
	}
	ll, err := ttg.TypeLinearLayout(rt)
	if err != nil {
		return nil, linearlayout.LinearLayout{}, ir.OpErrorf(op, "layout of %s: %v", typeName(t), err)
	}
	return rt, ll, nil
}

// elemBitwidth is Triton's getBitwidth: pointers are 64 bits, and nothing
// narrower than a byte is stored.
func elemBitwidth(elem ir.Type) int {
	if _, ok := elem.(*tt.PointerType); ok {
		return 64
	}
	return max(ir.BitWidth(elem), 8)
}

// storageBits is getIntOrFloatOrPtrBitWidth: the bits of one element of a
// buffer (pointers 64).
func storageBits(elem ir.Type) int {
	if _, ok := elem.(*tt.PointerType); ok {
		return 64
	}
	return ir.BitWidth(elem)
}

// bytesOf is ceil(bits/8) of an element type (pointers 8).
func bytesOf(elem ir.Type) int {
	return (storageBits(elem) + 7) / 8
}

// shapePerCTA divides shape by the CTA split of the layout enc.
func shapePerCTA(enc ir.Attribute, shape []int64) []int64 {
	if l, ok := enc.(ttg.LayoutEncoding); ok {
		return ttg.ShapePerCTA(l.CGA().CTASplitNum(), shape)
	}
	return shape
}

func product(v []int64) int64 {
	n := int64(1)
	for _, x := range v {
		n *= x
	}
	return n
}

func productInt(v []int) int {
	n := 1
	for _, x := range v {
		n *= x
	}
	return n
}
