package layouts

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Order is the order of t's layout as Triton's LinearEncodingAttr
// computes it: dims in the order the register bases first move along
// them, then the remaining dims from the last to the first. (For a
// blocked layout this can differ from its `order` parameter when a
// thread holds one element per dimension.)
func Order(t *ir.RankedTensorType) []int {
	ll, err := ttg.TypeLinearLayout(t)
	if err != nil {
		return reverseIota(t.Rank())
	}
	return orderOf(ll, linearlayout.Register, t.Rank())
}

// ThreadOrder is the order in which the lanes of t's layout walk its dims.
func ThreadOrder(t *ir.RankedTensorType) []int {
	ll, err := ttg.TypeLinearLayout(t)
	if err != nil {
		return reverseIota(t.Rank())
	}
	def := orderOf(ll, linearlayout.Register, t.Rank())
	return orderPerDim(bases(ll, linearlayout.Lane), def, t.Rank())
}

func orderOf(ll linearlayout.LinearLayout, dim string, rank int) []int {
	return orderPerDim(bases(ll, dim), reverseIota(rank), rank)
}

func bases(ll linearlayout.LinearLayout, dim string) [][]int32 {
	if !ll.HasInDim(dim) {
		return nil
	}
	return ll.DimBases(dim)
}

func orderPerDim(bs [][]int32, def []int, rank int) []int {
	seen := make([]bool, rank)
	var order []int
	for _, b := range bs {
		for d, x := range b {
			if x != 0 {
				if d < rank && !seen[d] {
					seen[d] = true
					order = append(order, d)
				}
				break
			}
		}
	}
	for _, d := range def {
		if d < rank && !seen[d] {
			seen[d] = true
			order = append(order, d)
		}
	}
	return order
}

func reverseIota(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = n - 1 - i
	}
	return out
}

// ContigPerThread is, per dim, how many consecutive elements each thread
// holds in consecutive registers (LinearEncodingAttr::getContigPerThread).
func ContigPerThread(t *ir.RankedTensorType) []int {
	ll, err := ttg.TypeLinearLayout(t)
	if err != nil {
		return ones(t.Rank())
	}
	rank := t.Rank()
	order := orderOf(ll, linearlayout.Register, rank)
	contig := ones(rank)
	regs := bases(ll, linearlayout.Register)
	k := 0
	for _, d := range order {
		want := int32(contig[d])
		for k < len(regs) && isUnit(regs[k], d, want) {
			contig[d] *= 2
			want *= 2
			k++
		}
	}
	return contig
}

func isUnit(b []int32, dim int, v int32) bool {
	for d, x := range b {
		if (d == dim && x != v) || (d != dim && x != 0) {
			return false
		}
	}
	return true
}

func ones(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

// ConversionKind classifies converting src to dst (tensors of the same
// shape): nothing or a register permutation (Triton's
// cvtReordersRegisters), warp shuffles (cvtNeedsWarpShuffle), or shared
// memory. Layouts without a linear layout are taken as needing shared
// memory.
func ConversionKind(src, dst *ir.RankedTensorType) linearlayout.ConversionKind {
	s, err1 := ttg.TypeLinearLayout(src)
	d, err2 := ttg.TypeLinearLayout(dst)
	if err1 != nil || err2 != nil {
		return linearlayout.ConvertSharedMemory
	}
	p, err := linearlayout.ConversionPlan(s, d)
	if err != nil {
		return linearlayout.ConvertSharedMemory
	}
	return p.Kind
}

// ReordersRegisters reports whether converting src to dst only permutes
// each thread's registers (or does nothing).
func ReordersRegisters(src, dst *ir.RankedTensorType) bool {
	k := ConversionKind(src, dst)
	return k == linearlayout.ConvertNothing || k == linearlayout.ConvertRegisterPermutation
}

// NeedsSharedMemory is Triton's cvtNeedsSharedMemory.
func NeedsSharedMemory(src, dst *ir.RankedTensorType) bool {
	k := ConversionKind(src, dst)
	return k == linearlayout.ConvertSharedMemory || k == linearlayout.ConvertCrossCTA
}

// IsNoopConversion reports whether the conversion is trivial (Triton's
// minimalCvtLayout being empty).
func IsNoopConversion(src, dst *ir.RankedTensorType) bool {
	return ConversionKind(src, dst) == linearlayout.ConvertNothing
}

// BasesPerDim is, per dim of t, how far the bases of the in dim (register,
// lane, warp or block) of its layout reach, broadcast bases ignored
// (LinearEncodingAttr::basesPerDim): ThreadsPerWarp for "lane",
// WarpsPerCTA for "warp".
func BasesPerDim(t *ir.RankedTensorType, inDim string) []int {
	out := ones(t.Rank())
	ll, err := ttg.TypeLinearLayout(t)
	if err != nil {
		return out
	}
	for _, b := range bases(ll, inDim) {
		for d, x := range b {
			if x != 0 && d < len(out) {
				out[d] *= 2
				break
			}
		}
	}
	return out
}

// WarpOrder is the order in which the warps of t's layout walk its dims.
func WarpOrder(t *ir.RankedTensorType) []int {
	ll, err := ttg.TypeLinearLayout(t)
	if err != nil {
		return reverseIota(t.Rank())
	}
	def := orderOf(ll, linearlayout.Register, t.Rank())
	return orderPerDim(bases(ll, linearlayout.Warp), def, t.Rank())
}
