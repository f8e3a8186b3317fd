package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Helpers that lowering uses; they read the linear layout of a tensor
// type the way Triton's LinearEncodingAttr accessors do.

// ElemsPerThread returns, per dim, how many elements of a tensor of type t
// each thread holds (1 for scalars).
func ElemsPerThread(t ir.Type) []int {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return []int{1}
	}
	ll, err := TypeLinearLayout(rt)
	if err != nil {
		return ones(rt.Rank())
	}
	return basesPerDim(regBases(ll), rt.Rank(), false)
}

// TotalElemsPerThread returns the number of registers a thread uses for a
// tensor of type t (1 for scalars).
func TotalElemsPerThread(t ir.Type) int {
	n := 1
	for _, x := range ElemsPerThread(t) {
		n *= x
	}
	return n
}

func regBases(ll linearlayout.LinearLayout) [][]int32 {
	if !ll.HasInDim(linearlayout.Register) {
		return nil
	}
	return ll.DimBases(linearlayout.Register)
}

func dimBases(ll linearlayout.LinearLayout, dim string) [][]int32 {
	if !ll.HasInDim(dim) {
		return nil
	}
	return ll.DimBases(dim)
}

// SizePerThread returns the per-thread tile of a distributed layout: the
// sizePerThread of a blocked layout, otherwise what the linear layout for
// shape gives (register repetitions removed, as getSizePerThread does).
func SizePerThread(enc ir.Attribute, shape []int64) []int {
	if b, ok := enc.(*BlockedEncoding); ok {
		return clone(b.SizePerThread)
	}
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return ones(len(shape))
	}
	rank := len(shape)
	split := basesPerDim(dimBases(ll, linearlayout.Block), rank, true)
	cta := make([]int64, rank)
	for i := range cta {
		cta[i] = int64(ll.OutDimSize(ll.OutDimNames()[i])) / int64(split[i])
	}
	regs := dimBases(ll, linearlayout.Register)
	var seen []int
	for len(regs) > 0 {
		b := regs[len(regs)-1]
		d := firstNonZero(b)
		if d < 0 {
			break
		}
		if !containsInt(seen, d) {
			seen = append(seen, d)
		}
		if d != seen[len(seen)-1] || 2*int64(b[d]) != cta[d] {
			break
		}
		cta[d] /= 2
		regs = regs[:len(regs)-1]
	}
	return basesPerDim(regs, rank, true)
}

// ThreadsPerWarp returns, per dim, how many lanes of a warp the layout
// spreads along it for the given shape.
func ThreadsPerWarpOf(enc ir.Attribute, shape []int64) []int {
	if b, ok := enc.(*BlockedEncoding); ok {
		return clone(b.ThreadsPerWarp)
	}
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return ones(len(shape))
	}
	return basesPerDim(dimBases(ll, linearlayout.Lane), len(shape), true)
}

// WarpsPerCTA returns, per dim, how many warps the layout spreads along it.
func WarpsPerCTA(enc ir.Attribute, shape []int64) []int {
	switch e := enc.(type) {
	case *BlockedEncoding:
		return clone(e.WarpsPerCTA)
	case *NvidiaMmaEncoding:
		return clone(e.WarpsPerCTA)
	case *AMDMfmaEncoding:
		return clone(e.WarpsPerCTA)
	case *AMDWmmaEncoding:
		return clone(e.WarpsPerCTA)
	}
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return ones(len(shape))
	}
	return basesPerDim(dimBases(ll, linearlayout.Warp), len(shape), true)
}

// GetOrder returns the order of a layout (fastest dim first): the `order`
// of blocked and swizzled layouts, the order shared layouts imply, and for
// other distributed layouts the order in which their registers walk the
// tensor (Triton's getOrder through the linear encoding).
func GetOrder(enc ir.Attribute, shape []int64) []int {
	switch e := enc.(type) {
	case *BlockedEncoding:
		return clone(e.Order)
	case *SwizzledSharedEncoding:
		return clone(e.Order)
	case *AMDRotatingSharedEncoding:
		return clone(e.Order)
	case *NVMMASharedEncoding:
		if len(shape) == 1 {
			return []int{0}
		}
		return matrixOrder(len(shape), !e.Transposed)
	case *PaddedSharedEncoding:
		return e.Order()
	case *SharedLinearEncoding:
		return e.Order()
	case *LinearEncoding:
		return e.Order()
	}
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return reverseOrder(len(shape))
	}
	return orderPerDim(dimBases(ll, linearlayout.Register), reverseOrder(len(shape)))
}

// ThreadOrder and WarpOrder are the orders in which lanes and warps walk
// the tensor.
func ThreadOrder(enc ir.Attribute, shape []int64) []int {
	return inOrder(enc, shape, linearlayout.Lane)
}
func WarpOrder(enc ir.Attribute, shape []int64) []int { return inOrder(enc, shape, linearlayout.Warp) }

func inOrder(enc ir.Attribute, shape []int64, dim string) []int {
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return reverseOrder(len(shape))
	}
	return orderPerDim(dimBases(ll, dim), GetOrder(enc, shape))
}

// NumCTAsOf returns how many CTAs a layout spans.
func NumCTAsOf(enc ir.Attribute) int {
	if l, ok := enc.(LayoutEncoding); ok {
		return l.CGA().NumCTAs()
	}
	return 1
}

func containsInt(v []int, x int) bool {
	for _, y := range v {
		if y == x {
			return true
		}
	}
	return false
}
