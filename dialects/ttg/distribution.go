package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// How a distributed layout spreads a tensor over a CTA, per dim: the
// elements each thread holds, how many of them are contiguous, and how
// many lanes and warps the dim is split over. They read the linear layout
// the way Triton's LinearEncodingAttr accessors (getElemsPerThread,
// getContigPerThread, getThreadsPerWarp, getWarpsPerCTA) do.

// ElemsPerThread returns, per dim, how many elements of a tensor of type t
// each thread holds (1 for scalars).
func ElemsPerThread(t ir.Type) []int {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return []int{1}
	}
	return elemsPerThread(rt.Encoding, rt.Dims)
}

func elemsPerThread(enc ir.Attribute, shape []int64) []int {
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return ones(len(shape))
	}
	return basesPerDim(regBases(ll), len(shape), false)
}

// ContigPerThread is, per dim, how many consecutive elements of the tensor
// each thread holds in consecutive registers (Triton's
// getContigPerThread): the leading register bases that step one dim by 1,
// 2, 4, ..., taken in the layout's Order.
func ContigPerThread(enc ir.Attribute, shape []int64) []int {
	rank := len(shape)
	contig := ones(rank)
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return contig
	}
	regs := regBases(ll)
	k := 0
	for _, d := range orderPerDim(regs, reverseOrder(rank)) {
		for k < len(regs) && isUnitBasis(regs[k], d, int32(contig[d])) {
			contig[d] *= 2
			k++
		}
	}
	return contig
}

// isUnitBasis reports whether b moves dim by v and no other dim.
func isUnitBasis(b []int32, dim int, v int32) bool {
	for d, x := range b {
		if (d == dim && x != v) || (d != dim && x != 0) {
			return false
		}
	}
	return true
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

// ThreadsPerWarpOf returns, per dim, how many lanes of a warp the layout
// spreads a tensor of the given shape along (broadcast lanes not
// counted): a blocked layout's threadsPerWarp when the tensor covers its
// tile, fewer when the tensor is smaller.
func ThreadsPerWarpOf(enc ir.Attribute, shape []int64) []int {
	return inDimSizes(enc, shape, linearlayout.Lane)
}

// WarpsPerCTAOf returns, per dim, how many warps the layout spreads a
// tensor of the given shape along (broadcast warps not counted).
func WarpsPerCTAOf(enc ir.Attribute, shape []int64) []int {
	return inDimSizes(enc, shape, linearlayout.Warp)
}

// inDimSizes is, per dim, how far the bases of in dim `dim` of enc's
// linear layout reach, broadcast bases skipped (all ones when enc has no
// linear layout).
func inDimSizes(enc ir.Attribute, shape []int64, dim string) []int {
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return ones(len(shape))
	}
	return basesPerDim(dimBases(ll, dim), len(shape), true)
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
