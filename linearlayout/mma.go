package linearlayout

import (
	"fmt"

	"github.com/ttcompiler/tt/numeric"
)

// NvidiaMMAParams are the parameters of #ttg.nvidia_mma.
type NvidiaMMAParams struct {
	// VersionMajor is 2 (mma.sync, Ampere/Turing) or 3 (wgmma, Hopper).
	VersionMajor, VersionMinor int
	WarpsPerCTA                []int
	// InstrShape is [16, 8] (or [1, 16, 8] with a batch dim) for version 2 and
	// [16, N, K] for version 3.
	InstrShape []int
	CTA        CTALayout
}

func (p NvidiaMMAParams) isHopper() bool { return p.VersionMajor == 3 }

// tileShape returns the per-warp (v2) or per-warpgroup-slab (v3) result tile.
func (p NvidiaMMAParams) tileShape(rank int) ([]int, error) {
	if len(p.WarpsPerCTA) != rank {
		return nil, fmt.Errorf("linearlayout: nvidia_mma warpsPerCTA %v does not have rank %d", p.WarpsPerCTA, rank)
	}
	if err := checkPow2s("warpsPerCTA", p.WarpsPerCTA); err != nil {
		return nil, err
	}
	if err := checkPow2s("instrShape", p.InstrShape); err != nil {
		return nil, err
	}
	switch p.VersionMajor {
	case 2:
		if rank < 2 || rank > 3 || len(p.InstrShape) != rank {
			return nil, fmt.Errorf("linearlayout: nvidia_mma v2 needs rank 2 or 3 and an instrShape of that rank, got rank %d, instrShape %v", rank, p.InstrShape)
		}
		return append([]int(nil), p.InstrShape...), nil
	case 3:
		if rank != 2 || len(p.InstrShape) != 3 {
			return nil, fmt.Errorf("linearlayout: nvidia_mma v3 needs rank 2 and instrShape [M, N, K], got rank %d, instrShape %v", rank, p.InstrShape)
		}
		return []int{p.InstrShape[0], p.InstrShape[1]}, nil
	}
	return nil, fmt.Errorf("linearlayout: nvidia_mma version %d.%d has no register layout (supported: 2, 3)", p.VersionMajor, p.VersionMinor)
}

// nvidiaMmaTile builds the register/lane pattern shared by MMA results and
// operands: along the inner dim (order[0]) kWidth registers then 4 lanes,
// along the outer dim (order[1]) 8 lanes, then register repeats along the
// outer and then the inner dim until the tile is covered. The out dims are
// listed in repOrder.
func nvidiaMmaTile(tile []int, kWidth int, order, repOrder []int) (LinearLayout, error) {
	rank := len(repOrder)
	names := StandardOutDimNames(rank)
	ones := make([]int, rank)
	for i := range ones {
		ones[i] = 1
	}
	inner, outer := order[0], order[1]
	m, n := tile[outer], tile[inner]
	if m%8 != 0 || kWidth <= 0 || n%(kWidth*4) != 0 || !numeric.IsPow2(kWidth) {
		return LinearLayout{}, fmt.Errorf("linearlayout: MMA tile %v does not fit kWidth %d (need %d | rows, 4*kWidth | cols)", tile, kWidth, 8)
	}
	l := IdentityStandardND(Register, ones, repOrder).
		Mul(Identity1D(int32(kWidth), Register, names[inner])).
		Mul(Identity1D(4, Lane, names[inner])).
		Mul(Identity1D(8, Lane, names[outer])).
		Mul(Identity1D(int32(m/8), Register, names[outer])).
		Mul(Identity1D(int32(n/(kWidth*4)), Register, names[inner]))
	return l, nil
}

// NvidiaMMA returns the layout of the result (accumulator) of mma.sync (v2)
// or wgmma (v3). Per warp the m16n8 accumulator fragment: lane l holds row
// l/4 (+8 for the second register pair) and columns 2*(l%4)+{0,1}; v3
// extends it along N in steps of 8 and stacks the 4 warps of a warpgroup
// along M. Warps tile row-major for v2 and column-major (M first) for v3.
func NvidiaMMA(shape []int64, p NvidiaMMAParams) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	tile, err := p.tileShape(rank)
	if err != nil {
		return LinearLayout{}, err
	}
	order := matrixOrder(rank, true)
	cta, err := nvidiaMmaTile(tile, 2, order, order)
	if err != nil {
		return LinearLayout{}, err
	}
	warps := IdentityStandardND(Warp, p.WarpsPerCTA, matrixOrder(rank, !p.isHopper()))
	cta = cta.Mul(warps.TransposeOuts(cta.OutDimNames()))
	return CombineCtaCgaWithShape(cta, p.CTA, shape)
}

// NvidiaDotOperand returns the layout of #ttg.dot_op with an nvidia_mma
// parent: the mma.sync A (opIdx 0, 16 x 8*kWidth per warp) and B (opIdx 1,
// 8*kWidth x 8) fragments, where each thread holds kWidth consecutive K
// elements, or the register A operand of wgmma (v3 parent, opIdx 0 only: B
// always comes from shared memory). Warps are broadcast along K.
func NvidiaDotOperand(shape []int64, opIdx, kWidth int, parent NvidiaMMAParams) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	if _, err := parent.tileShape(rank); err != nil {
		return LinearLayout{}, err
	}
	if opIdx != 0 && opIdx != 1 {
		return LinearLayout{}, fmt.Errorf("linearlayout: dot operand index %d, want 0 or 1", opIdx)
	}
	if opIdx == 1 && parent.isHopper() {
		return LinearLayout{}, fmt.Errorf("linearlayout: the B operand of a v3 (wgmma) dot is read from shared memory and has no register layout")
	}
	if kWidth <= 0 || !numeric.IsPow2(kWidth) {
		return LinearLayout{}, fmt.Errorf("linearlayout: dot operand kWidth %d must be a positive power of two", kWidth)
	}
	tile := make([]int, rank)
	for i := range tile {
		tile[i] = 1
	}
	kDim := rank - 1
	if opIdx == 0 {
		tile[rank-2], tile[rank-1] = 16, kWidth*8
	} else {
		tile[rank-2], tile[rank-1] = kWidth*8, 8
		kDim = rank - 2
	}
	order := dotOperandOrder(opIdx, rank, true)
	cta, err := nvidiaMmaTile(tile, kWidth, order, order)
	if err != nil {
		return LinearLayout{}, err
	}
	warps := broadcastedDotOperandLayout(parent.WarpsPerCTA, matrixOrder(rank, !parent.isHopper()), kDim, Warp)
	cta = cta.Mul(warps.TransposeOuts(cta.OutDimNames()))
	dc, err := dotOperandCTA(parent.CTA, rank, opIdx)
	if err != nil {
		return LinearLayout{}, err
	}
	return CombineCtaCgaWithShape(cta, dc, shape)
}
