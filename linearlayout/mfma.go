package linearlayout

import (
	"fmt"

	"github.com/ttcompiler/tt/numeric"
)

// amdWaveSize is the wavefront size of the CDNA GPUs that have MFMA.
const amdWaveSize = 64

// MFMAParams are the parameters of #ttg.amd_mfma.
type MFMAParams struct {
	// Version is 1 (gfx908), 2 (gfx90a), 3 (gfx942) or 4 (gfx950); 0, which
	// Triton 3.6 accepts too, means none in particular. The layout does not
	// depend on it.
	Version     int
	WarpsPerCTA []int
	// InstrShape is [M, N] or [M, N, K] with (M, N) one of (32, 32), (16, 16),
	// (64, 4) (transposed only) and (4, 64).
	InstrShape   []int
	IsTransposed bool
	// TilesPerWarp defaults to all ones.
	TilesPerWarp []int
	// ElementBitWidth of the result, 32 (default, also for 0) or 64.
	ElementBitWidth int
	CTA             CTALayout
}

func (p MFMAParams) check(rank int) error {
	if rank != 2 && rank != 3 {
		return fmt.Errorf("linearlayout: amd_mfma needs rank 2 or 3, got %d", rank)
	}
	if p.Version < 0 || p.Version > 4 {
		return fmt.Errorf("linearlayout: amd_mfma version %d, want 0..4", p.Version)
	}
	if len(p.WarpsPerCTA) != rank {
		return fmt.Errorf("linearlayout: amd_mfma warpsPerCTA %v does not have rank %d", p.WarpsPerCTA, rank)
	}
	if err := checkPow2s("warpsPerCTA", p.WarpsPerCTA); err != nil {
		return err
	}
	if len(p.InstrShape) < 2 {
		return fmt.Errorf("linearlayout: amd_mfma instrShape %v needs M and N", p.InstrShape)
	}
	m, n := p.InstrShape[0], p.InstrShape[1]
	switch {
	case m == 32 && n == 32, m == 16 && n == 16, m == 4 && n == 64:
	case m == 64 && n == 4:
		if !p.IsTransposed {
			return fmt.Errorf("linearlayout: amd_mfma 64x4 must be transposed")
		}
	default:
		return fmt.Errorf("linearlayout: amd_mfma instrShape %v: unsupported M x N", p.InstrShape)
	}
	if p.ElementBitWidth != 0 && p.ElementBitWidth != 32 && p.ElementBitWidth != 64 {
		return fmt.Errorf("linearlayout: amd_mfma elementBitWidth %d, want 32 or 64", p.ElementBitWidth)
	}
	if p.TilesPerWarp != nil {
		if len(p.TilesPerWarp) != rank {
			return fmt.Errorf("linearlayout: amd_mfma tilesPerWarp %v does not have rank %d", p.TilesPerWarp, rank)
		}
		if err := checkPow2s("tilesPerWarp", p.TilesPerWarp); err != nil {
			return err
		}
	}
	return nil
}

func (p MFMAParams) tilesPerWarp(rank int) []int {
	if p.TilesPerWarp != nil {
		return p.TilesPerWarp
	}
	t := make([]int, rank)
	for i := range t {
		t[i] = 1
	}
	return t
}

