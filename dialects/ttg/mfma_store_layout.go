package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// MfmaLikeStoreLayout is the layout in which gfx950 stores a transposed
// 16-bit MFMA result with 128-bit global stores (Triton's
// chooseMfmaLikeStoreLayout): in a transposed 32x32 (or 16x16, with the
// warps all along M and two tiles or more along N) result each lane holds
// four consecutive columns; swapping the column bit 4 (8 for 16x16) with
// column bit 2 gives each lane eight consecutive columns, a permutation
// that v_permlane32_swap / v_permlane16_swap perform within the wave. ok
// is false where the layout does not apply.
func MfmaLikeStoreLayout(t *ir.RankedTensorType) (l linearlayout.LinearLayout, ok bool) {
	mfma, isMfma := t.Encoding.(*AMDMfmaEncoding)
	if !isMfma || len(mfma.InstrShape) < 2 || t.Rank() != 2 {
		return l, false
	}
	is32 := mfma.InstrShape[0] == 32 && mfma.InstrShape[1] == 32
	is16 := mfma.InstrShape[0] == 16 && mfma.InstrShape[1] == 16
	valid16 := is16 && t.Dims[1] >= 32 && mfma.WarpsPerCTA[len(mfma.WarpsPerCTA)-1] == 1
	f, isFloat := t.Elem.(*ir.FloatType)
	if !isFloat || (f.Kind != ir.F16 && f.Kind != ir.BF16) || mfma.Version != 4 || !mfma.IsTransposed || !(is32 || valid16) {
		return l, false
	}
	ll, err := mfma.ToLinearLayout(t.Dims)
	if err != nil {
		return l, false
	}
	outs := ll.OutDimNames()
	dimM, dimN := outs[0], outs[1]
	nBases := make([][]int32, ll.OutDimSizeLog2(dimN))
	for i := range nBases {
		nBases[i] = []int32{1 << i}
	}
	dst := 3
	if !is32 {
		dst = 4
	}
	if dst >= len(nBases) {
		return l, false
	}
	nBases[2], nBases[dst] = nBases[dst], nBases[2]
	swapN, err := linearlayout.New([]linearlayout.InBases{{Name: dimN, Bases: nBases}}, []linearlayout.Dim{{Name: dimN, Size: ll.OutDimSize(dimN)}})
	if err != nil {
		return l, false
	}
	swap := linearlayout.Identity1D(int32(t.Dims[0]), dimM, dimM).Mul(swapN)
	return ll.Compose(swap), true
}