// AMDMFMA returns the layout of the result of an MFMA instruction. Not
// transposed, each lane holds 4 consecutive M elements (1 for 64-bit
// results), lanes cover N first and then M, and further registers repeat
// along M to cover the instruction tile; transposed swaps the roles of M and
// N. Then registers take tilesPerWarp along N, warps go along N, registers
// repeat over the rest of N, then tilesPerWarp along M and warps along M: MFMA
// tiles are numbered N-contiguously over the whole tensor, as the dot
// lowering expects. The batch dim (rank 3) is covered by warps, then
// registers.
func AMDMFMA(shape []int64, p MFMAParams) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	if err := p.check(rank); err != nil {
		return LinearLayout{}, err
	}
	batch := rank == 3
	mIndex, nIndex := 0, 1
	if batch {
		mIndex, nIndex = 1, 2
	}
	names := StandardOutDimNames(rank)
	order := matrixOrder(rank, true)
	dimM, dimN := names[order[1]], names[order[0]]
	mDim, nDim := p.InstrShape[0], p.InstrShape[1]
	height := 4
	if p.ElementBitWidth == 64 {
		height = 1
	}
	tiles := mDim * nDim / (amdWaveSize * height)

	var tile LinearLayout
	if !p.IsTransposed {
		tile = Identity1D(int32(height), Register, dimM).
			Mul(Identity1D(int32(nDim), Lane, dimN).Mul(Identity1D(int32(amdWaveSize/nDim), Lane, dimM)))
		if tiles > 0 {
			tile = tile.Mul(Identity1D(int32(tiles), Register, dimM))
		}
	} else {
		tile = Identity1D(int32(height), Register, dimN).
			Mul(Identity1D(int32(mDim), Lane, dimM).Mul(Identity1D(int32(amdWaveSize/mDim), Lane, dimN)))
		if tiles > 0 {
			tile = tile.Mul(Identity1D(int32(tiles), Register, dimN))
		}
	}
	tile = tile.TransposeOuts([]string{dimN, dimM})

	tpw := p.tilesPerWarp(rank)
	wpc := p.WarpsPerCTA
	tile = tile.Mul(Identity1D(int32(tpw[nIndex]), Register, dimN))
	tile = tile.Mul(Identity1D(int32(wpc[nIndex]), Warp, dimN))
	tile = tile.Mul(Identity1D(int32(shape[nIndex]/int64(nDim*wpc[nIndex]*tpw[nIndex])), Register, dimN))
	tile = tile.Mul(Identity1D(int32(tpw[mIndex]), Register, dimM))
	tile = tile.Mul(Identity1D(int32(wpc[mIndex]), Warp, dimM))
	if batch {
		b := names[order[2]]
		tile = tile.Mul(Identity1D(1, Register, b)).Mul(Identity1D(1, Lane, b)).Mul(Identity1D(int32(wpc[0]), Warp, b))
	}
	return CombineCtaCgaWithShape(tile, p.CTA, shape)
}

// MFMADotOperand returns the layout of #ttg.dot_op with an amd_mfma parent:
// each lane holds kWidth consecutive K elements; lanes cover the non-K dim of
// the instruction, then groups of K; registers repeat along K to cover the
// tensor's K extent, then tilesPerWarp along the non-K dim; warps follow the
// parent (not broadcast: the parent's warps along K are 1 in practice).
func MFMADotOperand(shape []int64, opIdx, kWidth int, parent MFMAParams) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	if err := parent.check(rank); err != nil {
		return LinearLayout{}, err
	}
	if opIdx != 0 && opIdx != 1 {
		return LinearLayout{}, fmt.Errorf("linearlayout: dot operand index %d, want 0 or 1", opIdx)
	}
	if kWidth <= 0 || !numeric.IsPow2(kWidth) {
		return LinearLayout{}, fmt.Errorf("linearlayout: dot operand kWidth %d must be a positive power of two", kWidth)
	}
	names := StandardOutDimNames(rank)
	nonKIdx, kIdx := rank-2, rank-1
	if opIdx == 1 {
		nonKIdx, kIdx = rank-1, rank-2
	}
	mDim, nDim := parent.InstrShape[0], parent.InstrShape[1]
	nonKDim := mDim
	if opIdx == 1 {
		nonKDim = nDim
	}
	order := dotOperandOrder(opIdx, rank, true)
	dimK, dimNonK := names[order[0]], names[order[1]]

	tile := Identity1D(int32(kWidth), Register, dimK).
		Mul(Identity1D(int32(nonKDim), Lane, dimNonK).Mul(Identity1D(int32(amdWaveSize/nonKDim), Lane, dimK)))
	kTile := amdWaveSize / nonKDim * kWidth
	if (mDim == 64 && nDim == 4 && opIdx == 0) || (mDim == 4 && nDim == 64 && opIdx == 1) {
		tile = tile.Mul(Identity1D(16, Register, dimK))
		kTile *= 16
	}
	if kSize := int(shape[kIdx]); kSize > kTile {
		tile = tile.Mul(Identity1D(int32(kSize/kTile), Register, dimK))
	}
	tile = tile.Mul(Identity1D(int32(parent.tilesPerWarp(rank)[nonKIdx]), Register, dimNonK))
	tile = tile.TransposeOuts([]string{dimK, dimNonK})
	if rank == 3 {
		b := names[order[2]]
		tile = tile.Mul(Identity1D(1, Register, b)).Mul(Identity1D(1, Lane, b))
	}
	warps := IdentityStandardND(Warp, parent.WarpsPerCTA, matrixOrder(rank, true))
	// Out dims stay [K, non-K(, batch)] so that a tensor larger than the CTA
	// tile is covered by registers along K first.
	cta := tile.Mul(warps.TransposeOuts(tile.OutDimNames()))
	dc, err := dotOperandCTA(parent.CTA, rank, opIdx)
	if err != nil {
		return LinearLayout{}, err
	}
	return CombineCtaCgaWithShape(cta, dc, shape)
}
